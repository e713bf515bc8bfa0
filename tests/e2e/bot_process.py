"""``python -m tests.e2e.bot_process``: Parlor as ``python -m bot`` runs it (settings from the environment:
PARLOR_DATABASE, PARLOR_SHARD_COUNT, PARLOR_SHARD_IDS …; :func:`bot.main.make_bot`), in a process of its
own, against a local Discord that another process serves at ``LOCALDISCORD_URL``. For the tests' sake
every table draws the seed ``PARLOR_TEST_SEED`` (so deals repeat from run to run), bots move after
``PARLOR_TEST_BOT_DELAY`` seconds, and the shards IDENTIFY without discord.py's 5-second pause between them.
``PARLOR_TEST_UNPACED=1`` lifts the process's share of the global rate limit (a benchmark's "before").
``PARLOR_TEST_PROFILE=FILE`` profiles the event loop's thread by CPU time (``cProfile`` timed by
``time.thread_time``, so time spent waiting is not counted) and writes the statistics to ``FILE`` when the
process is stopped (SIGTERM); read them with ``python -m pstats FILE``.
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
import time

from bot.logs import configure_logging
from bot.main import make_bot
from bot.settings import Settings
from localdiscord.server import point_discord_at


async def _no_identify_delay(shard_id: int | None, *, initial: bool = False) -> None:
    return None


def main() -> int:
    point_discord_at(os.environ["LOCALDISCORD_URL"])
    settings = Settings.from_env(env_file=None)
    configure_logging(settings.log_level)
    seed = os.environ.get("PARLOR_TEST_SEED", "0" * 32)
    bot = make_bot(settings, bot_delay=float(os.environ.get("PARLOR_TEST_BOT_DELAY", "0.05")), new_seed=lambda: seed)
    bot.before_identify_hook = _no_identify_delay  # type: ignore[method-assign]
    if os.environ.get("PARLOR_TEST_UNPACED") == "1":
        bot.pacer.per_window = 1 << 30
    bot._connection.guild_ready_timeout = 0.2  # private, but the only knob (as the harness's fast_ready)
    if profile := os.environ.get("PARLOR_TEST_PROFILE"):
        _profile_until_stopped(profile)
    bot.run(settings.token or "fake-token", log_handler=None)
    return 0


def _profile_until_stopped(path: str) -> None:
    """Profiles this thread (the event loop's) by CPU time; on SIGTERM writes the statistics to ``path`` and
    exits at once (a benchmark's figures are taken before it stops the process)."""
    profiler = cProfile.Profile(time.thread_time)

    def stop(*_: object) -> None:
        profiler.disable()
        profiler.dump_stats(path)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    profiler.enable()


if __name__ == "__main__":
    sys.exit(main())
