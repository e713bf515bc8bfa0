"""Sanma typed actions and events: every action string the engine offers reads back unchanged, every
event validates against the game's union, a malformed action is refused with a sentence."""

from __future__ import annotations

import json
import typing
from functools import cache

import pytest

from games import simulate as sim
from games.base import GameError
from games.sanma import GAME, engine
from games.sanma.actions import Discard, Pon, Word, describe, parse
from games.sanma.events import EVENT, SanmaEvent
from games.sanma.options import Options
from tests.games._typed_helpers import stored_before_typing

EVENT_TYPES = {member.model_fields["type"].default for member in typing.get_args(typing.get_args(SanmaEvent)[0])}


@cache
def seeded_games() -> tuple[frozenset[str], tuple, tuple]:
    """Seeded East-only bot games: every action listed as legal, every event, the final states."""
    offered: set[str] = set()
    events: list = []
    states = []

    def choose(view, legal, rng_seed):
        offered.update(legal)
        return GAME.bot_choose(view, legal, rng_seed)

    for g in range(4):
        state, _ = sim.play_game(
            GAME,
            Options(east_only=True),
            sim.bot_seats(3),
            f"actions-{g}",
            check=lambda state, step: events.extend(step),
            choose=choose,
        )
        states.append(state)
    return frozenset(offered), tuple(events), tuple(states)


def test_every_offered_action_round_trips():
    offered, _, _ = seeded_games()
    kinds = {type(parse(a)) for a in offered}
    assert {Discard, Word, Pon} <= kinds  # discards, tsumo/ron/pass and a pon were offered
    assert any(parse(a) == Discard(a[2:], riichi=True) for a in offered if a.startswith("r:"))
    for action in offered:
        assert str(parse(action)) == action


def test_every_event_validates_against_the_union():
    _, events, _ = seeded_games()
    for event in events:
        again = EVENT.validate_json(event.model_dump_json())
        assert type(again) is type(event) and again == event
    seen = {event.type for event in events}
    outcomes = {event.outcome.type for event in events if event.type == "hand_end"}
    assert seen <= EVENT_TYPES and EVENT_TYPES - seen <= {"kan_declared"}, EVENT_TYPES - seen  # a closed kan is rare
    assert outcomes == {"win", "exhaustive"}


def test_the_state_keeps_each_hand_end_as_its_event_tells_it():
    _, events, states = seeded_games()
    ends = [event.outcome.record() for event in events if event.type == "hand_end"]
    assert [hand for state in states for hand in state.hands_log] == ends


def test_opening_events_stored_before_events_were_typed_still_load():
    """A snapshot written before events were typed kept an event's fields under ``data``, the actor as ``seat``."""
    state = GAME.new_game(Options(), sim.bot_seats(3), "legacy")
    assert any(e.type == "draw" for e in state.opening_events)  # the dealer's first draw names its player
    snapshot = json.loads(state.model_dump_json())
    snapshot["opening_events"] = [stored_before_typing(event) for event in state.opening_events]
    assert GAME.load(json.dumps(snapshot)).opening_events == state.opening_events
    # typed, but written while the base event still had an (empty) data field
    snapshot["opening_events"] = [{**event.model_dump(), "data": {}} for event in state.opening_events]
    assert GAME.load(json.dumps(snapshot)).opening_events == state.opening_events


def test_the_text_is_the_button_label():
    assert describe("d:0p") == "r5p"
    assert describe("r:1z") == "Riichi · discard East wind"
    assert describe("ankan:7z") == "Kan Red dragon (closed)"
    assert describe("pon:0") == "Pon with red 5"
    assert GAME.describe_action("kita") == "Kita (set North aside)"


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
