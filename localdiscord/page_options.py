"""The options of a slash command as the playground's page sends them (text from its inputs, a file as base64)
turned into the values the harness takes (numbers, booleans, users, files), each refused with a sentence for the
page where Discord's client would not send it."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from .harness import FakeUser
from .models import Channel

STRING, INTEGER, BOOLEAN, USER, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 9, 10, 11
SUBCOMMANDS = (1, 2)


class PageError(Exception):
    """A request of the page refused: ``message`` is shown on the page, ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


def typed_options(
    user: FakeUser, ch: Channel, path: str, raw: Any, named_user: Callable[[str], FakeUser], *, complete: bool = True
) -> dict[str, Any]:
    """Turn the page's values (text from inputs) into the harness's (numbers, booleans, files). ``complete``:
    every required option must be given (a command being sent; not while one is typed)."""
    if not isinstance(raw, dict):
        raise PageError("Options must be an object of name → value.")
    spec = option_specs(user, ch, path)
    out: dict[str, Any] = {}
    for name, value in raw.items():
        if value is None or value == "":
            continue  # left empty: not given, as in Discord
        opt = spec.get(name)
        if opt is None:
            raise PageError(f"The command /{path} has no option {name}; its options are: {', '.join(spec) or 'none'}.")
        out[name] = _checked(name, opt, _from_page(name, opt, value, named_user))
    missing = [n for n, o in spec.items() if o.get("required") and n not in out]
    if missing and complete:
        raise PageError(f"Fill in the required option{'s' if len(missing) > 1 else ''}: {', '.join(missing)}.")
    return out


def option_specs(user: FakeUser, ch: Channel, path: str) -> dict[str, dict]:
    """The options of the command at ``path`` ("league signup"), by name, as registered."""
    parts = path.split()
    cmd = user.sender().find_command(parts[0], ch)
    options = cmd.payload.get("options") or []
    for sub in parts[1:]:
        node = next((o for o in options if o.get("name") == sub and o.get("type") in SUBCOMMANDS), None)
        options = (node or {}).get("options") or []
    return {o["name"]: o for o in options if o.get("type") not in SUBCOMMANDS}


def _from_page(name: str, opt: dict, value: Any, named_user: Callable[[str], FakeUser]) -> Any:
    """A value as the page sent it, of the option's type."""
    kind = opt.get("type")
    if kind in (INTEGER, NUMBER) and isinstance(value, str):
        try:
            return int(value) if kind == INTEGER else float(value)
        except ValueError:
            raise PageError(f"The option {name} needs a {'whole ' if kind == INTEGER else ''}number.") from None
    if kind == BOOLEAN and isinstance(value, str):
        if value.lower() not in ("true", "false"):
            raise PageError(f"The option {name} is True or False.")
        return value.lower() == "true"
    if kind in (USER, MENTIONABLE) and isinstance(value, str):
        return named_user(value).id
    if kind == ATTACHMENT:
        if not isinstance(value, dict) or "data" not in value:
            raise PageError(f"The option {name} needs a file.")
        try:
            return str(value.get("filename") or "file"), base64.b64decode(value["data"])
        except ValueError:
            raise PageError(f"The file for {name} could not be read.") from None
    return value


def _checked(name: str, opt: dict, value: Any) -> Any:
    """``value`` when the option takes it: one of its choices, within its bounds or lengths."""
    kind = opt.get("type")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices] and value not in [c["name"] for c in choices]:
        raise PageError(f"The option {name} must be one of: {', '.join(c['name'] for c in choices)}.")
    if kind in (INTEGER, NUMBER) and isinstance(value, (int, float)):
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise PageError(
                f"The option {name} must be "
                + (
                    f"from {low} to {high}."
                    if low is not None and high is not None
                    else f"at least {low}."
                    if low is not None
                    else f"at most {high}."
                )
            )
    if kind == STRING and isinstance(value, str):
        low, high = opt.get("min_length"), opt.get("max_length")
        if (low and len(value) < low) or (high and len(value) > high):
            raise PageError(f"The option {name} takes {low or 0} to {high or 6000} characters.")
    return value
