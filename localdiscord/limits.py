"""What Discord refuses in a message, an interaction answer or a modal, in one place.

The limits are those of Discord's API documentation (components/reference, resources/message "Embed
Limits", interactions/receiving-and-responding "Modal"): a refused payload raises :class:`InvalidFormBody`,
whose :meth:`~InvalidFormBody.body` is the JSON Discord answers with a 400 (code 50035, "Invalid Form
Body", the errors nested by the path of the offending field). The strict fake calls :func:`check_message`,
:func:`check_modal` and :func:`check_interaction_response` on what the bot sends; tests call them on views.

Component emoji: a Unicode emoji is accepted when it is one emoji of Discord's list, written without the
variation selector U+FE0F (🌧 yes, 🌧️ no), and no newer than Emoji 14.0 (🪻, Emoji 15.0, is refused).
"""

from __future__ import annotations

from typing import Any, Iterator

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
SELECTS = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6

MAX_ROWS = 5                 # action rows in a message without the components-v2 flag
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
CUSTOM_ID = 100
BUTTON_LABEL = 80
OPTION_TEXT = 100            # select option label, value, description
PLACEHOLDER = 150
CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR = 256, 1024, 2048, 256
MODAL_TITLE, MODAL_COMPONENTS, TEXT_INPUT_LABEL, TEXT_INPUT_PLACEHOLDER, TEXT_INPUT_VALUE = 45, 5, 45, 100, 4000

# Code points with the Emoji property (emoji-data.txt, Emoji 14.0), ASCII keycap bases left out.
_EMOJI_RANGES = """
00A9 00AE 203C 2049 2122 2139 2194-2199 21A9-21AA 231A-231B 2328 23CF 23E9-23F3 23F8-23FA 24C2
25AA-25AB 25B6 25C0 25FB-25FE 2600-2604 260E 2611 2614-2615 2618 261D 2620 2622-2623 2626 262A
262E-262F 2638-263A 2640 2642 2648-2653 265F-2660 2663 2665-2666 2668 267B 267E-267F 2692-2697 2699
269B-269C 26A0-26A1 26A7 26AA-26AB 26B0-26B1 26BD-26BE 26C4-26C5 26C8 26CE-26CF 26D1 26D3-26D4
26E9-26EA 26F0-26F5 26F7-26FA 26FD 2702 2705 2708-270D 270F 2712 2714 2716 271D 2721 2728 2733-2734
2744 2747 274C 274E 2753-2755 2757 2763-2764 2795-2797 27A1 27B0 27BF 2934-2935 2B05-2B07 2B1B-2B1C
2B50 2B55 3030 303D 3297 3299
1F004 1F0CF 1F170-1F171 1F17E-1F17F 1F18E 1F191-1F19A 1F201-1F202 1F21A 1F22F 1F232-1F23A
1F250-1F251 1F300-1F321 1F324-1F393 1F396-1F397 1F399-1F39B 1F39E-1F3F0 1F3F3-1F3F5 1F3F7-1F4FD
1F4FF-1F53D 1F549-1F54E 1F550-1F567 1F56F-1F570 1F573-1F57A 1F587 1F58A-1F58D 1F590 1F595-1F596
1F5A4-1F5A5 1F5A8 1F5B1-1F5B2 1F5BC 1F5C2-1F5C4 1F5D1-1F5D3 1F5DC-1F5DE 1F5E1 1F5E3 1F5E8 1F5EF
1F5F3 1F5FA-1F64F 1F680-1F6C5 1F6CB-1F6D2 1F6D5-1F6D7 1F6DD-1F6E5 1F6E9 1F6EB-1F6EC 1F6F0
1F6F3-1F6FC 1F7E0-1F7EB 1F7F0 1F90C-1F93A 1F93C-1F945 1F947-1F9FF 1FA70-1FA74 1FA78-1FA7C
1FA80-1FA86 1FA90-1FAAC 1FAB0-1FABA 1FAC0-1FAC5 1FAD0-1FAD9 1FAE0-1FAE7 1FAF0-1FAF6
"""


def _ranges(text: str) -> list[tuple[int, int]]:
    spans = []
    for token in text.split():
        low, _, high = token.partition("-")
        spans.append((int(low, 16), int(high or low, 16)))
    return spans


EMOJI_SPANS = _ranges(_EMOJI_RANGES)
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
TAGS, CANCEL_TAG, BLACK_FLAG = range(0xE0020, 0xE007F), 0xE007F, 0x1F3F4
ZWJ, KEYCAP, VARIATION_SELECTOR = 0x200D, 0x20E3, 0xFE0F


def _is_emoji(point: int) -> bool:
    return any(low <= point <= high for low, high in EMOJI_SPANS)


def _element(points: list[int]) -> bool:
    """One element of a ZWJ sequence: an emoji with an optional skin tone, a flag, a keycap or a tag flag."""
    if len(points) == 2 and all(p in REGIONAL_INDICATORS for p in points):
        return True
    if len(points) == 2 and points[1] == KEYCAP:
        return chr(points[0]) in "0123456789#*"
    if len(points) > 2 and points[0] == BLACK_FLAG and points[-1] == CANCEL_TAG:
        return all(p in TAGS for p in points[1:-1])
    if not points or not _is_emoji(points[0]) or points[0] in SKIN_TONES and len(points) > 1:
        return False
    return len(points) == 1 or (len(points) == 2 and points[1] in SKIN_TONES)


def valid_component_emoji(name: str) -> bool:
    """Whether Discord takes ``name`` as the Unicode emoji of a button or a select option."""
    points = [ord(c) for c in name]
    if not points or VARIATION_SELECTOR in points:
        return False
    elements: list[list[int]] = [[]]
    for point in points:
        if point == ZWJ:
            elements.append([])
        else:
            elements[-1].append(point)
    return all(_element(element) for element in elements)


class InvalidFormBody(Exception):
    """Discord's 400 answer to a payload that breaks a limit (JSON error code 50035)."""

    code = 50035

    def __init__(self, problems: list[tuple[str, str, str]]) -> None:
        self.problems = problems  # (path "components.0.components.1.custom_id", error code, message)
        super().__init__("Invalid Form Body\n" + "\n".join(f"In {path}: {text}" for path, _, text in problems))

    def body(self) -> dict[str, Any]:
        errors: dict[str, Any] = {}
        for path, code, text in self.problems:
            node = errors
            for key in path.split("."):
                node = node.setdefault(key, {})
            node.setdefault("_errors", []).append({"code": code, "message": text})
        return {"code": self.code, "message": "Invalid Form Body", "errors": errors}


class _Problems:
    def __init__(self) -> None:
        self.found: list[tuple[str, str, str]] = []

    def add(self, path: str, code: str, text: str) -> None:
        self.found.append((path, code, text))

    def length(self, path: str, value: Any, most: int, *, least: int = 0) -> None:
        if value is None:
            return
        size = len(str(value))
        if least and not least <= size <= most:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length.")
        elif size > most:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")

    def count(self, path: str, items: list, most: int, *, least: int = 0) -> None:
        if not least <= len(items) <= most:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length.")

    def emoji(self, path: str, emoji: dict | None) -> None:
        if emoji and emoji.get("id") is None and not valid_component_emoji(str(emoji.get("name") or "")):
            self.add(path + ".name", "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")

    def raise_any(self) -> None:
        if self.found:
            raise InvalidFormBody(self.found)


def _interactive(components: list[dict], path: str) -> Iterator[tuple[str, dict]]:
    """Every component under ``components`` with its path, rows and labels included."""
    for i, component in enumerate(components or []):
        here = f"{path}.{i}"
        yield here, component
        yield from _interactive(component.get("components") or [], here + ".components")
        if component.get("component"):
            yield here + ".component", component["component"]


def _check_component(problems: _Problems, path: str, item: dict) -> None:
    kind = item.get("type")
    if "custom_id" in item or kind in SELECTS or kind == TEXT_INPUT or (
            kind == BUTTON and item.get("style") not in (LINK_STYLE, PREMIUM_STYLE)):
        problems.length(path + ".custom_id", item.get("custom_id") or "", CUSTOM_ID, least=1)
    if kind == BUTTON:
        problems.length(path + ".label", item.get("label"), BUTTON_LABEL)
        problems.emoji(path + ".emoji", item.get("emoji"))
    elif kind in SELECTS:
        problems.length(path + ".placeholder", item.get("placeholder"), PLACEHOLDER)
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        if not 0 <= low <= high <= MAX_SELECT_OPTIONS:
            problems.add(path + ".max_values", "BASE_TYPE_BAD_INT", "min_values and max_values must be 0-25, min ≤ max")
        if kind == STRING_SELECT:
            options = item.get("options") or []
            problems.count(path + ".options", options, MAX_SELECT_OPTIONS, least=1)
            if high > len(options):
                problems.add(path + ".max_values", "BASE_TYPE_MAX", f"Must be less than or equal to {len(options)}.")
            values = [o.get("value") for o in options]
            for j, option in enumerate(options):
                at = f"{path}.options.{j}"
                problems.length(at + ".label", option.get("label") or "", OPTION_TEXT, least=1)
                problems.length(at + ".value", option.get("value") or "", OPTION_TEXT, least=1)
                problems.length(at + ".description", option.get("description"), OPTION_TEXT)
                problems.emoji(at + ".emoji", option.get("emoji"))
                if values.count(option.get("value")) > 1:
                    problems.add(at + ".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                 "Select component option values must be unique")
    elif kind in (TEXT_INPUT, LABEL):
        problems.length(path + ".label", item.get("label"), TEXT_INPUT_LABEL)
        problems.length(path + ".placeholder", item.get("placeholder"), TEXT_INPUT_PLACEHOLDER)
        problems.length(path + ".value", item.get("value"), TEXT_INPUT_VALUE)


def _check_components(problems: _Problems, components: list[dict] | None, *, rows: int) -> None:
    components = components or []
    problems.count("components", components, rows)
    for i, row in enumerate(components):
        children = row.get("components") or []
        if row.get("type") == ACTION_ROW:
            selects = [c for c in children if c.get("type") in SELECTS]
            buttons = [c for c in children if c.get("type") == BUTTON]
            if not children or (selects and len(children) > 1) or len(buttons) > MAX_BUTTONS_PER_ROW:
                problems.add(f"components.{i}.components", "BASE_TYPE_BAD_LENGTH",
                             "An action row holds 1 to 5 buttons or a single select")
    _check_items(problems, components)


def _check_items(problems: _Problems, components: list[dict]) -> None:
    """Every component's own limits, and custom_ids unique across them all."""
    seen: set[str] = set()
    for path, item in _interactive(components, "components"):
        _check_component(problems, path, item)
        wanted = item.get("custom_id")
        if wanted is not None:
            if wanted in seen:
                problems.add(path + ".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
                             "Component custom id cannot be duplicated")
            seen.add(wanted)


def _check_embeds(problems: _Problems, embeds: list[dict] | None) -> None:
    embeds = embeds or []
    problems.count("embeds", embeds, EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        at = f"embeds.{i}"
        texts = [(at + ".title", embed.get("title"), EMBED_TITLE),
                 (at + ".description", embed.get("description"), EMBED_DESCRIPTION),
                 (at + ".footer.text", (embed.get("footer") or {}).get("text"), FOOTER),
                 (at + ".author.name", (embed.get("author") or {}).get("name"), AUTHOR)]
        fields = embed.get("fields") or []
        problems.count(at + ".fields", fields, EMBED_FIELDS)
        for j, field in enumerate(fields):
            texts += [(f"{at}.fields.{j}.name", field.get("name"), FIELD_NAME),
                      (f"{at}.fields.{j}.value", field.get("value"), FIELD_VALUE)]
        for path, text, most in texts:
            problems.length(path, text, most)
            total += len(str(text).strip()) if text is not None else 0
    if total > EMBED_TOTAL:
        problems.add("embeds", "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}")


def check_message(payload: dict[str, Any]) -> None:
    """A message to create or edit (also a webhook/followup body): content, embeds and components."""
    problems = _Problems()
    problems.length("content", payload.get("content"), CONTENT)
    _check_embeds(problems, payload.get("embeds"))
    _check_components(problems, payload.get("components"), rows=MAX_ROWS)
    problems.raise_any()


def check_components(payload: dict[str, Any]) -> None:
    """The components of a message payload (the same checks as :func:`check_message`)."""
    check_message(payload)


def check_modal(data: dict[str, Any]) -> None:
    """A modal (interaction callback type 9's data): title, custom_id, 1 to 5 components."""
    problems = _Problems()
    problems.length("title", data.get("title") or "", MODAL_TITLE, least=1)
    problems.length("custom_id", data.get("custom_id") or "", CUSTOM_ID, least=1)
    problems.count("components", data.get("components") or [], MODAL_COMPONENTS, least=1)
    _check_items(problems, data.get("components") or [])
    problems.raise_any()


def check_interaction_response(payload: dict[str, Any]) -> None:
    """An interaction callback body: a modal (type 9) or a message (types 4 and 7)."""
    data = payload.get("data") or {}
    if payload.get("type") == 9:
        check_modal(data)
    elif data:
        check_message(data)
