"""Black Christmas Poker actions: every string the engine offers reads back unchanged, a bad one is a sentence."""

from __future__ import annotations

import pytest

from games import simulate as sim
from games.base import GameError
from games.bcpoker import GAME
from games.bcpoker.actions import Discard, Under, Word, describe, label, parse
from games.bcpoker.options import Options


def offered_actions(players: int, games: int) -> set[str]:
    """Every action listed as legal in seeded bot games."""
    seen: set[str] = set()

    def choose(view, legal, rng_seed):
        seen.update(legal)
        return GAME.bot_choose(view, legal, rng_seed)

    for g in range(games):
        sim.play_game(GAME, Options(players=players), sim.bot_seats(players), f"actions-{players}-{g}", choose=choose)
    return seen


def test_every_offered_action_round_trips():
    seen = offered_actions(3, 3) | offered_actions(5, 1)
    typed = [parse(a) for a in seen]
    assert {Discard, Under, Word} == {type(a) for a in typed}
    assert any(a.chain for a in typed if isinstance(a, Discard)) and any(a.riichi for a in typed if isinstance(a, Discard))
    assert any(a.named for a in typed if isinstance(a, Discard))  # a named KX
    for action in seen:
        assert str(parse(action)) == action


@pytest.mark.parametrize("action, typed", [
    ("discard:R3", Discard("R3")), ("discard:KX7:r", Discard("KX", 7, riichi=True)),
    ("chain:K5", Discard("K5", chain=True)), ("chain:KX1:r", Discard("KX", 1, riichi=True, chain=True)),
    ("under:G2", Under("G2")), ("giveup", Word.GIVEUP), ("pass", Word.PASS),
])
def test_parse_and_format(action, typed):
    assert parse(action) == typed and str(typed) == action


def test_the_text_is_the_button_label():
    assert describe("discard:KX7:r") == "Riichi! Discard KX as 7"
    assert describe("chain:K6") == "Chain K6"
    assert GAME.describe_action("under:R1") == "Under the deck: R1"
    view = {"seat": 0, "phase": "draw", "riichi": [True, False], "pile_top": {"card": "KX", "named": 7},
            "draws": [0, 0], "discards": [3, 3], "drawn_from": None, "after_exchange": False}
    assert label("take", view) == "Take KX as 7 from the pile and win"
    assert label("take") == "Take the top discard"
    assert label("win", {**view, "after_exchange": True}) == "Win: Black Gift!"


@pytest.mark.parametrize("action", ["discard:R9", "discard:KX", "discard:", "chain:R3:x", "under:Z1", "draw:R1",
                                    "fold", "", "discard:R3:r:r"])
def test_a_malformed_action_is_refused_with_a_sentence(action):
    with pytest.raises(GameError) as refused:
        parse(action)
    assert str(refused.value)[0].isupper() and str(refused.value).endswith(".")
    state = GAME.new_game(Options(), sim.bot_seats(3), "malformed")
    seat = GAME.to_act(state)[0]
    GAME.apply(state, seat, "draw")
    before = state.model_dump_json()
    with pytest.raises(GameError) as refused:
        GAME.apply(state, seat, action)
    assert str(refused.value)[0].isupper() and state.model_dump_json() == before
