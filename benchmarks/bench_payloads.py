"""Benchmark (not a test): the event loop's CPU for building a table message and each seat's hand panel, and what
one move costs in payloads, views and legal actions.

    .venv/bin/python -m benchmarks.bench_payloads [--games koikoi,sanma,hachihachi] [--seeds 2] [--repeat 3]
    .venv/bin/python -m benchmarks.bench_payloads --profile FILE   # cProfile by thread CPU time, written to FILE

Seeded bot games are replayed (every seat a person, the card faces uploaded as emoji, as on a running bot), each
move as a busy table sees it with every player's panel open: the mover's answer (their panel, urgent), then the
redraw (every seat's panel, and the table message), each payload's signature taken (what tells an unchanged
message); after the deal, the redraw alone. Pictures are asked of a painter that draws nothing, so only the loop's
share is timed. Each run starts with nothing kept from the last (a new presenter, the faces' stamp and the engine's
memo tables new), so a run meets each state once, as a table does. Prints, per game, the median of ``--repeat`` runs:

- the CPU µs (thread time) per table payload, per panel payload and per signature;
- per move: how many panels and tables were built (a panel asked again unchanged is not built), how many seat
  views, public views and legal-action lists the building asked the game for, and the CPU µs of the building,
  of those views and of those legal actions (the table manager's own calls, to check and time the move, apart).
"""

from __future__ import annotations

import concurrent.futures
import copy
import cProfile
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from benchmarks.command_line import Option, read
from bot.emoji import FACES
from bot.payload import payload_signature
from bot.presenter import TablePayloads
from bot.render import hanafuda_cards
from bot.tables import PLAYING
from games import fishing, get_game
from games.hachihachi import combos
from games.simulate import bot_seats, play_game
from tests.bot.playing_tables import playing_table
from tests.golden.recorder import NAMES, uploaded_faces

SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "koikoi": (2, {"players": 2, "months": 12}),
    "sanma": (3, {"east_only": True}),
    "hachihachi": (3, {"players": 3, "months": 6}),
    "blackflower": (4, {"rounds": 2}),
    "bcpoker": (3, {"players": 3, "lead_rounds": 1}),
}


class NoPainter:
    """A painter that draws nothing: every picture asked of it is done at once (no picture)."""

    def submit(self, draw: Callable[..., Any], *args: Any, urgent: bool = False) -> concurrent.futures.Future:
        done: concurrent.futures.Future = concurrent.futures.Future()
        done.set_result(None)
        return done

    def hurry(self, done: concurrent.futures.Future) -> None:
        return None

    def queued(self) -> int:
        return 0


def states(game_name: str, seed: str) -> list[Any]:
    """The game's state after the deal and after every action of a seeded bot game."""
    game = get_game(game_name)
    players, options = SETUPS[game_name]
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    seen: list[Any] = []
    play_game(
        game,
        game.Options(**options),
        bot_seats(players, balances),
        seed,
        check=lambda s, e: seen.append(copy.deepcopy(s)),
    )
    return seen


class Counted:
    """The game's ``view``, ``public_view`` and ``legal_actions`` counted and timed (thread CPU) while installed."""

    ASKED = ("view", "public_view", "legal_actions")

    def __init__(self, game: Any) -> None:
        self.game = game
        self.calls: Counter[str] = Counter()
        self.cpu: defaultdict[str, float] = defaultdict(float)
        self.own = {name: getattr(game, name) for name in self.ASKED}

    def __enter__(self) -> Counted:
        for name, asked in self.own.items():
            setattr(self.game, name, self._timed(name, asked))
        return self

    def __exit__(self, *exc: object) -> None:
        for name, asked in self.own.items():
            setattr(self.game, name, asked)

    def _timed(self, name: str, asked: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            started = time.thread_time()
            try:
                return asked(*args)
            finally:
                self.cpu[name] += time.thread_time() - started
                self.calls[name] += 1

        return timed


def replay(game_name: str, played: list[Any], timings: dict[str, list[float]], moves: defaultdict[str, float]) -> None:
    """Every move of ``played`` as a busy table's presenter builds it (the module's notes), by a fresh
    ``TablePayloads``: each payload's thread CPU time added to ``timings``, and per move what was built and asked
    of the game added to ``moves``."""
    game = get_game(game_name)
    players, options = SETUPS[game_name]
    payloads = TablePayloads(NoPainter())  # type: ignore[arg-type]  # a stand-in: only submit/hurry/queued are used
    clock = time.thread_time
    mover: int | None = None
    building = payloads._panel_payload
    built: Counter[str] = Counter()

    def counted_build(*args: Any, **kwargs: Any) -> Any:
        built["panels"] += 1
        return building(*args, **kwargs)

    payloads._panel_payload = counted_build  # type: ignore[method-assign]  # counting the panels built
    with Counted(game) as asked:
        for version, state in enumerate(played, start=1):
            table = playing_table(game, state, NAMES[:players], version=version, options=options, deadline=1.9e9)
            table.status = PLAYING
            started_move = clock()
            if mover is not None:  # the mover's answer: their panel
                _timed(timings["panel"], payloads.panel_payload, table, table.seats[mover].user_id, urgent=True)
            for seat in table.seats:  # the redraw: every open panel, then the table message
                assert seat.user_id is not None
                _timed(timings["panel"], payloads.panel_payload, table, seat.user_id)
            _timed(timings["table"], payloads.table_payload, table)
            moves["CPU"] += clock() - started_move
            moves["moves"] += mover is not None
            built["tables"] += 1
            mover = next(iter(game.to_act(state)), None)
    for name in Counted.ASKED:
        moves[name] += asked.calls[name]
        moves[f"{name} CPU"] += asked.cpu[name]
    for name, count in built.items():
        moves[name] += count


def _timed(times: list[float], build: Callable[..., dict[str, Any]], *args: Any, **kwargs: Any) -> None:
    """One payload built (its CPU added to ``times``) and its signature taken (its CPU in ``times`` too, as a redraw
    compares what it built with what the message shows)."""
    started = time.thread_time()
    built = build(*args, **kwargs)
    payload_signature(built)
    times.append(time.thread_time() - started)


def fresh_memos() -> None:
    """Nothing kept from a run into the next: the card texts (a new stamp of the same faces) and the engine's memos.
    (Written to run on a checkout without them too, to compare.)"""
    FACES.emoji = type(FACES.emoji)(FACES.emoji)
    kept = (
        getattr(fishing, "_plays", None),
        getattr(combos, "_captured_combos", None),
        getattr(hanafuda_cards, "_card", None),
    )
    for memo in kept:
        if memo is not None:
            memo.cache_clear()


def measure(game_name: str, seeds: int, repeat: int, profiler: cProfile.Profile | None) -> dict[str, float]:
    played = [states(game_name, f"bench-payloads-{n}") for n in range(seeds)]
    runs: list[dict[str, float]] = []
    for _ in range(repeat):
        fresh_memos()
        timings: dict[str, list[float]] = {"table": [], "panel": []}
        moves: defaultdict[str, float] = defaultdict(float)
        for states_of_one in played:
            if profiler is not None:
                profiler.enable()
            replay(game_name, states_of_one, timings, moves)
            if profiler is not None:
                profiler.disable()
        run = {kind: sum(times) / len(times) * 1e6 for kind, times in timings.items()}
        run.update({f"{name} a move": count / moves["moves"] for name, count in moves.items() if name != "moves"})
        runs.append(run)
    return {kind: statistics.median(run[kind] for run in runs) for kind in runs[0]}


def main() -> None:
    args = read(
        __doc__,
        games=Option("koikoi,sanma,hachihachi", "the games replayed, by name, comma-separated"),
        seeds=2,
        repeat=3,
        profile=Option(None, "write a cProfile (timed by thread CPU time) of the replays to this file", kind=str),
    )
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    with uploaded_faces(True):
        for game_name in args.games.split(","):
            figures = measure(game_name, args.seeds, args.repeat, profiler)
            print(
                f"{game_name:12} CPU µs per table payload {figures['table']:7.1f}, per panel payload "
                f"{figures['panel']:7.1f} (each with its signature)\n{'':12} a move: "
                f"{figures['CPU a move'] * 1e6:6.1f} µs building {figures['panels a move']:.2f} panels and "
                f"{figures['tables a move']:.2f} tables; asked {figures['view a move']:.2f} views "
                f"({figures['view CPU a move'] * 1e6:.1f} µs), {figures['public_view a move']:.2f} public views "
                f"({figures['public_view CPU a move'] * 1e6:.1f} µs), {figures['legal_actions a move']:.2f} legal "
                f"actions ({figures['legal_actions CPU a move'] * 1e6:.1f} µs)"
            )
    if profiler is not None:
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    main()
