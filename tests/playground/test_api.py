"""The playground's JSON API, driven as the page drives it, against the real bot and a tiny test bot."""

from __future__ import annotations

import asyncio
import base64
import time

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from localdiscord import run_client

from .conftest import make_bot


def button(message: dict, label: str) -> str:
    for row in message["components"]:
        for c in row.get("components", []):
            if c.get("label") == label:
                return c["custom_id"]
    raise AssertionError(f"no button {label!r} in {message['components']}")


def mine_only(state: dict, user) -> None:
    """Every ephemeral message in ``state`` belongs to ``user``."""
    for m in state["messages"]:
        if m["ephemeral"]:
            assert m["interaction_metadata"]["user"]["id"] == str(user.id), m


async def test_root_is_the_page_for_browsers_and_the_gateway_for_the_bot(fake, client, db):
    async with aiohttp.ClientSession() as s:
        async with s.get(fake.base_url + "/") as r:
            assert r.status == 200 and "Parlor playground" in await r.text()
        async with s.get(fake.base_url + "/playground/static/app.js") as r:
            assert r.status == 200 and "renderMessage" in await r.text()
        for bad in ("nothing.js", "..%2Fserver.py"):
            async with s.get(fake.base_url + "/playground/static/" + bad) as r:
                assert r.status == 404
    async with run_client(fake, make_bot(fake, db)):
        assert fake.connected  # discord.py connected through the websocket on "/"
    fake.assert_clean()


async def test_a_koikoi_lobby_through_the_api_each_user_sees_only_their_own(fake, client, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)):
        status, data = await client.get("commands")
        play = next(c for c in data["commands"] if c["name"] == "play")
        koikoi = next(o for o in play["options"] if o["name"] == "koikoi")
        players = next(o for o in koikoi["options"] if o["name"] == "players")
        assert (players["type"], players["min_value"], players["max_value"]) == (4, 2, 4)

        # the page sends what its inputs hold: text, converted by the option's type
        for options, error in (
            ({"players": "9"}, "from 2 to 4"),
            ({"players": "two"}, "whole number"),
            ({"toppa": "maybe"}, "True or False"),
            ({"colour": "red"}, "has no option colour"),
        ):
            status, data = await client.post("slash", {"as": alice.id, "command": "play koikoi", "options": options})
            assert status == 400 and error in data["error"], data
            assert data["error"][0].isupper() and data["error"].endswith(".")
        status, data = await client.post("slash", {"as": alice.id, "command": "dance"})
        assert status == 400 and "No slash command /dance" in data["error"]
        assert fake.public_messages() == []  # a refused command sends nothing

        status, data = await client.post(
            "slash",
            {"as": alice.id, "command": "/play koikoi", "options": {"players": "2", "months": "1", "toppa": "false"}},
        )
        assert status == 200 and data["ok"] and data["response_type"] == 4 and data["modal"] is None
        state = await client.state(alice)
        lobby = state["messages"][-1]
        assert lobby["command"] == "/play koikoi" and lobby["command_user"] == "alice"
        assert "table open" in lobby["embeds"][0]["title"]
        assert state["members"][str(alice.id)] == "alice" and state["bot"]["connected"]

        status, data = await client.post(
            "click", {"as": bob.id, "message_id": lobby["id"], "custom_id": button(lobby, "Join")}
        )
        assert status == 200 and data["response_type"] in (6, 7)  # updated in place (deferred first)
        status, data = await client.post(
            "click", {"as": alice.id, "message_id": lobby["id"], "custom_id": button(lobby, "Start")}
        )
        assert status == 200
        await fake.wait_idle()

        table = next(
            m
            for m in (await client.state(alice))["messages"]
            if m["embeds"] and "Koi-Koi ·" in m["embeds"][0].get("title", "")
        )
        panels = {}
        for user in (alice, bob):
            status, data = await client.post(
                "click", {"as": user.id, "message_id": table["id"], "custom_id": button(table, "My hand")}
            )
            assert status == 200 and data["response_type"] in (4, 5)  # a private answer (deferred first)
            await fake.wait_idle()
            own = [m for m in (await client.state(user))["messages"] if m["ephemeral"]]
            assert own and "Your hand" in own[-1]["embeds"][0]["title"]
            panels[user.id] = own[-1]
        for user in (alice, bob):
            mine_only(await client.state(user), user)

        # someone else's panel cannot be used: for bob it does not exist
        status, data = await client.post(
            "click", {"as": bob.id, "message_id": panels[alice.id]["id"], "custom_id": "x"}
        )
        assert status == 404 and "does not exist" in data["error"]

        # the long poll answers as soon as something changes, and waits otherwise
        revision = (await client.state(bob))["revision"]
        started = time.monotonic()
        _, same = await client.get("state", **{"as": bob.id, "since": revision, "wait": 0.2})
        assert same["revision"] == revision and time.monotonic() - started >= 0.15
        waiting = asyncio.ensure_future(client.get("state", **{"as": bob.id, "since": revision, "wait": 10}))
        await asyncio.sleep(0.1)
        assert not waiting.done()
        status, data = await client.post("say", {"as": alice.id, "content": "hello **bob**"})
        assert status == 200
        _, woke = await asyncio.wait_for(waiting, 2)
        assert woke["revision"] > revision and woke["messages"][-1]["content"] == "hello **bob**"
        assert woke["messages"][-1]["author"]["username"] == "alice"
    fake.assert_clean()


async def test_who_am_i_and_adding_users(fake, client):
    alice = fake.add_user("alice")
    status, data = await client.get("me")
    assert status == 200 and data["user"]["name"] == "alice"  # nobody chosen yet: the first user
    status, data = await client.post("users", {"name": "Dave", "manage_guild": True})
    assert status == 200 and data["user"]["manage_guild"]
    dave = fake.user("Dave")
    assert dave.manage_guild
    for name, error in (("dave", "already"), ("", "1 to 32"), ("x" * 33, "1 to 32"), ("<b>", "1 to 32")):
        status, data = await client.post("users", {"name": name})
        assert status == 400 and error in data["error"]
    status, data = await client.post("me", {"user": "Dave"})
    assert status == 200 and data["user"]["id"] == str(dave.id)
    status, data = await client.get("me")  # the cookie remembers
    assert data["user"]["name"] == "Dave"
    status, data = await client.get("me", **{"as": alice.id})
    assert data["user"]["name"] == "alice"
    status, data = await client.get("me", **{"as": "nobody"})
    assert status == 404 and "nobody" in data["error"]
    status, data = await client.get("users")
    assert [u["name"] for u in data["users"]] == ["alice", "Dave"]


async def test_not_connected_is_said_plainly(fake, client):
    alice = fake.add_user("alice")
    status, data = await client.post("slash", {"as": alice.id, "command": "play koikoi"})
    assert status == 503 and "not connected" in data["error"]


# ----------------------------------------------------------------------------- a tiny bot with every kind of input


class Amount(discord.ui.Modal, title="How many?"):
    amount = discord.ui.TextInput(label="Amount", placeholder="1-99", max_length=3)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"got {self.amount.value}", ephemeral=True)


class Menu(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick",
        placeholder="Pick two",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content="picked " + "+".join(select.values))

    @discord.ui.button(label="Amount", custom_id="amount")
    async def amount(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await interaction.response.send_modal(Amount())


class Tiny(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none(), chunk_guilds_at_startup=False)
        self.guild_id = guild_id

    async def setup_hook(self) -> None:
        tree = self.tree

        @tree.command(name="menu", description="A menu and a modal")
        async def menu(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("choose", view=Menu())

        @tree.command(name="slow", description="Never answers in time")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.6)

        @tree.command(name="echo", description="Every option type")
        @app_commands.choices(
            colour=[app_commands.Choice(name="Red", value="r"), app_commands.Choice(name="Blue", value="b")]
        )
        async def echo(
            interaction: discord.Interaction,
            colour: app_commands.Choice[str],
            count: int,
            ratio: float,
            flag: bool,
            who: discord.User,
            where: discord.TextChannel,
            file: discord.Attachment,
        ) -> None:
            data = await file.read()
            await interaction.response.send_message(
                f"{colour.value} {count} {ratio} {flag} {who.name} {where.name} {file.filename} {len(data)}"
            )

        @tree.command(name="picture", description="An image and an embed")
        async def picture(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            embed = discord.Embed(title="A picture", colour=0x00FF00).set_image(url="attachment://pic.png")
            await interaction.followup.send(embed=embed, file=discord.File(__import__("io").BytesIO(PNG), "pic.png"))

        guild = discord.Object(self.guild_id)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)


PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


async def test_selects_modals_every_option_type_files_and_timeouts(fake, client):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.ack_deadline = 0.3
    async with run_client(fake, Tiny(fake.guild.id)):
        status, data = await client.post("slash", {"as": alice.id, "command": "menu"})
        assert status == 200
        msg = (await client.state(alice))["messages"][-1]
        status, data = await client.post(
            "select", {"as": bob.id, "message_id": msg["id"], "custom_id": "pick", "values": ["a", "b", "c"]}
        )
        assert status == 400 and "1..2 values" in data["error"]
        status, data = await client.post(
            "select", {"as": bob.id, "message_id": msg["id"], "custom_id": "pick", "values": ["c", "a"]}
        )
        assert status == 200 and data["response_type"] == 7
        assert (await client.state(bob))["messages"][-1]["content"] == "picked c+a"

        status, data = await client.post("click", {"as": bob.id, "message_id": msg["id"], "custom_id": "amount"})
        assert status == 200 and data["response_type"] == 9
        modal = data["modal"]
        assert modal["title"] == "How many?"
        field = modal["components"][0]["components"][0]
        status, refused = await client.post(
            "modal", {"as": alice.id, "interaction_id": data["interaction_id"], "values": {field["custom_id"]: "4"}}
        )
        assert status == 403  # alice cannot send bob's form
        status, sent = await client.post(
            "modal", {"as": bob.id, "interaction_id": data["interaction_id"], "values": {field["custom_id"]: "42"}}
        )
        assert status == 200 and sent["response_type"] == 4
        assert (await client.state(bob))["messages"][-1]["content"] == "got 42"
        assert all(not m["ephemeral"] for m in (await client.state(alice))["messages"])

        upload = {"filename": "notes.txt", "data": base64.b64encode(b"12345").decode()}
        status, data = await client.post(
            "slash",
            {
                "as": alice.id,
                "command": "echo",
                "options": {
                    "colour": "Blue",
                    "count": "3",
                    "ratio": "0.5",
                    "flag": "true",
                    "who": "bob",
                    "where": str(fake.channel.id),
                    "file": upload,
                },
            },
        )
        assert status == 200, data
        assert (await client.state(alice))["messages"][-1]["content"] == "b 3 0.5 True bob general notes.txt 5"

        status, data = await client.post("slash", {"as": alice.id, "command": "picture"})
        assert status == 200 and data["response_type"] == 5
        await fake.wait_idle()
        shown = (await client.state(alice))["messages"][-1]
        assert shown["embeds"][0]["image"]["url"] == "attachment://pic.png" and not shown["loading"]
        attachment = shown["attachments"][0]
        assert attachment["content_type"] == "image/png" and attachment["url"].startswith("/attachments/")
        async with aiohttp.ClientSession() as s:
            async with s.get(fake.base_url + attachment["url"]) as r:
                assert await r.read() == PNG

        status, data = await client.post("slash", {"as": alice.id, "command": "slow"})
        assert status == 504 and data["error"] == "The application did not respond."
        await asyncio.sleep(0.4)


async def test_a_required_option_being_typed_gets_suggestions(fake, client, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        for command in ("rules", "standings"):  # game is required in /rules, optional in /standings
            status, data = await client.post(
                "autocomplete", {"as": alice.id, "command": command, "options": {}, "focused": "game"}
            )
            assert status == 200, data
            assert "koikoi" in [c["value"] for c in data["choices"]], (command, data)
            status, data = await client.post(
                "autocomplete", {"as": alice.id, "command": command, "options": {"game": "hachi"}, "focused": "game"}
            )
            assert [c["value"] for c in data["choices"]] == ["hachihachi"], (command, data)
        status, data = await client.post("slash", {"as": alice.id, "command": "rules", "options": {}})
        assert status == 400 and data["error"] == "Fill in the required option: game."  # sending still needs it


async def test_a_second_click_on_a_panel_just_replaced_is_delivered_and_answered_with_the_fresh_panel(fake, client, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        await client.post("slash", {"as": alice.id, "command": "play koikoi", "options": {"months": "1"}})
        lobby = (await client.state(alice))["messages"][-1]
        for label in ("Add bot", "Start"):
            status, _ = await client.post(
                "click", {"as": alice.id, "message_id": lobby["id"], "custom_id": button(lobby, label)}
            )
            assert status == 200
            await fake.wait_idle()
        table = next(
            m
            for m in (await client.state(alice))["messages"]
            if m["embeds"] and "Koi-Koi ·" in m["embeds"][0].get("title", "")
        )
        await client.post("click", {"as": alice.id, "message_id": table["id"], "custom_id": button(table, "My hand")})
        await fake.wait_idle()
        panel = [m for m in (await client.state(alice))["messages"] if m["ephemeral"]][-1]
        play = next(c["custom_id"] for row in panel["components"] for c in row["components"] if ":a:" in c["custom_id"])

        status, data = await client.post("click", {"as": alice.id, "message_id": panel["id"], "custom_id": play})
        assert status == 200, data
        await fake.wait_idle()
        fresh = fake.messages[int(panel["id"])]
        assert play not in [custom_id for _, custom_id, _ in fresh.buttons()]  # the panel was drawn anew

        # the page still shows the old panel and its button: a second click is sent as Discord sends it
        status, data = await client.post("click", {"as": alice.id, "message_id": panel["id"], "custom_id": play})
        assert status == 200 and data["ok"], data
        await fake.wait_idle()
        answer = fake.interactions[int(data["interaction_id"])]
        assert answer.callback_type == 7  # Parlor answers the stale click by drawing that panel as it is now
        now = next(m for m in (await client.state(alice))["messages"] if m["id"] == panel["id"])
        assert "Your hand" in now["embeds"][0]["title"] or "Your hand" in (now["content"] or "")
        assert play not in [c.get("custom_id") for row in now["components"] for c in row["components"]]
    fake.assert_clean()
