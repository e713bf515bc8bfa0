"""The league cog's commands, called directly with a stand-in interaction (no network).

End-to-end tests through the fake Discord live in test_league_e2e.py.
"""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest
from discord.ext import commands

from bot import rules_text
from bot.league.standings import standings as league_standings
from bot.store import Store
from bot.tables import Presenter, TableManager
from cogs.league import signed, standing_lines
from cogs.replies import COLOUR, FIELD_MAX
from cogs.rules import rules_sections
from games import game_names

GUILD = 100


class FakeResponse:
    def __init__(self, sent: list) -> None:
        self.sent = sent
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, *, ephemeral=False, thinking=False, **_):
        assert not self._done, "responded twice"
        self._done = True

    async def send_message(self, content=None, *, embed=None, ephemeral=False, **_):
        assert not self._done, "responded twice"
        self._done = True
        self.sent.append(SimpleNamespace(content=content, embed=embed, ephemeral=ephemeral))


class FakeFollowup:
    def __init__(self, sent: list) -> None:
        self.sent = sent

    async def send(self, content=None, *, embed=None, ephemeral=False, **_):
        self.sent.append(SimpleNamespace(content=content, embed=embed, ephemeral=ephemeral))


class FakeInteraction:
    def __init__(self, user_id: int, *, guild_id: int | None = GUILD, manage: bool = False) -> None:
        self.guild_id = guild_id
        self.channel_id = 50
        self.user = SimpleNamespace(id=user_id, display_name=f"user{user_id}", mention=f"<@{user_id}>")
        self.permissions = discord.Permissions(manage_guild=manage)
        self.sent: list = []
        self.response = FakeResponse(self.sent)
        self.followup = FakeFollowup(self.sent)

    @property
    def reply(self):
        assert len(self.sent) == 1, self.sent
        return self.sent[0]


class LeagueBot(commands.Bot):
    def __init__(self, store: Store) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.store = store
        self.settings = SimpleNamespace(turn_seconds=90)
        self.tables = TableManager(store, Presenter(), default_turn_seconds=90)
        self.games_available = ["koikoi"]


@pytest.fixture
async def store():
    s = await Store.open(":memory:")
    yield s
    await s.close()


@pytest.fixture
async def bot(store):
    bot = LeagueBot(store)
    for extension in ("cogs.league", "cogs.settings", "cogs.rules"):
        await bot.load_extension(extension)
    yield bot
    await bot.close()


@pytest.fixture
def cog(bot):
    return bot.get_cog("League")


@pytest.fixture
def settings(bot):
    return bot.get_cog("Settings")


@pytest.fixture
def rules(bot):
    return bot.get_cog("Rules")


async def finished_game(store: Store, channel: int, results: list[tuple[int | None, int]], game: str = "koikoi"):
    seats = [{"user_id": u, "name": f"user{u}" if u else "Bot", "bot": u is None} for u, _ in results]
    t = await store.tables.create(GUILD, channel, game, {}, 1, seats, 90)
    season = await store.seasons.ensure(GUILD)
    t = await store.tables.start(t.id, seats, "seed", "{}", None, season.id, expected_version=t.version)
    amounts = [a for _, a in results]
    res = [
        {
            "participant": f"user:{u}" if u else f"bot:{t.id}:{i}",
            "user_id": u,
            "name": seats[i]["name"],
            "seat": i,
            "amount": a,
            "placing": 1 + sum(1 for x in amounts if x > a),
        }
        for i, (u, a) in enumerate(results)
    ]
    return await store.tables.finish(t.id, snapshot="{}", expected_version=t.version, results=res)


async def call(command, cog, interaction, **kwargs):
    await command.callback(cog, interaction, **kwargs)
    return interaction


# --------------------------------------------------------------------------- helpers


async def kept(store: Store, rows: list[tuple], game: str = "koikoi") -> None:
    """Rows of standings_totals as its triggers would keep them: (user, points, firsts, placing_sum, games)."""
    async with store.transaction() as db:
        for user, points, firsts, placing_sum, games in rows:
            await db.execute(
                "INSERT INTO standings_totals (guild_id, season_id, game, user_id, name, points, games,"
                " firsts, placing_sum, placed, rounds_won, last_id) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?,"
                " 0, ?)",
                (GUILD, game, user, f"u{user}", points, games, firsts, placing_sum, games, user),
            )


async def test_formatting_helpers(store):
    assert [signed(5), signed(0), signed(-3)] == ["+5", "±0", "−3"]
    await kept(store, [(1, 10, 1, 3, 2), (2, 10, 1, 3, 2), (3, -4, 0, 4, 2)])
    text = standing_lines((await league_standings(store, GUILD, 1, limit=2))["koikoi"], 2)
    assert text.splitlines()[0] == "` 1.` <@1> **+10** · 2 games · 1× 1st · avg 1.50"
    assert text.splitlines()[1].startswith("` 1.` <@2>")  # equal on every tie-break: the same rank
    assert "and 1 more" in text


async def test_the_tie_break_is_first_places_then_average_placing_then_fewer_games(store):
    await kept(
        store, [(1, 50, 1, 6, 3), (2, 50, 2, 7, 4), (3, 50, 1, 5, 3), (4, 50, 1, 10, 6), (5, 90, 0, 2, 1)], game="sanma"
    )
    rows = (await league_standings(store, GUILD, 1, min_games=2))["sanma"].rows
    assert [(r.user_id, r.rank) for r in rows] == [(2, 1), (3, 2), (4, 3), (1, 4), (5, None)]


def test_rules_texts_fit_in_an_embed():
    assert "koikoi" in rules_text.RULES
    for game, text in rules_text.RULES.items():
        intro, sections = rules_sections(text)
        assert intro and sections, game
        assert len(sections) <= 25
        for name, body in sections:
            assert len(name) <= 256 and len(body) <= FIELD_MAX, (game, name, len(body))
        assert len(intro) + sum(len(n) + len(b) for n, b in sections) < 6000
    _, sections = rules_sections(rules_text.RULES["koikoi"])
    names = [n for n, _ in sections]
    assert any("Yaku" in n for n in names) and any("Options" in n for n in names)


# --------------------------------------------------------------------------- seasons


async def test_season_start_needs_manage_server(cog, store):
    i = await call(cog.season_start, cog, FakeInteraction(5), name="Cup")
    assert i.reply.ephemeral and "Manage Server" in i.reply.content
    assert await store.seasons.current(GUILD) is None


async def test_season_start_end_show(cog, store):
    i = await call(cog.season_start, cog, FakeInteraction(5, manage=True), name="Winter cup")
    assert not i.reply.ephemeral and "Winter cup" in i.reply.embed.description
    assert i.reply.embed.colour == COLOUR
    season = await store.seasons.current(GUILD)
    assert season.name == "Winter cup" and season.started_by == 5

    await finished_game(store, 1, [(1, 6), (2, -6)])
    await finished_game(store, 2, [(2, 12), (None, -12)])
    i = await call(cog.season_show, cog, FakeInteraction(9))
    e = i.reply.embed
    assert e.title == "Winter cup"
    assert f"<t:{int(season.started_at)}:R>" in e.description
    assert e.fields[0].name.startswith("Koi-Koi")
    lines = e.fields[0].value.splitlines()
    # Equal points and first places: the better average placing ranks first.
    assert lines == [
        "` 1.` <@1> **+6** · 1 game · 1× 1st · avg 1.00",
        "` 2.` <@2> **+6** · 2 games · 1× 1st · avg 1.50",
    ]

    i = await call(cog.season_end, cog, FakeInteraction(5, manage=True))
    assert "is over" in i.reply.embed.title
    assert await store.seasons.current(GUILD) is None
    i = await call(cog.season_end, cog, FakeInteraction(5, manage=True))
    assert i.reply.ephemeral and "no season" in i.reply.content
    i = await call(cog.season_show, cog, FakeInteraction(9))
    assert i.reply.ephemeral and i.reply.embed.title == "No season running"


async def test_guild_only(cog):
    i = await call(cog.season_show, cog, FakeInteraction(9, guild_id=None))
    assert i.reply.ephemeral and "server" in i.reply.content


# --------------------------------------------------------------------------- standings and history


async def test_standings_empty_then_filled(cog, store):
    i = await call(cog.standings, cog, FakeInteraction(1), game=None)
    assert i.reply.ephemeral and "No season" in i.reply.content
    await store.seasons.ensure(GUILD)
    i = await call(cog.standings, cog, FakeInteraction(1), game=None)
    assert i.reply.ephemeral and "No games have finished" in i.reply.content

    await finished_game(store, 1, [(1, 6), (2, -6)])
    await finished_game(store, 2, [(1, -2), (2, 2)])
    i = await call(cog.standings, cog, FakeInteraction(1), game=None)
    e = i.reply.embed
    assert not i.reply.ephemeral and e.fields[0].name == "Koi-Koi"
    assert e.fields[0].value.splitlines() == [
        "` 1.` <@1> **+4** · 2 games · 1× 1st · avg 1.50",
        "` 2.` <@2> **−4** · 2 games · 1× 1st · avg 1.50",
    ]
    assert e.footer.text.startswith("Koi-Koi: league points = the sum of your points in the season's games")
    i = await call(cog.standings, cog, FakeInteraction(1), game="koikoi")
    assert "<@1> **+4**" in i.reply.embed.description
    i = await call(cog.standings, cog, FakeInteraction(1), game="sanma")
    assert i.reply.ephemeral and "No" in i.reply.content


async def test_history(cog, store):
    i = await call(cog.history, cog, FakeInteraction(1), user=None)
    assert i.reply.ephemeral and "You have no finished games" in i.reply.content
    await finished_game(store, 1, [(1, 6), (2, -6)])
    await finished_game(store, 2, [(1, -20), (None, 20)])
    i = await call(cog.history, cog, FakeInteraction(1), user=None)
    lines = i.reply.embed.description.splitlines()
    assert len(lines) == 2
    assert "**−20** (2nd)" in lines[0] and "vs Bot +20" in lines[0]
    assert "**+6** (1st)" in lines[1] and "vs <@2> −6" in lines[1]
    other = SimpleNamespace(id=2, display_name="user2")
    i = await call(cog.history, cog, FakeInteraction(1), user=other)
    assert i.reply.embed.title == "Recent games of user2"
    assert "**−6** (2nd)" in i.reply.embed.description


# --------------------------------------------------------------------------- config and rules


async def test_config(settings, store):
    i = await call(settings.config_show, settings, FakeInteraction(1))
    fields = {f.name: f.value for f in i.reply.embed.fields}
    assert fields["Turn time"].startswith("90 s (default)") and fields["Table channels"] == "Any channel"

    i = await call(settings.config_turn_time, settings, FakeInteraction(1), seconds=30)
    assert "Manage Server" in i.reply.content
    i = await call(settings.config_turn_time, settings, FakeInteraction(1, manage=True), seconds=120)
    assert i.reply.ephemeral and "2 minutes" in i.reply.content
    assert (await store.config.get(GUILD)).turn_seconds == 120
    i = await call(settings.config_turn_time, settings, FakeInteraction(1, manage=True), seconds=5)
    assert "between 10 and 3600" in i.reply.content

    chan = SimpleNamespace(id=77, mention="<#77>")
    i = await call(settings.channels_add, settings, FakeInteraction(1, manage=True), channel=chan)
    assert "<#77>" in i.reply.content
    i = await call(settings.channels_add, settings, FakeInteraction(1, manage=True), channel=chan)
    assert "already" in i.reply.content
    await call(
        settings.channels_add,
        settings,
        FakeInteraction(1, manage=True),
        channel=SimpleNamespace(id=78, mention="<#78>"),
    )
    assert (await store.config.get(GUILD)).allowed_channels == [77, 78]
    i = await call(settings.channels_remove, settings, FakeInteraction(1, manage=True), channel=chan)
    assert (await store.config.get(GUILD)).allowed_channels == [78]
    i = await call(settings.channels_remove, settings, FakeInteraction(1, manage=True), channel=chan)
    assert "not on the list" in i.reply.content
    i = await call(
        settings.channels_clear,
        settings,
        FakeInteraction(1),
    )
    assert "Manage Server" in i.reply.content
    i = await call(settings.channels_clear, settings, FakeInteraction(1, manage=True))
    assert (await store.config.get(GUILD)).allowed_channels == []
    i = await call(settings.config_show, settings, FakeInteraction(1))
    fields = {f.name: f.value for f in i.reply.embed.fields}
    assert fields["Turn time"].startswith("2 minutes")


async def test_rules(rules):
    i = await call(rules.rules, rules, FakeInteraction(1), game="koikoi")
    e = i.reply.embed
    assert e.title == "Koi-Koi — rules" and i.reply.ephemeral
    text = " ".join(f.value for f in e.fields)
    for word in ("Goko", "Inoshikacho", "Kasu", "Koi-Koi", "months", "double_over_7"):
        assert word in text
    i = await call(rules.rules, rules, FakeInteraction(1), game="Koi-Koi")
    assert i.reply.embed.title == "Koi-Koi — rules"
    i = await call(rules.rules, rules, FakeInteraction(1), game="chess")
    assert i.reply.ephemeral and "don't have rules" in i.reply.content


async def test_command_tree_shape(cog):
    tree = cog.bot.tree
    names = {c.name for c in tree.get_commands()}
    assert {"season", "standings", "history", "config", "rules"} <= names
    config = tree.get_command("config")
    assert config.default_permissions.manage_guild
    assert {c.name for c in config.commands} == {
        "show",
        "turn_time",
        "channels",
        "starting_balance",
        "min_games",
        "officer_role",
        "registration",
    }
    season = tree.get_command("season")
    assert season.guild_only and {c.name for c in season.commands} == {"start", "end", "show", "rules", "export"}
    rules = next(c for c in season.commands if c.name == "rules")
    assert {c.name for c in rules.commands} == set(game_names())  # /season rules <game>, one per game
    season.to_dict(tree)  # Discord's shape: every nested command serialises
    payload = config.to_dict(tree)
    channels = next(o for o in payload["options"] if o["name"] == "channels")
    assert {o["name"] for o in channels["options"]} == {"add", "remove", "clear"}
