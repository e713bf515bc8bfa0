"""Every click answered, buttons bound to their own channel, options checked.

Forged interactions are what a modified client could send: a custom_id no message carries, or a slash
command option outside the range Discord's client enforces.
"""

from __future__ import annotations

import re

import pytest

from bot.main import ParlorBot
from bot.settings import Settings
from localdiscord import run_client, start_client
from localdiscord.harness import HarnessError

from .conftest import IN_PLACE, make_bot, table_message


def table_id_of(message) -> int:
    return next(int(m[1]) for _, cid, _ in message.buttons() if (m := re.match(r"parlor:t:(\d+):", cid or "")))


def answered_privately(result, user) -> str:
    assert result.response_type == 4 and result.ephemeral_to == user.id, result
    return result.text()


async def test_clicks_that_match_no_button_get_a_short_private_answer(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)) as run:
        lobby = await alice.slash("play", "koikoi")
        table = table_id_of(lobby)
        damaged = [
            "not-parlor",
            f"parlor:x:{table}:0:join",
            f"parlor:t:{table}x:0:join",
            f"parlor:t:{table}:0:",
            f"parlor:t:{table}:1234567890:join",  # a version longer than any Parlor writes
            f"parlor:m:{table}:0:bet:{{}}|ten|20",
            f"parlor:m:{table}:0:bet:{{}}",
            f"parlor:m:{table}:0:bet:{{}}|20|10",
        ]
        for custom_id in damaged:
            answer = await bob.forge_click(lobby, custom_id)
            assert (
                answered_privately(answer, bob)
                == "That button no longer works. Use /table to see the table with its current buttons."
            ), custom_id
        empty = await bob.forge_click(lobby, f"parlor:s:{table}:0:-", values=[])
        assert answered_privately(empty, bob) == "Nothing was chosen; try again."
        assert [s.user_id for s in run.client.tables.get(table).seats] == [alice.id]
    fake.assert_clean()


def text_input_label(prompt) -> str:
    rows = prompt.modal["components"]
    inputs = [c for row in rows for c in row.get("components") or [row.get("component")] if c.get("type") == 4]
    return inputs[0].get("label") or rows[0].get("label")


async def test_an_amount_prompt_submitted_after_a_restart_still_bets(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    run = await start_client(fake, make_bot(fake, db))
    lobby = await alice.slash("play", "blackflower", rounds=1)
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Add bot")
    await alice.click(lobby, "Start")
    await fake.wait_idle()
    table = run.client.tables.in_channel(fake.channel.id)
    bettor = alice if table.seat_of(alice.id) != table.state.banker else bob
    seat = table.seat_of(bettor.id)
    panel = await bettor.click(table_message(fake), "My hand")
    prompt = await bettor.click(panel.message, "Other amount…")
    assert prompt.response_type == 9
    label = text_input_label(prompt)
    low, high = map(int, re.findall(r"\d+", label))

    await run.stop()  # the prompt is open on the player's screen while Parlor restarts
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    try:
        too_much = await bettor.submit_modal(prompt, {label: str(high + 1)})
        assert answered_privately(too_much, bettor) == f"Please enter a whole number from {low} to {high}."
        placed = await bettor.submit_modal(prompt, {label: "25"})
        assert placed.response_type in IN_PLACE, placed.text()
        await fake.wait_idle()
        assert bot.tables.get(table.id).state.bets[seat] == 25
        assert f"{bettor.name} bets 25" in "\n".join(fake.all_public_texts())
    finally:
        await run.stop()
    fake.assert_clean()


async def test_a_button_acts_only_on_the_table_of_its_own_guild_and_channel(fake, db):
    elsewhere = fake.add_guild("Mallory's server")
    mallory = fake.add_user("mallory", manage_guild=True, guild=elsewhere)  # may cancel tables on her server
    second = fake.add_channel("second")
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    # commands synced globally, so that both servers have /play
    settings = Settings(token="fake-token", database=db, dev_guild=None, log_level="INFO", turn_seconds=60)
    bot = ParlorBot(settings, bot_delay=0.0)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "koikoi")
        target = table_id_of(lobby)
        hers = await mallory.slash("play", "koikoi", _channel=elsewhere.default_channel)
        bobs = await bob.slash("play", "koikoi", _channel=second)
        forged = [(mallory, hers, verb) for verb in ("cancel", "join", "addbot", "start", "leave", "hand")]
        forged += [(carol, bobs, verb) for verb in ("join", "cancel")]
        for user, message, verb in forged:
            answer = await user.forge_click(message, f"parlor:t:{target}:0:{verb}")
            assert (
                answered_privately(answer, user)
                == "That button belongs to a table in another channel; it does nothing here."
            ), (user, verb)
        table = bot.tables.get(target)
        assert table.is_open and [s.user_id for s in table.seats] == [alice.id]
        assert "Cancelled" not in table_message(fake).text()
        joined = await carol.click(lobby, "Join")  # the real button, in its own channel, still works
        assert joined.response_type in IN_PLACE and [s.user_id for s in table.seats] == [alice.id, carol.id]
    fake.assert_clean()


OUT_OF_RANGE = [
    ("koikoi", "turn_time", -5),
    ("koikoi", "turn_time", 1),
    ("koikoi", "turn_time", 10**9),
    ("koikoi", "months", 13),
    ("koikoi", "players", 9),
    ("hachihachi", "players", 2),
    ("blackflower", "max_bet", 10**6),
    ("blackflower", "min_bet", 0),
    ("blackflower", "rounds", -1),
    ("sanma", "call_seconds", 1),
    ("bcpoker", "lead_rounds", 0),
    ("bcpoker", "max_reshuffles", 101),
]


def declared_range(fake, game: str, option: str) -> tuple[int, int]:
    """The range /play declares to Discord, which its client enforces."""
    play = next(c for c in fake.commands_in(fake.guild.id) if c.name == "play")
    sub = next(o for o in play.payload["options"] if o["name"] == game)
    spec = next(o for o in sub["options"] if o["name"] == option)
    return spec["min_value"], spec["max_value"]


async def test_options_out_of_range_are_refused_with_the_sentence_discord_shows(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)) as run:
        for game, option, value in OUT_OF_RANGE:
            with pytest.raises(HarnessError):  # Discord's client would not send it ...
                alice.prepare_slash("play", game, **{option: value})
            forged = alice.prepare_slash("play", game)  # ... a modified one does
            forged.data["options"][0]["options"].append({"name": option, "type": 4, "value": value})
            answer = await alice.send(forged)
            low, high = declared_range(fake, game, option)
            assert answered_privately(answer, alice) == f"The option {option} must be from {low} to {high}."
        assert run.client.tables.in_channel(fake.channel.id) is None and fake.public_messages() == []
        opened = await alice.slash("play", "koikoi", turn_time=10, months=12)  # the bounds themselves are fine
        assert "Turn time:** 10 s" in opened.text()
    fake.assert_clean()
