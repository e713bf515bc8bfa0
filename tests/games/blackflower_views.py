"""Seeded Black Flower games whose views are kept in ``blackflower_views.json``: the public view and every
seat's view after the deal and after every few actions, and each action the bots chose."""

from __future__ import annotations

from typing import Any

from games.base import SeatInfo
from games.blackflower import GAME, Options

FIXTURE = "blackflower_views.json"
EVERY = 5  # views kept after every fifth action (and after the deal)
GAMES: list[tuple[str, list[bool], dict[str, Any]]] = [  # seed, which seats bots play, options
    ("views-a", [True, True], {}),
    ("views-e0", [True] * 6, {"split_by_kind": True, "double_down": True, "rounds": 3}),
    ("views-b19", [True, True, True, True], {"banker": "winner", "split_by_month": True, "double_down": True}),
    (
        "views-c28",
        [False, True, True, True, True],
        {"banker": "fixed", "split_by_kind": True, "no_pair_advantage": True, "rounds": 3},
    ),
    ("views-d", [True, False, True], {"banker_advantage": True, "min_bet": 50, "max_bet": 400, "rounds": 4}),
]


ADDED = {"arrangements"}  # seat views' fields added since the recording (the panel picture draws them)


def dumped(view: Any) -> Any:
    return view if isinstance(view, dict) else view.model_dump(exclude=ADDED)


def recorded(seed: str, bots: list[bool], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The game played by the bot policy (a human seat's choices too: what its timeout plays), its views dumped."""
    seats = [SeatInfo(name=f"P{i + 1}", bot=bot, balance=1000 - 100 * i) for i, bot in enumerate(bots)]
    state = GAME.new_game(Options(**options), seats, seed)
    steps: list[dict[str, Any]] = []
    actions = 0
    while True:
        if actions % EVERY == 0 or GAME.is_over(state):
            steps.append(
                {
                    "after": actions,
                    "public": dumped(GAME.public_view(state)),
                    "seats": [dumped(GAME.view(state, s)) for s in range(len(seats))],
                }
            )
        if GAME.is_over(state):
            return steps
        seat = GAME.to_act(state)[0]
        action = GAME.bot_choose(GAME.view(state, seat), GAME.legal_actions(state, seat), actions)
        steps.append({"after": actions, "seat": seat, "action": action})
        GAME.apply(state, seat, action)
        actions += 1


def record_all() -> dict[str, list[dict[str, Any]]]:
    return {seed: recorded(seed, bots, options) for seed, bots, options in GAMES}
