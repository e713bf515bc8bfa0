"""A benchmark's scratch space: a temporary folder and a PostgreSQL server of its own, both gone when it ends."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from benchmarks.command_line import Options
from tests.postgres_server import PostgresForTests


def run_with_postgres(bench: Callable[..., Coroutine[Any, Any, None]], options: Options) -> None:
    """``bench(folder, server, **options)`` run to its end (``options``: the benchmark's command line), then the
    folder removed and the server stopped (even on error)."""
    server = PostgresForTests()
    try:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(bench(Path(folder), server, **vars(options)))
    finally:
        server.stop()
