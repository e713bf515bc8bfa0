"""End-to-end tests of the local fake Discord with a real discord.py commands.Bot."""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import Awaitable

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from localdiscord import (
    ClientCrashed,
    HarnessError,
    InteractionTimeout,
    LocalDiscord,
    run_client,
    start_client,
)

SECRET = "hand: 1m 2m 3m EAST"


class StepButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:step:(?P<n>\d+)"):
    """A restart-proof button: everything it needs is in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Step {n}", custom_id=f"demo:step:{n}", style=discord.ButtonStyle.primary)
        )
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        bot.clicks.append((bot.generation, interaction.user.name, self.n))
        view = discord.ui.View(timeout=None)
        view.add_item(StepButton(self.n + 1))
        await interaction.response.edit_message(
            content=f"step {self.n + 1} by {interaction.user.name} (gen {bot.generation})", view=view
        )


class NameModal(discord.ui.Modal, title="Your name"):
    name = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {self.name.value}", ephemeral=True)


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        placeholder="Pick a letter",
        options=[discord.SelectOption(label=f"Letter {c}", value=c) for c in "abc"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class PanelView(discord.ui.View):
    def __init__(self, n: int) -> None:
        super().__init__(timeout=None)
        self.n = n

    @discord.ui.button(label="Draw", custom_id="panel:draw")
    async def draw(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.n += 1
        await interaction.response.edit_message(content=f"your hand: {self.n} tiles", view=self)

    @discord.ui.button(label="Think", custom_id="panel:think")
    async def think(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # DEFERRED_UPDATE_MESSAGE on a component
        await interaction.edit_original_response(content="thought about it")
        await interaction.followup.send("a hint", ephemeral=True)


def make_bot(fake: LocalDiscord, generation: int = 1) -> commands.Bot:
    intents = discord.Intents.default()
    bot = commands.Bot(command_prefix="!", intents=intents, chunk_guilds_at_startup=False)
    bot.generation = generation
    bot.clicks = []
    bot.errors = []
    bot.tokens = {}
    guild = discord.Object(fake.guild.id)

    async def noting_refusal(call: Awaitable[object]) -> bool:
        """Make the call; a refusal goes into ``bot.errors`` as (status, code, text). Whether it succeeded."""
        try:
            await call
        except discord.HTTPException as e:
            bot.errors.append((e.status, e.code, e.text))
            return False
        return True

    game = app_commands.Group(name="game", description="Demo game")

    @game.command(name="start", description="Open a table")
    @app_commands.describe(players="How many players")
    @app_commands.choices(
        mode=[app_commands.Choice(name="Short", value="short"), app_commands.Choice(name="Long", value="long")]
    )
    async def start(
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 4],
        mode: app_commands.Choice[str] = None,
        rival: discord.Member = None,
    ):
        embed = discord.Embed(title="Table", description=f"{players} players, mode {mode.value if mode else 'short'}")
        if rival is not None:
            embed.add_field(name="Rival", value=rival.name)
        view = discord.ui.View(timeout=None)
        view.add_item(StepButton(1))
        await interaction.response.send_message(embed=embed, view=view)

    @game.command(name="peek", description="My hand")
    async def peek(interaction: discord.Interaction):
        await interaction.response.send_message(f"{interaction.user.name} {SECRET}", ephemeral=True)
        bot.tokens[interaction.user.id] = interaction

    @game.command(name="refresh", description="Edit my hand panel in place")
    async def refresh(interaction: discord.Interaction):
        old = bot.tokens[interaction.user.id]
        try:
            await old.edit_original_response(content="refreshed")
            text = "edited"
        except discord.HTTPException as e:
            text = f"expired {e.status} {e.code}"
        await interaction.response.send_message(text, ephemeral=True)

    @game.command(name="slow", description="Deferred answer")
    async def slow(interaction: discord.Interaction):
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="working...")
        await interaction.followup.send("just for you", ephemeral=True)
        await interaction.edit_original_response(content="done")

    @game.command(name="oldslow", description="Deferred answer filled the deprecated way")
    async def oldslow(interaction: discord.Interaction):
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("filled by a followup", ephemeral=True)

    @game.command(name="announce", description="Channel message")
    async def announce(interaction: discord.Interaction):
        msg = await interaction.channel.send("Table open: 2 seats")
        await msg.edit(content="Table open: 1 seat")
        await interaction.response.send_message("announced", ephemeral=True)

    @game.command(name="double", description="Answers twice")
    async def double(interaction: discord.Interaction):
        await interaction.response.send_message("first")
        interaction.response._response_type = None  # defeat discord.py's own guard
        await noting_refusal(interaction.response.send_message("second"))

    @game.command(name="toolong", description="Too long embed")
    async def toolong(interaction: discord.Interaction):
        if not await noting_refusal(interaction.response.send_message(embed=discord.Embed(description="x" * 4097))):
            await interaction.response.send_message("could not show that", ephemeral=True)

    @game.command(name="late", description="Answers too late")
    async def late(interaction: discord.Interaction):
        await asyncio.sleep(0.3)
        await noting_refusal(interaction.response.send_message("sorry I'm late"))

    @game.command(name="name", description="Modal")
    async def name(interaction: discord.Interaction):
        await interaction.response.send_modal(NameModal())

    @game.command(name="pick", description="Select")
    async def pick(interaction: discord.Interaction):
        await interaction.response.send_message("pick one", view=PickView())

    @game.command(name="panel", description="Ephemeral hand panel")
    async def panel(interaction: discord.Interaction):
        await interaction.response.send_message("your hand: 3 tiles", view=PanelView(3), ephemeral=True)

    @game.command(name="files", description="Attachments and a DM")
    async def files(interaction: discord.Interaction):
        await interaction.response.send_message(
            "your card", file=discord.File(io.BytesIO(b"secret-png"), "hand.png"), ephemeral=True
        )
        await interaction.channel.send("board", file=discord.File(io.BytesIO(b"board-png"), "board.png"))
        await interaction.user.send("a DM for you")

    @game.command(name="rules", description="Rules of a game")
    async def rules(interaction: discord.Interaction, game_name: str):
        await interaction.response.send_message(f"rules of {game_name}", ephemeral=True)

    @rules.autocomplete("game_name")
    async def rules_autocomplete(interaction: discord.Interaction, current: str):
        return [
            app_commands.Choice(name=g.title(), value=g)
            for g in ("koikoi", "sanma", "hachihachi")
            if g.startswith(current)
        ]

    bot.tree.add_command(game, guild=guild)

    async def setup_hook() -> None:
        bot.add_dynamic_items(StepButton)
        await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook
    return bot


@pytest.fixture
async def fake():
    f = LocalDiscord()
    await f.start()
    f.patch_discord()
    try:
        yield f
    finally:
        await f.stop()


async def test_slash_embed_button_and_restart(fake: LocalDiscord):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, 1)) as run:
        res = await alice.slash("game", "start", players=3, mode="Long", rival=bob)
        assert res.response_type == 4 and not res.ephemeral
        assert res.embed["description"] == "3 players, mode long"
        assert res.embed["fields"][0]["value"] == "bob"
        assert res.buttons() == [("Step 1", "demo:step:1", False)]
        assert res.latency is not None and res.latency < 1

        click = await bob.click(res, "Step 1")
        assert click.response_type == 7 and click.message.id == res.id
        assert res.content == "step 2 by bob (gen 1)"
        assert run.client.clicks == [(1, "bob", 1)]
        message = res.message

    # restart: a brand-new client object on the same fake still handles the old buttons
    bot2 = make_bot(fake, 2)
    async with run_client(fake, bot2):
        await alice.click(message, "demo:step:2")
        assert message.content == "step 3 by alice (gen 2)"
        assert bot2.clicks == [(2, "alice", 2)]
    assert [v.kind for v in message.versions] == ["create", "edit", "edit"]
    fake.assert_clean()


async def test_ephemeral_visibility_followups_and_channel_messages(fake: LocalDiscord):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake)):
        peek = await alice.slash("game peek")
        assert peek.ephemeral and peek.ephemeral_to == alice.id
        assert peek.message in alice.visible_messages()
        assert peek.message not in bob.visible_messages()
        assert peek.message not in fake.public_messages()
        assert not any(SECRET in t for t in fake.all_public_texts())
        assert fake.public_leaks([SECRET]) == []

        slow = await alice.slash("game", "slow")
        assert slow.response_type == 5
        assert slow.content == "done"  # the "thinking" message filled, then edited
        assert [v.content for v in slow.message.versions] == ["", "working...", "done"]
        [private] = slow.followups
        assert private.ephemeral_to == alice.id and private.content == "just for you"
        assert private not in bob.visible_messages()

        await bob.slash("game", "announce")
        public = fake.public_messages()
        assert [m.content for m in public] == ["done", "Table open: 1 seat"]
        assert "Table open: 2 seats" in fake.all_public_texts()  # every version is kept
        assert [m.content for m in bob.visible_messages()] == ["done", "Table open: 1 seat", "announced"]
        assert "just for you" not in [m.content for m in bob.visible_messages()]
    fake.assert_clean()


async def test_a_followup_filling_a_deferred_loading_message_is_done_and_flagged_deprecated(fake: LocalDiscord):
    """receiving-and-responding: a followup right after a "thinking" defer edits the loading message (its ephemeral
    flag ignored), "deprecated, use Edit Original Interaction Response": Discord does it, the fake notes it."""
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake)):
        answer = await alice.slash("game", "oldslow")
        assert answer.response_type == 5 and answer.content == "filled by a followup" and answer.followups == []
    assert [v.kind for v in fake.violations] == ["deprecated_followup"]
    with pytest.raises(AssertionError, match="deprecated_followup"):
        fake.assert_clean()


async def test_double_answer_is_rejected_with_40060(fake: LocalDiscord):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake)) as run:
        res = await alice.slash("game", "double")
        assert res.content == "first"
        assert run.client.errors[0][:2] == (400, 40060)
        assert [v.kind for v in fake.violations] == ["double_ack"]
        # the same rule seen from a raw HTTP client, with Discord's JSON error shape
        url = f"{fake.api_base}/interactions/{res.interaction.id}/{res.token}/callback?with_response=1"
        async with aiohttp.ClientSession() as s:
            async with s.post(url, json={"type": 4, "data": {"content": "again"}}) as r:
                assert r.status == 400
                assert r.headers["Content-Type"] == "application/json"
                assert await r.json() == {"code": 40060, "message": "Interaction has already been acknowledged."}


async def test_expired_token_and_form_limits(fake: LocalDiscord):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake)) as run:
        peek = await alice.slash("game", "peek")
        ok = await alice.slash("game", "refresh")
        assert ok.content == "edited" and peek.content == "refreshed"
        fake.expire_token(peek.token)
        expired = await alice.slash("game", "refresh")
        assert expired.content == "expired 401 50027"

        bad = await alice.slash("game", "toolong")
        assert bad.content == "could not show that"
        status, code, _ = run.client.errors[0]
        assert (status, code) == (400, 50035)
        err = fake.http_errors[-1]
        assert err["errors"]["data"]["embeds"]["0"]["description"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"

    # custom_id > 100 and 6 action rows, straight through REST
    rows = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}]}]
    rows += [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": str(i), "custom_id": f"b{i}"}]} for i in range(5)
    ]
    async with aiohttp.ClientSession() as s:
        async with s.post(
            f"{fake.api_base}/channels/{fake.channel.id}/messages", json={"content": "hi", "components": rows}
        ) as r:
            body = await r.json()
    assert r.status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert "custom_id" in body["errors"]["components"]["0"]["components"]["0"]
    assert body["errors"]["components"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_late_ack_is_recorded(fake: LocalDiscord):
    fake.ack_deadline = 0.1
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake)) as run:
        with pytest.raises(InteractionTimeout, match="late_ack"):
            await alice.slash("game", "late", _timeout=1.0)
        assert [v.kind for v in fake.violations] == ["late_ack"]
        for _ in range(200):  # the refusal reaches the bot just after the harness gave up
            if run.client.errors:
                break
            await asyncio.sleep(0.01)
        assert run.client.errors[0][:2] == (404, 10062)


async def test_modal_select_and_harness_errors(fake: LocalDiscord):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake)):
        res = await alice.slash("game", "name")
        assert res.response_type == 9 and res.modal["title"] == "Your name"
        hello = await res.submit_modal(name="Alice")
        assert hello.content == "Hello Alice" and hello.ephemeral

        pick = await alice.slash("game", "pick")
        done = await alice.select(pick, "pick", ["Letter b"])
        assert done.message.id == pick.id and pick.content == "picked b" and pick.components == []

        with pytest.raises(HarnessError, match="registered"):
            await alice.slash("nope")
        with pytest.raises(HarnessError, match="subcommand"):
            await alice.slash("game", "fly")
        with pytest.raises(HarnessError, match="players"):
            await alice.slash("game", "start", player=3)
        with pytest.raises(HarnessError, match="max"):
            await alice.slash("game", "start", players=9)
        with pytest.raises(HarnessError, match="no button"):
            await alice.click(pick, "Nope")
    fake.assert_clean()


async def test_gateway_drop_resume_and_reidentify(fake: LocalDiscord):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake)):
        await fake.drop_gateway(wait=True)
        assert fake.resume_count == 1
        assert (await alice.slash("game", "peek")).ephemeral
        await fake.drop_gateway(resume=False, wait=True)
        assert fake.identify_count == 2
        assert (await alice.slash("game", "peek")).ephemeral


async def test_client_crash_is_surfaced(fake: LocalDiscord):
    alice = fake.add_user("alice")
    with pytest.raises(ClientCrashed):
        async with run_client(fake, make_bot(fake)) as run:
            # a payload discord.py cannot parse kills the client task
            await fake.dispatch("CHANNEL_CREATE", {"id": "1", "type": 0, "guild_id": str(fake.guild.id)})
            await alice.slash("game", "peek")
    assert run.task.done()


async def test_command_ids_are_stable_across_resync(fake: LocalDiscord):
    run = await start_client(fake, make_bot(fake))
    first = {c.name: c.id for c in fake.commands_in(fake.guild.id)}
    await run.stop()
    run = await start_client(fake, make_bot(fake))
    assert {c.name: c.id for c in fake.commands_in(fake.guild.id)} == first
    await run.stop()
    assert json.loads(json.dumps(fake.commands_in(fake.guild.id)[0].to_json()))["name"] == "game"


async def test_ephemeral_panel_update_files_and_dm(fake: LocalDiscord):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake)):
        panel = await alice.slash("game", "panel")
        click = await alice.click(panel, "Draw")
        assert click.response_type == 7 and click.message is panel.message
        assert panel.content == "your hand: 4 tiles" and panel.ephemeral_to == alice.id
        with pytest.raises(HarnessError, match="cannot see"):
            await bob.click(panel, "Draw")
        think = await alice.click(panel, "panel:think")
        assert think.response_type == 6 and panel.content == "thought about it" and panel.ephemeral
        assert [(m.content, m.ephemeral_to) for m in think.followups] == [("a hint", alice.id)]

        res = await alice.slash("game", "files")
        assert res.ephemeral and [a.filename for a in res.message.attachments] == ["hand.png"]
        assert res.message.attachments[0].data == b"secret-png"
        await fake.wait_idle()
        board = fake.public_messages()[-1]
        assert board.content == "board" and board.attachments[0].size == len(b"board-png")
        texts = fake.all_public_texts()
        assert "board.png" in texts and "hand.png" not in texts
        assert [m.content for m in alice.dm_messages()] == ["a DM for you"]
        assert bob.dm_messages() == []
        async with aiohttp.ClientSession() as s:
            async with s.get(board.attachments[0].url) as r:
                assert await r.read() == b"board-png"
    fake.assert_clean()


async def test_plain_messages_history_delete_and_member_join(fake: LocalDiscord):
    alice = fake.add_user("alice")
    intents = discord.Intents.default()
    intents.members = True
    intents.message_content = True
    bot = commands.Bot(command_prefix="!", intents=intents, chunk_guilds_at_startup=False)
    joined = []

    @bot.event
    async def on_member_join(member: discord.Member) -> None:
        joined.append(member.name)

    @bot.command()
    async def ping(ctx: commands.Context) -> None:
        temp = await ctx.send("pong")
        history = [m.content async for m in ctx.channel.history(limit=10)]
        await ctx.send(f"history: {history}")
        await temp.delete()

    async with run_client(fake, bot):
        fake.add_user("carol")
        await alice.say("!ping")
        await fake.wait_idle()
        assert [m.content for m in fake.public_messages()] == ["!ping", "history: ['pong', '!ping']"]
        [pong] = [m for m in fake.all_messages() if m.deleted]
        assert [v.kind for v in pong.versions] == ["create", "delete"] and "pong" in fake.all_public_texts()
        assert joined == ["carol"]


async def test_autocomplete_and_concurrent_users(fake: LocalDiscord):
    users = [fake.add_user(f"user{i}") for i in range(4)]
    async with run_client(fake, make_bot(fake)):
        choices = await users[0].autocomplete("game", "rules", _focused="game_name", game_name="ko")
        assert choices == [{"name": "Koikoi", "value": "koikoi"}]
        results = await asyncio.gather(*(u.slash("game", "rules", game_name="sanma") for u in users))
        for u, r in zip(users, results):
            assert r.ephemeral_to == u.id and r.content == "rules of sanma"
            assert [m.id for m in u.visible_messages()] == [r.id]
        assert fake.public_messages() == []
    fake.assert_clean()


async def test_heartbeat_latency_is_the_round_trip_not_the_interval(caplog):
    # The playground logged "Can't keep up, shard ID None websocket is 41.3s behind" every few
    # minutes: the fake answered a heartbeat before discord.py's keep-alive thread had recorded
    # sending it, so discord.py measured the whole 41.25 s interval. Discord's ACK crosses a network.
    async with LocalDiscord(heartbeat_interval=0.4, gateway_latency=0.05) as world:
        bot = make_bot(world)
        with caplog.at_level("WARNING", logger="discord.gateway"):
            async with run_client(world, bot):
                await asyncio.sleep(1.5)  # three heartbeats
                latency = bot.latency
    assert 0.04 <= latency < 0.3, latency
    assert not [r for r in caplog.records if "behind" in r.getMessage()]


async def test_two_sessions_on_one_shard_both_stay_and_both_receive_its_events(fake: LocalDiscord):
    """Discord's docs (events/gateway, Sharding): several sessions may identify with the same shard; a new
    one closes none of the others."""
    await fake.start()

    async def identify(http: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse:
        ws = await http.ws_connect(fake.gateway_url + "?v=10&encoding=json")  # text frames: no compress
        assert (await ws.receive_json())["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": "x", "intents": 1, "shard": [0, 2], "properties": {}}})
        while (await ws.receive_json())["t"] != "READY":
            pass
        return ws

    async def next_event(ws: aiohttp.ClientWebSocketResponse, name: str) -> dict:
        while True:
            message = await asyncio.wait_for(ws.receive(), 5)
            assert message.type == aiohttp.WSMsgType.TEXT, f"closed: {ws.close_code}"
            frame = json.loads(message.data)
            if frame.get("t") == name:
                return frame["d"]

    async with aiohttp.ClientSession() as http:
        first = await identify(http)
        second = await identify(http)
        await fake.gateway.dispatch("TEST_EVENT", {"n": 1})  # no guild: shard 0's
        assert (await next_event(first, "TEST_EVENT"))["n"] == 1
        assert (await next_event(second, "TEST_EVENT"))["n"] == 1
        assert not first.closed and len(fake.gateway.sessions) == 2
        await first.close()
        await second.close()


async def test_a_click_may_name_a_component_an_earlier_version_of_the_message_showed(fake: LocalDiscord):
    alice = fake.add_user("alice")

    def row(*items: dict) -> list[dict]:
        return [{"type": 1, "components": list(items)}]

    old_button = {"type": 2, "style": 1, "label": "Play", "custom_id": "v1:play"}
    old_select = {"type": 3, "custom_id": "v1:pick", "options": [{"label": "A", "value": "a"}]}
    msg = await fake.create_message(fake.channel, {"content": "panel", "components": row(old_button, old_select)}, [])
    await fake.edit_message(msg, {"components": row({**old_button, "custom_id": "v2:play"})}, [])
    with pytest.raises(HarnessError, match="no button 'v1:play'"):
        alice.prepare_click(msg, "v1:play")  # the harness clicks what the message shows now
    with pytest.raises(HarnessError, match="no select 'v1:pick'"):
        alice.prepare_select(msg, "v1:pick", "a")
    # a client still drawing the message before its edit sends those, and Discord delivers them
    assert alice.prepare_click(msg, "v1:play", shown_before=True).data["custom_id"] == "v1:play"
    picked = alice.prepare_select(msg, "v1:pick", "a", shown_before=True)
    assert (picked.data["custom_id"], picked.data["values"]) == ("v1:pick", ["a"])
    with pytest.raises(HarnessError, match="no button 'never'"):
        alice.prepare_click(msg, "never", shown_before=True)  # never shown: never sent
