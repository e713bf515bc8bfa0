"""Discord's payload limits (localdiscord/validation.py, emoji in localdiscord/limits.py), as its API
documentation states them."""

from __future__ import annotations

import pytest

from localdiscord.errors import DiscordHTTPError
from localdiscord.limits import EMOJI_SPANS, _is_emoji, valid_component_emoji
from localdiscord.validation import check_interaction_response, check_modal
from localdiscord.validation import check_message as check_with_prefix


def check_message(payload: dict) -> None:
    check_with_prefix(payload, [])


def paths(errors: dict, prefix: str = "") -> dict[str, list[str]]:
    """Discord's nested ``errors`` as ``{"components.0.custom_id": [codes]}``."""
    found: dict[str, list[str]] = {}
    for key, node in errors.items():
        if key == "_errors":
            found[prefix.rstrip(".")] = [e["code"] for e in node]
        else:
            found.update(paths(node, f"{prefix}{key}."))
    return found


def button(custom_id: str, label: str = "Go", emoji: str | None = None) -> dict:
    return {
        "type": 2,
        "style": 2,
        "custom_id": custom_id,
        "label": label,
        **({"emoji": {"name": emoji, "id": None}} if emoji else {}),
    }


def row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def select(custom_id: str, n: int, **extra) -> dict:
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": [{"label": f"o{i}", "value": str(i)} for i in range(n)],
        **extra,
    }


def refusal(check, payload) -> dict[str, list[str]]:
    """The fields Discord's 400 50035 answer names, with their error codes."""
    with pytest.raises(DiscordHTTPError) as caught:
        check(payload)
    assert (caught.value.status, caught.value.code, caught.value.message) == (400, 50035, "Invalid Form Body")
    return paths(caught.value.errors)


@pytest.mark.parametrize("emoji", ["🌲", "🌧", "🤖", "🎴", "🫠", "👍🏽", "🇯🇵", "1⃣", "👩‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "©"])
def test_emoji_discord_takes(emoji):
    assert valid_component_emoji(emoji)


@pytest.mark.parametrize("emoji", ["🪻", "🌧️", "❤️", "⚀", "A", "", "🌲🌲", "🇯", "🫷", "hello"])
def test_emoji_discord_refuses(emoji):
    """🪻 is Emoji 15.0, 🌧️ and ❤️ carry U+FE0F, ⚀ is no emoji, two emoji are not one."""
    assert not valid_component_emoji(emoji)


def test_a_valid_message_passes():
    check_message(
        {
            "content": "hi",
            "embeds": [{"title": "t", "description": "d"}],
            "components": [row(button("a"), button("b", emoji="🌲")), row(select("s", 25))],
        }
    )


def test_duplicated_custom_ids_across_rows_are_refused_with_50035():
    found = refusal(check_message, {"components": [row(select("same", 3)), row(select("same", 3))]})
    assert found == {"components.1.components.0.custom_id": ["COMPONENT_CUSTOM_ID_DUPLICATED"]}


@pytest.mark.parametrize(
    "payload, path",
    [
        ({"components": [row(button("x" * 101))]}, "components.0.components.0.custom_id"),
        ({"components": [row(button("a", label="x" * 81))]}, "components.0.components.0.label"),
        ({"components": [row(button("a", emoji="🪻"))]}, "components.0.components.0.emoji.name"),
        ({"components": [row(*(button(str(i)) for i in range(6)))]}, "components.0.components"),
        ({"components": [row(button(str(i))) for i in range(6)]}, "components"),
        ({"components": [row(select("s", 26))]}, "components.0.components.0.options"),
        ({"components": [row(select("s", 3, placeholder="p" * 151))]}, "components.0.components.0.placeholder"),
        ({"components": [row(select("s", 3, max_values=4))]}, "components.0.components.0.max_values"),
        (
            {"components": [row({"type": 3, "custom_id": "s", "options": [{"label": "l" * 101, "value": "v"}]})]},
            "components.0.components.0.options.0.label",
        ),
        (
            {"components": [row({"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v" * 101}]})]},
            "components.0.components.0.options.0.value",
        ),
        ({"content": "c" * 2001}, "content"),
        ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
        ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
        ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, "embeds.0.fields.0.name"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "embeds.0.fields.0.value"),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "embeds.0.footer.text"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
    ],
)
def test_each_limit_is_refused_at_its_field(payload, path):
    assert path in refusal(check_message, payload)


def test_limits_are_inclusive():
    check_message(
        {
            "content": "c" * 2000,
            "components": [row(button("x" * 100, label="l" * 80))],
            "embeds": [{"title": "t" * 256, "description": "d" * 4096}, {"footer": {"text": "f" * 1648}}],
        }
    )


def modal(title: str = "Enter an amount", label: str = "Amount (1–10)") -> dict:
    return {
        "type": 9,
        "data": {
            "custom_id": "m",
            "title": title,
            "components": [row({"type": 4, "custom_id": "amount", "style": 1, "label": label})],
        },
    }


def test_modals_title_and_text_input_label_are_limited():
    check_interaction_response(modal())
    assert "data.title" in refusal(check_interaction_response, modal(title="t" * 46))
    assert list(refusal(check_modal, modal(label="l" * 46)["data"])) == ["data.components.0.components.0.label"]


def test_an_interaction_message_answer_is_checked_as_a_message():
    found = refusal(check_interaction_response, {"type": 4, "data": {"components": [row(button("a"), button("a"))]}})
    assert found == {"data.components.0.components.1.custom_id": ["COMPONENT_CUSTOM_ID_DUPLICATED"]}


def test_the_emoji_spans_are_ordered_and_each_code_point_is_found_as_by_a_scan_of_them():
    assert all(low <= high < after for (low, high), (after, _) in zip(EMOJI_SPANS, EMOJI_SPANS[1:]))
    for point in range(0x20000):
        assert _is_emoji(point) == any(low <= point <= high for low, high in EMOJI_SPANS), hex(point)
