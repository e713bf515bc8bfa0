"""``python -m tests.e2e.bot_process``: Parlor as ``python -m bot`` runs it (settings from the environment:
PARLOR_DATABASE, PARLOR_SHARD_COUNT, PARLOR_SHARD_IDS …; :func:`bot.main.make_bot`), in a process of its
own, against a local Discord that another process serves at ``LOCALDISCORD_URL``. For the tests' sake
every table draws the seed ``PARLOR_TEST_SEED`` (so deals repeat from run to run), bots move after
``PARLOR_TEST_BOT_DELAY`` seconds, and the shards IDENTIFY without discord.py's 5-second pause between them.
``PARLOR_TEST_UNPACED=1`` lifts the process's share of the global rate limit (a benchmark's "before").
``PARLOR_TEST_PROFILE=FILE`` profiles the event loop's thread by CPU time (``cProfile`` timed by
``time.thread_time``, so time spent waiting is not counted) and writes the statistics to ``FILE`` when the
process is stopped (SIGTERM); read them with ``python -m pstats FILE``. ``PARLOR_TEST_TIMINGS=FILE`` records each
interaction's moments inside the process and the event loop's lag (``tests/e2e/answer_timings.py``) and writes them
to ``FILE`` when the process is stopped. ``PARLOR_TEST_GC_YOUNG=N`` sets the garbage collector's young threshold after
start-up to ``N`` in place of ``bot.main.YOUNG_COLLECTION`` (a benchmark's experiment).
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot import main as parlor_main
from bot.logs import configure_logging
from bot.main import make_bot
from bot.settings import Settings
from localdiscord.server import point_discord_at
from tests.e2e.answer_timings import AnswerTimings


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
    if young := os.environ.get("PARLOR_TEST_GC_YOUNG"):
        parlor_main.YOUNG_COLLECTION = int(young)
    at_stop: list[Callable[[], None]] = []
    if profile := os.environ.get("PARLOR_TEST_PROFILE"):
        at_stop.append(_profile_until_stopped(profile))
    if timings := os.environ.get("PARLOR_TEST_TIMINGS"):
        record = AnswerTimings()
        record.install(bot)
        at_stop.append(lambda: record.write(Path(timings)))
    if at_stop:
        _on_stop(at_stop)
    bot.run(settings.token or "fake-token", log_handler=None)
    return 0


def _profile_until_stopped(path: str) -> Callable[[], None]:
    """Profiles this thread (the event loop's) by CPU time from now on; what writes the statistics to ``path``."""
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()

    def stop() -> None:
        profiler.disable()
        profiler.dump_stats(path)

    return stop


def _on_stop(actions: list[Callable[[], None]]) -> None:
    """On SIGTERM, ``actions`` run (each writes its file), then the process exits at once (a benchmark's figures are
    taken before it stops the process)."""

    def stop(*_: object) -> None:
        for action in actions:
            action()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)


if __name__ == "__main__":
    sys.exit(main())
