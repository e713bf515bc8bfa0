"""Player pages from stored games (bot/profile.py, bot/tallies.py), on SQLite and PostgreSQL: the games,
placings, league points and every statistic equal what this test counts itself from the games' events."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.profile import find, load_page, page_text
from bot.store import PlayedMove, Store
from bot.tallies import uncounted
from faces.profile import profile_picture
from games.sanma.tally import LINES
from tests.bot.league_games import store_game
from tests.games.test_tally import count_koikoi, count_sanma

GUILD = 7
ALICE, BOB = 101, 102


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.postgres)])
async def store(request):
    where = ":memory:" if request.param == "memory" else request.getfixturevalue("postgres_url")
    s = await Store.open(where)
    try:
        yield s
    finally:
        await s.close()


def end_of(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "game_end")


async def test_a_sanma_page_counts_what_the_events_say(store: Store) -> None:
    seats = [(ALICE, "Alice"), (BOB, "Bob"), (None, "Bot")]
    expected = Counter()
    placings = Counter()
    points = []
    for number in range(4):
        order = seats[number % 3 :] + seats[: number % 3]  # Alice sits at every seat in turn
        events = await store_game(store, GUILD, 10 + number, "sanma", order, f"page-{number}")
        mine = [uid for uid, _ in order].index(ALICE)
        expected.update(count_sanma(events, 3)[mine])
        placings[end_of(events)["ranks"][mine]] += 1
    lines = await store.ledger.lines(GUILD)
    for table_id in sorted({line.table_id for line in lines}):  # the tables in the order they finished
        points.append(sum(line.amount for line in lines if line.table_id == table_id and line.user_id == ALICE))

    record = await find(store, GUILD, ALICE)
    assert record is not None and record.game == "sanma" and len(record.games) == 4
    assert await uncounted(store, GUILD, record.season.id, "sanma", ALICE) == [g.table_id for g in record.games]
    page = await load_page(store, record, ALICE, "Alice")
    assert await uncounted(store, GUILD, record.season.id, "sanma", ALICE) == []  # kept: not replayed again

    assert page.games == 4 and page.placings == dict(sorted(placings.items()))
    # league points as the standings show them: the sanma ledger's tenths as points
    assert [y for _, y in page.points.points] == pytest.approx([0, *[sum(points[: i + 1]) / 10 for i in range(4)]])
    figures = dict(page.stats)
    for line in LINES:
        assert figures[line.label] == line.text(expected), line.label
    assert (
        figures["Win rate"]
        == f"{100 * expected['wins'] / expected['hands']:.1f}% ({expected['wins']}/{expected['hands']})"
    )
    text = page_text(page)
    for label, figure in page.stats:
        assert f"{label}: {figure}" in text
    picture = profile_picture(page)
    assert picture.startswith(b"\x89PNG") and len(picture) < 100_000

    assert await find(store, GUILD, BOB, "koikoi") is None  # no Koi-Koi game of Bob's


async def test_a_koikoi_page_lists_yaku_and_calls(store: Store) -> None:
    expected = Counter()
    for number in range(3):
        events = await store_game(
            store, GUILD, 20 + number, "koikoi", [(BOB, "Bob"), (ALICE, "Alice")], f"koi-{number}"
        )
        expected.update(count_koikoi(events, 2)[1])
    record = await find(store, GUILD, ALICE, "koikoi")
    page = await load_page(store, record, ALICE, "Alice")
    figures = dict(page.stats)
    assert figures["Months played"] == str(expected["months"])
    assert figures["Koi-Koi calls"] == str(expected["koikoi"])
    yaku = {k.removeprefix("yaku:"): n for k, n in expected.items() if k.startswith("yaku:")}
    title, listed = page.frequencies[0]
    assert title == "Yaku made" and dict(listed) == dict(sorted(yaku.items(), key=lambda kv: (-kv[1], kv[0]))[:8])


async def test_the_season_chart_follows_each_top_players_league_points(store: Store) -> None:
    from bot.season_chart import league_lines

    for number in range(3):
        await store_game(
            store, GUILD, 30 + number, "sanma", [(ALICE, "Alice"), (BOB, "Bob"), (None, "Bot")], f"chart-{number}"
        )
    season = await store.seasons.current(GUILD)
    standings = await store.results.standings(GUILD, season.id, "sanma")
    assert [r.user_id for r in standings] and None not in [r.user_id for r in standings]  # bots are not ranked
    lines = await league_lines(store, season, "sanma", [r.user_id for r in standings])
    assert [line.label for line in lines] == [r.name for r in standings]
    ledger = await store.ledger.lines(GUILD)
    for line, row in zip(lines, standings):
        mine = [
            sum(x.amount for x in ledger if x.table_id == t and x.user_id == row.user_id)
            for t in sorted({x.table_id for x in ledger})
        ]
        # the chart reads as the standings do: a sanma ledger's tenths as points
        assert [y for _, y in line.points] == pytest.approx([0, *[sum(mine[: i + 1]) / 10 for i in range(len(mine))]])
        assert [x for x, _ in line.points] == sorted(x for x, _ in line.points)
        assert line.points[-1][1] == pytest.approx(row.net / 10)


async def test_a_log_the_engine_refuses_is_counted_once_as_unreplayable(store: Store, caplog) -> None:
    seats = [
        {"user_id": uid, "name": name, "bot": uid is None}
        for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (None, "Bot"))
    ]
    table = await store.tables.create(GUILD, 40, "sanma", {}, ALICE, seats, 90)
    season = await store.seasons.ensure(GUILD)
    table = await store.tables.start(table.id, seats, "broken", "{}", None, season.id, expected_version=table.version)
    version = await store.tables.record_action(
        table.id, PlayedMove(0, "discard:7z", ALICE), snapshot="{}", deadline=None, expected_version=table.version
    )
    await store.tables.finish(
        table.id,
        snapshot="{}",
        expected_version=version,
        results=[
            {"participant": f"user:{ALICE}", "user_id": ALICE, "name": "Alice", "seat": 0, "amount": 5, "placing": 1},
            {"participant": f"user:{BOB}", "user_id": BOB, "name": "Bob", "seat": 1, "amount": -5, "placing": 2},
        ],
    )
    record = await find(store, GUILD, ALICE)
    page = await load_page(store, record, ALICE, "Alice")
    assert dict(page.stats)["Games whose log could not be replayed"] == "1"
    assert dict(page.stats)["Hands played"] == "0"
    assert "7z" not in caplog.text and "could not be replayed" in caplog.text
    assert await uncounted(store, GUILD, record.season.id, "sanma", ALICE) == []  # not tried again


async def test_a_money_games_page_charts_chips_and_a_given_rating(store: Store) -> None:
    for number in range(2):
        await store_game(
            store, GUILD, 50 + number, "blackflower", [(ALICE, "Alice"), (BOB, "Bob"), (None, "Bot")], f"bf-{number}"
        )
    record = await find(store, GUILD, ALICE, "blackflower")
    page = await load_page(store, record, ALICE, "Alice", rating=21.5, rating_after=[20.0, 21.5])
    assert page.points_label == "Chips" and page.rating_series.points == [(1.0, 20.0), (2.0, 21.5)]
    text = page_text(page)
    assert "Rating: 21.5" in text and "Chips: " in text and "Rounds played: " in text
