"""Errors of the local fake Discord: the HTTP errors it answers with (Discord's JSON shape) and
the crash of a watched client task."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

UNKNOWN_CHANNEL = (10003, "Unknown Channel")
UNKNOWN_MESSAGE = (10008, "Unknown Message")
UNKNOWN_WEBHOOK = (10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (10062, "Unknown interaction")


class DiscordHTTPError(Exception):
    """Raised inside handlers; turned into a Discord-style JSON error response."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None):
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict:
        body: dict = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


class FormErrors:
    """Collects field errors into Discord's nested ``errors`` shape."""

    def __init__(self) -> None:
        self.errors: dict = {}
        self.count = 0

    def add(self, path: Iterable[Any], code: str, message: str) -> None:
        node = self.errors
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.count += 1

    def max_len(self, path: list, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        if self.count:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", self.errors)


def not_found(code: int, what: str) -> DiscordHTTPError:
    return DiscordHTTPError(404, code, what)


class ClientCrashed(RuntimeError):
    """The discord.py client task died."""


class HarnessError(AssertionError):
    """A test asked for something a real Discord user could not do
    (unknown command/option, no such button, message not visible, ...)."""
