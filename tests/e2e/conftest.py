"""Parlor's real bot against the local fake Discord, played by several users."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.main import ParlorBot
from bot.settings import Settings
from games.bcpoker.cards import CODES as BCP_CODES
from games.bcpoker.cards import name as bcp_name
from games.hanafuda import FULL_NAMES
from localdiscord import ClientRun, LocalDiscord, start_client
from localdiscord.strict import Strictness


def make_settings(fake: LocalDiscord, db: Path, turn_seconds: int = 60) -> Settings:
    return Settings(
        token="fake-token", database=db, dev_guild=fake.guild.id, log_level="INFO", turn_seconds=turn_seconds
    )


def make_bot(
    fake: LocalDiscord, db: Path, turn_seconds: int = 60, first_seed: int = 0, faces: bool = False
) -> ParlorBot:
    """Parlor's bot; ``faces=True`` uploads the faces as application emoji at start-up (102 uploads), as a real
    start does — tests about something else keep their traffic to what they do (the cards as text)."""
    seeds = (f"{n:032x}" for n in range(first_seed, first_seed + 1000))
    return ParlorBot(
        make_settings(fake, db, turn_seconds), bot_delay=0.0, new_seed=lambda: next(seeds), upload_faces=faces
    )


# Discord's permissions, payload limits and rate limits, no latency (a test that wants it builds its own fake).
E2E_STRICTNESS = Strictness.discord(latency=0.0)


@pytest.fixture
async def fake():
    async with LocalDiscord(strict=E2E_STRICTNESS) as world:
        yield world


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "parlor.sqlite3"


def table_message(fake: LocalDiscord):
    """The newest public message that carries the table (the one with "My hand" or lobby buttons)."""
    for message in reversed(fake.public_messages()):
        labels = {label for label, _, _ in message.buttons()}
        if labels & {"My hand", "Join"} or (message.embed and "Koi-Koi ·" in (message.embed.get("title") or "")):
            return message
    raise AssertionError("no table message in the channel")


def whose_turn(fake: LocalDiscord) -> int | None:
    """The user id the public table message names as the one to act."""
    match = re.search(r"Turn: <@(\d+)>", table_message(fake).content or "")
    return int(match.group(1)) if match else None


def action_buttons(message) -> list[tuple[str, str, bool]]:
    return [b for b in message.buttons() if ":a:" in (b[1] or "") and not b[2]]


class LeakWatch:
    """Checks every new version of every public message against the cards concealed in hands.

    A card counts as concealed across a step when it sat in some hand of the same deal both
    before and after the step (cards revealed during the step, or dealt into a hand by a new
    deal, are not). Games override ``deal_key`` (what one deal is) or ``check`` (other tokens).
    """

    def __init__(self, fake: LocalDiscord, bot: ParlorBot) -> None:
        self.fake, self.bot = fake, bot
        self.seen: set[tuple[int, int]] = set()
        self.before = self.concealed()
        self.checked = 0

    def deal_key(self, table) -> object:
        return table.id

    def concealed(self) -> set[tuple[object, str]]:
        cards: set[tuple[object, str]] = set()
        for table in self.bot.tables.tables.values():
            if table.state is not None and table.status == "playing":
                key = self.deal_key(table)
                for hand in table.game.hidden_cards(table.state).values():
                    cards.update((key, code) for code in hand)
        return cards

    def rebind(self, bot: ParlorBot) -> None:
        self.bot = bot

    def new_public_versions(self):
        """Every public message version not looked at yet, oldest first."""
        for message in self.fake.all_messages():
            if not message.public:
                continue
            for index, version in enumerate(message.versions):
                if (message.id, index) not in self.seen:
                    self.seen.add((message.id, index))
                    self.checked += 1
                    yield version

    def check(self) -> None:
        after = self.concealed()
        hidden = {code for _, code in self.before & after}
        for version in self.new_public_versions():
            text = _version_text(version)
            for code in hidden:  # by its code, or by its name ("Pine Crane", "Red 3")
                for word in card_words(code):
                    if re.search(rf"(?<![0-9A-Za-z]){re.escape(word)}(?![0-9A-Za-z])", text):
                        raise AssertionError(f"concealed card {code} shown publicly: {text[:300]!r}")
        self.before = after


def card_words(code: str) -> tuple[str, ...]:
    """What names a card in text: its code and, for the hanafuda and BCP cards, its name."""
    if code in FULL_NAMES:
        return code, FULL_NAMES[code]
    if code in BCP_CODES:
        return code, bcp_name(code)
    return (code,)


def _version_text(version) -> str:
    parts = [version.content or ""]
    for embed in version.embeds or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    for row in version.components or []:
        for item in row.get("components", []):
            parts.append(item.get("label") or "")
    return "\n".join(parts)


IN_PLACE = (6, 7)
"""Callback types of a click answered in the clicked message itself: deferred on arrival (before any table
lock is taken) and then edited, or updated at once."""


def recording(fake: LocalDiscord) -> tuple[list, Callable[[Any], Awaitable[None]]]:
    """A list and a stand-in for ``fake.dispatch_interaction`` that keeps each interaction in it before
    dispatching it (install it where the test starts counting)."""
    sent: list = []
    dispatch = fake.dispatch_interaction

    async def recorded(inter: Any) -> None:
        sent.append(inter)
        await dispatch(inter)

    return sent, recorded


async def settle(fake: LocalDiscord, bot: ParlorBot) -> None:
    """Everything the bot and the local Discord had to do done: answers, redraws and what they made Discord send."""
    await fake.wait_idle()
    await bot.tables.idle()
    await fake.wait_idle()


async def started_koikoi(fake: LocalDiscord, bot: ParlorBot, host, guest):
    """A one-month Koi-Koi table of ``host`` and ``guest``, started; the table."""
    lobby = await host.slash("play", "koikoi", months=1)
    await guest.click(lobby, "Join")
    await host.click(lobby, "Start")
    await fake.wait_idle()
    return bot.tables.in_channel(fake.channel.id)


async def restarted(fake: LocalDiscord, db: Path, run: ClientRun, watch: LeakWatch, table_id: int):
    """The bot process stopped and a new one started on the same database, the leak watch on it: ``(bot, run,
    table)``, the table as the new process brought it back."""
    await run.stop()
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    watch.rebind(bot)
    return bot, run, bot.tables.get(table_id)


async def started_with_panel(fake: LocalDiscord, bot: ParlorBot, host, guest):
    """A started Koi-Koi table (:func:`started_koikoi`), the one of the two to move, and their hand panel opened
    from the table: ``(table, mover, panel)``."""
    table = await started_koikoi(fake, bot, host, guest)
    mover = host if table.seat_of(host.id) in table.to_act() else guest
    panel = (await mover.click(table_message(fake), "My hand")).message
    return table, mover, panel
