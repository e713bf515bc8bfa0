"""Seeded bot games sampled for the table- and panel-picture tests and benchmarks: each game's public view
(or each seat's own view) and the cards hidden at that moment, at many points of play."""

from __future__ import annotations

import copy
from typing import Any

from bot.render import presentation
from faces.table import Board, face_name
from games import get_game
from games.simulate import bot_seats, play_game

SETUPS = {"sanma": 3, "koikoi": 2, "hachihachi": 3, "blackflower": 4, "bcpoker": 3}


def table_board(game: str, public_view: Any) -> Board:
    """The table picture of ``game`` as its home composes it (its ``faces`` and ``texts`` are what it drew)."""
    compose = presentation(game).table_picture
    assert compose is not None, f"{game} has no table picture"
    return compose(public_view)


def panel_board(game: str, view: Any) -> Board | None:
    """A seat's panel picture as the game's home composes it; None when the seat holds nothing it draws."""
    looks = presentation(game)
    return looks.panel_picture(view) if looks.panel_picture is not None and looks.panel_shows(view) else None


def result_board(game: str, event: dict, names: list[str]) -> Board | None:
    """A result event's picture as the game's home composes it; None when it has nothing to show."""
    compose = presentation(game).result_picture
    return None if compose is None else compose(event, names)


def plain(view: Any) -> dict:
    """A view as a dict to read by key: a view model's dump, a dict as it is."""
    return view.model_dump() if hasattr(view, "model_dump") else view


def part(view, name: str):
    """A view's part ``name``, whether the game's view is a model (read by attribute) or still a dict."""
    return view[name] if isinstance(view, dict) else getattr(view, name)


def _play(name: str, seed: str, check) -> None:
    """One seeded bot game of ``name`` at its sampled table size, ``check(state, events)`` after each step."""
    game = get_game(name)
    players = SETUPS[name]
    options = game.Options(**({"players": players} if "players" in game.Options.model_fields else {}))
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    play_game(game, options, bot_seats(players, balances), seed, check=check)


def _sampled(name: str, seed: str, every: int, limit: int, take) -> list:
    """``take(game, state)``'s samples after the deal and every ``every``-th action, at most ``limit``."""
    game = get_game(name)
    samples: list = []
    step = 0

    def check(state, events):
        nonlocal step
        if step % every == 0 and len(samples) < limit:
            samples.extend(copy.deepcopy(take(game, state)))
        step += 1

    _play(name, seed, check)
    return samples


def sampled_views(name: str, seed: str = "pictures", every: int = 7, limit: int = 40) -> list[tuple[dict, dict]]:
    """``(public_view, hidden_cards)`` after the deal and every ``every``-th action, at most ``limit``."""
    return _sampled(name, seed, every, limit, lambda game, state: [(game.public_view(state), game.hidden_cards(state))])


def sampled_seat_views(name: str, seed: str = "panels", every: int = 7, limit: int = 60) -> list[tuple[dict, dict]]:
    """``(a seat's own view, the cards hidden from that seat)`` for every seat, sampled as above."""

    def take(game, state):
        hidden = game.hidden_cards(state)
        return [
            (game.view(state, seat), {s: cards for s, cards in hidden.items() if s != seat})
            for seat in range(SETUPS[name])
        ]

    return _sampled(name, seed, every, limit, take)


def hidden_faces_drawn(game: str, samples: list[tuple[dict, dict]], compose) -> tuple[set[str], int]:
    """Over ``samples`` (a view, the cards hidden from it): the faces of hidden cards ``compose(game, view)``
    pasted (hanafuda codes are unique, so there must be none), and how many hidden faces there were."""
    shown, seen = set(), 0
    for view, hidden in samples:
        secret = {face_name(presentation(game).faces, c) for cards in hidden.values() for c in cards}
        shown |= set(compose(game, view).faces) & secret
        seen += len(secret)
    return shown, seen


def result_events(name: str, seed: str = "results", games: int = 3) -> list[dict]:
    """Every public result event (a deal's or a game's end) of ``games`` seeded bot games, as dicts."""
    found: list[dict] = []

    def check(state, events):
        found.extend(
            e.model_dump(mode="json")
            for e in events
            if e.seat is None and e.type in ("hand_end", "round_end", "month_end", "game_end")
        )

    for n in range(games):
        _play(name, f"{seed}-{n}", check)
    return found
