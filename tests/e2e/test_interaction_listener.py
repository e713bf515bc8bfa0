"""Each interaction costs the event loop one task before Parlor reads it: discord.py runs every listener of an event
in a task of its own, so Parlor listens to interactions once (bot/main.py), the metrics' arrival and the click's
routing in that one listener, and a click and a command are both still timed for the metrics."""

from __future__ import annotations

import asyncio

from localdiscord import run_client

from .conftest import make_bot


async def test_one_task_per_interaction_and_every_answer_still_timed(fake, db, monkeypatch):
    alice = fake.add_user("alice")
    bot = make_bot(fake, db)
    scheduled: list[str] = []
    schedule = bot._schedule_event

    def counted(coro, event_name, *args, **kwargs) -> asyncio.Task:
        scheduled.append(event_name)
        return schedule(coro, event_name, *args, **kwargs)

    monkeypatch.setattr(bot, "_schedule_event", counted)  # where discord.py makes a listener's task
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "koikoi")
        await alice.click(lobby, "Add bot")
        assert scheduled.count("on_interaction") == 2  # the command and the click: one task each
        timed = bot.metrics.latency.collect()[0].samples
        counts = {s.labels["kind"]: s.value for s in timed if s.name.endswith("_count")}
        assert counts["application_command"] == 1 and counts["component"] == 1  # both answers timed
    fake.assert_clean()
