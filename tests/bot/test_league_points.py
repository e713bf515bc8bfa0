"""Sanma's season ledger books exactly the final scores players saw (tenths of a point), new games and,
through migration 0007, games booked before in whole points."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.league.points import plain, shown
from bot.league.standings import standings
from bot.render import presentation
from bot.store import Store
from games.sanma import GAME
from games.sanma.events import GameEnd
from games.sanma.settle import finish
from games.sanma.state import SanmaState
from tests.bot.test_store import GUILD, Clock, playing_table

POINTS = [46600, 36600, 21800]  # Tenhou's sanma: +41.6, −3.4, −38.2 after return, uma and oka
SEEN = ["+41.6", "−3.4", "−38.2"]


def finished_sanma() -> tuple[SanmaState, list]:
    state = GAME.new_game(GAME.Options(), ["Alice", "Bob", "Carol"], "seed")
    state.scores = list(POINTS)
    events: list = []
    finish(state, events, "last_hand")
    return state, events


def result_text(events: list) -> str:
    """The final result message players saw."""
    end = next(e for e in events if isinstance(e, GameEnd))
    embed = presentation("sanma").summary(end, ["Alice", "Bob", "Carol"])
    return embed.description + " ".join(f.value for f in embed.fields)


def test_the_ledger_books_the_final_scores_shown():
    state, events = finished_sanma()
    text = result_text(events)
    assert all(f"({seen.replace('−', '-')})" in text for seen in SEEN)  # what the final result shows
    lines = GAME.ledger_entries(state)
    assert [line["amount"] for line in lines] == [416, -34, -382]
    assert [shown("sanma", line["amount"]) for line in lines] == SEEN
    assert [plain("sanma", line["amount"]) for line in lines] == ["41.6", "-3.4", "-38.2"]
    assert sum(line["amount"] for line in lines) == 0


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def test_migration_0007_rebooks_old_sanma_lines_from_the_final_result(tmp_path: Path, backend: str, request):
    folder = Path(__file__).resolve().parents[2] / "bot" / "migrations"
    if backend == "postgres":
        folder = folder / "postgresql"
    old = tmp_path / "old_migrations"
    old.mkdir()
    for f in folder.glob("000[1-6]_*.sql"):
        shutil.copy(f, old)
    path = tmp_path / "parlor.sqlite3" if backend == "sqlite" else request.getfixturevalue("postgres_url")
    state, _ = finished_sanma()
    async with await Store.open(path, clock=Clock(), migrations=old) as store:
        t = await playing_table(store, users=(1, 2, None), game="sanma")
        rounded = [42, -3, -39]  # what the ledger booked before: whole points, the residue on first place
        async with store.transaction() as db:  # as finish_table did before this release (no ratings yet)
            await db.execute(
                "UPDATE tables SET status = 'finished', snapshot = ?, finished_at = 5 WHERE id = ?",
                (state.model_dump_json(), t.id),
            )
            await store.ledger.append(
                [
                    {
                        "guild_id": GUILD,
                        "season_id": t.season_id,
                        "table_id": t.id,
                        "game": "sanma",
                        "participant": p,
                        "user_id": u,
                        "name": n,
                        "seat": i,
                        "kind": "game",
                        "amount": a,
                        "placing": i + 1,
                    }
                    for i, (p, u, n, a) in enumerate(
                        zip(("user:1", "user:2", f"bot:{t.id}:2"), (1, 2, None), ("Alice", "Bob", "Bot"), rounded)
                    )
                ],
                conn=db,
            )
    async with await Store.open(path, clock=Clock()) as store:
        lines = await store.ledger.lines(GUILD)
        assert [line.amount for line in lines] == [416, -34, -382]
        season = await store.seasons.current(GUILD)
        assert {r.user_id: r.net for r in await store.results.standings(GUILD, season.id)} == {1: 416, 2: -34}
        kept = await standings(store, GUILD, season.id)  # standings_totals, filled by the migration
        assert {r.user_id: (r.points, r.games, r.firsts) for r in kept["sanma"].rows} == {
            1: (416, 1, 1),
            2: (-34, 1, 0),
        }
        assert {(t.participant, t.amount) for t in await store.ledger.totals(GUILD, season.id)} == {
            ("user:1", 416),
            ("user:2", -34),
        }
