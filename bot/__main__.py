"""`python -m bot` runs the bot; `python -m bot local` plays it in a terminal; `bench` measures;
`verify EXPORT.json` checks a `/history export` offline; `migrate` applies the database's
migrations; `copy-db --from SOURCE --to TARGET` copies every campaign between SQLite and
PostgreSQL and verifies the copy."""

from __future__ import annotations

import logging
import sys


def run_bot() -> int:
    """Start the bot with the settings from the environment and `.env`."""
    from bot.app import create_bot
    from bot.config import load_settings

    settings = load_settings()
    if settings is None:
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(  # noqa: T201
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it."
        )
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    bot = create_bot(settings)
    import discord

    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: check it in your .env file.")  # noqa: T201
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    """Dispatch on the first argument."""
    from bot.storage.health import DatabaseUnusable

    try:
        return dispatch(list(sys.argv[1:] if argv is None else argv))
    except DatabaseUnusable as unusable:
        print(unusable)  # noqa: T201 - one sentence for the operator, no traceback
        return 2


def dispatch(args: list[str]) -> int:
    """Run the mode the first argument names."""
    if args and args[0] == "local":
        from bot.standin.terminal import main as local_main

        return local_main(args[1:])
    if args[:2] == ["bench", "soak"]:
        from bot.bench.soak import main as soak_main

        return soak_main(args[2:])
    if args and args[0] == "bench":
        from bot.bench.core import main as bench_main

        return bench_main(args[1:])
    if args and args[0] == "verify":
        from bot.verify_export import main as verify_main

        return verify_main(args[1:])
    if args and args[0] == "migrate":
        from bot.db_commands import migrate_main

        return migrate_main(args[1:])
    if args and args[0] == "copy-db":
        from bot.db_commands import copy_main

        return copy_main(args[1:])
    if args and args[0] in ("-h", "--help"):
        print(__doc__)  # noqa: T201
        return 0
    return run_bot()


if __name__ == "__main__":
    sys.exit(main())
