"""Black Flower events (all public): one model per type, :data:`BlackFlowerEvent` their union keyed
on ``type``. ``player`` is the seat that acted; ``hand`` the index of its hand (1 after a split)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from games.events import GameEvent


class BankerDraw(GameEvent):
    """The draw for the first bank (§2): cards in seat order until a Bright."""

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


class Acted(GameEvent):
    player: int


class Bet(Acted):
    type: Literal["bet"] = "bet"
    amount: int
    chips: int  # left after the bet


class Sit(Acted):
    type: Literal["sit"] = "sit"


class EndRequested(Acted):
    type: Literal["end_requested"] = "end_requested"


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


class CardShown(Acted):
    """A card turned up, and the hand's cards and totals with it."""

    card: str
    cards: list[str]
    low: int
    high: int
    best: int | None  # the standing value, None when bust


class CardDrawn(CardShown):
    type: Literal["card"] = "card"
    hand: int
    why: Literal["hit", "split"]


class Stood(Acted):
    """A hand stands (the banker's, or a player's ``Stand``)."""

    value: int | None
    special: str | None
    auto: str | None  # why the hand stood by itself
    cards: list[str]


class Stand(Stood):
    type: Literal["stand"] = "stand"
    hand: int


class BankerStand(Stood):
    type: Literal["banker_stand"] = "banker_stand"


class Busted(Acted):
    hard: int
    cards: list[str]


class Bust(Busted):
    type: Literal["bust"] = "bust"
    hand: int


class BankerBust(Busted):
    type: Literal["banker_bust"] = "banker_bust"


class TwoBrights(Acted):
    """A hand dealt two Brights: Ni-Ko claimed, or played on."""

    hand: int
    cards: list[str]
    banker: bool = False


class NiKo(TwoBrights):
    type: Literal["niko"] = "niko"


class PlayOn(TwoBrights):
    type: Literal["play_on"] = "play_on"


class Double(Acted):
    type: Literal["double"] = "double"
    hand: int
    stake: int
    chips: int


class Split(Acted):
    type: Literal["split"] = "split"
    cards: list[str]
    stake: int
    chips: int


class BankerReveal(CardShown):
    type: Literal["banker_reveal"] = "banker_reveal"  # card: the face-down card


class BankerNoDraw(Acted):
    type: Literal["banker_no_draw"] = "banker_no_draw"


class BankerCard(CardShown):
    type: Literal["banker_card"] = "banker_card"


class Settle(Acted):
    """One player hand against the banker's (§9)."""

    type: Literal["settle"] = "settle"
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
    """The round settled: chips moved, the seed revealed (docs/design.md §3)."""

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


class BankOffer(Acted):
    type: Literal["bank_offer"] = "bank_offer"  # player: the seat the bank is offered to
    banker: int


class BankAccept(Acted):
    type: Literal["bank_accept"] = "bank_accept"


class BankDecline(Acted):
    type: Literal["bank_decline"] = "bank_decline"


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
    BankerDraw
    | RoundStart
    | Bet
    | Sit
    | EndRequested
    | NoBets
    | Deal
    | CardDrawn
    | Stand
    | Bust
    | NiKo
    | PlayOn
    | Double
    | Split
    | BankerReveal
    | BankerNoDraw
    | BankerCard
    | BankerStand
    | BankerBust
    | Settle
    | RoundEnd
    | BankOffer
    | BankAccept
    | BankDecline
    | BankKept
    | BankerChange
    | GameEnd,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(BlackFlowerEvent)
"""``EVENT.validate_python(dict)`` reads any Black Flower event."""
