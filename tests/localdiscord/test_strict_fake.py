"""The strict fake: latency, Discord's rate limits (headers and 429s that discord.py's own client obeys),
the bot's channel permissions, payload limits, dismissed ephemerals, token lifetime in fake time,
interactions that fail for the user, and injected server errors."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import discord
import pytest
from discord.ext import commands

from localdiscord import LocalDiscord, run_client
from localdiscord.strict import BucketRule, Strictness

TWO_PER_HALF_SECOND = BucketRule(2, 0.5)


def make_bot(fake: LocalDiscord) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), chunk_guilds_at_startup=False)
    bot.last = {}
    guild = discord.Object(fake.guild.id)

    @bot.tree.command(name="panel", description="An ephemeral panel", guild=guild)
    async def panel(interaction: discord.Interaction, wait: float = 0.0):
        await asyncio.sleep(wait)
        bot.last["panel"] = interaction
        await interaction.response.send_message("your panel", ephemeral=True)

    @bot.tree.command(name="flower", description="A button with an emoji", guild=guild)
    async def flower(interaction: discord.Interaction, emoji: str):
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Month", emoji=emoji, custom_id="flower"))
        try:
            await interaction.response.send_message("pick", view=view)
        except discord.HTTPException as refused:
            bot.last["refused"] = refused

    async def setup_hook() -> None:
        await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook
    return bot


def strict_fake(**changes) -> LocalDiscord:
    return LocalDiscord(strict=Strictness.discord().with_(**changes))


async def raw(fake: LocalDiscord, method: str, path: str, body: dict | None = None):
    """One REST call as any HTTP client would make it: (status, headers, json)."""
    async with aiohttp.ClientSession() as session:
        async with session.request(method, fake.api_base + path, json=body) as response:
            return response.status, response.headers, await response.json(content_type=None)


async def test_latency_is_a_real_wait_per_rest_call():
    async with LocalDiscord(strict=Strictness(latency=0.25)) as fake:
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            started = time.monotonic()
            await channel.send("one")
            await channel.send("two")
            assert time.monotonic() - started >= 0.5
    assert [m.content for m in fake.public_messages()] == ["one", "two"]


async def test_channel_posts_are_limited_per_channel_with_discords_headers_and_429():
    async with strict_fake(buckets=(("POST", "/channels/{channel_id}/messages", TWO_PER_HALF_SECOND),)) as fake:
        other = fake.add_channel("other")
        path = f"/channels/{fake.channel.id}/messages"
        first = await raw(fake, "POST", path, {"content": "a"})
        assert first[0] == 200
        assert first[1]["X-RateLimit-Limit"] == "2" and first[1]["X-RateLimit-Remaining"] == "1"
        assert 0 < float(first[1]["X-RateLimit-Reset-After"]) <= 0.5
        assert float(first[1]["X-RateLimit-Reset"]) > time.time()
        second = await raw(fake, "POST", path, {"content": "b"})
        assert second[1]["X-RateLimit-Remaining"] == "0"
        assert second[1]["X-RateLimit-Bucket"] == first[1]["X-RateLimit-Bucket"]
        status, headers, body = await raw(fake, "POST", path, {"content": "c"})
        assert status == 429
        assert body["global"] is False and 0 < body["retry_after"] <= 0.5
        assert headers["X-RateLimit-Scope"] == "user" and headers["Retry-After"] == "1" and headers["Via"]
        assert (await raw(fake, "POST", f"/channels/{other.id}/messages", {"content": "d"}))[0] == 200
        await asyncio.sleep(0.5)
        assert (await raw(fake, "POST", path, {"content": "e"}))[0] == 200
    assert [m.content for m in fake.public_messages()] == ["a", "b", "d", "e"]
    assert fake.http_errors == []  # a 429 is not an error the bot made


async def test_discord_py_waits_for_the_buckets_and_every_message_lands():
    async with strict_fake(buckets=(("POST", "/channels/{channel_id}/messages", TWO_PER_HALF_SECOND),)) as fake:
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            started = time.monotonic()
            await asyncio.gather(*(channel.send(f"m{n}") for n in range(6)))
            assert time.monotonic() - started >= 1.0  # three windows of two
    assert sorted(m.content for m in fake.public_messages()) == [f"m{n}" for n in range(6)]
    fake.assert_clean()


async def test_editing_an_hour_old_message_is_throttled_with_30046():
    async with strict_fake(hour_old_edits=BucketRule(3, 0.5)) as fake:
        path = f"/channels/{fake.channel.id}/messages"
        _, _, sent = await raw(fake, "POST", path, {"content": "table"})
        edit = f"{path}/{sent['id']}"
        for n in range(4):  # young: only the route's bucket (5 per 5 s)
            assert (await raw(fake, "PATCH", edit, {"content": f"v{n}"}))[0] == 200
        await asyncio.sleep(0.01)
        fake.clock.advance(3601)
        fake.rate_limiter.windows.clear()
        answers = [await raw(fake, "PATCH", edit, {"content": f"old{n}"}) for n in range(4)]
        assert [status for status, _, _ in answers] == [200, 200, 200, 429]
        status, headers, body = answers[-1]
        assert body["code"] == 30046 and "older than 1 hour" in body["message"]
        assert headers["X-RateLimit-Scope"] == "shared"


async def test_discord_py_retries_hour_old_edits_until_they_land():
    async with strict_fake(hour_old_edits=BucketRule(3, 0.5)) as fake:
        async with run_client(fake, make_bot(fake)) as run:
            message = await run.client.get_channel(fake.channel.id).send("table")
            fake.clock.advance(3601)
            for n in range(5):
                await message.edit(content=f"move {n}")
    assert fake.public_messages()[0].content == "move 4"
    assert any(hit["code"] == 30046 for hit in fake.rate_limiter.hits)
    fake.assert_clean()


async def test_a_denied_permission_is_refused_with_50013_and_view_channel_with_50001():
    async with strict_fake() as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            fake.deny(fake.channel, "send_messages")
            with pytest.raises(discord.Forbidden) as refused:
                await channel.send("hello")
            assert refused.value.code == 50013
            await fake.wait_idle()
            assert not channel.permissions_for(channel.guild.me).send_messages  # CHANNEL_UPDATE reached the bot
            panel = await alice.slash("panel")  # an interaction answer needs no channel permission
            assert panel.text() == "your panel"
            assert not run.client.last["panel"].app_permissions.send_messages
            fake.deny(fake.channel, "view_channel")
            with pytest.raises(discord.Forbidden) as hidden:
                await channel.send("hello")
            assert hidden.value.code == 50001
            fake.allow(fake.channel, "send_messages", "view_channel")
            await channel.send("back")
    assert [m.content for m in fake.public_messages()] == ["back"]


async def test_app_permissions_are_the_bots_in_that_channel():
    async with strict_fake() as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)) as run:
            await alice.slash("panel")
            perms = run.client.last["panel"].app_permissions
            assert perms.send_messages and perms.embed_links and perms.read_message_history
            fake.deny(fake.channel, "embed_links")
            await alice.slash("panel")
            assert not run.client.last["panel"].app_permissions.embed_links


async def test_component_emoji_discord_refuses_is_a_50035_and_the_interaction_stays_unanswered():
    async with strict_fake() as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)) as run:
            assert (await alice.slash("flower", emoji="🌷")).buttons() == [("Month", "flower", False)]
            # Unicode 15: Discord refuses it on a button, so the interaction stays unanswered
            await fake.dispatch_interaction(alice.prepare_slash("flower", emoji="🪻"))
            await fake.wait_idle(quiet=0.2)
            refused = run.client.last["refused"]
    assert refused.status == 400 and refused.code == 50035
    assert "BUTTON_COMPONENT_INVALID_EMOJI" in str(fake.http_errors[-1]["errors"])
    assert len(fake.public_messages()) == 1


async def test_allowed_mentions_parse_and_list_of_the_same_kind_is_refused():
    async with strict_fake() as fake:
        body = {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}
        status, _, answer = await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", body)
        assert status == 400 and answer["code"] == 50035
        assert "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE" in str(answer["errors"]["allowed_mentions"])


async def test_a_dismissed_ephemeral_is_gone_and_the_bots_edit_gets_unknown_message():
    async with strict_fake() as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)) as run:
            panel = await alice.slash("panel")
            alice.dismiss(panel)
            assert panel.message not in alice.visible_messages()
            with pytest.raises(discord.NotFound) as gone:
                await run.client.last["panel"].edit_original_response(content="redrawn")
            assert gone.value.code == 10008


async def test_tokens_expire_after_15_minutes_of_fake_time():
    async with strict_fake() as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)) as run:
            await alice.slash("panel")
            interaction = run.client.last["panel"]
            fake.clock.advance(14 * 60)
            await interaction.edit_original_response(content="still mine")
            fake.clock.advance(61)
            with pytest.raises(discord.HTTPException) as expired:
                await interaction.edit_original_response(content="too late")
            assert expired.value.status == 401 and expired.value.code == 50027


async def test_interactions_answered_late_or_never_are_counted_as_failed():
    async with LocalDiscord(strict=Strictness.discord(), ack_deadline=0.3, reject_late_ack=False) as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)):
            await alice.slash("panel")
            assert fake.failed_interactions() == []
            await alice.slash("panel", wait=0.5)
            assert len(fake.failed_interactions()) == 1


async def test_injected_server_errors():
    async with strict_fake() as fake:
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            fake.faults.fail_next("POST /channels/{channel_id}/messages", 1, 500)
            await channel.send("after a retry")  # discord.py retries a 500 after one second
            fake.faults.fail_next("POST /channels/{channel_id}/messages", 1, 503)
            with pytest.raises(discord.DiscordServerError):
                await channel.send("lost")
    assert fake.faults.served == [
        "500 POST /channels/{channel_id}/messages",
        "503 POST /channels/{channel_id}/messages",
    ]
    assert [m.content for m in fake.public_messages()] == ["after a retry"]


async def test_wait_idle_waits_for_calls_discord_py_holds_back_for_a_bucket():
    async with strict_fake(buckets=(("POST", "/channels/{channel_id}/messages", TWO_PER_HALF_SECOND),)) as fake:
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            sends = [asyncio.ensure_future(channel.send(f"m{n}")) for n in range(5)]
            await asyncio.sleep(0.05)
            await fake.wait_idle(quiet=0.2)
            assert len(fake.public_messages()) == 5
            await asyncio.gather(*sends)


def test_a_snowflake_tells_when_it_was_made():
    from localdiscord.models import snowflake, snowflake_time

    assert abs(snowflake_time(snowflake()) - time.time()) < 1


async def test_a_thread_takes_its_channels_permissions_but_posting_there_is_send_messages_in_threads():
    """topics/permissions, "Inherited Permissions (Threads)": Send Messages is not inherited; Send Messages
    in Threads lets one post in a thread."""
    async with strict_fake() as fake:
        await fake.start()
        thread = fake.add_thread("side game")
        post = f"/channels/{thread.id}/messages"
        fake.deny(fake.channel, "send_messages")
        status, _, made = await raw(fake, "POST", post, {"content": "in the thread"})
        assert status == 200 and made["channel_id"] == str(thread.id)
        assert (await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", {"content": "x"}))[0] == 403
        fake.allow(fake.channel, "send_messages")
        fake.deny(fake.channel, "send_messages_in_threads")
        status, _, refused = await raw(fake, "POST", post, {"content": "again"})
        assert (status, refused["code"]) == (403, 50013)
        fake.deny(fake.channel, "view_channel")  # no View Channel on the channel: none of its threads either
        assert (await raw(fake, "POST", post, {"content": "again"}))[2]["code"] == 50001
        status, _, shown = await raw(fake, "GET", f"/channels/{thread.id}")
        assert shown["type"] == 11 and shown["parent_id"] == str(fake.channel.id) and "thread_metadata" in shown
        with pytest.raises(ValueError):
            fake.deny(thread, "send_messages_in_threads")  # a thread has no overwrites of its own


async def test_a_bot_connected_hears_of_a_new_thread_and_sees_it_in_its_guild():
    async with strict_fake() as fake:
        before = fake.add_thread("before the bot")
        async with run_client(fake, make_bot(fake)) as run:
            guild = run.client.get_guild(fake.guild.id)
            assert guild.get_thread(before.id).parent_id == fake.channel.id  # in GUILD_CREATE's threads
            later = fake.add_thread("while it runs")
            for _ in range(200):  # the bot handles THREAD_CREATE after the fake has sent it
                if guild.get_thread(later.id) is not None:
                    break
                await asyncio.sleep(0.025)
            thread = guild.get_thread(later.id)
            assert thread is not None and thread.name == "while it runs" and thread.parent_id == fake.channel.id


async def test_past_the_invalid_request_limit_every_call_is_answered_429_until_the_ban_ends():
    """rate-limits.mdx: 10,000 invalid requests (401, 403, 429 — a shared-scope 429 excepted) in 10 minutes per IP
    and the IP is banned for a while. Scaled down to 3 in 10 minutes, a ban of 10 minutes of the fake clock."""
    async with strict_fake(invalid_requests=BucketRule(3, 600.0), invalid_ban=600.0) as fake:
        fake.deny(fake.channel, "send_messages")
        post = f"/channels/{fake.channel.id}/messages"
        assert (await raw(fake, "POST", post, {"content": "hi"}))[0] == 403
        fake.clock.advance(601)  # out of the window: forgotten
        for _ in range(2):
            assert (await raw(fake, "POST", post, {"content": "hi"}))[0] == 403
        assert (await raw(fake, "GET", "/users/@me"))[0] == 200  # two in the window: not banned yet
        assert (await raw(fake, "POST", post, {"content": "hi"}))[0] == 403  # the third
        async with aiohttp.ClientSession() as session:  # every call, whatever the route
            async with session.get(fake.api_base + "/users/@me") as banned:
                assert banned.status == 429 and "Via" not in banned.headers
                assert await banned.text() == "error code: 1015"
        assert fake.invalid_requests.by_status == {403: 4} and fake.invalid_requests.bans == 1
        fake.clock.advance(601)
        assert (await raw(fake, "GET", "/users/@me"))[0] == 200


async def test_shared_429s_are_not_invalid_requests_and_discord_py_stops_at_a_ban():
    async with strict_fake(hour_old_edits=BucketRule(1, 60.0), invalid_requests=BucketRule(1, 600.0)) as fake:
        async with run_client(fake, make_bot(fake)) as run:
            message = await run.client.get_channel(fake.channel.id).send("table")
            fake.clock.advance(3601)
            await message.edit(content="one")
            edit = asyncio.create_task(message.edit(content="two"))  # a shared 429 (30046): discord.py waits
            await asyncio.sleep(0.3)
            assert any(hit["code"] == 30046 for hit in fake.rate_limiter.hits)
            assert fake.invalid_requests.total == 0
            edit.cancel()
            fake.deny(fake.channel, "send_messages")
            with pytest.raises(discord.Forbidden):
                await run.client.get_channel(fake.channel.id).send("refused")
            with pytest.raises(discord.HTTPException) as banned:  # Cloudflare's 429: raised, not retried
                await message.edit(content="three")
            assert banned.value.status == 429


async def test_an_edit_without_embed_links_is_taken_with_its_embed_dropped():
    """Discord takes an edit whose embeds the bot may not show (no Embed Links) and drops them without a word; a new
    message with an embed is refused (403 50013)."""
    async with strict_fake() as fake:
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            message = await channel.send("table", embed=discord.Embed(title="Koi-Koi"))
            fake.deny(fake.channel, "embed_links")
            edited = await message.edit(content="table, edited", embed=discord.Embed(title="Koi-Koi, month 2"))
            assert edited.embeds == [] and fake.public_messages()[0].embeds == []
            with pytest.raises(discord.Forbidden):
                await channel.send("another", embed=discord.Embed(title="refused"))
    assert [m.content for m in fake.public_messages()] == ["table, edited"]


async def test_without_send_messages_embed_links_and_attach_files_do_not_count():
    """topics/permissions, "Implicit Permissions": denying Send Messages denies Attach Files and Embed Links too, so
    an edit of a message's embed loses it; without View Channel nothing counts. An interaction's app_permissions
    leave the implicit denials out (resources/channel: "This does not include implicit permissions")."""
    async with strict_fake() as fake:
        alice = fake.add_user("alice")
        async with run_client(fake, make_bot(fake)) as run:
            message = await run.client.get_channel(fake.channel.id).send("table", embed=discord.Embed(title="t"))
            fake.deny(fake.channel, "send_messages")
            await alice.slash("panel")
            perms = run.client.last["panel"].app_permissions
            assert perms.view_channel and not perms.send_messages and perms.embed_links and perms.attach_files
            assert (await message.edit(embed=discord.Embed(title="t2"))).embeds == []  # yet Embed Links does not count
            fake.deny(fake.channel, "view_channel")
            await alice.slash("panel")
            assert not run.client.last["panel"].app_permissions.view_channel


async def test_a_bot_starts_a_public_thread_without_a_message_as_discord_s_docs_say():
    """Start Thread without Message: a public thread needs Create Public Threads; ``type`` left out means a
    private thread in API v10, which the fake does not keep (refused, never made public); a name is 1–100
    characters; a thread cannot start a thread."""
    async with strict_fake() as fake:
        async with run_client(fake, make_bot(fake)) as run:
            channel = run.client.get_channel(fake.channel.id)
            thread = await channel.create_thread(
                name="Sanma · round 1 · table 1", type=discord.ChannelType.public_thread
            )
            await fake.wait_idle()
            assert thread.parent_id == fake.channel.id and thread.owner_id == fake.bot_id
            assert [t.name for t in fake.threads_of(fake.guild)] == ["Sanma · round 1 · table 1"]
            assert run.client.get_guild(fake.guild.id).get_thread(thread.id) is not None  # THREAD_CREATE
            await thread.send("hello")
            assert [m.content for m in fake.public_messages(thread.id)] == ["hello"]
            path = f"/channels/{fake.channel.id}/threads"
            assert (await raw(fake, "POST", path, {"name": "private"}))[0] == 400
            assert (await raw(fake, "POST", path, {"name": "x" * 101, "type": 11}))[0] == 400
            assert (await raw(fake, "POST", f"/channels/{thread.id}/threads", {"name": "inner", "type": 11}))[0] == 400
            fake.deny(fake.channel, "create_public_threads")
            with pytest.raises(discord.Forbidden) as refused:
                await channel.create_thread(name="no", type=discord.ChannelType.public_thread)
            assert refused.value.code == 50013
            assert len(fake.threads_of(fake.guild)) == 1
