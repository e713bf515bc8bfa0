"""Black Christmas Poker typed actions and events: every action string the engine offers reads back
unchanged, every event validates against the game's union, a malformed action is refused with a sentence."""

from __future__ import annotations

import json
import typing
from functools import cache

import pytest

from games import simulate as sim
from games.base import GameError
from games.bcpoker import GAME
from games.bcpoker.actions import Discard, Under, Word, describe, label, parse
from games.bcpoker.events import EVENT, BCPokerEvent
from games.bcpoker.options import Options
from games.bcpoker.views import PileCard
from tests.games._typed_helpers import stored_before_typing

EVENT_TYPES = {member.model_fields["type"].default for member in typing.get_args(typing.get_args(BCPokerEvent)[0])}


@cache
def seeded_games() -> tuple[frozenset[str], tuple]:
    """Seeded bot games of 3 and 5 players: every action listed as legal, and every event."""
    offered: set[str] = set()
    events: list = []

    def choose(view, legal, rng_seed):
        offered.update(legal)
        return GAME.bot_choose(view, legal, rng_seed)

    for players, seed in [(3, "a"), (3, "b"), (3, "c"), (5, "d")]:
        sim.play_game(
            GAME,
            Options(players=players),
            sim.bot_seats(players),
            f"typed-{seed}",
            check=lambda state, step: events.extend(step),
            choose=choose,
        )
    return frozenset(offered), tuple(events)


def test_every_offered_action_round_trips():
    offered, _ = seeded_games()
    typed = [parse(a) for a in offered]
    assert {Discard, Under, Word} == {type(a) for a in typed}
    assert any(a.chain for a in typed if isinstance(a, Discard)) and any(
        a.riichi for a in typed if isinstance(a, Discard)
    )
    assert any(a.named for a in typed if isinstance(a, Discard))  # a named KX
    for action in offered:
        assert str(parse(action)) == action


def test_every_event_validates_against_the_union():
    _, events = seeded_games()
    for event in events:
        again = EVENT.validate_json(event.model_dump_json())
        assert type(again) is type(event) and again == event
    seen = {event.type for event in events}
    assert seen <= EVENT_TYPES and EVENT_TYPES - seen <= {"exhausted"}  # a deck that may not be rebuilt is rare


def test_opening_events_stored_before_events_were_typed_still_load():
    """A snapshot written before events were typed kept an event's fields under ``data``."""
    state = GAME.new_game(Options(), sim.bot_seats(3), "legacy")
    snapshot = json.loads(state.model_dump_json())
    snapshot["opening"] = [stored_before_typing(event) for event in state.opening]
    assert GAME.load(json.dumps(snapshot)).opening == state.opening


def test_the_text_names_codes_and_the_button_label_names_cards():
    assert describe("discard:KX7:r") == "Riichi! Discard KX as 7"
    assert describe("chain:K6") == "Chain K6"
    assert GAME.describe_action("under:R1") == "Under the deck: R1"
    assert label("discard:KX7:r") == "Riichi! Discard Black A/7 as 7"
    assert label("chain:K6") == "Chain Black 6"
    assert label("under:R1") == "Under the deck: Red 1"
    assert label("discard:G2") == "Discard Green 2"
    dealt = GAME.view(GAME.new_game(Options(), sim.bot_seats(2), "labels"), 0)
    view = dealt.model_copy(
        update={
            "phase": "draw",
            "riichi": [True, False],
            "pile_top": PileCard(card="KX", named=7),
            "draws": [0, 0],
            "discards": [3, 3],
            "drawn_from": None,
            "after_exchange": False,
        }
    )
    assert label("take", view) == "Take Black A/7 as 7 from the pile and win"
    assert label("take") == "Take the top discard"
    assert label("win", view.model_copy(update={"after_exchange": True})) == "Win: Black Gift!"


@pytest.mark.parametrize(
    "action",
    ["discard:R9", "discard:KX", "discard:", "chain:R3:x", "under:Z1", "draw:R1", "fold", "", "discard:R3:r:r"],
)
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
