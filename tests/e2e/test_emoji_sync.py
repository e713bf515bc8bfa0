"""The faces as application emoji: uploaded at start-up in the background, only what is
missing or changed; the cards shown as text until then, and for good when Discord refuses an upload."""

from __future__ import annotations

import asyncio
import base64
import json
import re

import aiohttp
import pytest

from bot import emoji as faces_emoji
from bot.emoji import EMOJI_TOKEN
from bot.store import Store
from faces import load_manifest
from localdiscord import BucketRule, run_client

from .conftest import action_buttons, make_bot

MANIFEST = load_manifest()["faces"]


def uploads(fake) -> list[str]:
    return [line for line in fake.request_log if line.startswith("POST ") and line.endswith("/emojis")]


def deletes(fake) -> list[str]:
    return [line for line in fake.request_log if line.startswith("DELETE ") and "/emojis/" in line]


async def synced(run) -> faces_emoji.SyncReport:
    return await asyncio.wait_for(run.client.emoji_sync, 60)


async def test_every_face_is_uploaded_once_and_not_again_at_the_next_start(fake, db):
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        first = await synced(run)
    assert first.uploaded == len(MANIFEST) == len(fake.app_emoji)
    posted = len(uploads(fake))  # 102, and those discord.py sent again after a 429
    assert first.uploaded_bytes == sum(entry["bytes"] for entry in MANIFEST)
    assert {e.name for e in fake.app_emoji.values()} == {entry["name"] for entry in MANIFEST}
    by_name = {e.name: e for e in fake.app_emoji.values()}
    assert all(by_name[entry["name"]].data == (faces_emoji.face_path(entry["name"])).read_bytes() for entry in MANIFEST)
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:  # a restart: nothing to upload
        second = await synced(run)
        assert faces_emoji.face("hanafuda", "1L") == f"<:hf_01_crane:{by_name['hf_01_crane'].id}>"
    assert (second.uploaded, second.deleted, second.kept) == (0, 0, len(MANIFEST))
    assert len(uploads(fake)) == posted and not deletes(fake)
    fake.assert_clean()


async def test_a_changed_face_is_uploaded_again_and_its_old_emoji_deleted(fake, db):
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        await synced(run)
    old_id = next(e.id for e in fake.app_emoji.values() if e.name == "sanma_5p_red")
    async with await Store.open(db) as store:  # as if the face had been drawn differently since
        assert (await store.emoji.uploaded(fake.application_id))["sanma_5p_red"][1] == old_id
        await store.emoji.record(fake.application_id, "sanma_5p_red", "0" * 64, old_id)
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        report = await synced(run)
        new = next(e for e in fake.app_emoji.values() if e.name == "sanma_5p_red")
        assert faces_emoji.face("sanma", "0p") == f"<:sanma_5p_red:{new.id}>"
    assert (report.uploaded, report.deleted) == (1, 1) and new.id != old_id
    assert deletes(fake) == [f"DELETE /api/v10/applications/{fake.application_id}/emojis/{old_id}"]
    fake.assert_clean()


async def test_refused_uploads_leave_those_cards_as_text_and_nothing_broken(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.emoji_routes.limit = 60  # the application may hold 60 emoji: the Koi-Koi faces past it are refused
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        report = await synced(run)
        assert report.uploaded == 60 and report.failed == 1  # the first refusal (30008) ends the uploads
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        for user in (alice, bob):
            panel = await user.click(lobby, "My hand")
            await fake.wait_idle()
            texts = panel.message.embed["description"]
            for token in EMOJI_TOKEN.findall(texts):  # every face shown is one that exists
                assert int(token.rsplit(":", 1)[1][:-1]) in fake.app_emoji
            for _, custom_id, _ in action_buttons(panel.message):
                assert custom_id
    uploaded_faces = {e.name for e in fake.app_emoji.values()}
    assert len(uploaded_faces) == 60
    fake.assert_clean(allow_http_errors=True)
    assert {e["code"] for e in fake.http_errors} == {30008}


async def test_no_application_emoji_at_all_means_text(fake, db):
    fake.emoji_routes.limit = 0
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        report = await synced(run)
        assert report.uploaded == 0 and faces_emoji.face("hanafuda", "1L") is None
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        panel = await alice.click(lobby, "My hand")
        assert not EMOJI_TOKEN.search(panel.message.embed["description"])
        assert all(not (b.get("emoji") or {}).get("id") for row in panel.message.components for b in row["components"])


async def test_the_fake_checks_application_emoji_as_discord_does(fake):
    await fake.start()
    png = base64.b64encode(faces_emoji.face_path("hf_01_crane").read_bytes()).decode()
    url = f"{fake.api_base}/applications/{fake.application_id}/emojis"
    async with aiohttp.ClientSession(headers={"Authorization": "Bot x"}) as http:

        async def post(body):
            async with http.post(url, json=body) as r:
                return r.status, await r.json()

        status, made = await post({"name": "crane", "image": f"data:image/png;base64,{png}"})
        assert status == 201 and made["name"] == "crane"
        assert (await post({"name": "crane", "image": f"data:image/png;base64,{png}"}))[1]["errors"]["name"]["_errors"][
            0
        ]["code"] == "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
        for bad_name in ("c", "x" * 33, "with space", "héron"):
            status, body = await post({"name": bad_name, "image": f"data:image/png;base64,{png}"})
            assert status == 400 and "name" in body["errors"]
        for bad_image in (png, "data:text/plain;base64,aGk="):
            status, body = await post({"name": "other", "image": bad_image})
            assert status == 400 and "image" in body["errors"]
        big = base64.b64encode(b"\x89PNG" + bytes(256 * 1024)).decode()  # one byte over 256 KiB
        status, body = await post({"name": "other", "image": f"data:image/png;base64,{big}"})
        # resources/emoji: "400 Bad Request and an error message, but not a JSON status code"
        assert status == 400 and "code" not in body and "256" in body["message"]
        async with http.get(url) as r:
            assert [e["name"] for e in (await r.json())["items"]] == ["crane"]
        async with http.patch(f"{url}/{made['id']}", json={"name": "pine_crane"}) as r:
            assert (await r.json())["name"] == "pine_crane"
        async with http.get(f"{fake.base_url}/emojis/{made['id']}.png") as r:
            assert r.content_type == "image/png" and await r.read() == faces_emoji.face_path("hf_01_crane").read_bytes()
        async with http.delete(f"{url}/{made['id']}") as r:
            assert r.status == 204
        async with http.get(f"{url}/{made['id']}") as r:
            assert r.status == 404 and (await r.json())["code"] == 10014


@pytest.mark.parametrize("known", [True, False])
def test_a_button_may_show_a_custom_emoji_only_if_the_application_has_it(known):
    from localdiscord.errors import DiscordHTTPError
    from localdiscord.validation import check_message

    button = {"type": 2, "style": 2, "label": "Pine Crane", "custom_id": "x", "emoji": {"id": "123", "name": "hf"}}
    payload = {"components": [{"type": 1, "components": [button]}]}
    if known:
        check_message(payload, [], emoji_ids={123})
    else:
        with pytest.raises(DiscordHTTPError) as refused:
            check_message(payload, [], emoji_ids={456})
        assert re.search("INVALID_EMOJI", json.dumps(refused.value.errors))


async def test_once_synced_hands_tables_and_card_buttons_show_the_faces_and_names(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        await synced(run)
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        shown_public = " ".join(fake.all_public_texts())
        ids = {int(t.rsplit(":", 1)[1][:-1]) for t in EMOJI_TOKEN.findall(shown_public)}
        assert ids and ids <= set(fake.app_emoji)  # the field's cards on the table, as faces
        for user in (alice, bob):
            panel = await user.click(lobby, "My hand")
            assert len(EMOJI_TOKEN.findall(panel.message.embed["description"])) >= 8  # the hand and the field
            buttons = [b for row in panel.message.components for b in row["components"] if ":a:" in b["custom_id"]]
            for button in buttons:  # every card button: the card's face, and its name rather than its code
                assert int(button["emoji"]["id"]) in fake.app_emoji
                assert re.fullmatch(r"Play [A-Z][a-z]+( [A-Za-z0-9-]+)*( → take .+)?", button["label"]), button
    fake.assert_clean()


async def test_a_process_that_does_not_upload_takes_the_faces_another_one_uploaded(fake, db):
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        await synced(run)
    posted = len(uploads(fake))
    async with run_client(fake, make_bot(fake, db)) as run:  # e.g. shard 1's process, on the same database
        found = faces_emoji.Faces()
        report = await faces_emoji.sync_faces(run.client, run.client.store, found, upload=False)
        assert report.kept == len(MANIFEST) and report.uploaded == 0 and len(uploads(fake)) == posted
        assert found.get("bcpoker", "KX") == next(
            f"<:bcp_black_a7:{e.id}>" for e in fake.app_emoji.values() if e.name == "bcp_black_a7"
        )
        # a face shard 0 is about to replace (its recorded picture is not this release's) is not taken
        crane = next(e for e in fake.app_emoji.values() if e.name == "hf_01_crane")
        await run.client.store.emoji.record(fake.application_id, "hf_01_crane", "0" * 64, crane.id)
        later = faces_emoji.Faces()
        looking = asyncio.create_task(
            faces_emoji.sync_faces(run.client, run.client.store, later, upload=False, pause=0.01)
        )
        await asyncio.sleep(0.2)
        assert not looking.done() and len(later.emoji) == len(MANIFEST) - 1 and later.get("hanafuda", "1L") is None
        assert later.get("hanafuda", "1R") is not None
        looking.cancel()


def emoji_rate_limits(fake) -> list[dict]:
    return [hit for hit in fake.rate_limiter.hits if hit["bucket"] == "application emoji creates"]


async def test_an_hour_long_rate_limit_on_uploads_holds_nothing_but_the_upload(fake, db):
    fake.strict = fake.strict.with_(emoji_creates=BucketRule(20, 3600.0))  # 20 an hour, then a 429
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        for _ in range(600):
            if emoji_rate_limits(fake):
                break
            await asyncio.sleep(0.05)
        assert len(uploads(fake)) == 21 and len(faces_emoji.FACES.emoji) == 20  # the first 20 are shown already
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()  # nothing waits for the upload's hour
        panel = await alice.click(lobby, "My hand")
        assert "Your hand" in panel.message.embed["title"] and not EMOJI_TOKEN.search(
            panel.message.embed["description"]
        )
        assert not run.client.emoji_sync.done()  # still waiting out Discord's retry_after
        assert len(emoji_rate_limits(fake)) == 1 and len(uploads(fake)) == 21  # asked once, not once a face
    assert emoji_rate_limits(fake)[0]["retry_after"] > 3500


async def test_a_game_played_at_once_is_in_text_and_the_faces_arrive_as_the_limit_allows(fake, db):
    fake.strict = fake.strict.with_(emoji_creates=BucketRule(30, 2.0))  # the sanma faces first, then a wait
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        panel = await alice.click(lobby, "My hand")
        assert not EMOJI_TOKEN.search(panel.message.embed["description"])  # text: no Koi-Koi face is up yet
        report = await synced(run)
        assert report.uploaded == len(MANIFEST) and report.failed == 0 and emoji_rate_limits(fake)
        panel = await alice.click(lobby, "My hand")
        assert len(EMOJI_TOKEN.findall(panel.message.embed["description"])) >= 8  # the hand and the field
        assert run.client.metrics.registry.get_sample_value("parlor_emoji_faces_shown") == len(MANIFEST)


async def test_a_process_that_does_not_upload_takes_the_faces_whenever_they_appear(fake, db):
    async with run_client(fake, make_bot(fake, db)) as run:
        found = faces_emoji.Faces()
        looking = asyncio.create_task(
            faces_emoji.sync_faces(run.client, run.client.store, found, upload=False, pause=0.01)
        )
        await asyncio.sleep(1.0)  # a hundred looks: no cap on how long it looks
        assert not looking.done() and not found.emoji
        assert not [line for line in fake.request_log if "/emojis" in line]  # looking costs no call to Discord
        await faces_emoji.sync_faces(run.client, run.client.store)  # the uploading process, much later
        report = await asyncio.wait_for(looking, 10)
        assert report.kept == len(MANIFEST) and found.emoji == faces_emoji.FACES.emoji


async def test_a_recorded_emoji_discord_no_longer_has_is_not_taken(fake, db):
    """Someone deleted an emoji in the Developer Portal: its record is stale, and a button showing it would be
    refused by Discord."""
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        await synced(run)
    crane = next(e for e in fake.app_emoji.values() if e.name == "hf_01_crane")
    del fake.app_emoji[crane.id]
    async with run_client(fake, make_bot(fake, db)) as run:
        found = faces_emoji.Faces()
        looking = asyncio.create_task(
            faces_emoji.sync_faces(run.client, run.client.store, found, upload=False, pause=0.01)
        )
        await asyncio.sleep(0.3)
        assert len(found.emoji) == len(MANIFEST) - 1 and found.get("hanafuda", "1L") is None
        listed = [line for line in fake.request_log if line.startswith("GET ") and line.endswith("/emojis")]
        assert len(listed) == 2  # the first start's upload, then once here: the missing one is not asked again
        looking.cancel()


async def test_an_upload_discord_py_gives_up_on_after_its_retries_is_waited_out_and_sent_again(fake, db):
    fake.faults.fail_next("POST /applications/{app_id}/emojis", 5, 429, retry_after=0.05)  # discord.py tries 5 times
    async with run_client(fake, make_bot(fake, db, faces=True)) as run:
        report = await synced(run)
    assert (report.rate_limited, report.failed, report.uploaded) == (1, 0, len(MANIFEST))
    assert faces_emoji.face("sanma", "1m") is None  # the bot is closed: its faces are forgotten
    assert {e.name for e in fake.app_emoji.values()} == {entry["name"] for entry in MANIFEST}
