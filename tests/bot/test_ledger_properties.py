"""Seeded property runs of every game through the table manager and a real store:
after every finished game, each seat's ledger lines add up to its result, and each
person's balance, debts, standings row and history equal the sums of the ledger lines so far.

Two people sit at every table (from four, in turn) and resign at once, so Parlor's bot plays
their seats and they still count in the league; the other seats are bots. The suite plays 200
games of every game (the acceptance run: 7 minutes here, mostly the Sanma, BCP and
Hachi-Hachi bots); ``PARLOR_LEDGER_GAMES=N`` plays N instead, for a quick local run.
"""

from __future__ import annotations

import os
import zlib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from bot.store import Store
from bot.tables import FINISHED, TableManager
from cogs.money import accounts, debts_of
from tests.bot import managed_tables
from tests.bot.managed_tables import BOT, numbered_seeds, open_lobby, start_table

GUILD = 10
PEOPLE = {1: "alice", 2: "bob", 3: "carol", 4: "dave"}
GAMES = {  # game: (options, seats)
    "koikoi": ({"months": 1}, 2),
    "blackflower": ({}, 3),
    "hachihachi": ({"months": 6, "players": 3}, 3),
    "sanma": ({"east_only": True}, 3),
    "bcpoker": ({"lead_rounds": 1}, 3),
}
GAMES_PLAYED = int(os.getenv("PARLOR_LEDGER_GAMES") or 200)
STARTING_CHIPS = 40  # low, so that Black Flower's bankers run into debt


async def new_manager(path: Path, first_seed: int = 0) -> TableManager:
    manager = await managed_tables.new_manager(path, bot_delay=0, new_seed=numbered_seeds(first_seed, 100_000))
    await manager.store.config.set(GUILD, starting_balance=STARTING_CHIPS)
    return manager


async def play_one(manager: TableManager, game: str, options: dict, seats: int, people: tuple[int, int], channel: int):
    """One whole game: two people sit, the rest are bots, the people resign; returns the table."""
    host, guest = people
    table = await open_lobby(manager, game, options, guild=GUILD, channel=channel, host=(host, PEOPLE[host]))
    table = await start_table(manager, table, (guest, PEOPLE[guest]), *[BOT] * (seats - 2))
    for person in people:
        if table.status != FINISHED:  # the bots may finish the game before the second resigns
            await manager.resign(table.id, person)
    await manager.idle()
    assert table.status == FINISHED
    return table


class Expected:
    """The league as sums over the ledger lines written so far, kept in Python."""

    def __init__(self) -> None:
        self.lines: list = []
        self.tables: dict[tuple[int, str], list[int]] = defaultdict(list)
        self.wins: Counter = Counter()
        self.rounds: dict[tuple[int, str], int] = Counter()
        self.round_games: set[str] = set()

    def add(self, table_id: int, lines: list) -> None:
        self.lines += lines
        per_round: Counter = Counter()
        for line in lines:
            if line.user_id is None:
                continue
            key = (line.user_id, line.game)
            if table_id not in self.tables[key]:
                self.tables[key].append(table_id)
            if line.placing == 1:
                self.wins[key] += 1
            if line.round is not None:
                per_round[(key, line.round)] += line.amount
                self.round_games.add(line.game)
        for (key, _), amount in per_round.items():
            self.rounds[key] += amount > 0

    def net(self, user_id: int, game: str) -> int:
        return sum(ln.amount for ln in self.lines if ln.user_id == user_id and ln.game == game)


async def check_game(store: Store, table, expected: Expected) -> None:
    lines = await store.ledger.lines(GUILD, table_id=table.id)
    result = table.game.result(table.state)
    for seat in range(len(table.seats)):  # every seat's lines add up to its result
        assert sum(ln.amount for ln in lines if ln.seat == seat) == result.scores[seat], (table.game.name, seat)
    expected.add(table.id, lines)
    season = await store.seasons.current(GUILD)
    game = table.game.name

    rows = {r.user_id: r for r in await store.results.standings(GUILD, season.id, game)}
    for person in PEOPLE:
        key = (person, game)
        if not expected.tables[key]:
            assert person not in rows
            continue
        net = expected.net(person, game)
        assert await store.ledger.balance(GUILD, season.id, person, game) == net
        row = rows[person]
        rounds = expected.rounds[key] if game in expected.round_games else None
        assert (row.net, row.games, row.wins, row.rounds_won) == (
            net,
            len(expected.tables[key]),
            expected.wins[key],
            rounds,
        ), (game, person)

    for person in {s.user_id for s in table.seats if not s.bot}:
        newest = (await store.results.history(GUILD, person, limit=1))[0]
        assert (newest.table_id, newest.amount) == (table.id, sum(ln.amount for ln in lines if ln.user_id == person))

    # /balance and /debts: the grouped sums give what the raw lines give.
    totals = await store.ledger.totals(GUILD, season.id)
    mine = accounts(totals, [game])
    theirs = accounts(expected.lines, [game])
    assert {k: (a.ledger, a.loans, {kind: v for kind, v in a.kinds.items() if v}) for k, a in mine.items()} == {
        k: (a.ledger, a.loans, {kind: v for kind, v in a.kinds.items() if v}) for k, a in theirs.items()
    }
    assert [(a.participant, owed, loans) for a, owed, loans in debts_of(mine, STARTING_CHIPS)] == [
        (a.participant, owed, loans) for a, owed, loans in debts_of(theirs, STARTING_CHIPS)
    ]


@pytest.mark.timeout(1800)  # 200 Sanma games take about four minutes here, over the suite's 300 s per test
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_finished_game_adds_up(tmp_path, game):
    options, seats = GAMES[game]
    count = GAMES_PLAYED
    manager = await new_manager(tmp_path / "parlor.sqlite3", first_seed=zlib.crc32(game.encode()) % 10_000 * 1000)
    expected = Expected()
    pairs = [(1, 2), (3, 1), (2, 4), (4, 3)]
    try:
        for n in range(count):
            table = await play_one(manager, game, options, seats, pairs[n % len(pairs)], channel=100 + n)
            await check_game(manager.store, table, expected)
    finally:
        await manager.close()
        await manager.store.close()
    kinds = Counter(ln.kind for ln in expected.lines)
    if game == "hachihachi" and count >= 20:
        assert kinds["loan"] and kinds["debt"], kinds  # the runs did borrow and end in debt
    if game == "blackflower" and count >= 100:
        season_debts = debts_of(accounts(expected.lines, [game]), STARTING_CHIPS)
        assert season_debts, "no banker ran into debt"
