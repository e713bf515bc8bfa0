"""Process settings, read from the environment (and `.env`, via python-dotenv)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

from bot.shards import Shards

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = ROOT / "data" / "parlor.sqlite3"
DB_MOVERS = 8  # PARLOR_DB_MOVERS: PostgreSQL connections for the moves, beside the writer and the reader
TURN_SECONDS = (10, 3600)  # the range of a decision's time: PARLOR_TURN_SECONDS, /config turn_time, /play turn_time


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# Every setting, for python -m bot --help (.env.example says the same at more length).
SETTINGS_HELP = {
    "DISCORD_TOKEN": "the bot token; empty: run the local playground instead of connecting to Discord",
    "PARLOR_DATABASE": "a SQLite file (default data/parlor.sqlite3) or a postgresql://user:password@host/db URL",
    "PARLOR_DEV_GUILD": "a server id: slash commands are synced there only (instant)",
    "PARLOR_LOG_LEVEL": "DEBUG, INFO (default), WARNING or ERROR",
    "PARLOR_TURN_SECONDS": f"a decision's default time, {TURN_SECONDS[0]}-{TURN_SECONDS[1]} seconds (default 90)",
    "PARLOR_PLAYGROUND_PORT": "the local playground's port (default 8765; 0: any free port)",
    "PARLOR_METRICS_PORT": "serve Prometheus metrics at http://<host>:<port>/metrics (default: none, no port opened)",
    "PARLOR_SHARD_COUNT": "how many Discord shards in all, over every process (default: no sharding, one process)",
    "PARLOR_SHARD_IDS": "the shards this process runs, e.g. 0,1 (default: all of PARLOR_SHARD_COUNT)",
    "PARLOR_PICTURE_WORKERS": "processes drawing pictures (default: the process's share of the cores, by its shards)",
    "PARLOR_DB_MOVERS": f"PostgreSQL connections saving moves of different tables at once (default {DB_MOVERS})",
}


class SettingsError(RuntimeError):
    """A setting is missing or malformed; the message says what to set and where."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path | str  # a SQLite file, or a postgresql://… URL (the PostgreSQL backend)
    dev_guild: int | None
    log_level: str
    turn_seconds: int
    playground_port: int = 8765  # the local playground's page (used when no token is set)
    metrics_port: int | None = None  # the Prometheus endpoint (bot/metrics.py); None: not served
    shards: Shards | None = None  # the shards this process runs (and the guilds it serves); None: one process
    picture_workers: int | None = None  # None: the process's share of the cores (bot/painter.py)
    db_movers: int = DB_MOVERS  # PostgreSQL connections for moves (bot/store/connection.py); unused on SQLite

    @classmethod
    def from_env(cls, env_file: Path | None = ROOT / ".env") -> Settings:
        if env_file is not None and env_file.exists():
            load_dotenv(env_file, override=False)
        token = os.getenv("DISCORD_TOKEN", "").strip() or None
        database = database_setting(os.getenv("PARLOR_DATABASE", ""))
        dev_guild = _int_or_none("PARLOR_DEV_GUILD")
        log_level = (os.getenv("PARLOR_LOG_LEVEL", "").strip() or "INFO").upper()
        if log_level not in LOG_LEVELS:
            raise SettingsError(
                f"PARLOR_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {log_level!r} (set it in .env)."
            )
        turn_seconds = _int_or_none("PARLOR_TURN_SECONDS") or 90
        if not TURN_SECONDS[0] <= turn_seconds <= TURN_SECONDS[1]:
            raise SettingsError(
                f"PARLOR_TURN_SECONDS must be between {TURN_SECONDS[0]} and {TURN_SECONDS[1]} seconds (set it in .env)."
            )
        playground_port = _int_or_none("PARLOR_PLAYGROUND_PORT")
        playground_port = 8765 if playground_port is None else playground_port
        if not 0 <= playground_port <= 65535:
            raise SettingsError(
                "PARLOR_PLAYGROUND_PORT must be a port number from 1 to 65535, or 0 for any free port (set it in .env)."
            )
        metrics_port = _int_or_none("PARLOR_METRICS_PORT")
        if metrics_port is not None and not 0 <= metrics_port <= 65535:
            raise SettingsError(
                "PARLOR_METRICS_PORT must be a port number from 1 to 65535 (0: any free port), or "
                "empty for no metrics (set it in .env)."
            )
        try:
            shards = Shards.parse(os.getenv("PARLOR_SHARD_COUNT", ""), os.getenv("PARLOR_SHARD_IDS", ""))
        except ValueError as error:
            raise SettingsError(f"{error} (set it in .env).") from None
        if shards is not None and len(shards.ids) < shards.count and not isinstance(database, str):
            raise SettingsError(
                f"PARLOR_SHARD_IDS runs only {shards} in this process, so other processes run the "
                "rest, and they must share one database: set PARLOR_DATABASE to a postgresql:// URL "
                "(several processes cannot share a SQLite file)."
            )
        picture_workers = _int_or_none("PARLOR_PICTURE_WORKERS")
        if picture_workers is not None and picture_workers < 1:
            raise SettingsError(
                "PARLOR_PICTURE_WORKERS must be at least 1, or empty for the process's share of the cores (set it "
                "in .env)."
            )
        db_movers = _int_or_none("PARLOR_DB_MOVERS")
        if db_movers is not None and db_movers < 1:
            raise SettingsError(f"PARLOR_DB_MOVERS must be at least 1, or empty for {DB_MOVERS} (set it in .env).")
        return cls(
            token,
            database,
            dev_guild,
            log_level,
            turn_seconds,
            playground_port,
            metrics_port=metrics_port,
            shards=shards,
            picture_workers=picture_workers,
            db_movers=DB_MOVERS if db_movers is None else db_movers,
        )

    def require_token(self) -> str:
        if not self.token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env in the project folder "
                "and put your bot token after DISCORD_TOKEN= (Discord Developer Portal → "
                "your application → Bot → Reset Token), or export DISCORD_TOKEN in the environment."
            )
        return self.token


def database_setting(raw: str) -> Path | str:
    """``PARLOR_DATABASE``: a ``postgresql://`` URL as given, else a SQLite file's path (default data/parlor.sqlite3)."""
    raw = raw.strip()
    if raw.startswith(("postgresql://", "postgres://")):
        return raw
    return Path(raw or DEFAULT_DB)


def _int_or_none(name: str) -> int | None:
    raw = os.getenv(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, got {raw!r} (check .env).") from None
