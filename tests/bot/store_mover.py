"""A process that writes moves to one table through the store as fast as it can, until it is killed.

    python -m tests.bot.store_mover <database> <table id>

It says ``ready`` once its store is open; each move's snapshot counts the moves made so far (``{"moves": k}``), so a
test that kills it can check that the table's row and its log were written together (tests/bot/test_store_processes.py).
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.store import Store
from tests.bot.store_moves import record_move


async def main(database: str, table_id: int) -> None:
    store = await Store.open(database)
    table = await store.tables.get(table_id)
    assert table is not None and table.snapshot is not None
    print("ready", flush=True)
    made = json.loads(table.snapshot)["moves"]
    while True:
        made += 1
        table = await record_move(store, table, f"play:{made}", {"moves": made}, seat=made % 2, actor=1 + made % 2)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
