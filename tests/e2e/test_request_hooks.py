"""The bot hears each of its Discord requests (the global pacer before it is sent, the metrics when it is answered)
without aiohttp tracing them (``bot/http_hooks.py``): a move's calls make no aiohttp ``Trace``, the table edit still
takes its place in the global limit's window before it is sent, and the click's answer is still counted."""

from __future__ import annotations

import time

import aiohttp.tracing

from localdiscord import run_client

from .conftest import action_buttons, settle
from .test_metrics import metrics_bot
from .test_move_calls import panels_open


def traces_made(monkeypatch) -> list[object]:
    """Every aiohttp ``Trace`` made from now on (one per traced request)."""
    made: list[object] = []
    trace_init = aiohttp.tracing.Trace.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        trace_init(self, *args, **kwargs)

    monkeypatch.setattr(aiohttp.tracing.Trace, "__init__", counted)
    return made


def answers_counted(bot) -> float:
    return bot.metrics.registry.get_sample_value("parlor_interactions_answered_total", {"kind": "component"}) or 0.0


async def test_a_moves_requests_are_heard_by_the_pacer_and_the_metrics_and_traced_by_no_aiohttp_trace(
    fake, db, monkeypatch
):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = metrics_bot(fake, db)
    async with run_client(fake, bot):
        table, panels = await panels_open(fake, bot, alice, bob)
        mover = alice if table.seat_of(alice.id) in table.to_act() else bob
        traces, answered, started = traces_made(monkeypatch), answers_counted(bot), time.monotonic()
        before = len(fake.request_log)
        await mover.click(panels[mover], action_buttons(panels[mover])[0][1])
        await settle(fake, bot)
        table_edits = [line for line in fake.request_log[before:] if line.startswith("PATCH /api/v10/channels/")]
        assert len(table_edits) == 1, fake.request_log[before:]
        assert traces == []  # no request of the move traced by aiohttp
        assert len([at for at in bot.pacer.sent if at >= started]) == 1  # the table edit took its turn
        assert answers_counted(bot) == answered + 1  # the click's answer, counted when Discord took it
