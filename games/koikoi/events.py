"""Koi-Koi events (all public): one model per type, :data:`KoiKoiEvent` their union keyed on ``type``.

``player`` is the seat that acted; the moves' events (play, flip, take) are those of
:mod:`games.fishing`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from games.events import Acted, GameEnded, GameEvent, tagged
from games.fishing import Flipped, Played, Taken

YakuScore = dict[str, str | int]  # {"id", "name", "points"}


@tagged("oya_draw")
class OyaDraw(GameEvent):
    """One attempt of the draw for the first Oya (§2); ``order`` once the months differ."""

    attempt: int
    draws: list[dict[str, int | str]]  # {"seat", "card"}
    redraw: bool
    order: list[int] | None


@tagged("round_start")
class RoundStart(GameEvent):
    round: int
    month: int
    months: int
    oya: int
    roles: list[str]
    hash: str  # SHA-256 of the round's seed, revealed at round_end


@tagged("redeal")
class Redeal(GameEvent):
    round: int
    attempt: int
    reason: str
    field: list[str]


@tagged("deal")
class Deal(GameEvent):
    round: int
    attempt: int
    field: list[str]
    oya: int


@tagged("hand_combo")
class HandCombo(Acted):
    """A hand combo shown at the deal (§5): it ends the round."""

    combo: str
    name: str
    hand: list[str]


@tagged("yaku")
class Yaku(Acted):
    """A side's points grew: it must call Koi-Koi or stop (or is stopped, ``forced_stop``)."""

    side: int
    points: int
    previous: int
    yaku: list[YakuScore]
    sake_cup: str | None
    forced_stop: bool
    reason: str | None


@tagged("koikoi")
class KoiKoiCalled(Acted):
    side: int
    points: int
    order: int  # 1-based, within the round


@tagged("stop")
class Stopped(Acted):
    side: int
    points: int
    forced: bool


@tagged("ryukyoku")
class Ryukyoku(GameEvent):
    """Every hand is empty and nobody stopped."""

    round: int


@tagged("round_end")
class RoundEnd(GameEvent):
    """The round's result (§8) and its seed, revealed (docs/design.md §3)."""

    round: int
    month: int
    months: int
    kind: Literal["stop", "hand_combo", "ryukyoku"]
    winner: int | None
    winner_side: int | None
    winner_seats: list[int]
    oya: int
    roles: list[str]
    base: int
    value: int
    factor: int
    yaku: list[YakuScore]
    sake_cup: str | None
    calls: list[dict[str, int]]  # {"seat", "side", "order", "points"}
    payments: list[int]
    transfers: list[dict[str, int]]  # {"from", "to", "amount"}
    scores: list[int]
    next_oya: int
    seed: str
    hash: str
    captured: list[str] = []  # the winner's capture pile, shown in the result's picture


class GameEnd(GameEnded):
    pass


KoiKoiEvent = Annotated[
    OyaDraw
    | RoundStart
    | Redeal
    | Deal
    | HandCombo
    | Played
    | Flipped
    | Taken
    | Yaku
    | KoiKoiCalled
    | Stopped
    | Ryukyoku
    | RoundEnd
    | GameEnd,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(KoiKoiEvent)
"""``EVENT.validate_python(dict)`` reads any Koi-Koi event."""
