"""Sanma events: one model per type, :data:`SanmaEvent` their union keyed on ``type``.

Public (``seat=None``) events never carry a concealed tile; ``dealt`` and ``drew`` are private to
``seat``. ``player`` is the seat that acted. A hand's end carries its :data:`HandOutcome` (a win, an
exhaustive draw or an abortive draw, keyed on its own ``type``); the state keeps the same record as
a dict (``last_hand``, ``hands_log``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.events import Acted, GameEvent, tagged

MeldType = Literal["pon", "daiminkan", "ankan", "shouminkan"]


EndReason = Literal["bust", "last_hand", "agari_yame", "ended_early"]  # why a game ended (ended_early: an officer)


@tagged("round_start")
class RoundStart(GameEvent):
    """A hand begins (its seed's hash shown now, the seed revealed at its end)."""

    hand_no: int
    round: str  # East 1 …
    round_index: int
    dealer: int
    honba: int
    sticks: int
    hash: str
    dora_indicators: list[str]
    scores: list[int]
    injected_wall: bool


@tagged("dealt")
class Dealt(GameEvent):
    """Private: the seat's starting hand."""

    hand: list[str]


@tagged("draw")
class Draw(Acted):
    replacement: bool  # from the dead wall, after a kan or a kita
    live: int  # tiles left in the live wall


@tagged("drew")
class Drew(GameEvent):
    """Private: the tile drawn."""

    tile: str
    replacement: bool


@tagged("dora")
class Dora(GameEvent):
    """A new dora indicator (after a kan)."""

    indicator: str
    indicators: list[str]


@tagged("riichi")
class Riichi(Acted):
    double: bool


@tagged("discard")
class Discarded(Acted):
    tile: str
    riichi: bool
    tsumogiri: bool  # the tile just drawn
    live: int


@tagged("call_window")
class CallWindow(GameEvent):
    """Others may call the tile (who may, stays secret)."""

    kind: Literal["discard", "kakan", "ankan", "kita"]
    tile: str
    from_seat: int


@tagged("riichi_accepted")
class RiichiAccepted(Acted):
    scores: list[int]
    sticks: int


@tagged("call")
class Called(Acted):
    """A meld made: pon or open kan of a discard, or a closed or added kan completed."""

    meld: MeldType
    tiles: list[str]
    from_seat: int | None
    tile: str


@tagged("kan_declared")
class KanDeclared(Acted):
    """A closed or added kan, declared: it completes unless robbed (chankan)."""

    meld: Literal["ankan", "shouminkan"]
    tile: str


@tagged("kita_declared")
class KitaDeclared(Acted):
    pass


@tagged("kita")
class Kita(Acted):
    """A North set aside (it completes unless robbed)."""

    count: int


class ShownMeld(BaseModel):
    type: MeldType
    tiles: list[str]


class YakuHan(BaseModel):
    name: str
    han: int


class WinEntry(BaseModel):
    """One winner of a hand, with the hand shown and its score."""

    winner: int
    from_seat: int | None
    kind: Literal["tsumo", "ron"]
    robbed: Literal["kakan", "ankan", "kita"] | None  # a ron on a kan or a kita
    revealed: list[str]  # the concealed tiles but the winning one
    win_tile: str
    melds: list[ShownMeld]
    kita: int
    han: int
    fu: int
    limit: str | None  # mangan … yakuman
    yaku: list[YakuHan]
    points: int
    pao: int | None  # the seat responsible (pao)
    riichi: bool


class Transfer(BaseModel):
    """One payment of a hand's end, kept in the state as ``{"from", "to", "amount", "for"}``."""

    model_config = ConfigDict(populate_by_name=True)

    payer: int | None = Field(alias="from")  # None: the riichi sticks on the table
    payee: int | None = Field(alias="to")  # None: a noten payment, shared by the tenpai seats
    amount: int
    reason: Literal["ron", "tsumo", "pao", "sticks", "noten", "nagashi"] = Field(alias="for")


class HandRecord(BaseModel):
    """What every hand's end tells: payments, points, the dora and the hand's seed, revealed."""

    type: str  # win | exhaustive | abort
    round: str
    hand_no: int
    honba: int
    sticks: int
    deltas: list[int]
    transfers: list[Transfer]
    scores: list[int]
    dora_indicators: list[str]
    seed: str
    hash: str
    dealer: int
    renchan: bool  # the dealer deals again

    def record(self) -> dict[str, Any]:
        """The hand's end as the state keeps it (``last_hand``, ``hands_log``)."""
        return self.model_dump(by_alias=True)


@tagged("win")
class WinOutcome(HandRecord):
    wins: list[WinEntry]
    ura_indicators: list[str]  # only when a winner is in riichi


@tagged("exhaustive")
class ExhaustiveOutcome(HandRecord):
    tenpai: list[int]
    tenpai_hands: dict[str, list[str]]  # shown by the seats in tenpai
    nagashi: list[int]
    draws: int


@tagged("abort")
class AbortOutcome(HandRecord):
    reason: Literal["kyuushu_kyuuhai", "suukaikan"]
    seat: int | None  # who declared nine kinds
    revealed: list[str] | None  # the nine kinds' hand


HandOutcome = Annotated[WinOutcome | ExhaustiveOutcome | AbortOutcome, Field(discriminator="type")]


@tagged("hand_end")
class HandEnd(GameEvent):
    outcome: HandOutcome


@tagged("game_end")
class GameEnd(GameEvent):
    reason: EndReason
    points: list[int]
    ranks: list[int]
    scores: list[float]  # final ranking scores (§8)


SanmaEvent = Annotated[
    RoundStart
    | Dealt
    | Draw
    | Drew
    | Dora
    | Riichi
    | Discarded
    | CallWindow
    | RiichiAccepted
    | Called
    | KanDeclared
    | KitaDeclared
    | Kita
    | HandEnd
    | GameEnd,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(SanmaEvent)
"""``EVENT.validate_python(dict)`` reads any sanma event."""
