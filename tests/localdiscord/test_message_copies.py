"""The fake keeps its own copy of what a message shows: a body it applied, a payload it handed out and a version it
kept never share a dict or a list with what a client sent or got, so changing one (as a client may change what it sent
or got) changes nothing the fake stores; a version shares the message's own lists, which the fake replaces on an edit
and never changes in place."""

from __future__ import annotations

from localdiscord.models import FakeMessage, json_copy


def test_applied_bodies_payloads_and_versions_share_nothing():
    body = {
        "content": "hi",
        "embeds": [{"title": "Table", "fields": [{"name": "Field", "value": "cards"}]}],
        "components": [{"type": 1, "components": [{"type": 2, "custom_id": "parlor:t:1:2:a:x", "label": "Go"}]}],
    }
    message = FakeMessage(id=1, channel_id=2, guild_id=3, author={"id": "4"})
    message.apply(body, [], kind="create")
    message._snapshot("create")
    body["embeds"][0]["fields"][0]["value"] = "changed by the client"
    body["components"][0]["components"][0]["label"] = "changed"
    payload = message.payload()
    payload["embeds"][0]["title"] = "changed by a reader"
    payload["components"][0]["components"].clear()
    assert message.embeds == [{"title": "Table", "fields": [{"name": "Field", "value": "cards"}]}]
    assert message.components[0]["components"][0]["label"] == "Go"
    assert message.versions[-1].embeds == message.embeds


def test_a_version_keeps_what_the_message_showed_after_later_edits():
    message = FakeMessage(id=1, channel_id=2, guild_id=3, author={"id": "4"})
    first = {"embeds": [{"title": "Month 1"}], "components": [{"type": 1, "components": [{"type": 2, "label": "A"}]}]}
    message.apply(first, [], kind="create")
    message.apply({"embeds": [{"title": "Month 2"}], "components": []}, [], kind="edit")
    message.payload()["embeds"][0]["title"] = "changed by a reader"
    assert [v.embeds for v in message.versions] == [[{"title": "Month 1"}], [{"title": "Month 2"}]]
    assert message.versions[0].components == [{"type": 1, "components": [{"type": 2, "label": "A"}]}]
    assert message.versions[1].components == [] and message.embeds == [{"title": "Month 2"}]


def test_json_copy_is_deep_and_equal():
    value = {"a": [1, {"b": [2, 3]}, "c"], "d": None, "e": 1.5, "f": True}
    copied = json_copy(value)
    assert copied == value and copied is not value
    assert copied["a"] is not value["a"] and copied["a"][1] is not value["a"][1]
    assert copied["a"][1]["b"] is not value["a"][1]["b"]
