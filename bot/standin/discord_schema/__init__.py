"""Discord's request schemas: our table of operations, and the build from npm into a cache."""

from bot.standin.discord_schema.build import (
    CACHE_ENV,
    DISCORD_API_SPEC_VERSION,
    ZOD_VERSION,
    SchemaUnavailable,
    cache_dir,
    cached,
    ensure,
    schema_file,
)
from bot.standin.discord_schema.operations import BODIES, SCHEMA_ROOTS, BodySchema, bodies_of

__all__ = [
    "BODIES",
    "CACHE_ENV",
    "DISCORD_API_SPEC_VERSION",
    "SCHEMA_ROOTS",
    "ZOD_VERSION",
    "BodySchema",
    "SchemaUnavailable",
    "bodies_of",
    "cache_dir",
    "cached",
    "ensure",
    "schema_file",
]
