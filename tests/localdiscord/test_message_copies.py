"""What a message shows is the fake's own: a body a caller of ``create_message`` or ``edit_message`` keeps is copied, so
changing it afterwards changes nothing the fake stores, and a request's body (bytes, read by the fake) is taken as it
is. The message's embeds and components are replaced on an edit, never changed in place, so its versions and the
payloads written from it (as JSON: what a client gets is bytes) share them and still show what the message showed
then."""

from __future__ import annotations

import aiohttp

from localdiscord import LocalDiscord
from localdiscord.models import FakeMessage, json_copy


async def test_a_body_its_caller_keeps_shares_nothing_with_the_message():
    body = {
        "content": "hi",
        "embeds": [{"title": "Table", "fields": [{"name": "Field", "value": "cards"}]}],
        "components": [{"type": 1, "components": [{"type": 2, "custom_id": "parlor:t:1:2:a:x", "label": "Go"}]}],
    }
    async with LocalDiscord() as fake:
        message = await fake.create_message(fake.channel, body, [])
        body["embeds"][0]["fields"][0]["value"] = "changed by the caller"
        body["components"][0]["components"][0]["label"] = "changed"
        assert message.embeds == [{"title": "Table", "fields": [{"name": "Field", "value": "cards"}]}]
        assert message.components[0]["components"][0]["label"] == "Go"
        edit = {"embeds": [{"title": "Month 2"}]}
        await fake.edit_message(message, edit, [])
        edit["embeds"][0]["title"] = "changed by the caller"
        assert message.embeds == [{"title": "Month 2"}] and message.versions[-1].embeds == [{"title": "Month 2"}]


def test_a_version_keeps_what_the_message_showed_after_later_edits():
    message = FakeMessage(id=1, channel_id=2, guild_id=3, author={"id": "4"})
    first = {"embeds": [{"title": "Month 1"}], "components": [{"type": 1, "components": [{"type": 2, "label": "A"}]}]}
    message.apply(first, [], kind="create")
    message.apply({"embeds": [{"title": "Month 2"}], "components": []}, [], kind="edit")
    shown = message.payload()
    assert [v.embeds for v in message.versions] == [[{"title": "Month 1"}], [{"title": "Month 2"}]]
    assert message.versions[0].components == [{"type": 1, "components": [{"type": 2, "label": "A"}]}]
    assert message.versions[1].components == [] and message.embeds == [{"title": "Month 2"}]
    message.apply({"embeds": [{"title": "Month 3"}]}, [], kind="edit")
    assert shown["embeds"] == [{"title": "Month 2"}] and message.payload()["embeds"] == [{"title": "Month 3"}]


async def test_an_emoji_id_sent_as_a_number_is_shown_as_a_string():
    sent = [
        {
            "type": 1,
            "components": [
                {"type": 2, "label": "Pine", "custom_id": "a", "emoji": {"id": 1234567890123456789, "name": "pine"}},
                {
                    "type": 3,
                    "custom_id": "b",
                    "options": [{"label": "x", "value": "x", "emoji": {"id": 7, "name": "e"}}],
                },
            ],
        }
    ]
    async with LocalDiscord() as fake:
        message = await fake.create_message(fake.channel, {"components": sent}, [], check_empty=False)
        row = message.components[0]["components"]
        assert row[0]["emoji"] == {"id": "1234567890123456789", "name": "pine"}
        assert row[1]["options"][0]["emoji"] == {"id": "7", "name": "e"}
        assert sent[0]["components"][0]["emoji"]["id"] == 1234567890123456789  # what the caller keeps is unchanged
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{fake.api_base}/channels/{fake.channel.id}/messages/{message.id}") as answer:
                shown = await answer.json()
        assert shown["components"][0]["components"][0]["emoji"]["id"] == "1234567890123456789"


def test_json_copy_is_deep_and_equal():
    value = {"a": [1, {"b": [2, 3]}, "c"], "d": None, "e": 1.5, "f": True}
    copied = json_copy(value)
    assert copied == value and copied is not value
    assert copied["a"] is not value["a"] and copied["a"][1] is not value["a"][1]
    assert copied["a"][1]["b"] is not value["a"][1]["b"]
