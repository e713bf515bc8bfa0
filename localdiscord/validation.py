"""Discord's checks of what the bot sends: message payloads (content, embeds, v1 and v2
components, their emoji), modals, and the empty-message rule. Each check adds to a :class:`FormErrors` or
raises a :class:`DiscordHTTPError` as Discord answers (400, code 50035 "Invalid Form Body", the errors
nested by the path of the field). The limits are those of Discord's API documentation (components/reference,
resources/message "Embed Limits", interactions/receiving-and-responding "Modal"); tests call
:func:`check_message`, :func:`check_modal` and :func:`check_interaction_response` on what Parlor would send."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .errors import DiscordHTTPError, FormErrors
from .limits import valid_component_emoji
from .models import ACTION_ROW, BUTTON, FLAG_COMPONENTS_V2, SELECT_TYPES, STRING_SELECT, TEXT_INPUT, embed_texts

LABEL = 18  # a modal's labelled input
MAX_ATTACHMENTS = 10  # files a message holds
MAX_FILE_BYTES = 10 * 1024 * 1024  # the upload limit of a server without boosts (Discord's default since 2024)
ATTACHMENT_URL = "attachment://"


def check_modal(data: dict) -> None:
    """Raise Discord's 50035 if a modal (interaction callback type 9's ``data``) breaks a limit."""
    errors = FormErrors()
    validate_modal(data, errors)
    errors.raise_if_any()


def check_interaction_response(payload: dict) -> None:
    """An interaction callback body: a modal (type 9) or a message (types 4 and 7)."""
    data = payload.get("data") or {}
    if payload.get("type") == 9:
        check_modal(data)
    elif data:
        check_message(data, ["data"])


def check_emoji(path: list, emoji: Any, errors: FormErrors, emoji_ids: Collection[int] = ()) -> None:
    """A Unicode emoji Discord knows, or a custom one ``{id, name}`` among the application's ``emoji_ids``."""
    if not isinstance(emoji, dict):
        return
    if emoji.get("id") is None:
        valid = valid_component_emoji(str(emoji.get("name") or ""))
    else:
        valid = str(emoji["id"]).isdigit() and int(emoji["id"]) in emoji_ids
    if not valid:
        errors.add(
            path + ["id" if emoji.get("id") is not None else "name"], "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji"
        )


def check_message(body: dict, prefix: list[Any], emoji_ids: Collection[int] = ()) -> None:
    """Raise Discord's 50035 Invalid Form Body if ``body`` breaks a message limit (``emoji_ids``: the
    application's emoji, the only custom ones its components may show)."""
    errors = FormErrors()
    validate_message_payload(body, prefix, errors, emoji_ids)
    errors.raise_if_any()


def check_allowed_mentions(mentions: Any, prefix: list[Any], errors: FormErrors) -> None:
    """``parse`` only of roles/users/everyone, and not together with an explicit list of the same kind."""
    if not isinstance(mentions, dict):
        return
    parse = mentions.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in ("roles", "users", "everyone"):
            errors.add(
                prefix + ["parse", i], "BASE_TYPE_CHOICES", "Value must be one of {'roles', 'users', 'everyone'}."
            )
    for kind in ("users", "roles"):
        listed = mentions.get(kind) or []
        if kind in parse and listed:
            errors.add(
                prefix + ["parse"],
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
            )
        if len(listed) > 100:
            errors.add(prefix + [kind], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")


def check_not_empty(msg_like: dict, files: list) -> None:
    if not (
        msg_like.get("content")
        or msg_like.get("embeds")
        or msg_like.get("components")
        or files
        or msg_like.get("attachments")
        or msg_like.get("sticker_ids")
        or msg_like.get("poll")
    ):
        raise DiscordHTTPError(400, 50006, "Cannot send an empty message")


def check_attachments(
    body: dict, uploads: dict[int, str], sizes: list[int], held: dict[str, str], embeds: list[dict], prefix: list[Any]
) -> None:
    """Discord's checks of a message's files: ``uploads`` (``files[n]`` index → file name) of ``sizes`` bytes,
    ``held`` (attachment id → file name) the files the message holds already (an edit), ``embeds`` the embeds
    the request sets. Each file within the upload limit (413, 40005); the body's ``attachments`` naming only an
    upload or a held file; at most 10 files kept; an embed's ``attachment://name`` naming a file of the request:
    an upload, or a held file the body lists. (The docs tie ``attachment://`` to files sent with the message and
    keep a held file on an edit only when it is listed — reference, "Editing Message Attachments"; what an
    embed naming a held file left out of the list shows they do not say, and Discord has shown it twice or not
    at all: the fake takes the stricter reading and refuses it.)"""
    if any(size > MAX_FILE_BYTES for size in sizes):
        raise DiscordHTTPError(413, 40005, "Request entity too large")
    errors = FormErrors()
    listed = body.get("attachments")
    names = list(uploads.values())
    if listed is None:
        kept = list(held.values()) + names
    else:
        for i, a in enumerate(listed):
            key = str((a or {}).get("id"))
            if key in held:
                names.append(held[key])
            elif not key.isdigit() or int(key) not in uploads:
                errors.add(
                    prefix + ["attachments", i, "id"],
                    "ATTACHMENT_NOT_FOUND",
                    "Unknown attachment: neither an upload of this request nor a file of the message",
                )
        kept = names
    if len(kept) > MAX_ATTACHMENTS:
        errors.add(prefix + ["attachments"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length.")
    for i, e in enumerate(embeds):
        for key in ("image", "thumbnail"):
            url = str((e.get(key) or {}).get("url") or "")
            if url.startswith(ATTACHMENT_URL) and url[len(ATTACHMENT_URL) :] not in names:
                errors.add(
                    prefix + ["embeds", i, key, "url"],
                    "EMBED_ATTACHMENT_UNKNOWN",
                    f"{url} names no file of the request (uploaded, or kept and listed in attachments)",
                )
    errors.raise_if_any()


def validate_message_payload(body: dict, prefix: list, errors: FormErrors, emoji_ids: Collection[int] = ()) -> None:
    """Discord's limits for message content, embeds and (v1 and v2) components."""
    content = body.get("content")
    if content is not None:
        errors.max_len(prefix + ["content"], content, 2000)
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        errors.add(prefix + ["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, e in enumerate(embeds):
        p = prefix + ["embeds", i]
        errors.max_len(p + ["title"], e.get("title"), 256)
        errors.max_len(p + ["description"], e.get("description"), 4096)
        fields = e.get("fields") or []
        if len(fields) > 25:
            errors.add(p + ["fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            errors.max_len(p + ["fields", j, "name"], f.get("name"), 256)
            errors.max_len(p + ["fields", j, "value"], f.get("value"), 1024)
            if not f.get("name"):
                errors.add(p + ["fields", j, "name"], "BASE_TYPE_REQUIRED", "This field is required")
            if not f.get("value"):
                errors.add(p + ["fields", j, "value"], "BASE_TYPE_REQUIRED", "This field is required")
        errors.max_len(p + ["footer", "text"], (e.get("footer") or {}).get("text"), 2048)
        errors.max_len(p + ["author", "name"], (e.get("author") or {}).get("name"), 256)
        total += sum(len(t) for t in embed_texts(e))
    if total > 6000:
        errors.add(prefix + ["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    check_allowed_mentions(body.get("allowed_mentions"), prefix + ["allowed_mentions"], errors)
    components = body.get("components")
    if components:
        v2 = bool((body.get("flags") or 0) & FLAG_COMPONENTS_V2)
        validate_components(components, prefix + ["components"], errors, v2=v2, emoji_ids=emoji_ids)


def validate_components(
    components: list, prefix: list, errors: FormErrors, *, v2: bool = False, emoji_ids: Collection[int] = ()
) -> None:
    if not v2 and len(components) > 5:
        errors.add(prefix, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    check = ComponentCheck(errors, v2, emoji_ids)
    for i, c in enumerate(components):
        check.walk(c, prefix + [i], True)


class ComponentCheck:
    """Discord's checks of a message's components, each error added at its path in ``errors``."""

    def __init__(self, errors: FormErrors, v2: bool, emoji_ids: Collection[int]) -> None:
        self.errors, self.v2, self.emoji_ids = errors, v2, emoji_ids
        self.seen: dict[str, list] = {}  # custom_id → where it was first used

    def walk(self, comp: dict, path: list, top: bool) -> None:
        ctype = comp.get("type")
        if top and not self.v2 and ctype != ACTION_ROW:
            self.errors.add(path + ["type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).')
        if ctype == ACTION_ROW:
            self.row(comp, path)
            return
        cid = comp.get("custom_id")
        if cid is not None:
            self.errors.max_len(path + ["custom_id"], cid, 100)
            if cid in self.seen:
                self.errors.add(
                    path + ["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
                )
            self.seen[cid] = path
        if ctype == BUTTON:
            self.button(comp, path, cid)
        elif ctype in SELECT_TYPES:
            self.select(comp, path, cid, ctype)
        elif ctype in (TEXT_INPUT, LABEL):
            self.errors.max_len(path + ["label"], comp.get("label"), 45)
            self.errors.max_len(path + ["placeholder"], comp.get("placeholder"), 100)
            self.errors.max_len(path + ["value"], comp.get("value"), 4000)
            self.errors.max_len(path + ["description"], comp.get("description"), 100)
        # components v2 containers / sections
        for i, c in enumerate(comp.get("components") or []):
            self.walk(c, path + ["components", i], False)
        if isinstance(comp.get("accessory"), dict):
            self.walk(comp["accessory"], path + ["accessory"], False)
        if isinstance(comp.get("component"), dict):
            self.walk(comp["component"], path + ["component"], False)

    def row(self, comp: dict, path: list) -> None:
        children = comp.get("components") or []
        if not children:
            self.errors.add(path + ["components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        if len(children) > 5:
            self.errors.add(path + ["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
            self.errors.add(
                path + ["components"],
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for i, c in enumerate(children):
            self.walk(c, path + ["components", i], False)

    def button(self, comp: dict, path: list, cid: str | None) -> None:
        style = comp.get("style")
        self.errors.max_len(path + ["label"], comp.get("label"), 80)
        if style == 5:
            if not comp.get("url"):
                self.errors.add(path + ["url"], "BASE_TYPE_REQUIRED", "This field is required")
        elif style != 6 and not cid:
            self.errors.add(path + ["custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
        if style != 6 and not comp.get("label") and not comp.get("emoji"):
            self.errors.add(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required")
        check_emoji(path + ["emoji"], comp.get("emoji"), self.errors, self.emoji_ids)

    def select(self, comp: dict, path: list, cid: str | None, ctype: int) -> None:
        if not cid:
            self.errors.add(path + ["custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
        self.errors.max_len(path + ["placeholder"], comp.get("placeholder"), 150)
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not 0 <= low <= high <= 25:
            self.errors.add(path + ["max_values"], "BASE_TYPE_BAD_INT", "min_values ≤ max_values, both from 0 to 25")
        if ctype == STRING_SELECT:
            self.options(comp.get("options") or [], path, high)

    def options(self, options: list, path: list, high: int) -> None:
        if not 1 <= len(options) <= 25:
            self.errors.add(path + ["options"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
        if high > len(options):
            self.errors.add(path + ["max_values"], "BASE_TYPE_MAX", f"Must be less than or equal to {len(options)}.")
        values = set()
        for j, o in enumerate(options):
            at = path + ["options", j]
            self.errors.max_len(at + ["label"], o.get("label"), 100)
            self.errors.max_len(at + ["value"], o.get("value"), 100)
            self.errors.max_len(at + ["description"], o.get("description"), 100)
            check_emoji(at + ["emoji"], o.get("emoji"), self.errors, self.emoji_ids)
            if o.get("value") in values:
                self.errors.add(
                    at + ["value"],
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values must be unique",
                )
            values.add(o.get("value"))


def validate_modal(data: dict, errors: FormErrors) -> None:
    errors.max_len(["data", "title"], data.get("title"), 45)
    errors.max_len(["data", "custom_id"], data.get("custom_id"), 100)
    if not data.get("title"):
        errors.add(["data", "title"], "BASE_TYPE_REQUIRED", "This field is required")
    if not data.get("custom_id"):
        errors.add(["data", "custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        errors.add(["data", "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    validate_components(comps, ["data", "components"], errors, v2=True)  # rows of text inputs, or labels
