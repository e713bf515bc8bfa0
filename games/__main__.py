"""Command line tools for Parlor's games: ``python -m games <command> <game> …``.

Commands:
  calc <game>      score a hand or captured cards (Koi-Koi: ``--captured "1L 3L 12L"``)
  simulate <game>  play bot-vs-bot games and report speed, errors and zero-sum
  verify <game>    check a revealed round seed against its hash and show the deal
  replay <game>    replay a game log through the engine
  stats <game>     statistics of a game's deals

A game offers a command by a handler in ``HANDLERS`` of its ``games/<game>/cli.py`` (with its own
flags from ``arguments(parser, command)``; the game's options come from its Options model, see
``games/cli.py``). ``python -m games simulate koikoi --help`` lists them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from games import game_names, get_game
from games.base import GameError
from games.cli import SeedMismatch

COMMANDS = {
    "calc": "score a hand or capture pile",
    "simulate": "play bot-vs-bot games",
    "verify": "check a revealed seed against its hash and show the deal",
    "replay": "replay a game log through the engine",
    "stats": "statistics of a game's deals (Black Flower: --initial-deals)",
}


def common_arguments(p: argparse.ArgumentParser, command: str) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    if command == "simulate":
        p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        p.add_argument("--seed", default="1", help="the seed the games' seeds derive from (default 1)")
    elif command == "verify":
        p.add_argument("--seed", help="the round seed revealed at round end")
        p.add_argument("--hash", help="the hash shown at round start")


def game_clis() -> dict[str, ModuleType]:
    """``games/<game>/cli.py`` of every registered game that has one (a game registered from
    elsewhere, such as the tests' toy game, has none)."""
    clis = {}
    for name in game_names():
        try:
            clis[name] = importlib.import_module(f"games.{name}.cli")
        except ModuleNotFoundError as missing:
            if not f"games.{name}.cli".startswith(str(missing.name)):
                raise
    return clis


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description="Parlor game tools")
    commands = parser.add_subparsers(dest="command", required=True)
    clis = game_clis()
    for command, help_text in COMMANDS.items():
        games = commands.add_parser(command, help=help_text).add_subparsers(dest="game", required=True, metavar="game")
        for name, cli in clis.items():
            if command in cli.HANDLERS:
                p = games.add_parser(name, help=get_game(name).title)
                common_arguments(p, command)
                cli.arguments(p, command)
                p.set_defaults(handler=cli.HANDLERS[command])
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except SeedMismatch as error:
        print(error, file=sys.stderr)
        return 1
    except GameError as error:
        print(str(error).splitlines()[0], file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
