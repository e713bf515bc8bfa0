"""Benchmark (not a test): tables whose channels lose Send Messages mid-game for a while.

    .venv/bin/python -m benchmarks.bench_lost_permissions [--tables 50] [--away 600]

Every table is a one-month Koi-Koi game of two players in a channel of its own, on a fake Discord with Discord's
permissions and rate limits. Mid-game Parlor loses Send Messages in every channel; each host resigns meanwhile (a
bot plays on); ``--away`` seconds of the fake clock later the permission is given back and each guest resigns, so
that bots finish every game. Prints the invalid requests (401, 403, 429) Discord would hold against Parlor's IP —
the issue asks for at most one a table — and how many games finished and were shown to their channel.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks.command_line import Option, read
from localdiscord import LocalDiscord, run_client
from tests.e2e.conftest import E2E_STRICTNESS, make_bot
from tests.e2e.test_lost_permissions import send_messages_away


async def main(tables: int, away: float) -> None:
    async with LocalDiscord(strict=E2E_STRICTNESS, channels=tuple(f"table-{n}" for n in range(tables))) as fake:
        bot = make_bot(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3")
        async with run_client(fake, bot):
            result = await send_messages_away(fake, bot, tables, away=away)
        print(
            f"{result.tables} tables, Send Messages away for {away:.0f} s of the fake clock: "
            f"invalid requests {result.invalid_before} while the tables opened, {result.invalid_while_away} while "
            f"away, {result.invalid_in_all - result.invalid_before - result.invalid_while_away} once it was back "
            f"({result.invalid_in_all} in all, {result.invalid_in_all / result.tables:.2f} a table; by status "
            f"{dict(fake.invalid_requests.by_status)}, 429s by scope "
            f"{dict(Counter(hit['bucket'] for hit in fake.rate_limiter.hits))}); "
            f"{result.finished} games finished, {result.caught_up} shown to their channel; "
            f"{result.told} hosts told; {result.seconds:.1f} s"
        )


if __name__ == "__main__":
    args = read(__doc__, tables=50, away=Option(600.0, "seconds of the fake clock without the permission"))
    asyncio.run(main(args.tables, args.away))
