"""Redraws through the fake Discord: a click is answered before the table is redrawn,
a channel that refuses Parlor does not stop the game (the host is told once), the table message is posted
anew before Discord throttles edits of hour-old messages, and a player still deciding at half the turn time
is pinged once, panel open or not."""

from __future__ import annotations

import asyncio
import time

from localdiscord import run_client

from .conftest import action_buttons, make_bot, started_koikoi, table_message, whose_turn
from .test_absent_players import mentions_of
from .test_simultaneous_decisions import blackflower_table, panel_of, player_actions

MISSING = "permission is missing"


def an_hour_later(fake, bot) -> None:
    """The table message turns an hour old: on the fake's clock, and as Parlor reads it from the message's id."""
    fake.clock.advance(61 * 60)
    bot.presenter.clock = lambda: time.time() + 61 * 60


async def test_a_click_on_a_busy_table_is_answered_before_the_redraw_ends(fake, db, monkeypatch):
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob", "carol") as (bot, table, people):
        alice, bob, carol = people
        panels = [await panel_of(fake, user) for user in people]
        fake.strict = fake.strict.with_(
            latency=0.25, rate_limits=True
        )  # every REST call takes 250 ms: a redraw of three panels and the table is slow
        first = alice.prepare_click(panels[0], "Bet 20")
        await fake.dispatch_interaction(first)
        await asyncio.sleep(0.6)  # alice's bet is answered and being drawn
        answers = await asyncio.gather(*(user.click(panel, "Bet 20") for user, panel in zip(people[1:], panels[1:])))
        for answer in answers:  # answered (deferred) at once, not after the redraw: one call's time
            assert answer.latency is not None and answer.latency < 0.6, answer
        await fake.wait_idle(timeout=10)
        await bot.tables.idle()
        assert await player_actions(bot, table) == [(0, "bet:20"), (1, "bet:20"), (2, "bet:20")]


async def test_losing_send_messages_mid_game_the_game_finishes_and_the_host_is_told_once(fake, db, monkeypatch):
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob") as (bot, table, (alice, bob)):
        await panel_of(fake, alice)
        fake.deny(fake.channel, "send_messages")
        await alice.slash("resign")
        await bob.slash("resign")
        await fake.wait_idle(timeout=10)
        await bot.tables.idle()
        assert table.status == "finished"
        told = [m for m in fake.all_messages() if MISSING in (m.content or "")]
        assert len(told) == 1 and told[0].ephemeral_to == alice.id, [(m.ephemeral_to, m.content) for m in told]


async def test_the_table_message_is_posted_anew_before_it_is_an_hour_old(fake, db, monkeypatch):
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob", "carol") as (bot, table, people):
        alice, bob, carol = people
        old = table_message(fake)
        panels = [await panel_of(fake, user) for user in people]
        fake.strict = fake.strict.with_(rate_limits=True)  # edits of hour-old messages throttled (30046)
        an_hour_later(fake, bot)
        await alice.click(panels[0], "Bet 20")
        await fake.wait_idle()
        await bot.tables.idle()
        bot.presenter.clock = time.time  # the new message is young (the fake dates new ids by the real clock)
        new = table_message(fake)
        assert new.id != old.id and old.deleted
        assert (await bot.tables.store.tables.get(table.id)).message_id == new.id == table.message_id
        versions = len(new.versions)
        await bob.click(panels[1], "Bet 20")  # the next move edits the new message in place
        await fake.wait_idle()
        await bot.tables.idle()
        assert table_message(fake).id == new.id and len(new.versions) > versions
        assert "bob" in new.text().lower()


async def test_a_player_deciding_at_half_the_turn_time_is_pinged_once_panel_open(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db, turn_seconds=4)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        deciding, other = sorted((alice, bob), key=lambda u: table.seat_of(u.id) not in table.to_act())
        for user in (other, deciding):
            await panel_of(fake, user)  # panels open (a real one may be dismissed unseen)
        pings = mentions_of(fake, other)
        panel = next(m for m in reversed(fake.visible_messages(deciding.id)) if m.ephemeral_to == deciding.id)
        move = next(c for _, c, d in panel.buttons() if c and ":a:" in c and not d)
        await deciding.click(panel, move)
        await fake.wait_idle()
        assert table.seat_of(other.id) in table.to_act()  # the other player decides now
        assert mentions_of(fake, other) == pings  # a new decision, panel open: no ping yet
        await asyncio.sleep(1.0)
        assert mentions_of(fake, other) == pings  # not before half the time
        await asyncio.sleep(1.5)
        assert mentions_of(fake, other) == pings + 1
        await asyncio.sleep(1.0)
        assert mentions_of(fake, other) == pings + 1  # once per decision


async def test_without_send_messages_the_table_is_left_as_it_is_and_drawn_again_once_given_back(fake, db, monkeypatch):
    """Without Send Messages, Discord would drop the table's embed from an edit (Embed Links is implicitly denied) and
    refuse every post: Parlor calls the channel no more, spending no invalid request; the host is told once,
    privately. When the permission is given back (the gateway's channel update) the table shows every move again."""
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob", "carol") as (bot, table, people):
        alice, bob, carol = people
        old = table_message(fake)
        panels = [await panel_of(fake, user) for user in people]
        fake.deny(fake.channel, "send_messages")
        await fake.wait_idle()
        versions, messages = len(old.versions), len(fake.all_messages())
        await alice.click(panels[0], "Bet 20")
        await fake.wait_idle()
        await bot.tables.idle()
        await bob.click(panels[1], "Bet 20")
        await fake.wait_idle()
        await bot.tables.idle()
        assert len(old.versions) == versions and old.embeds  # left as it was, its embed kept
        assert fake.invalid_requests.total == 0
        told = [m for m in fake.all_messages()[messages - 1 :] if MISSING in (m.content or "")]
        assert len(told) == 1 and told[0].ephemeral_to == alice.id  # the host, once, not at every redraw
        fake.allow(fake.channel, "send_messages")
        await fake.wait_idle()
        await bot.tables.idle()
        await fake.wait_idle()
        shown = table_message(fake)
        assert shown.embeds and "bob" in shown.text().lower() and len(shown.versions) > 0
        assert fake.invalid_requests.total == 0


async def test_discord_failing_with_5xx_does_not_stop_the_table_or_its_panels(fake, db, monkeypatch):
    """Discord answers some edits of the table message and of hand panels with 502/503 (discord.py retries a 502,
    not a 503): the game goes on, and the table is drawn again a little later, so that it and every open panel
    end up showing every bet although no further change came."""
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob", "carol") as (bot, table, people):
        alice, bob, carol = people
        panels = [await panel_of(fake, user) for user in people]
        before = [panel.text() for panel in panels]
        fake.faults.fail_next("PATCH /channels/{channel_id}/messages/{message_id}", 2, 503)
        fake.faults.fail_next("PATCH /webhooks/{app_id}/{token}/messages/{message_id}", 2, 502)
        for user, panel in zip(people, panels):
            await user.click(panel, "Bet 20")
        await fake.wait_idle(timeout=30)
        await bot.tables.idle()
        await fake.wait_idle(timeout=30)
        assert len(fake.faults.served) == 4  # the faults did happen
        assert await player_actions(bot, table) == [(0, "bet:20"), (1, "bet:20"), (2, "bet:20")]
        assert "waiting for alice" not in table_message(fake).text()  # the table caught up with the bets
        for user, was in zip(people, before):
            shown = [m for m in fake.all_messages() if m.ephemeral_to == user.id and not m.deleted][-1]
            assert shown.text() != was and "Place your bet" not in shown.text(), user.name


async def test_panels_never_wait_for_the_table_edit_and_the_table_edit_shows_the_latest_state(fake, db):
    """The process's share of Discord's global limit is spent for the next seconds, so the table message's edit
    waits for its turn. Meanwhile each move's next player finds their turn on their hand panel at once (an
    interaction webhook, which the global limit does not count), and the moves made during the wait go out as one
    table edit showing the latest of them."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        panels = {user: (await user.click(table_message(fake), "My hand")).message for user in (alice, bob)}
        await fake.wait_idle()
        await bot.tables.idle()
        shown = table_message(fake)
        edits = len(shown.versions)
        bot.pacer.per_window, bot.pacer.window = 1, 6.0
        bot.pacer.sent.append(bot.pacer.clock())  # the share spent: the next counted call waits 6 s
        before = len(fake.request_log)
        for _ in range(3):
            mover = alice if table.seat_of(alice.id) in table.to_act() else bob
            waiting = bob if mover is alice else alice
            await mover.click(panels[mover], action_buttons(panels[mover])[0][1])
            for _ in range(100):  # the next player's panel offers their move while the table edit still waits
                if action_buttons(panels[waiting]):
                    break
                await asyncio.sleep(0.02)
            assert action_buttons(panels[waiting]), f"{waiting.name}'s panel waited for the table edit"
        assert len(shown.versions) == edits  # the table's edit is still waiting for its turn
        await fake.wait_idle(timeout=20)
        await bot.tables.idle()
        table_edits = [line for line in fake.request_log[before:] if line.startswith("PATCH") and "/channels/" in line]
        assert len(table_edits) == 1, table_edits  # three moves, one table edit
        latest = table_message(fake)
        assert latest.id == shown.id and len(shown.versions) == edits + 1
        assert table.recent[-1] in latest.text()  # the last move's narration line: the latest state
        assert whose_turn(fake) == table.seats[table.to_act()[0]].user_id
