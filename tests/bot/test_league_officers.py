"""League officers: who counts as one, the officer role setting, and the action record (both backends)."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.league import officers
from bot.store import Store

GUILD = 4242
ROLE = 777


def member(*roles: int) -> SimpleNamespace:
    return SimpleNamespace(id=5, display_name="Olive", roles=[SimpleNamespace(id=r) for r in roles])


def interaction(user: SimpleNamespace, manage: bool = False, guild_id: int | None = GUILD) -> SimpleNamespace:
    return SimpleNamespace(guild_id=guild_id, user=user, permissions=discord.Permissions(manage_guild=manage))


async def test_manage_server_or_the_named_role_makes_an_officer(store: Store):
    assert await officers.officer_role(store, GUILD) is None
    assert await officers.check_officer(interaction(member(), manage=True), store) is None
    refusal = await officers.check_officer(interaction(member(ROLE)), store)
    assert refusal == "Sorry, only league officers or members with the **Manage Server** permission can do that."
    await officers.set_officer_role(store, GUILD, ROLE)
    assert await officers.officer_role(store, GUILD) == ROLE
    assert await officers.check_officer(interaction(member(ROLE)), store) is None
    assert await officers.check_officer(interaction(member(1, 2)), store) == (
        f"Sorry, only league officers (<@&{ROLE}>) or members with the **Manage Server** permission can do that."
    )
    assert "direct messages" in await officers.check_officer(interaction(member(ROLE), guild_id=None), store)
    await officers.set_officer_role(store, GUILD, None)
    assert await officers.check_officer(interaction(member(ROLE)), store) is not None


async def test_officer_actions_are_recorded_in_the_change_s_transaction_and_listed_newest_first(store: Store):
    async with store.transaction() as db:
        for n in range(12):
            await officers.record(
                db,
                store,
                GUILD,
                (5, "Olive **bold**"),
                "pause",
                reason=f"because {n}",
                target=f"table {n}",
                details={"seconds_left": 30 + n},
            )
    with pytest.raises(RuntimeError):
        async with store.transaction() as db:  # an action whose change fails is not on the record
            await officers.record(db, store, GUILD, (5, "Olive"), "void", reason="lost")
            raise RuntimeError("the change failed")
    first = await officers.actions(store, GUILD, limit=10)
    assert [a.target for a in first] == [f"table {n}" for n in range(11, 1, -1)]
    rest = await officers.actions(store, GUILD, before=first[-1].id, limit=10)
    assert [a.target for a in rest] == ["table 1", "table 0"]
    assert rest[-1].details == {"seconds_left": 30} and rest[-1].reason == "because 0"
    assert rest[-1].officer_name == "Olive **bold**"  # kept plain; escaped where shown
    assert await officers.actions(store, GUILD + 1) == []


async def test_the_record_cannot_be_changed_or_deleted(store: Store):
    async with store.transaction() as db:
        await officers.record(db, store, GUILD, (5, "Olive"), "correct", reason="typo")
    for sql in ("UPDATE officer_actions SET reason = 'nothing'", "DELETE FROM officer_actions"):
        with pytest.raises(Exception):  # noqa: B017  # each backend refuses with its own error type
            async with store.transaction() as db:
                await db.execute(sql)
    assert [a.reason for a in await officers.actions(store, GUILD)] == ["typo"]


async def test_league_log_pages_the_record_newest_first(store: Store):
    from tests.bot.test_league_cog import FakeInteraction, LeagueBot, call

    bot = LeagueBot(store)
    await bot.load_extension("cogs.league_group")
    cog = bot.get_cog("LeagueGroup")
    assert cog.app_command.name == "league" and "log" in [c.name for c in cog.app_command.commands]
    empty = await call(cog.log, cog, FakeInteraction(9, guild_id=GUILD))
    assert empty.reply.ephemeral and empty.reply.content == "No officer action is on the record yet."
    async with store.transaction() as db:
        for n in range(13):
            await officers.record(
                db, store, GUILD, (5, "[gift](https://evil.example)"), "void", reason=f"reason {n}", target=f"table {n}"
            )
    first = (await call(cog.log, cog, FakeInteraction(9, guild_id=GUILD))).reply
    lines = first.embed.description.split("\n")
    assert len(lines) == 10 and "table 12" in lines[0] and "table 3" in lines[-1]
    assert "[gift](" not in first.embed.description  # an officer's name is shown as typed, never a link
    second = (await call(cog.log, cog, FakeInteraction(9, guild_id=GUILD), page=2)).reply
    assert [line.split(" · ")[2].split(" by ")[0] for line in second.embed.description.split("\n")] == [
        "table 2",
        "table 1",
        "table 0",
    ]
    assert "Page 2" in second.embed.footer.text
    beyond = (await call(cog.log, cog, FakeInteraction(9, guild_id=GUILD), page=3)).reply
    assert beyond.ephemeral and beyond.content == "There is no page 3: the record has 13 actions."
    await bot.close()


def test_the_league_group_s_mixins_share_no_method_name():
    """/league is built from mixins (cogs/league_group.py): a name defined in two of them would make one
    mixin call the other's method."""
    from cogs.league_nights import NightCommands
    from cogs.league_officers import OfficerCommands

    def own(cls: type) -> set[str]:
        return {name for name in vars(cls) if not name.startswith("__")}

    assert own(NightCommands) & own(OfficerCommands) == set()
