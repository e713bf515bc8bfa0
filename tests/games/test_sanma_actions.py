"""Sanma actions: every string the engine offers reads back unchanged, and a bad one is a sentence."""

from __future__ import annotations

import pytest

from games import simulate as sim
from games.base import GameError
from games.sanma import GAME, engine
from games.sanma.actions import Discard, OwnKan, Pon, Word, describe, parse
from games.sanma.options import Options


def offered_actions(games: int = 4) -> set[str]:
    """Every action listed as legal in seeded bot games (calls, kans, riichi and all)."""
    seen: set[str] = set()

    def choose(view, legal, rng_seed):
        seen.update(legal)
        return GAME.bot_choose(view, legal, rng_seed)

    for g in range(games):
        sim.play_game(GAME, Options(east_only=True), sim.bot_seats(3), f"actions-{g}", choose=choose)
    return seen


def test_every_offered_action_round_trips():
    seen = offered_actions()
    kinds = {type(parse(a)) for a in seen}
    assert {Discard, Word, Pon} <= kinds  # discards, tsumo/ron/pass and a pon were offered
    assert any(parse(a) == Discard(a[2:], riichi=True) for a in seen if a.startswith("r:"))
    for action in seen:
        assert str(parse(action)) == action


@pytest.mark.parametrize("action, typed", [
    ("d:5p", Discard("5p")), ("r:0s", Discard("0s", riichi=True)), ("ankan:1z", OwnKan("1z")),
    ("kakan:9m", OwnKan("9m", added=True)), ("pon", Pon()), ("pon:0", Pon(red=True)), ("kan", Word.KAN),
    ("tsumo", Word.TSUMO), ("kyuushu", Word.KYUUSHU),
])
def test_parse_and_format(action, typed):
    assert parse(action) == typed and str(typed) == action


def test_the_text_is_the_button_label():
    assert describe("d:0p") == "r5p"
    assert describe("r:1z") == "Riichi · discard 東"
    assert describe("ankan:7z") == "Kan 中 (closed)"
    assert describe("pon:0") == "Pon with red 5"
    assert GAME.describe_action("kita") == "Kita 北"


@pytest.mark.parametrize("action", ["d:xx", "d:5m", "d:", "r:8z", "pon:1", "ankan", "discard:5p", "", "d:5p:x"])
def test_a_malformed_action_is_refused_with_a_sentence(action):
    with pytest.raises(GameError) as refused:
        parse(action)
    assert str(refused.value)[0].isupper() and str(refused.value).endswith(".")
    state = engine.new_game(Options(), ["a", "b", "c"], "malformed")
    before = state.model_dump_json()
    with pytest.raises(GameError) as refused:
        GAME.apply(state, state.turn, action)
    assert str(refused.value)[0].isupper() and state.model_dump_json() == before
