"""``python -m bot migrate``: copy a whole Parlor database into another, e.g. SQLite → PostgreSQL.

Every row of every table (seasons and their rules, tables, their action logs, guild and league settings,
the ledger, the ratings) is
copied with its id, in one transaction on the target, which must be empty. The sums that the
ledger's trigger keeps (``ledger_totals``, ``results``) are rebuilt by the target itself as the
lines arrive, then compared with the source's. The copy is verified before it is committed:
row counts of every table and the sums of every amount must be identical, otherwise nothing is
written and :class:`CopyFailed` says what differed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.store import Store, StoreError

# Copied in this order (references first), each ordered by its key so ids stay as they were.
COPIED = {
    "seasons": "id",
    "tables": "id",
    "actions": "table_id, seq",
    "guild_config": "guild_id",
    "ledger": "id",
    "app_emoji": "application_id, name",
    "season_rules": "season_id, game",
    "league_settings": "guild_id",
    "ratings": "table_id, user_id, scope",
    "officer_actions": "id",
    "league_signups": "id",
    "signup_players": "signup_id, user_id",
    "night_rounds": "signup_id, round",
    "night_tables": "signup_id, round, number",
    "table_pauses": "table_id",
    "table_voids": "table_id",  # after the ledger: its trigger takes the voided tables out of the results
    "league_players": "guild_id, user_id",
    "late_seats": "table_id, seat",
}
# Counts and sums compared after the copy: the derived tables too (rebuilt by the target's trigger).
CHECKS = {
    "seasons": "COUNT(*)",
    "tables": "COUNT(*)",
    "actions": "COUNT(*)",
    "guild_config": "COUNT(*)",
    "app_emoji": "COUNT(*)",
    "season_rules": "COUNT(*)",
    "league_settings": "COUNT(*), COALESCE(SUM(min_games), 0), COUNT(officer_role), COALESCE(SUM(registration), 0)",
    "officer_actions": "COUNT(*), COALESCE(SUM(officer_id % 1000003), 0), COALESCE(SUM(LENGTH(details)), 0)",
    "league_signups": "COUNT(*), COALESCE(SUM(rounds), 0), COUNT(ended_at), COALESCE(SUM(tables_in % 1000003), 0)",
    "signup_players": "COUNT(*), COALESCE(SUM(user_id % 1000003), 0)",
    "night_rounds": "COUNT(*), COALESCE(SUM(round), 0), COALESCE(SUM(LENGTH(seed) + LENGTH(waiting)), 0)",
    "night_tables": "COUNT(*), COALESCE(SUM(bots), 0), COUNT(table_id), COALESCE(SUM(LENGTH(players)), 0)",
    "table_pauses": "COUNT(*), COALESCE(SUM(remaining), 0)",
    "table_voids": "COUNT(*), COALESCE(SUM(table_id), 0)",
    "league_players": "COUNT(*), COALESCE(SUM(user_id % 1000003), 0)",
    "late_seats": "COUNT(*), COALESCE(SUM(user_id % 1000003), 0), COALESCE(SUM(deal), 0)",
    "ratings": "COUNT(*), COALESCE(SUM(table_id), 0), COALESCE(SUM(user_id % 1000003), 0)",
    "ledger": "COUNT(*), COALESCE(SUM(amount), 0), COALESCE(SUM(amount * amount), 0)",
    "ledger_totals": "COUNT(*), COALESCE(SUM(amount), 0), COALESCE(SUM(ABS(amount)), 0)",
    "results": "COUNT(*), COALESCE(SUM(net), 0), COALESCE(SUM(rounds_won), 0), COUNT(placing)",
    "standings_totals": "COUNT(*), COALESCE(SUM(points), 0), COALESCE(SUM(games), 0), COALESCE(SUM(placing_sum), 0)",
}
BATCH = 1000
# The target's own: schema_migrations; ledger_totals, results and standings_totals are rebuilt by its
# triggers; game_tallies is a cache the player pages count again from the action logs (bot/tallies.py).
NOT_COPIED = {"schema_migrations", "game_tallies"}
TABLE_NAMES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
}


class CopyFailed(StoreError):
    """The target is not empty, or what arrived differs from what left (nothing was written)."""


@dataclass(frozen=True)
class Copied:
    counts: dict[str, tuple[int, ...]]  # per table: its count and sums, identical on both sides

    def summary(self) -> str:
        return ", ".join(f"{table} {figures[0]}" for table, figures in self.counts.items())


async def figures(store: Store) -> dict[str, tuple[int, ...]]:
    """Per table, its row count and the sums of its amounts."""
    out = {}
    async with store.transaction() as db:
        for table, expressions in CHECKS.items():
            async with db.execute(f"SELECT {expressions} FROM {table}") as cur:
                row = await cur.fetchone()
            assert row is not None  # an aggregate always has a row
            out[table] = tuple(int(value) for value in row)
    return out


async def copy_database(source: Store, target: Store, progress: Callable[[str], None] = lambda line: None) -> Copied:
    """Copy ``source`` into the empty ``target``, verify, commit; :class:`CopyFailed` otherwise."""
    # The source's transaction holds its writers off (a bot still running waits), so what is
    # counted is what is copied.
    async with source.transaction() as out, target.transaction() as into:
        if source.dialect.name == "postgresql":  # one snapshot of a PostgreSQL source for the whole copy
            await out.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        expected = await figures(source)  # joins the source's transaction
        async with out.execute(TABLE_NAMES[source.dialect.name]) as cur:
            unknown = {row[0] for row in await cur.fetchall()} - set(COPIED) - set(CHECKS) - NOT_COPIED
        if unknown:  # a table a later migration added, which this copy does not know how to copy
            raise CopyFailed(
                f"the source has tables this move does not copy ({', '.join(sorted(unknown))}): nothing was written."
            )
        for table in COPIED:
            async with into.execute(f"SELECT COUNT(*) FROM {table}") as cur:
                count = await cur.fetchone()
            if count is not None and count[0]:
                raise CopyFailed(f"the target database already has {table}: migrate only into an empty database.")
        for table, order in COPIED.items():
            async with out.execute(f"SELECT * FROM {table} ORDER BY {order}") as cur:
                rows = list(await cur.fetchall())
            if not rows:
                continue
            columns = list(rows[0].keys())
            insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            for start in range(0, len(rows), BATCH):
                await into.executemany(insert, [tuple(row) for row in rows[start : start + BATCH]])
            progress(f"{table}: {len(rows)} rows")
            if order == "id" and target.dialect.next_id:
                await into.execute(target.dialect.next_id.format(table=table))
        arrived = await figures(target)  # inside the transaction: it joins it
        if arrived != expected:
            differing = [f"{t}: {expected[t]} → {arrived[t]}" for t in CHECKS if expected[t] != arrived[t]]
            raise CopyFailed("the copy differs from the source, nothing was written: " + "; ".join(differing))
    return Copied(expected)
