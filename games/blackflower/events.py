"""Black Flower events (all public): one model per type, :data:`BlackFlowerEvent` their union keyed
on ``type``. ``player`` is the seat that acted; ``hand`` the index of its hand (1 after a split)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from games.events import GameEvent


class BankerDraw(GameEvent):
    """The draw for the first bank (§2.2): cards in seat order until a Bright."""

    type: Literal["banker_draw"] = "banker_draw"
    draws: list[dict[str, int | str]]  # {"seat", "card"}; empty when the first banker was given
    banker: int


class RoundStart(GameEvent):
    type: Literal["round_start"] = "round_start"
    round: int
    rounds: int  # 0: open-ended
    banker: int
    hash: str  # SHA-256 of the round's seed, revealed at round_end
    eligible: list[int]  # the seats that may bet


class Bet(GameEvent):
    type: Literal["bet"] = "bet"
    player: int
    amount: int
    chips: int  # left after the bet


class Sit(GameEvent):
    type: Literal["sit"] = "sit"
    player: int


class EndRequested(GameEvent):
    type: Literal["end_requested"] = "end_requested"
    player: int


class NoBets(GameEvent):
    type: Literal["no_bets"] = "no_bets"
    round: int
    banker: int


class Deal(GameEvent):
    type: Literal["deal"] = "deal"
    round: int
    order: list[int]
    hands: list[dict[str, Any]]  # {"seat", "cards"}
    banker: int
    banker_up: str  # the banker's face-up card


class HandShown(GameEvent):
    """A hand's cards and totals after a card."""

    cards: list[str]
    low: int
    high: int
    best: int | None  # the standing value, None when bust


class CardDrawn(HandShown):
    type: Literal["card"] = "card"
    player: int
    hand: int
    card: str
    why: Literal["hit", "split"]


class Stand(GameEvent):
    type: Literal["stand"] = "stand"
    player: int
    hand: int
    value: int | None
    special: str | None
    auto: str | None  # why the hand stood by itself
    cards: list[str]


class Bust(GameEvent):
    type: Literal["bust"] = "bust"
    player: int
    hand: int
    hard: int
    cards: list[str]


class NiKo(GameEvent):
    type: Literal["niko"] = "niko"
    player: int
    hand: int
    cards: list[str]
    banker: bool = False


class PlayOn(GameEvent):
    type: Literal["play_on"] = "play_on"
    player: int
    hand: int
    cards: list[str]
    banker: bool = False


class Double(GameEvent):
    type: Literal["double"] = "double"
    player: int
    hand: int
    stake: int
    chips: int


class Split(GameEvent):
    type: Literal["split"] = "split"
    player: int
    cards: list[str]
    stake: int
    chips: int


class BankerReveal(HandShown):
    type: Literal["banker_reveal"] = "banker_reveal"
    player: int
    card: str  # the face-down card, turned up


class BankerNoDraw(GameEvent):
    type: Literal["banker_no_draw"] = "banker_no_draw"
    player: int


class BankerCard(HandShown):
    type: Literal["banker_card"] = "banker_card"
    player: int
    card: str


class BankerStand(GameEvent):
    type: Literal["banker_stand"] = "banker_stand"
    player: int
    value: int | None
    special: str | None
    auto: str | None
    cards: list[str]


class BankerBust(GameEvent):
    type: Literal["banker_bust"] = "banker_bust"
    player: int
    hard: int
    cards: list[str]


class Settle(GameEvent):
    """One player hand against the banker's (§9)."""

    type: Literal["settle"] = "settle"
    player: int
    hand: int
    result: Literal["win", "loss", "push"]
    stake: int
    doubled: bool
    net: int
    cards: list[str]
    special: str | None
    bust: bool
    value: int | None


class RoundEnd(GameEvent):
    """The round settled: chips moved, the seed revealed (DESIGN §3)."""

    type: Literal["round_end"] = "round_end"
    round: int
    banker: int
    stakes: list[int]
    returned: list[int]
    nets: list[int]
    hands: list[dict[str, Any]]  # the settle of every hand, with its "seat"
    dealt: bool
    banker_hand: dict[str, Any] | None = None  # only when cards were dealt
    movements: list[dict[str, Any]]  # the ledger lines: {"seat", "kind", "amount", "memo"}
    chips: list[int]
    seed: str
    hash: str
    next_banker: int | None


class BankOffer(GameEvent):
    type: Literal["bank_offer"] = "bank_offer"
    player: int  # the seat the bank is offered to
    banker: int


class BankAccept(GameEvent):
    type: Literal["bank_accept"] = "bank_accept"
    player: int


class BankDecline(GameEvent):
    type: Literal["bank_decline"] = "bank_decline"
    player: int


class BankKept(GameEvent):
    type: Literal["bank_kept"] = "bank_kept"
    banker: int


class BankerChange(GameEvent):
    type: Literal["banker_change"] = "banker_change"
    banker: int
    previous: int
    why: str


class GameEnd(GameEvent):
    type: Literal["game_end"] = "game_end"
    reason: str
    scores: list[int]
    placings: list[int]
    chips: list[int]


BlackFlowerEvent = Annotated[
    BankerDraw | RoundStart | Bet | Sit | EndRequested | NoBets | Deal | CardDrawn | Stand | Bust | NiKo | PlayOn
    | Double | Split | BankerReveal | BankerNoDraw | BankerCard | BankerStand | BankerBust | Settle | RoundEnd
    | BankOffer | BankAccept | BankDecline | BankKept | BankerChange | GameEnd,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(BlackFlowerEvent)
"""``EVENT.validate_python(dict)`` reads any Black Flower event."""
