"""Names that are markdown, links, mentions or direction overrides are shown as typed, never as what they spell.

Every game is played through the fake Discord by players whose display names are hostile (each within
Discord's 32 characters), in a season whose name is hostile too: its first deal by their clicks, then, once
they resign, to its end by Parlor's bots; then the league and money commands
are used. No version of any message — public or private, content, embed title, description, field or
footer — may hold one of those names unescaped or a direction override, and every name must be shown
(escaped) somewhere, so the check cannot pass by showing nothing.
"""

from __future__ import annotations

import re

import pytest
from pydantic import BaseModel

from bot import presenter
from bot import text as user_text
from bot.tables import Refusal
from bot.text import BIDI_CONTROLS
from localdiscord import start_client

from .conftest import make_bot
from .test_logs_hidden import GAMES, play_from_panel, settle

HOSTILE = [
    "[gift](https://evil.example)",
    "**bold** ||spoiler|| `code`",
    "# Heading <@1> @everyone",
    "\u202eevil\u202c <t:0:R> -# small",
    "> quote ~~gone~~ __under__",
]
SEASON = "[Win](https://evil.example) **now** \u202e"
UNESCAPED_LINK = re.compile(r"(?<!\\)\]\(")  # a masked link's "](" that no backslash keeps as text


async def season_start(user, name: str):
    """``/season start name:<name>`` (the harness's own ``name`` argument is the command's)."""
    interaction = user.prepare_slash("season", "start")
    interaction.data["options"][0]["options"].append({"name": "name", "type": 3, "value": name})
    return await user.send(interaction)


def every_text(fake) -> list[str]:
    """Every text every message (public and private, deleted ones too) ever showed."""
    return [text for message in fake.all_messages() for text in message.all_texts()]


def hostile_shown(texts: list[str], names: list[str]) -> list[str]:
    """What a message shows that it should not: a name unescaped, a masked link, a direction override."""
    found = []
    for text in texts:
        found += [f"{name!r} in {text[:120]!r}" for name in names if user_text.plain(name) in text]
        if UNESCAPED_LINK.search(text):
            found.append(f"a masked link in {text[:120]!r}")
        if BIDI_CONTROLS & set(text):
            found.append(f"a direction override in {text[:120]!r}")
    return found


def deal_ended(fake) -> bool:
    """Whether a deal's result was posted (each reveals its seed)."""
    return any("seed was" in text for text in fake.all_public_texts())


@pytest.mark.parametrize("game,bots,options", GAMES, ids=[g for g, _, _ in GAMES])
async def test_hostile_names_are_shown_as_typed_in_every_message_of_a_whole_game(
    fake, db, game, bots, options, monkeypatch
):
    drawn: list[str] = []  # every seat name a table or result picture was drawn with
    for picture in ("table_picture", "result_picture"):

        def spy(game_name, view, names=None, draw=getattr(presenter, picture)):  # noqa: B008  # this picture's own
            shown = view.model_dump() if isinstance(view, BaseModel) else view  # a typed view, or a dict
            drawn.extend(names if names is not None else shown.get("seats", []))
            return draw(game_name, view) if names is None else draw(game_name, view, names)

        monkeypatch.setattr(presenter, picture, spy)
    first = [g for g, _, _ in GAMES].index(game)  # two people a game, the five names in turn over the games
    people = [fake.add_user(HOSTILE[(first + n) % len(HOSTILE)], manage_guild=True) for n in range(2)]
    host = people[0]
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    try:
        await season_start(host, SEASON)
        lobby = await host.slash("play", game, **options)
        for guest in people[1:]:
            await guest.click(lobby, "Join")
        for _ in range(bots + 1 - len(people)):
            await host.click(lobby, "Add bot")
        await host.click(lobby, "Start")
        await settle(fake, bot)
        table = bot.tables.in_channel(fake.channel.id)
        steps = 0
        while table.status == "playing" and not deal_ended(fake) and steps < 3000:
            steps += 1
            for person in people:
                if table.status == "playing" and table.seat_of(person.id) in table.to_act():
                    await play_from_panel(fake, bot, table, person)
            await settle(fake, bot)
        assert deal_ended(fake), f"{game}: no deal ended in {steps} steps"
        for person in people:  # the first deal played by clicks; Parlor's bots play the rest for them
            if table.status == "playing":
                await person.slash("resign")
        await bot.tables.idle()
        await settle(fake, bot)
        assert table.status == "finished"
        for command in (("season", "show"), ("standings",), ("history",), ("balance",), ("debts",)):
            await host.slash(*command)
        await host.slash("history", user=people[-1].id)
        run.raise_if_crashed()
    finally:
        await run.stop()
    texts = every_text(fake)
    assert not hostile_shown(texts, HOSTILE + [SEASON]), "\n".join(hostile_shown(texts, HOSTILE + [SEASON])[:10])
    public = "\n".join(fake.all_public_texts())
    for person in people:  # each name is there, as typed (escaped), in the channel
        assert user_text.name(person.name) in public, person.name
    assert user_text.season_name(SEASON) in public
    # the pictures are drawn with the names as typed, on one line, without overrides (a picture has no markdown)
    assert drawn and set(drawn) <= {user_text.plain_name(p.name) for p in people} | {"Bot 1"}


async def test_the_table_managers_own_lines_show_hostile_names_as_typed(fake, db):
    """The lines Parlor writes itself: "not your turn", a deadline that ran out, a resignation, a cancelled lobby."""
    ann, ben = fake.add_user(HOSTILE[0]), fake.add_user(HOSTILE[3])
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    try:
        lobby = await ann.slash("play", "koikoi", months=1)
        await ben.click(lobby, "Join")
        await ann.click(lobby, "Start")
        await settle(fake, bot)
        table = bot.tables.in_channel(fake.channel.id)
        [acting] = [p for p in (ann, ben) if table.seat_of(p.id) in table.to_act()]
        waiting = ben if acting is ann else ann
        with pytest.raises(Refusal) as refused:
            await bot.tables.act(table.id, waiting.id, None, "anything")
        assert str(refused.value) == f"It is not your turn; waiting for {user_text.name(acting.name)}."
        assert await bot.tables.fire_deadline(table.id, table.version)  # the one to act ran out of time
        await settle(fake, bot)
        [acting] = [p for p in (ann, ben) if table.seat_of(p.id) in table.to_act()]
        await acting.slash("resign")
        await settle(fake, bot)
        side = fake.add_channel("side")  # the one who resigned may open a table again (one table per player)
        lobby = await acting.slash("play", "koikoi", months=1, _channel=side)
        await acting.click(lobby, "Cancel")
        await settle(fake, bot)
        run.raise_if_crashed()
    finally:
        await run.stop()
    public = "\n".join(fake.all_public_texts())
    for line in ("Time ran out for {}", "{} resigned", "Cancelled by {}"):
        assert any(line.format(user_text.name(p.name)) in public for p in (ann, ben)), line
    texts = every_text(fake)
    assert not hostile_shown(texts, HOSTILE), "\n".join(hostile_shown(texts, HOSTILE)[:10])
