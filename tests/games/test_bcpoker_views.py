"""Black Christmas Poker's views are models, and they dump to exactly the dicts the game showed before they
were typed: ``data/bcpoker_views.json`` recorded, for two seeded bot games (3 players; 5 players without
Riichi), the actions played and the public view and every seat's view at sampled moments (every phase, a
named Black A/7 on the pile, the game's end). Same keys, same values, same order."""

from __future__ import annotations

import json
from pathlib import Path

from games.bcpoker import GAME
from games.bcpoker.options import Options
from games.bcpoker.views import PublicView, SeatView
from games.simulate import bot_seats

RECORDED = Path(__file__).parent / "data" / "bcpoker_views.json"


def as_text(data: object) -> str:
    return json.dumps(data)  # keys in their order: a dict compared as text keeps the order too


def test_the_views_dump_as_recorded_before_they_were_typed():
    compared = phases = 0
    for run in json.loads(RECORDED.read_text())["runs"]:
        state = GAME.new_game(Options(**run["options"]), bot_seats(run["players"]), run["seed"])
        samples = {sample["step"]: sample for sample in run["samples"]}
        for step in range(len(run["actions"]) + 1):
            if step in samples:
                public = GAME.public_view(state)
                assert isinstance(public, PublicView)
                assert as_text(public.model_dump()) == as_text(samples[step]["public"]), (run["seed"], step)
                for seat, recorded in enumerate(samples[step]["seats"]):
                    own = GAME.view(state, seat)
                    assert isinstance(own, SeatView)
                    assert as_text(own.model_dump()) == as_text(recorded), (run["seed"], step, seat)
                compared += 1
            if step < len(run["actions"]):
                seat, action = run["actions"][step]
                GAME.apply(state, seat, action)
        assert GAME.is_over(state)
        phases += len({sample["public"]["phase"] for sample in run["samples"]})
    assert compared == 35 and phases >= 14


def test_a_seat_view_holds_the_public_view_and_the_seats_own_cards():
    state = GAME.new_game(Options(), bot_seats(3), "own")
    public, own = GAME.public_view(state), GAME.view(state, 1)
    assert own.model_dump(exclude={"seat", "hand", "drawn", "exchanged"}) == public.model_dump()
    assert own.hand == GAME.hidden_cards(state)[1] and own.seat == 1
    assert "hand" not in public.model_dump()
