"""A seat's buttons go stale only when what *that seat* may do changed.

Seeded bot games of every game, played one seat at a time (the last of the seats to act, so that the
others are still deciding): after every action the acting seat's version changed (a doubled click is
stale), and every other seat's version changed exactly when its legal actions did (Black Flower bets,
Sanma and BCP call windows, Hachi-Hachi decisions of several seats at once are all counted).
"""

from __future__ import annotations

import hashlib

import pytest

from bot.tables import Table
from games import get_game
from games.base import SeatInfo
from tests.bot.playing_tables import playing_table

GAMES = {  # game: (players, options, games to play)
    "blackflower": (4, {"rounds": 2}, 30),
    "bcpoker": (3, {"lead_rounds": 1, "riichi_required": False}, 6),
    "sanma": (3, {"east_only": True}, 4),
    "hachihachi": (4, {"months": 6}, 6),
    "koikoi": (2, {"months": 2}, 10),
}


def new_table(name: str, players: int, options: dict, seed: str) -> Table:
    game = get_game(name)
    if "players" in game.Options.model_fields:
        options = {**options, "players": players}
    money = getattr(game, "uses_balances", False)
    names = [f"P{n}" for n in range(players)]
    infos = [SeatInfo(name=n, balance=1000 if money else None) for n in names]
    state = game.new_game(game.Options(**options), infos, seed)
    return playing_table(game, state, names, first_user=1, version=2, options=options, seed=seed, acted=[0] * players)


@pytest.mark.parametrize("name", list(GAMES))
def test_only_the_seat_whose_choices_changed_goes_stale(name):
    players, options, games = GAMES[name]
    shared_steps = 0  # steps where another seat was deciding at the same time
    for number in range(games):
        table = new_table(name, players, options, hashlib.sha256(f"versions:{name}:{number}".encode()).hexdigest())
        game, steps = table.game, 0
        while not game.is_over(table.state):
            seats = range(players)
            choices = {s: table.choices(s) for s in seats}
            versions = {s: table.seat_version(s) for s in seats}
            actor = table.to_act()[-1]
            action = game.bot_choose(game.view(table.state, actor), choices[actor], steps)
            game.apply(table.state, actor, action)
            table.acted[actor] += 1
            table.version += 1
            steps += 1
            assert table.seat_version(actor) != versions[actor], "a doubled click would be played twice"
            for other in seats:
                if other == actor:
                    continue
                changed = table.choices(other) != choices[other]
                assert (table.seat_version(other) != versions[other]) == changed, (name, steps, other)
                shared_steps += bool(choices[other]) and not changed
    if name != "koikoi":  # every game but Koi-Koi has decisions several seats make at once
        assert shared_steps > 0
