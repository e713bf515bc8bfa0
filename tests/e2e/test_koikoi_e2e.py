"""Whole Koi-Koi games through the fake Discord, as several users would play them."""

from __future__ import annotations

import asyncio

from localdiscord import run_client, start_client

from .conftest import IN_PLACE, LeakWatch, action_buttons, make_bot, table_message, whose_turn


async def open_table(fake, host, *users, **options):
    lobby = await host.slash("play", "koikoi", **options)
    assert not lobby.ephemeral and "Koi-Koi — table open" in lobby.text()
    for user in users:
        joined = await user.click(lobby, "Join")
        assert joined.response_type in IN_PLACE  # the lobby message is updated in place
    assert all(f"<@{u.id}>" in lobby.message.text() for u in (host, *users))
    return lobby


async def take_turn(fake, user, panels: dict) -> None:
    """``user`` opens (or reuses) their hand panel and presses their first legal action."""
    panel = panels.get(user.id)
    if panel is None or not action_buttons(panel):
        opened = await user.click(table_message(fake), "My hand")
        assert opened.ephemeral_to == user.id
        panel = panels[user.id] = opened.message
    label, custom_id, _ = action_buttons(panel)[0]
    result = await user.click(panel, custom_id)
    assert result.response_type in IN_PLACE, result.text()  # the panel itself is updated
    await fake.wait_idle()


async def test_three_players_with_deadlines_then_standings(fake, db):
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    # One-second turns are shorter than Discord's edit limit lets the table message follow (5 edits per 5 s a
    # channel): players would time out waiting for it. This test is about deadlines, so without rate limits.
    fake.strict = fake.strict.with_(rate_limits=False)
    bot = make_bot(fake, db, turn_seconds=1)
    async with run_client(fake, bot):
        watch = LeakWatch(fake, bot)
        lobby = await open_table(fake, alice, bob, carol, players=3, months=1)
        rules = await dave.slash("rules", game="koikoi")
        assert rules.ephemeral_to == dave.id and "months=1" in rules.text() and "turn time 1 s" in rules.text()
        refused = await dave.click(lobby, "Start")
        assert refused.ephemeral_to == dave.id and "Only the host" in refused.text()
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        watch.check()
        assert "Koi-Koi · 3p · month 1 of 1" in table_message(fake).text()

        # someone who is not seated gets a polite refusal, visible to them only
        nosy = await dave.click(table_message(fake), "My hand")
        assert nosy.ephemeral_to == dave.id and "not seated" in nosy.text()

        panels: dict[int, object] = {}
        carol_timeouts = 0
        table = bot.tables.in_channel(fake.channel.id)
        while table.status == "playing":
            turn = whose_turn(fake)
            assert turn is not None, table_message(fake).text()
            if turn == carol.id and carol_timeouts < 2:
                version = table.version
                for _ in range(100):  # the 1-second deadline passes; the bot plays for carol
                    await asyncio.sleep(0.05)
                    if table.version != version:
                        break
                await bot.tables.idle()
                await fake.wait_idle()
                carol_timeouts += 1
            else:
                await take_turn(fake, fake.user(turn), panels)
            watch.check()

        assert carol_timeouts == 2
        texts = "\n".join(fake.all_public_texts())
        assert "Time ran out for carol" in texts
        assert "Koi-Koi — final result" in texts
        result = table.game.result(table.state)

        standings = await alice.slash("standings")
        shown = standings.text().replace("−", "-")
        for user in (alice, bob, carol):
            seat = table.seat_of(user.id)
            score = result.scores[seat]
            signed = f"{score:+d}" if score else "±0"  # standings write a zero score as ±0
            assert f"<@{user.id}> **{signed}** · 1 game" in shown
        assert watch.checked > 20
    fake.assert_clean()


async def test_restart_mid_round_keeps_everything(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    watch = LeakWatch(fake, bot)
    lobby = await open_table(fake, alice, bob, months=2)
    await alice.click(lobby, "Start")
    await fake.wait_idle()
    table = bot.tables.in_channel(fake.channel.id)
    panels: dict[int, object] = {}
    for _ in range(5):
        await take_turn(fake, fake.user(whose_turn(fake)), panels)
        watch.check()
    table_id, version, snapshot = table.id, table.version, table.state.model_dump_json()
    user = fake.user(whose_turn(fake))
    old_panel = panels.get(user.id)

    await run.stop()  # the process goes away mid-round …
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)  # … and comes back
    watch.rebind(bot)
    table = bot.tables.get(table_id)
    assert table.version == version and table.state.model_dump_json() == snapshot

    # a button sent before the restart still works (DynamicItem), and the turn goes on
    if old_panel is not None and action_buttons(old_panel):
        _, custom_id, _ = action_buttons(old_panel)[0]
        clicked = await user.click(old_panel, custom_id)
        assert clicked.response_type in IN_PLACE
        await fake.wait_idle()
    panels.clear()
    doubled = False
    while table.status == "playing":
        turn_user = fake.user(whose_turn(fake))
        if not doubled:  # a doubled click: the second one finds the moment has passed
            panel = (await turn_user.click(table_message(fake), "My hand")).message
            _, custom_id, _ = action_buttons(panel)[0]
            acted = len(await bot.tables.store.tables.actions(table_id))
            first, second = await asyncio.gather(turn_user.click(panel, custom_id), turn_user.click(panel, custom_id))
            # both clicks are answered in the panel itself: one plays, the other brings the fresh panel
            assert {first.response_type, second.response_type} <= set(IN_PLACE)
            assert any("moment has passed" in (v.content or "") for v in panel.versions)
            assert len(await bot.tables.store.tables.actions(table_id)) == acted + 1
            await fake.wait_idle()
            doubled = True
        else:
            await take_turn(fake, turn_user, panels)
        watch.check()
    assert table.status == "finished"

    replayed = await bot.tables.replay(table_id)
    assert replayed.model_dump_json() == table.state.model_dump_json()
    assert table.game.result(replayed) == table.game.result(table.state)
    # Alice's one panel says the game is over, its buttons gone; a click carrying one of its old buttons
    # (a client that had not caught up) is refused politely
    (old,) = [m for m in alice.ephemeral_messages() if (m.embed or {}).get("title", "").startswith("Your hand")]
    assert "This game is over" in old.text() and not old.buttons()
    earlier = next(
        item["custom_id"]
        for version in reversed(old.versions)
        for row in version.components or []
        for item in row["components"]
        if ":a:" in item.get("custom_id", "")
    )
    refused = await alice.forge_click(old, earlier)
    assert refused.ephemeral_to == alice.id and "over" in refused.text()
    await run.stop()
    fake.assert_clean()


async def test_four_players_in_teams_with_bots(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db, first_seed=7)
    async with run_client(fake, bot):
        watch = LeakWatch(fake, bot)
        lobby = await open_table(fake, alice, bob, months=1)
        await alice.click(lobby, "Add bot")
        await bob.click(lobby, "Add bot")
        full = lobby.message
        assert [disabled for label, _, disabled in full.buttons() if label == "Join"] == [True]
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        board = table_message(fake).text()
        assert "Koi-Koi · 4p" in board and " & " in board  # captures are pooled per team
        table = bot.tables.in_channel(fake.channel.id)
        panels: dict[int, object] = {}
        while table.status == "playing":
            await take_turn(fake, fake.user(whose_turn(fake)), panels)
            watch.check()
        result = table.game.result(table.state)
        teams = table.game.public_view(table.state).teams
        for a, b in teams:  # partners always share the result
            assert result.scores[a] == result.scores[b]
        assert sum(result.scores) == 0
    fake.assert_clean()


async def test_the_leak_watch_catches_a_hand_card_in_public(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        watch = LeakWatch(fake, bot)
        lobby = await open_table(fake, alice, bob, months=1)
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        watch.check()  # the real table shows no hand card …
        table = bot.tables.in_channel(fake.channel.id)
        secret = table.game.hidden_cards(table.state)[0][0]
        await bot.get_partial_messageable(fake.channel.id).send(f"psst: {secret}")  # … a careless line would
        await fake.wait_idle()
        try:
            watch.check()
        except AssertionError as caught:
            assert secret in str(caught)
        else:
            raise AssertionError("the leak watch missed a concealed card in a public message")
