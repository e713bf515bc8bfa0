"""What a user's Discord client sends from a message's components or a modal: the button clicked (by
custom_id or label), the select chosen, the values picked in it, and a modal's inputs filled in — each
checked as the client would check it, refusals raised as :class:`HarnessError`. ``harness.py`` builds the
interactions from them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import HarnessError
from .models import (
    ACTION_ROW,
    BUTTON,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    FakeMessage,
    Member,
    iter_components,
)
from .slash import OPT_CHANNEL, OPT_ROLE, OPT_USER, Sender

USER_SELECT, CHANNEL_SELECT, MENTIONABLE_SELECT = 5, 7, 8
LABEL = 18  # a modal's label around one input


def components(msg: FakeMessage) -> list[dict]:
    return list(iter_components(msg.components))


def shown_earlier(msg: FakeMessage, wanted: Callable[[dict], bool]) -> dict | None:
    """The newest component of an earlier version of ``msg`` that is ``wanted``, or None."""
    return next(
        (c for v in reversed(msg.versions) if v.kind != "delete" for c in iter_components(v.components) if wanted(c)),
        None,
    )


def find_button(msg: FakeMessage, button: str, *, shown_before: bool) -> dict:
    """The clickable button ``button`` (custom_id, else a unique label) of ``msg``; ``shown_before``: a
    custom_id of an earlier version of the message counts too."""
    buttons = [c for c in components(msg) if c.get("type") == BUTTON]
    comp = next((c for c in buttons if c.get("custom_id") == button), None)
    if comp is None and shown_before:
        comp = shown_earlier(msg, lambda c: c.get("type") == BUTTON and c.get("custom_id") == button)
    if comp is None:
        by_label = [c for c in buttons if c.get("label") == button]
        if len(by_label) > 1:
            raise HarnessError(
                f"several buttons labelled {button!r} on message {msg.id}; use the custom_id: "
                f"{[c.get('custom_id') for c in by_label]}"
            )
        comp = by_label[0] if by_label else None
    if comp is None:
        raise HarnessError(
            f"no button {button!r} on message {msg.id}; buttons (label, custom_id, disabled): {msg.buttons()}"
        )
    if comp.get("disabled"):
        raise HarnessError(f"button {button!r} is disabled")
    if comp.get("style") in (5, 6):
        raise HarnessError(f"button {button!r} is a link/premium button; it sends no interaction")
    return comp


def find_select(msg: FakeMessage, custom_id: str, *, shown_before: bool) -> dict:
    """The enabled select menu ``custom_id`` (or placeholder) of ``msg``; ``shown_before`` as for buttons."""
    comp = next(
        (
            c
            for c in components(msg)
            if c.get("type") in SELECT_TYPES and (c.get("custom_id") == custom_id or c.get("placeholder") == custom_id)
        ),
        None,
    )
    if comp is None and shown_before:
        comp = shown_earlier(msg, lambda c: c.get("type") in SELECT_TYPES and c.get("custom_id") == custom_id)
    if comp is None:
        raise HarnessError(
            f"no select {custom_id!r} on message {msg.id}; selects: "
            f"{[(c.get('custom_id'), c.get('placeholder')) for c in msg.selects()]}"
        )
    if comp.get("disabled"):
        raise HarnessError(f"select {custom_id!r} is disabled")
    return comp


def select_values(sender: Sender, comp: dict, vals: list[Any]) -> tuple[list[str], dict[str, Any]]:
    """The ``values`` and ``resolved`` data of choosing ``vals`` in the select ``comp`` (a string select's
    option values or labels; a user, channel, role or mentionable select's members, channels or ids)."""
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not lo <= len(vals) <= hi:
        raise HarnessError(f"select {comp.get('custom_id')!r} takes {lo}..{hi} values, got {len(vals)}")
    resolved: dict[str, dict[str, Any]] = {}
    if comp["type"] == STRING_SELECT:
        return [_string_option(comp, v)["value"] for v in vals], resolved
    out = []
    for v in vals:
        ctype = comp["type"]
        if ctype == USER_SELECT or (ctype == MENTIONABLE_SELECT and isinstance(v, Member)):
            opt = {"type": OPT_USER, "name": "select"}
        elif ctype == CHANNEL_SELECT:
            opt = {"type": OPT_CHANNEL, "name": "select"}
        else:
            opt = {"type": OPT_ROLE, "name": "select"}
        out.append(sender.option_value(opt, v, resolved, ["select"]))
    return out, resolved


def _string_option(comp: dict, v: Any) -> dict:
    options = comp.get("options") or []
    opt = next((o for o in options if o.get("value") == v), None) or next(
        (o for o in options if o.get("label") == v), None
    )
    if opt is None:
        raise HarnessError(
            f"select {comp.get('custom_id')!r} has no option {v!r}; options: "
            f"{[(o.get('label'), o.get('value')) for o in options]}"
        )
    return opt


class ModalFilling:
    """The inputs of one modal filled from ``given`` (input custom_ids, labels or placeholders to text, or to
    values for selects); :meth:`components` is what the client submits, refusing a name no input has."""

    def __init__(self, sender: Sender, modal: dict, given: dict[str, Any]) -> None:
        self.sender = sender
        self.modal = modal
        self.given = given
        self.used: set[str] = set()

    def components(self) -> list[dict]:
        out: list[dict] = []
        for row in self.modal.get("components") or []:
            if row.get("type") == ACTION_ROW:
                out.append({"type": ACTION_ROW, "components": [self.fill(c) for c in row.get("components") or []]})
            elif row.get("type") == LABEL:
                out.append({"type": LABEL, "component": self.fill(row["component"], row.get("label"))})
        unknown = set(self.given) - self.used
        if unknown:
            raise HarnessError(f"modal has no inputs {sorted(unknown)}")
        return out

    def fill(self, c: dict, label: str | None = None) -> dict:
        """One input's submitted form: its text, or the values chosen in it."""
        names = (c.get("custom_id"), label, c.get("label"), c.get("placeholder"))
        key = next((k for k in names if k is not None and k in self.given), None)
        if key and c.get("type") in (TEXT_INPUT, *SELECT_TYPES):
            self.used.add(key)
        if c.get("type") == TEXT_INPUT:
            value = self.given.get(key, c.get("value") or "") if key else (c.get("value") or "")
            if c.get("required", True) and not value:
                raise HarnessError(f"modal input {c.get('custom_id')!r} is required")
            return {"type": TEXT_INPUT, "custom_id": c["custom_id"], "value": str(value)}
        if c.get("type") in SELECT_TYPES:
            vals = self.given.get(key, []) if key else []
            vals = [vals] if isinstance(vals, str) else list(vals)
            least = 0 if not c.get("required", True) else 1
            out_vals, _ = select_values(self.sender, dict(c, min_values=c.get("min_values", least)), vals)
            return {"type": c["type"], "custom_id": c["custom_id"], "values": out_vals}
        return {"type": c.get("type")}
