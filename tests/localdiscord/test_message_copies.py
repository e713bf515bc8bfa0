"""The fake keeps its own copy of what a message shows: a body it applied never shares a dict or a list with what the
client sent, so a client changing what it sent changes nothing the fake stores. The message's embeds and components
are replaced on an edit, never changed in place, so its versions and the payloads written from it (as JSON: what a
client gets is bytes) share them and still show what the message showed then."""

from __future__ import annotations

from localdiscord.models import FakeMessage, json_copy


def test_a_body_applied_shares_nothing_with_the_clients():
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
    assert message.embeds == [{"title": "Table", "fields": [{"name": "Field", "value": "cards"}]}]
    assert message.components[0]["components"][0]["label"] == "Go"
    assert message.versions[-1].embeds == message.embeds


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


def test_json_copy_is_deep_and_equal():
    value = {"a": [1, {"b": [2, 3]}, "c"], "d": None, "e": 1.5, "f": True}
    copied = json_copy(value)
    assert copied == value and copied is not value
    assert copied["a"] is not value["a"] and copied["a"][1] is not value["a"][1]
    assert copied["a"][1]["b"] is not value["a"][1]["b"]


def test_an_emoji_id_sent_as_a_number_is_shown_as_a_string_in_a_copy_of_the_components():
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
    message = FakeMessage(id=1, channel_id=2, guild_id=3, author={"id": "4"})
    message.apply({"components": sent}, [], kind="create")
    row = message.components[0]["components"]
    assert row[0]["emoji"] == {"id": "1234567890123456789", "name": "pine"}
    assert row[1]["options"][0]["emoji"] == {"id": "7", "name": "e"}
    assert sent[0]["components"][0]["emoji"]["id"] == 1234567890123456789  # what was sent is left as it was
