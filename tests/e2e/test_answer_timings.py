"""The bot's own record of its answers' timings (tests/e2e/answer_timings.py, a benchmark's): every interaction's
moments in the order they happen, nothing in it but ids, type numbers and times (never a custom_id, which may name a
card of a hand, nor a token), and the answers the same as without it."""

from __future__ import annotations

import json
import re

from benchmarks.shard_players import Answers, play_in_place
from localdiscord import LocalDiscord, run_client
from tests.e2e.answer_timings import MOMENTS, ON_THE_WAY, AnswerTimings, read
from tests.e2e.shard_cluster import Table

from .conftest import E2E_STRICTNESS, make_bot, recording, table_message

MOVES = 4
MENTION = re.compile(r"<(@|t:)[0-9]+(:R)?>")  # a user's id and a deadline differ from run to run


async def play(tmp_path, name: str, record: AnswerTimings | None) -> tuple[Answers, list, list[str]]:
    """A seeded Koi-Koi table opened and played ``MOVES`` moves on the panels held; the driver's answers, every
    interaction sent, and what the players were shown: the moves the table stored, and once all is settled each
    player's newest panel and the table (whether an answer was deferred first depends on timing, what the players
    are finally shown does not)."""
    async with LocalDiscord(strict=E2E_STRICTNESS) as fake:
        table = Table(fake.guild, (fake.add_user("host"), fake.add_user("guest")))
        sent, fake.dispatch_interaction = recording(fake)
        bot = make_bot(fake, tmp_path / f"{name}.sqlite3")
        if record is not None:
            record.install(bot)
        async with run_client(fake, bot):
            await table.open(bot.store, 600)
            answers = Answers()
            assert await play_in_place(table, MOVES, answers) == MOVES
            await bot.tables.idle()
            await fake.wait_idle()
            moves = [action.action for action in await bot.store.tables.actions(table.id)]
            panels = [
                max((m for m in fake.messages.values() if m.visible_to(u.id) and m.ephemeral_to), key=lambda m: m.id)
                for u in table.players
            ]
            texts = [MENTION.sub("@", m.text()) for m in (*panels, table_message(fake))]
        if record is not None:
            record.close()
        return answers, sent, [*moves, *texts]


async def test_each_interaction_is_timed_in_order_with_nothing_but_times_and_the_answers_unchanged(tmp_path):
    record = AnswerTimings()
    answers, sent, shown = await play(tmp_path, "timed", record)
    path = tmp_path / "timings.json"
    record.write(path)
    record_read = read(path)
    moments, lags = record_read.moments, record_read.lags

    assert {i.id for i in sent} <= moments.keys()  # the opening's /play, Join and Start too
    for driver in answers.moments:
        seen = moments[driver.id]
        assert set(MOMENTS) <= seen.keys() <= {*MOMENTS, *ON_THE_WAY}
        assert driver.dispatched <= seen["frame"] <= seen["parsed"] <= seen["routed"] <= seen["answering"]
        on_the_way = [seen[moment] for moment in ON_THE_WAY if moment in seen]
        assert on_the_way == sorted(on_the_way)  # an answer may come before the lock (a busy table's deferral)
        assert seen["answering"] <= seen["answered"]
        assert seen["answering"] <= driver.answered  # the local Discord handled the answer after it was sent
    assert lags and all(late >= 0 for _, late in lags)
    assert len(record_read.writer) >= MOVES and all(asked <= got <= back for asked, got, back in record_read.writer)
    assert len(record_read.movers) >= MOVES and all(asked <= got <= back for asked, got, back in record_read.movers)
    clicks = [moments[d.id] for d in answers.moments if d.id in {c.id for c in sent if c.type == 3}]
    assert all(
        {"locked", "writer", "stored", "drawn"} <= seen.keys() for seen in clicks
    )  # each move stored, its panel drawn

    text = path.read_text(encoding="utf-8")
    assert "parlor:" not in text and not [i.token for i in sent if i.token in text]  # no custom_id, no token
    assert all(set(row) <= {"id", "type", *MOMENTS, *ON_THE_WAY} for row in json.loads(text)["interactions"])

    _, _, untimed = await play(tmp_path, "untimed", None)
    assert shown == untimed  # the same moves, panels and table once settled
