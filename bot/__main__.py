"""``python -m bot``: run Parlor; ``python -m bot sync``: register its slash commands with Discord now;
``python -m bot migrate --from … --to …``: move a database (e.g. SQLite to PostgreSQL);
``python -m bot export --guild G``: a season's CSV files; ``python -m bot ratings rebuild``: every rating again.

With ``DISCORD_TOKEN`` set, Parlor connects to Discord. Without it, Parlor runs against its
built-in local Discord and serves the playground page (http://127.0.0.1:8765 by default,
``PARLOR_PLAYGROUND_PORT``), where you can try every game in a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from bot.logs import configure_logging
from bot.settings import SETTINGS_HELP, Settings, SettingsError, database_setting

COMMANDS = {
    "run": "run Parlor (the default): on Discord with DISCORD_TOKEN, else the local playground; the slash "
    "commands are synced only when they changed since the last sync",
    "sync": "register the slash commands with Discord now, even if unchanged, then exit (needs DISCORD_TOKEN)",
    "migrate": "copy a whole database into another, empty one (e.g. SQLite to PostgreSQL) and verify it",
    "export": "write a season's games, standings and ledger as CSV files (the files of /season export)",
    "ratings": "ratings rebuild: recompute every rating from the finished games, in the order they finished",
    "draws": "a league night's rounds: each draw's seed and tables, a random draw dealt again from its seed",
}
MIGRATE_HELP = (
    "Copies every season and its rules, table, action log, server and league setting, ledger line, rating and "
    "league night (sign-ups, rounds, their tables) "
    "from one Parlor database into "
    "another, empty one, keeping their ids, in one transaction. The target rebuilds its balances and "
    "standings from the ledger; the row counts of every table and the sums of every amount are compared "
    "before the copy is committed: if anything differs, nothing is written. Stop the bot first (the "
    "source is held read-only during the copy), then set PARLOR_DATABASE to the target."
)


DATABASE_OPTION: dict[str, Any] = dict(
    metavar="DATABASE",
    default=None,
    help="a SQLite file or a postgresql:// URL (default: PARLOR_DATABASE, else data/parlor.sqlite3)",
)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Parlor, a Discord bot hosting Japanese table games.",
        epilog="settings (from the environment and .env, see .env.example):\n"
        + "\n".join(f"  {name:<23} {text}" for name, text in SETTINGS_HELP.items()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(
        dest="command",
        metavar="command",
        title="commands",
        description="run (the default), sync, migrate, export, ratings or draws (python -m bot <command> --help)",
    )
    for name in ("run", "sync"):
        commands.add_parser(name, help=COMMANDS[name], description=COMMANDS[name])
    _add_migrate(commands)
    _add_export(commands)
    _add_ratings(commands)
    _add_draws(commands)
    arguments = parser.parse_args(argv)
    arguments.command = arguments.command or "run"
    return arguments


def _add_migrate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``migrate --from DATABASE --to DATABASE``."""
    migrate = commands.add_parser(
        "migrate",
        help=COMMANDS["migrate"],
        description=MIGRATE_HELP,
        epilog="example: python -m bot migrate --from data/parlor.sqlite3 "
        "--to postgresql://parlor:secret@localhost:5432/parlor",
    )
    migrate.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="DATABASE",
        help="the database to copy: a SQLite file or a postgresql:// URL",
    )
    migrate.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="DATABASE",
        help="the empty database to copy into: a postgresql:// URL or a SQLite file "
        "(created, migrated to the current schema)",
    )


def _add_export(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``export --guild G [--season N] [--out FOLDER]`` or ``export --table N``."""
    export = commands.add_parser(
        "export",
        help=COMMANDS["export"],
        description=COMMANDS["export"]
        + (
            ": games.csv (one line per player per game), standings.csv and ledger.csv, the same bytes as /season export;"
            " or with --table, one finished game's record (a sanma game as a Tenhou JSON log), the file of /history's"
            " Record button."
        ),
        epilog="examples: python -m bot export --guild 123456789012345678 --season 2 --out exports/\n"
        "          python -m bot export --table 42",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("--guild", type=int, help="the server's id (its season's CSV files)")
    which.add_argument("--table", type=int, metavar="N", help="a finished table's number (its game's record)")
    export.add_argument(
        "--season",
        type=int,
        default=None,
        metavar="NUMBER",
        help="the season's number (default: the one running, else the latest)",
    )
    export.add_argument("--out", type=Path, default=Path("."), metavar="FOLDER", help="where to write (default: here)")
    export.add_argument("--database", **DATABASE_OPTION)


def _add_ratings(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``ratings rebuild``."""
    ratings = commands.add_parser("ratings", help=COMMANDS["ratings"], description=COMMANDS["ratings"])
    ratings.add_argument("action", choices=["rebuild"], help="rebuild: every rating again from the records")
    ratings.add_argument("--database", **DATABASE_OPTION)


def _add_draws(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``draws --signup N``."""
    draws = commands.add_parser(
        "draws", help=COMMANDS["draws"], description=COMMANDS["draws"], epilog="example: python -m bot draws --signup 3"
    )
    draws.add_argument("--signup", type=int, required=True, help="the sign-up's number (/league log names it)")
    draws.add_argument("--database", **DATABASE_OPTION)


async def sync_now(settings: Settings) -> bool:
    """Log in, register the commands (forced) and log out, without bringing any table back; False when
    Discord refused them."""
    from bot.main import ParlorBot

    assert settings.token is not None  # main() refuses to sync without one
    bot = ParlorBot(settings, force_sync=True, restore=False)
    try:
        await bot.login(settings.token)  # discord.py runs setup_hook here: the cogs load, the sync starts
        assert bot.command_sync.task is not None
        return await bot.command_sync.task
    finally:
        await bot.close()


async def migrate_now(source: Path | str, target: Path | str) -> int:
    from bot.db_copy import copy_database
    from bot.store import Store, StoreError

    if isinstance(source, Path) and not source.is_file():
        print(f"python -m bot migrate: there is no database file {source} to copy.", file=sys.stderr)
        return 2
    try:
        async with await Store.open(source) as origin, await Store.open(target) as destination:
            copied = await copy_database(origin, destination, progress=lambda line: print(f"copied {line}", flush=True))
    except StoreError as error:
        print(f"python -m bot migrate: {error}", file=sys.stderr)
        return 1
    print(f"verified: {copied.summary()} — identical in both databases. Set PARLOR_DATABASE to the new one.")
    return 0


def database_of(arguments: argparse.Namespace) -> Path | str:
    import os

    return database_setting(arguments.database or os.getenv("PARLOR_DATABASE", ""))


async def export_now(database: Path | str, guild_id: int, number: int | None, out: Path) -> int:
    from bot.league import settings as league_settings
    from bot.league.export import season_files
    from bot.store import Store, StoreError

    try:
        async with await Store.open(database) as store:
            seasons = await store.seasons.of_guild(guild_id)
            if number is not None:
                season = next((s for s in seasons if s.number == number), None)
            else:
                season = next((s for s in seasons if s.is_open), seasons[-1] if seasons else None)
            if season is None:
                print(
                    f"python -m bot export: server {guild_id} has no season"
                    + (f" {number}." if number is not None else " yet."),
                    file=sys.stderr,
                )
                return 2
            files = await season_files(store, guild_id, season.id, await league_settings.min_games(store, guild_id))
    except StoreError as error:
        print(f"python -m bot export: {error}", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (out / name).write_bytes(data)
        print(f"wrote {out / name}")
    return 0


async def export_table(database: Path | str, table_id: int, out: Path) -> int:
    from bot.league.records import finished_table, record_file
    from bot.store import Store, StoreError

    try:
        async with await Store.open(database) as store:
            found = await finished_table(store, table_id)
    except StoreError as error:
        print(f"python -m bot export: {error}", file=sys.stderr)
        return 1
    if found is None:
        print(f"python -m bot export: there is no finished table {table_id}.", file=sys.stderr)
        return 2
    record = record_file(*found)
    out.mkdir(parents=True, exist_ok=True)
    (out / record.filename).write_bytes(record.data)
    print(f"wrote {out / record.filename}: {record.what}")
    return 0


async def rebuild_ratings(database: Path | str) -> int:
    from bot.league.ratings import rebuild
    from bot.store import Store, StoreError

    try:
        async with await Store.open(database) as store:
            rows = await rebuild(store)
    except StoreError as error:
        print(f"python -m bot ratings: {error}", file=sys.stderr)
        return 1
    print(f"rebuilt the ratings: {rows} rows, one per player, finished game and scope (season, all time).")
    return 0


async def show_draws(database: Path | str, number: int) -> int:
    from bot.league import nights
    from bot.store import Store, StoreError

    try:
        async with await Store.open(database) as store:
            signup = await nights.get_signup(store, number)
            if signup is None:
                print(f"python -m bot draws: there is no sign-up {number}.", file=sys.stderr)
                return 2
            found = await nights.dealt_again(store, signup)
    except StoreError as error:
        print(f"python -m bot draws: {error}", file=sys.stderr)
        return 1
    wrong = 0
    for drawn, seated, same in found:
        check = {
            True: "dealt again from its seed: the same",
            False: "dealt again from its seed: DIFFERENT",
            None: "(depends on the ratings or points of its time)",
        }[same]
        print(f"round {drawn.round}: {drawn.method}, seed {drawn.seed} {check}")
        for table in seated:
            bots = f" + {table.bots} bots" if table.bots else ""
            print(f"  table {table.number}: {' '.join(map(str, table.players))}{bots}")
        if drawn.waiting:
            print(f"  waiting: {' '.join(map(str, drawn.waiting))}")
        wrong += same is False
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv or [])
    if arguments.command == "export" and arguments.table is not None:
        return asyncio.run(export_table(database_of(arguments), arguments.table, arguments.out))
    if arguments.command == "draws":
        return asyncio.run(show_draws(database_of(arguments), arguments.signup))
    if arguments.command == "export":
        return asyncio.run(export_now(database_of(arguments), arguments.guild, arguments.season, arguments.out))
    if arguments.command == "ratings":
        return asyncio.run(rebuild_ratings(database_of(arguments)))
    if arguments.command == "migrate":
        return asyncio.run(migrate_now(database_setting(arguments.source), database_setting(arguments.target)))
    command = arguments.command
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
        return 0 if asyncio.run(sync_now(settings)) else 1
    if not settings.token:
        from localdiscord.playground import main_playground

        return main_playground(settings)
    from bot.main import make_bot

    make_bot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
