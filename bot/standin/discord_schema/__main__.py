"""`python -m bot.standin.discord_schema`: build Discord's request schema into the cache now."""

from __future__ import annotations

import sys

from bot.standin.discord_schema.build import SchemaUnavailable
from bot.standin.discord_schema.build import ensure


def main() -> int:
    try:
        path = ensure()
    except SchemaUnavailable as error:
        sys.stderr.write(f"{error}\n")
        return 1
    sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
