"""The "Other amount…" prompt through the fake Discord: each opening has its own id, so players using it at
the same table at the same moment each bet their own amount; a prompt the game has moved past is answered
politely with the player's current panel."""

from __future__ import annotations

import asyncio

from localdiscord import start_client

from .conftest import IN_PLACE, make_bot, table_message


async def betting_table(fake, db, *users):
    """A Black Flower table of ``users`` and a bot banker, in its betting phase."""
    run = await start_client(fake, make_bot(fake, db))
    lobby = await users[0].slash("play", "blackflower", rounds=1)
    for user in users[1:]:
        await user.click(lobby, "Join")
    await users[0].click(lobby, "Add bot")
    await users[0].click(lobby, "Start")
    await fake.wait_idle()
    return run, run.client.tables.in_channel(fake.channel.id)


def amount_label(prompt) -> str:
    return next(
        c["label"]
        for row in prompt.modal["components"]
        for c in row.get("components") or [row["component"]]
        if c.get("type") == 4
    )


async def test_two_players_bet_through_their_own_prompts_at_the_same_time(fake, db):
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    run, table = await betting_table(fake, db, alice, bob, carol)
    try:
        bettors = [u for u in (alice, bob, carol) if table.seat_of(u.id) != table.state.banker][:2]
        panels = [await u.click(table_message(fake), "My hand") for u in bettors]
        prompts = list(await asyncio.gather(*(u.click(p.message, "Other amount…") for u, p in zip(bettors, panels))))
        assert [p.response_type for p in prompts] == [9, 9]
        assert prompts[0].modal["custom_id"] != prompts[1].modal["custom_id"]
        again = await bettors[0].click(panels[0].message, "Other amount…")  # a second opening by the same player
        assert again.modal["custom_id"] not in {p.modal["custom_id"] for p in prompts}

        placed = await asyncio.gather(
            *(u.submit_modal(p, {amount_label(p): str(amount)}) for u, p, amount in zip(bettors, prompts, (25, 35)))
        )
        assert all(p.response_type in IN_PLACE for p in placed), [p.text() for p in placed]
        await fake.wait_idle()
        seats = [table.seat_of(u.id) for u in bettors]
        bets = run.client.tables.get(table.id).state.bets
        assert [bets[s] for s in seats] == [25, 35]
        public = "\n".join(fake.all_public_texts())
        assert f"{bettors[0].name} bets 25" in public and f"{bettors[1].name} bets 35" in public
    finally:
        await run.stop()
    fake.assert_clean()


async def test_a_prompt_submitted_after_the_player_bet_otherwise_answers_with_the_current_panel(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    run, table = await betting_table(fake, db, alice, bob)
    try:
        bettor = alice if table.seat_of(alice.id) != table.state.banker else bob
        panel = await bettor.click(table_message(fake), "My hand")
        prompt = await bettor.click(panel.message, "Other amount…")
        await bettor.click(panel.message, "Bet 20")  # meanwhile, by a button
        await fake.wait_idle()
        late = await bettor.submit_modal(prompt, {amount_label(prompt): "30"})
        assert late.ephemeral_to == bettor.id and "⌛" in late.text()
        await fake.wait_idle()
        assert run.client.tables.get(table.id).state.bets[table.seat_of(bettor.id)] == 20
    finally:
        await run.stop()
    fake.assert_clean()
