"""Shared by the typed-event tests: an event as snapshots stored it before events were typed."""

from __future__ import annotations

from typing import Any


def stored_before_typing(event) -> dict[str, Any]:
    """The event's fields under ``data``, the seat that acted as ``data["seat"]`` (as ``Event(data=…)`` kept it)."""
    fields = event.fields()
    if "player" in fields:
        fields["seat"] = fields.pop("player")
    return {"type": event.type, "seat": event.seat, "data": fields}
