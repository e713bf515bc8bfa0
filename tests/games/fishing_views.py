"""Views of seeded Koi-Koi and Hachi-Hachi bot games, sampled along the game: what the view-dump fixture holds.

``python -m tests.games.fishing_views`` writes ``tests/games/fixtures/fishing_views.json`` from the engines as they
are; ``tests/games/test_fishing_views.py`` compares today's views with it, key order included.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from games.simulate import bot_seats

FIXTURE = Path(__file__).parent / "fixtures" / "fishing_views.json"
EVERY = 16  # a view every so many actions (and at each phase's first time): the file stays small
GAMES: list[tuple[str, int, dict[str, Any], str]] = [  # (game, players, options, seed)
    ("koikoi", 2, {"months": 4}, "views-k2"),
    ("koikoi", 2, {"months": 2, "toppa": True}, "views-k2t"),
    ("koikoi", 3, {"months": 3}, "views-k3"),
    ("koikoi", 4, {"months": 3, "viewing_yaku": True}, "views-k4"),
    ("hachihachi", 3, {"months": 6}, "views-h3"),
    ("hachihachi", 4, {"months": 6}, "views-h4"),
    ("hachihachi", 7, {"months": 6}, "views-h7"),
    ("hachihachi", 3, {"months": 6, "campaign": True}, "views-h3c"),
]


def dumped(view: Any) -> Any:
    """A view as the table sees it: a model's dump (a dict before views were models)."""
    return view if isinstance(view, dict) else view.model_dump()


def sampled(name: str, players: int, options: dict[str, Any], seed: str) -> list[dict[str, Any]]:
    """Every ``EVERY``-th step of a bot game and the first step of each phase: the public view and the acting
    seat's view; then the end."""
    game = importlib.import_module(f"games.{name}").GAME
    state = game.new_game(game.Options(players=players, **options), bot_seats(players), seed)
    out = []
    seen: set[str] = set()
    step = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        if step % EVERY == 0 or state.phase not in seen:
            seen.add(state.phase)
            out.append({"step": step, "public": dumped(game.public_view(state)), "seat": dumped(view)})
        game.apply(state, seat, game.bot_choose(view, game.legal_actions(state, seat), step))
        step += 1
    out.append({"step": step, "public": dumped(game.public_view(state)), "seat": dumped(game.view(state, 0))})
    return out


def every_game() -> dict[str, list[dict[str, Any]]]:
    return {seed: sampled(name, players, options, seed) for name, players, options, seed in GAMES}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(every_game(), separators=(",", ":")) + "\n")
