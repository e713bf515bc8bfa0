"""Typed actions and events of the hanafuda games.

Every action a seeded bot game offers reads back to the same string (the strings are in button
ids and stored action logs, which replay); every event validates against its game's union; a
malformed action string is refused with a sentence and changes nothing.
"""

from __future__ import annotations

import importlib
import json

import pytest

from games.base import GameError
from games.simulate import bot_seats, play_game
from tests.games._typed_helpers import stored_before_typing

GAMES = {  # name: [(players, options), …]
    "koikoi": [(2, {}), (3, {}), (4, {}), (2, {"toppa": True})],
    "hachihachi": [(3, {}), (4, {}), (7, {})],
    "blackflower": [(2, {}), (3, {"banker": "winner"}), (6, {"double_down": True, "split_by_kind": True})],
}
CASES = [(name, players, options) for name, setups in GAMES.items() for players, options in setups]


def parts(name):
    game = importlib.import_module(f"games.{name}").GAME
    actions = importlib.import_module(f"games.{name}.actions")
    events = importlib.import_module(f"games.{name}.events")
    return game, actions, events.EVENT


def options_for(game, players, options):
    return game.Options(**({"players": players} if "players" in game.Options.model_fields else {}), **options)


def bot_game(name, players, options, seed, check):
    game, _, _ = parts(name)
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    offered: set[str] = set()

    def choose(view, legal, n):
        offered.update(legal)
        return game.bot_choose(view, legal, n)

    state, _ = play_game(
        game, options_for(game, players, options), bot_seats(players, balances), seed, check=check, choose=choose
    )
    return state, offered


@pytest.mark.parametrize("name, players, options", CASES)
def test_every_offered_action_reads_back_to_its_string(name, players, options):
    _, actions, _ = parts(name)
    offered: set[str] = set()
    for k in range(3):
        offered |= bot_game(name, players, options, f"typed-{k}", None)[1]
    for text in offered:
        action = actions.parse(text)
        assert str(action) == text
        assert actions.parse(str(action)) == action
        assert action.text  # every action reads as words


@pytest.mark.parametrize("name, players, options", CASES)
def test_every_event_validates_against_the_game_union(name, players, options):
    _, _, union = parts(name)
    seen: set[str] = set()

    def check(state, events):
        for event in events:
            again = union.validate_json(event.model_dump_json())
            assert type(again) is type(event) and again == event
            seen.add(event.type)

    state, _ = bot_game(name, players, options, "typed-events", check)
    assert {"round_start", "game_end"} <= seen


MALFORMED = [
    "",
    ":",
    "play",
    "play:",
    "play:1L:",
    "play:1L:1C1:1C2",
    "play:XX",
    "play:1l",
    "take",
    "take:",
    "take:1L:1C1",
    "bet:",
    "bet:x",
    "bet:-5",
    "declare:",
    "repay:",
    "repay:ten",
    "koikoi:1",
    "stop:",
    "hit:1",
    "nonsense",
    " play:1L",
]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_malformed_action_is_refused_with_a_sentence(name):
    game, actions, _ = parts(name)
    players, options = GAMES[name][0]
    state, _ = bot_game(name, players, options, "typed-malformed", None)
    fresh = game.new_game(state.options, bot_seats(players, [1000] * players), "typed-malformed")
    seat = game.to_act(fresh)[0]
    before = fresh.model_dump_json()
    for text in MALFORMED:
        if text in game.legal_actions(fresh, seat):
            continue
        with pytest.raises(GameError) as refused:
            game.apply(fresh, seat, text)
        assert str(refused.value).endswith("."), text
        assert fresh.model_dump_json() == before
    for text in MALFORMED:
        try:
            actions.parse(text)
        except GameError as refused:
            assert str(refused).endswith("."), text


@pytest.mark.parametrize("name", list(GAMES))
def test_opening_events_stored_before_events_were_typed_still_load(name):
    game, _, _ = parts(name)
    players, options = GAMES[name][0]
    for k in range(40):  # in Koi-Koi, a first deal with a hand combo: an opening event with an actor
        state = game.new_game(options_for(game, players, options), bot_seats(players, [1000] * players), f"legacy-{k}")
        if name != "koikoi" or any(e.type == "hand_combo" for e in state.opening_events):
            break
    else:
        raise AssertionError("no first deal with a hand combo")
    snapshot = json.loads(state.model_dump_json())
    snapshot["opening_events"] = [stored_before_typing(e) for e in state.opening_events]
    assert game.load(json.dumps(snapshot)).opening_events == state.opening_events
    # typed, while the base event still had an empty ``data``
    snapshot["opening_events"] = [{**e.model_dump(), "data": {}} for e in state.opening_events]
    assert game.load(json.dumps(snapshot)).opening_events == state.opening_events
