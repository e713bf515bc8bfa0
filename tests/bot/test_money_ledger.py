"""cogs.money: balances and debts as sums over the season ledger (game-neutral), with a real store."""

import pytest

from bot.store import Store
from cogs.money import accounts, debts_of, money_games

GUILD = 5


@pytest.fixture
async def store():
    s = await Store.open(":memory:")
    yield s
    await s.close()


def line(user, kind, amount, game="blackflower", table=None):
    return {
        "guild_id": GUILD,
        "game": game,
        "participant": f"user:{user}",
        "user_id": user,
        "name": f"u{user}",
        "kind": kind,
        "amount": amount,
        "table_id": table,
    }


async def test_money_games_are_those_with_balances():
    games = money_games()
    assert "blackflower" in games and "koikoi" not in games


async def test_balances_and_debts_over_the_ledger(store):
    await store.ledger.append(
        [
            line(1, "bet", -20),
            line(1, "win", 40),  # +20
            line(2, "bank", -1100),  # a banker who ran short: 1000 - 1100 = -100
            line(3, "loan", 120),
            line(3, "repay", -60),  # 60 still owed, balance 1060
            line(4, "game", 7, game="koikoi"),  # not a money game: ignored
            {
                "guild_id": GUILD,
                "game": "blackflower",
                "participant": "bot:1:2",
                "user_id": None,
                "name": "Bot 1",
                "kind": "bank",
                "amount": -2000,
            },  # bots are not listed
        ]
    )
    season = await store.seasons.current(GUILD)
    lines = await store.ledger.lines(GUILD, season_id=season.id)
    accs = accounts(lines, ["blackflower"])
    assert {k[1] for k in accs} == {"user:1", "user:2", "user:3"}
    assert accs[("blackflower", "user:1")].balance(1000) == 1020
    assert accs[("blackflower", "user:1")].kinds == {"bet": -20, "win": 40}
    found = debts_of(accs, 1000)
    assert [(a.participant, owed, loans) for a, owed, loans in found] == [("user:2", 100, 0), ("user:3", 0, 60)]
    # the starting balance changes who is in debt
    assert [(a.participant, owed) for a, owed, _ in debts_of(accs, 2000)] == [("user:3", 0)]
    assert sum(ln.amount for ln in lines if ln.game == "blackflower") == -20 + 40 - 1100 + 120 - 60 - 2000


async def test_a_finished_game_conserves_chips_in_the_ledger(store):
    from games.blackflower import GAME, Options
    from games.blackflower.simulate import play_game

    state, _ = play_game(Options(split_by_month=True, double_down=True), 4, "ledger")
    entries = [
        {
            **entry,
            "guild_id": GUILD,
            "game": "blackflower",
            "participant": f"user:{entry['seat'] + 1}",
            "user_id": entry["seat"] + 1,
            "name": f"s{entry['seat']}",
        }
        for entry in GAME.ledger_entries(state)
    ]
    await store.ledger.append(entries)
    season = await store.seasons.current(GUILD)
    for seat in range(4):
        assert await store.ledger.balance(GUILD, season.id, seat + 1, "blackflower") == GAME.result(state).scores[seat]
    lines = await store.ledger.lines(GUILD, season_id=season.id)
    assert sum(ln.amount for ln in lines) == 0
