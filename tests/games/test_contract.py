"""The contract every registered game keeps (games/base.py), checked the same way for each game.

In the spirit of OpenSpiel's games_sim_test.py: games are played to the end by uniformly random
moves and by the game's bot; after every action no concealed card is in the public view, in the
public events or in the view of a seat to act (but its own); at steps 1, 2, 4, 8 … the snapshot
round-trips, the bot picks a legal action deterministically, every legal action is accepted and
actions not listed are refused without changing the state; the same seed and actions give the same
state and events. What only one game knows (its card conservation, its scoring) stays in its own tests.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from games import game_names, get_game
from games.base import Event, GameBase, GameError, SeatInfo

SEEDS = ("contract-1", "contract-2")
MAX_ACTIONS = 20_000


# Games whose card codes name several cards (Sanma's tiles come four of a kind; Black Christmas
# Poker's deck holds some codes twice): a concealed code seen in public need not be the concealed
# card, so their own tests check their views and events field by field.
SHARED_CODES = {"sanma", "bcpoker"}


def new_state(game: GameBase, players: int, seed: str) -> Any:
    options = game.Options(**({"players": players} if "players" in game.Options.model_fields else {}))
    return game.new_game(options, [SeatInfo(name=f"P{n}", bot=True) for n in range(players)], seed)


def strings(data: Any) -> list[str]:
    """Every string in a JSON-like value or a model (keys included)."""
    if isinstance(data, BaseModel):
        return strings(data.model_dump())
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for key, value in data.items() for s in strings(key) + strings(value)]
    if isinstance(data, (list, tuple)):
        return [s for value in data for s in strings(value)]
    return []


def concealed(game: GameBase, state: Any) -> set[str]:
    return {card for cards in game.hidden_cards(state).values() for card in cards}


def since_last_deal(events: list[Event]) -> list[Event]:
    """The public events of this step that belong to the deal now in play (a round's end may show the
    hands of the round before, whose codes the next deal uses again)."""
    starts = [n for n, e in enumerate(events) if e.type == "round_start" and e.seat is None]
    return [e for e in events[starts[-1] if starts else 0 :] if e.seat is None]


def check_no_leak(game: GameBase, state: Any, events: list[Event]) -> None:
    hidden = concealed(game, state)
    assert not hidden & set(strings(game.public_view(state))), "a concealed card is in the public view"
    for seat in game.to_act(state):
        others = hidden - set(game.hidden_cards(state).get(seat, []))
        assert not others & set(strings(game.view(state, seat))), f"seat {seat}'s view shows another's card"
    shown = {s for e in since_last_deal(events) for s in strings(e.model_dump(exclude={"seat"}))}
    assert not hidden & shown, "a concealed card is in a public event"


def check_actions(game: GameBase, state: Any, players: int, seen: set[str]) -> None:
    """Every legal action of every seat to act is accepted (on a copy); actions not listed, including
    ones legal at other moments, are refused with a GameError and change nothing."""
    snapshot = state.model_dump_json()
    restored = game.load(snapshot)
    assert restored.model_dump_json() == snapshot
    assert game.to_act(restored) == game.to_act(state)
    assert game.public_view(restored) == game.public_view(state)
    for seat in game.to_act(state):
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        view = game.view(state, seat)
        assert game.view(restored, seat) == view
        assert game.bot_choose(view, legal, 7) == game.bot_choose(view, legal, 7) in legal
        for action in legal:
            game.apply(game.load(snapshot), seat, action)
        for action in sorted(seen - set(legal))[:8] + ["no-such-action"]:
            with pytest.raises(GameError):
                game.apply(state, seat, action)
            assert state.model_dump_json() == snapshot, f"the refused {action!r} changed the state"
    waiting = [seat for seat in range(players) if seat not in game.to_act(state)]
    acting = game.to_act(state)
    for seat in waiting:
        assert game.legal_actions(state, seat) == []
        if acting:
            with pytest.raises(GameError):
                game.apply(state, seat, game.legal_actions(state, acting[0])[0])
            assert state.model_dump_json() == snapshot


def play(game: GameBase, players: int, seed: str, choose) -> tuple[Any, list[tuple[int, str]], list[Event]]:
    """One whole game, checked after every action; returns the final state, the actions and the events."""
    state = new_state(game, players, seed)
    assert isinstance(state, game.State)
    events = game.opening_events(state)
    unique = game.name not in SHARED_CODES
    if unique:
        check_no_leak(game, state, events)
    log: list[tuple[int, str]] = []
    seen: set[str] = set()
    while not game.is_over(state):
        assert len(log) < MAX_ACTIONS, "the game does not end"
        if len(log) & (len(log) - 1) == 0:  # steps 0, 1, 2, 4, 8 …
            check_actions(game, state, players, seen)
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = choose(game, state, seat, legal, len(log))
        assert action in legal
        step = game.apply(state, seat, action)
        if unique:
            check_no_leak(game, state, step)
        events += step
        log.append((seat, action))
        seen.update(legal)
    assert game.to_act(state) == []
    result = game.result(state)
    assert len(result.scores) == len(result.placings) == players
    assert sorted(result.placings)[0] == 1
    return state, log, events


def by_bot(game: GameBase, state: Any, seat: int, legal: list[str], step: int) -> str:
    return game.bot_choose(game.view(state, seat), legal, step)


def at_random(seed: str):
    rng = random.Random(seed)
    return lambda game, state, seat, legal, step: rng.choice(legal)


RUNS = [(name, seed) for name in game_names() for seed in SEEDS]


@pytest.mark.parametrize("name, seed", RUNS)
def test_random_play_keeps_the_contract(name, seed):
    game = get_game(name)
    play(game, game.min_players, seed, at_random(seed))


@pytest.mark.parametrize("name, seed", RUNS)
def test_bot_play_keeps_the_contract_and_is_deterministic(name, seed):
    game = get_game(name)
    state, log, events = play(game, game.max_players, seed, by_bot)
    again = new_state(game, game.max_players, seed)
    replayed = game.opening_events(again)
    for seat, action in log:
        replayed += game.apply(again, seat, action)
    assert again.model_dump_json() == state.model_dump_json()
    assert [e.model_dump() for e in replayed] == [e.model_dump() for e in events]


@pytest.mark.parametrize("name", game_names())
def test_declaration(name):
    game = get_game(name)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.Options(), game.Options)
