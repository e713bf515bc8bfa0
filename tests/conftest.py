"""Fixtures shared by the whole suite: the test PostgreSQL server (tests/postgres_server.py)."""

from tests.postgres_server import postgres_server, postgres_url, store_url  # noqa: F401
