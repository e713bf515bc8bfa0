"""Sanma's views as models: their ``model_dump()`` is, key for key and value for value, the dict the engine gave
before its views were typed, recorded in ``tests/games/data/sanma_views.jsonl.gz`` (gzipped JSON lines) from seeded bot games (every fifth
move, every call window, kuikae and furiten, every hand's end and the game's end). A seat's view is the
public view followed by the seat's own part, so the record keeps the public view once and each seat's own part.

``python -m tests.games.test_sanma_views`` writes the record again; it was written once, from the dicts.
"""

from __future__ import annotations

import gzip
import itertools
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from games import simulate as sim
from games.sanma import GAME
from games.sanma.options import Options
from games.sanma.views import PublicView, SeatView

RECORD = Path(__file__).parent / "data" / "sanma_views.jsonl.gz"
GAMES = (
    ("views-1", Options()),
    ("views-3", Options()),
    ("views-6", Options()),
    ("views-0", Options(east_only=True, red_fives=False)),
)


def _dump(view: Any) -> dict[str, Any]:
    return view if isinstance(view, dict) else view.model_dump()


def _moment(seed: str, step: int, state: Any) -> dict[str, Any]:
    public = _dump(GAME.public_view(state))
    seats = [_dump(GAME.view(state, s)) for s in range(3)]
    return {"seed": seed, "step": step, "public": public, "seats": seats}


def _notable(moment: dict[str, Any], events: list) -> bool:
    return (
        moment["step"] % 5 == 0
        or any(e.type in ("hand_end", "game_end") for e in events)
        or any(v["window"] or v["kuikae"] or v["furiten"] for v in moment["seats"])
    )


def seeded_views() -> Iterator[dict[str, Any]]:
    """Each recorded moment of the seeded games: its public view and the three seats' whole views, as dumps."""
    for seed, options in GAMES:
        steps = itertools.count()
        moments: list[dict[str, Any]] = []

        def check(state: Any, events: list, seed: str = seed, steps: Any = steps, moments: list = moments) -> None:
            moment = _moment(seed, next(steps), state)
            if _notable(moment, events):
                moments.append(moment)

        sim.play_game(GAME, options, sim.bot_seats(3), seed, check=check)
        yield from moments


def _stored(moment: dict[str, Any]) -> str:
    """A moment as the record keeps it: each seat's view without the public view it begins with."""
    public = moment["public"]
    own = []
    for seat in moment["seats"]:
        assert list(seat)[: len(public)] == list(public) and all(seat[k] == public[k] for k in public)
        own.append({k: v for k, v in seat.items() if k not in public})
    return json.dumps({**moment, "seats": own})


@cache
def recorded() -> list[dict[str, Any]]:
    """The record's moments, each seat's view whole again (the public view, then the seat's own part)."""
    moments = [json.loads(line) for line in gzip.decompress(RECORD.read_bytes()).decode().splitlines()]
    return [{**m, "seats": [{**m["public"], **own} for own in m["seats"]]} for m in moments]


def test_views_dump_as_the_recorded_dicts():
    now = list(seeded_views())
    assert len(now) == len(recorded())
    for moment, expected in zip(now, recorded()):
        # the same keys in the same order, the same values of the same types (JSON tells 1 from True)
        assert json.dumps(moment) == json.dumps(expected), (moment["seed"], moment["step"])


def test_views_are_the_declared_models_and_the_public_one_has_no_hand():
    state = GAME.new_game(Options(), ["Alice", "Bob", "Carol"], "typed-views")
    public, own = GAME.public_view(state), GAME.view(state, 0)
    assert type(public) is PublicView and type(own) is SeatView
    assert own.hand == GAME.hidden_cards(state)[0] and own.drawn in own.hand  # the dealer's first draw
    assert not {"hand", "hand_ids", "drawn", "waits", "furiten", "kuikae"} & set(PublicView.model_fields)


def test_the_record_covers_every_part_of_a_view():
    publics = [m["public"] for m in recorded()]
    seats = [v for m in recorded() for v in m["seats"]]
    assert any(p["window"] for p in publics) and any(p["final"] for p in publics)
    assert {p["last_hand"]["type"] for p in publics if p["last_hand"]} == {"win", "exhaustive"}
    assert any(m["called_index"] is not None for p in publics for melds in p["melds"] for m in melds)
    assert any(any(p["kita"]) for p in publics) and any(any(p["riichi"]) for p in publics)
    assert any(v["furiten"] for v in seats) and any(v["kuikae"] for v in seats) and any(v["drawn"] for v in seats)
    assert any(v["waits"] for v in seats) and any(not p["options"]["red_fives"] for p in publics)


if __name__ == "__main__":
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_bytes(gzip.compress("".join(_stored(moment) + "\n" for moment in seeded_views()).encode(), mtime=0))
