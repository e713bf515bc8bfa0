"""Benchmark (not a test): interaction → response latency with many tables playing at once.

    .venv/bin/python -m benchmarks.bench_interactions [--tables 50] [--turns 12]
    .venv/bin/python -m benchmarks.bench_interactions --calls [--moves 40] [--latency 0.25]

Every table is a 2-player Koi-Koi game between two users in its own channel; all tables play
concurrently through the local fake Discord. Prints the median and 95th percentile of the time
from an interaction being dispatched to the bot's answer arriving.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.command_line import Option, read
from localdiscord import InteractionResult, LocalDiscord, run_client
from localdiscord.strict import Strictness
from tests.e2e.conftest import action_buttons, make_bot, table_message


async def play_table(fake, channel, host, guest, turns: int, latencies: list[float]) -> None:
    lobby = await host.slash("play", "koikoi", months=12, _channel=channel)
    latencies.append(lobby.latency)
    for user, label in ((guest, "Join"), (host, "Start")):
        latencies.append((await user.click(lobby, label)).latency)
    # The click is answered first; the table message is edited after, at the pace of the bot's share of
    # Discord's global rate limit (bot/global_limit.py), which 50 tables starting at once fill for seconds.
    while "My hand" not in {label for label, _, _ in lobby.message.buttons()}:
        await asyncio.sleep(0.05)
    panels = {}
    for _ in range(turns):
        for user in (host, guest):
            opened = await user.click(lobby.message, "My hand")
            latencies.append(opened.latency)
            panels[user.id] = opened.message
        mover = next((u for u in (host, guest) if action_buttons(panels[u.id])), None)
        if mover is None:
            await asyncio.sleep(0.01)
            continue
        _, custom_id, _ = action_buttons(panels[mover.id])[0]
        latencies.append((await mover.click(panels[mover.id], custom_id)).latency)


async def main(tables: int, turns: int) -> None:
    async with LocalDiscord(channels=tuple(f"table-{n}" for n in range(tables))) as fake:
        users = [fake.add_user(f"player{n}") for n in range(2 * tables)]
        bot = make_bot(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3")
        async with run_client(fake, bot):
            latencies: list[float] = []
            started = time.perf_counter()
            channels = [fake.get_channel(f"table-{n}") for n in range(tables)]
            await asyncio.gather(
                *(
                    play_table(fake, channels[n], users[2 * n], users[2 * n + 1], turns, latencies)
                    for n in range(tables)
                )
            )
            elapsed = time.perf_counter() - started
            latencies.sort()
            print(
                f"{tables} tables, {len(latencies)} interactions in {elapsed:.1f} s: "
                f"median {statistics.median(latencies) * 1000:.1f} ms, "
                f"p95 {latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
            )


# ---------------------------------------------------------------- REST calls per move

CALL_GAMES = {  # the table sizes measured before the redraw left the table lock, and Black Christmas Poker
    "koikoi": ({"months": 1}, 2),
    "sanma": ({}, 3),
    "hachihachi": ({"months": 6}, 7),
    "blackflower": ({"rounds": 1}, 10),
    "bcpoker": ({}, 3),
}


async def first_move(user, panel) -> InteractionResult | None:
    """Press the first action of ``panel`` (a button, else a menu's first entry); the interaction, or None."""
    buttons = action_buttons(panel)
    if buttons:
        return await user.click(panel, buttons[0][1])
    for select in panel.selects():
        options = [o["value"] for o in select.get("options", [])]
        if options:
            return await user.select(panel, select["custom_id"], [options[0]])
    return None


async def calls_per_move(game: str, moves: int, latency: float) -> tuple[float, list[float]]:
    """One table of ``game`` played by people only (panels open), ``moves`` human moves at most: REST calls
    the bot made per action of the game, and every interaction's answer time."""
    options, players = CALL_GAMES[game]
    strict = Strictness.discord(latency=latency)
    async with LocalDiscord(strict=strict) as fake:
        users = [fake.add_user(f"player{n}") for n in range(players)]
        bot = make_bot(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3")
        async with run_client(fake, bot):
            lobby = await users[0].slash("play", game, **options)
            for user in users[1:]:
                await user.click(lobby, "Join")
            await users[0].click(lobby, "Start")
            await fake.wait_idle(timeout=30)
            table = bot.tables.in_channel(fake.channel.id)
            assert table is not None, "the table was opened in the channel"
            panels = {u.id: (await u.click(table_message(fake), "My hand")).message for u in users}
            await fake.wait_idle(timeout=30)
            start_calls, start_actions = len(fake.request_log), len(await bot.tables.store.tables.actions(table.id))
            latencies: list[float] = []
            for _ in range(moves):
                if table.status != "playing":
                    break
                deciding = [u for u in users if table.seat_of(u.id) in table.to_act()]
                if not deciding:
                    await bot.tables.idle()
                    continue
                answers = await asyncio.gather(*(first_move(u, panels[u.id]) for u in deciding))
                latencies += [a.latency for a in answers if a is not None and a.latency is not None]
                await fake.wait_idle(timeout=30)
                await bot.tables.idle()
            await fake.wait_idle(timeout=30)
            actions = len(await bot.tables.store.tables.actions(table.id)) - start_actions
            return (len(fake.request_log) - start_calls) / max(actions, 1), latencies


async def report_calls(moves: int, latency: float) -> None:
    for game in CALL_GAMES:
        per_move, latencies = await calls_per_move(game, moves, latency)
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000 if latencies else float("nan")
        print(
            f"{game:12} {CALL_GAMES[game][1]} people: {per_move:.2f} REST calls per move; "
            f"{len(latencies)} answers at {latency * 1000:.0f} ms a call: p99 {p99:.0f} ms"
        )


if __name__ == "__main__":
    args = read(
        __doc__,
        tables=50,
        turns=12,
        calls=Option(False, "REST calls per move of each game, and p99 answer time"),
        moves=40,
        latency=Option(0.25, "seconds per REST call (--calls)"),
    )
    asyncio.run(report_calls(args.moves, args.latency) if args.calls else main(args.tables, args.turns))
