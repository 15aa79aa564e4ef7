"""Discord's request schemas: our table of operations, and the build from npm into a cache."""

from bot.standin.discord_schema.build import CACHE_ENV
from bot.standin.discord_schema.build import DISCORD_API_SPEC_VERSION
from bot.standin.discord_schema.build import ZOD_VERSION
from bot.standin.discord_schema.build import SchemaUnavailable
from bot.standin.discord_schema.build import cache_dir
from bot.standin.discord_schema.build import cached
from bot.standin.discord_schema.build import ensure
from bot.standin.discord_schema.build import schema_file
from bot.standin.discord_schema.operations import BODIES
from bot.standin.discord_schema.operations import SCHEMA_ROOTS
from bot.standin.discord_schema.operations import BodySchema
from bot.standin.discord_schema.operations import bodies_of

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
