"""Three busy tables at once on a fake Discord as slow and as strict as Discord.

Every REST call takes 250 ms, and rate limits, permissions and payload validation are on. Black Flower with 10
players, Hachi-Hachi with 7 and Sanma with 3 (all people, each a discord.py user of the fake) play at the same
time in three channels. Every player acts as soon as their own panel shows them something to do (the ten
Black Flower players open their hands together and nine bet at the same moment; Sanma's call windows are
answered by several players at once). To keep the test's time reasonable each table plays a fixed number of
moves (``TABLES``), not a whole game.

Asserted as a player would see it: no interaction answered after 3 s, every interaction answered, every move
whose answer was the player's panel (not a refusal) is in the table's stored action log and nothing else is,
every simultaneous bet counted, and no payload refused by the fake (no 400).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from localdiscord import LocalDiscord, run_client
from localdiscord.harness import wait_for_answer
from localdiscord.strict import Strictness

from .conftest import action_buttons, make_bot

LATENCY = 0.25
TABLES = {  # channel: game, /play options, players, the moves played at most
    "black-flower": ("blackflower", {"rounds": 1}, 10, 30),
    "hachi-hachi": ("hachihachi", {"months": 6}, 7, 25),
    "sanma": ("sanma", {}, 3, 25),
}
ANSWERED_WITHIN = 3.0


def board(fake, channel):
    """The channel's table message once it shows the game (its "My hand" button), else None."""
    for message in reversed(fake.public_messages(channel)):
        if any(label == "My hand" for label, _, _ in message.buttons()):
            return message
    return None


def first_choice(user, panel):
    """The interaction of the first thing ``panel`` offers (an action button, else a menu's first entries)."""
    buttons = action_buttons(panel)
    if buttons:
        return user.prepare_click(panel, buttons[0][1])
    for select in panel.selects():
        options = [o["value"] for o in select.get("options", [])]
        if options and not select.get("disabled"):
            return user.prepare_select(panel, select["custom_id"], options[: max(1, select.get("min_values", 1))])
    return None


def refused(interaction) -> bool:
    """Whether the bot's first answer to a move was a refusal (a sentence, e.g. "That moment has passed") rather
    than the player's panel showing the move made."""
    return bool(interaction.answers and interaction.answers[0].get("content"))


async def press(fake, interaction):
    """Send one interaction and wait, as the player does, until its answer shows (not for the table to calm)."""
    await fake.dispatch_interaction(interaction)
    await wait_for_answer(fake, interaction, timeout=10, quiet=0.0, settle_max=0.0)
    deadline = time.monotonic() + 10
    while not interaction.answers and time.monotonic() < deadline:  # a deferral: the answer follows
        await asyncio.sleep(0.02)
    return interaction


class Moves:
    """The moves sent at one table, up to a budget."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.sent: list = []

    def left(self) -> bool:
        return len(self.sent) < self.budget


async def keep_playing(fake, user, panel, table, moves: Moves) -> None:
    """Act whenever the panel offers something, as fast as the answers come, until the budget is spent."""
    while table.status == "playing" and moves.left():
        interaction = first_choice(user, panel)
        if interaction is None:
            await asyncio.sleep(0.02)
            continue
        moves.sent.append(interaction)
        await press(fake, interaction)


async def play_table(fake, bot, channel: str, people) -> tuple:
    game, options, _, budget = TABLES[channel]
    host, *guests = people
    lobby = await host.slash("play", game, _channel=channel, _quiet=0.0, **options)
    await asyncio.gather(*(press(fake, guest.prepare_click(lobby, "Join")) for guest in guests))  # all at once
    await press(fake, host.prepare_click(lobby, "Start"))
    table = bot.tables.in_channel(fake.get_channel(channel).id)
    while board(fake, channel) is None:
        await asyncio.sleep(0.02)
    opened = await asyncio.gather(
        *(press(fake, user.prepare_click(board(fake, channel), "My hand")) for user in people)
    )
    moves = Moves(budget)
    await asyncio.gather(
        *(keep_playing(fake, user, panel.original, table, moves) for user, panel in zip(people, opened))
    )
    return table, moves


async def test_three_busy_tables_at_250_ms_a_call_lose_nothing_and_answer_in_time(db):
    strict = Strictness.discord(latency=LATENCY)
    async with LocalDiscord(strict=strict, channels=tuple(TABLES)) as fake:
        people = {
            channel: [fake.add_user(f"{channel}-{n}") for n in range(players)]
            for channel, (_, _, players, _) in TABLES.items()
        }
        bot = make_bot(fake, db)
        async with run_client(fake, bot):
            started = time.monotonic()
            played = await asyncio.gather(*(play_table(fake, bot, channel, people[channel]) for channel in TABLES))
            await fake.wait_idle(timeout=10)
            await bot.tables.idle()
            elapsed = time.monotonic() - started

            interactions = list(fake.interactions.values())
            assert all(i.acknowledged for i in interactions), [i.label for i in interactions if not i.acknowledged]
            assert fake.failed_interactions() == []
            assert [e for e in fake.http_errors if e["status"] == 400] == []
            figures = []
            for channel, (table, moves) in zip(TABLES, played):
                made = Counter(i.user_id for i in moves.sent if not refused(i))
                stored = [a for a in await bot.tables.store.tables.actions(table.id) if a.source == "player"]
                assert Counter(a.actor_id for a in stored) == made, channel  # no move lost, none invented
                figures.append(
                    f"{channel}: {len(moves.sent)} moves sent, {sum(made.values())} made, "
                    f"{len(moves.sent) - sum(made.values())} refused"
                )
            blackflower, _ = played[0]
            bets = [a for a in await bot.tables.store.tables.actions(blackflower.id) if a.action.startswith("bet:")]
            assert len({a.seat for a in bets}) == len(bets) == TABLES["black-flower"][2] - 1  # all but the banker
            slowest = max(i.latency for i in interactions)
            print(
                f"\n{len(interactions)} interactions in {elapsed:.1f} s, slowest answer {slowest * 1000:.0f} ms, "
                f"failed {len(fake.failed_interactions())}, REST calls {len(fake.request_log)}, "
                f"429s {len(fake.rate_limiter.hits)}; " + "; ".join(figures)
            )
