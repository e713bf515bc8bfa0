"""``python -m bot``: run Parlor; ``python -m bot sync``: register its slash commands with Discord now.

With ``DISCORD_TOKEN`` set, Parlor connects to Discord. Without it, Parlor runs against its
built-in local Discord and serves the playground page (http://127.0.0.1:8765 by default,
``PARLOR_PLAYGROUND_PORT``), where you can try every game in a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.logs import configure_logging
from bot.settings import Settings, SettingsError


COMMANDS = {
    "run": "run Parlor (the default): on Discord with DISCORD_TOKEN, else the local playground; the slash "
           "commands are synced only when they changed since the last sync",
    "sync": "register the slash commands with Discord now, even if unchanged, then exit (needs DISCORD_TOKEN)",
}


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Parlor, a Discord bot hosting Japanese table games.",
        epilog="commands:\n" + "\n".join(f"  {name:<6} {text}" for name, text in COMMANDS.items())
               + "\n\nSettings are read from the environment and .env (see .env.example).",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="run", choices=list(COMMANDS), metavar="command",
                        help="run (default) or sync")
    return parser.parse_args(argv)


async def sync_now(settings: Settings) -> None:
    """Log in, register the commands (forced) and log out, without bringing any table back."""
    from bot.main import ParlorBot

    bot = ParlorBot(settings, force_sync=True, restore=False)
    try:
        await bot.login(settings.token)  # discord.py runs setup_hook here: the cogs load, the commands sync
    finally:
        await bot.close()


def main(argv: list[str] | None = None) -> int:
    command = parse_arguments(argv or []).command
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Parlor cannot start: {error}", file=sys.stderr)
        return 2
    from bot.main import database_problem

    problem = database_problem(settings.database)  # an empty, damaged or read-only file: say why and stop
    if problem:
        print(f"Parlor cannot start: {problem}", file=sys.stderr)
        return 1
    configure_logging(settings.log_level)  # no hand, seed or snapshot in the log at any level
    if command == "sync":
        if not settings.token:
            print("python -m bot sync needs DISCORD_TOKEN (the local playground syncs by itself).", file=sys.stderr)
            return 2
        asyncio.run(sync_now(settings))
        return 0
    if not settings.token:
        from localdiscord.playground import main_playground

        return main_playground(settings)
    from bot.main import ParlorBot

    ParlorBot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
