"""Black Flower events (all public): one model per type, :data:`BlackFlowerEvent` their union keyed
on ``type``. ``player`` is the seat that acted; ``hand`` the index of its hand (1 after a split)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from games.events import Acted, GameEvent, tagged


@tagged("banker_draw")
class BankerDraw(GameEvent):
    """The draw for the first bank (§2): cards in seat order until a Bright."""

    draws: list[dict[str, int | str]]  # {"seat", "card"}; empty when the first banker was given
    banker: int


@tagged("round_start")
class RoundStart(GameEvent):
    round: int
    rounds: int  # 0: open-ended
    banker: int
    hash: str  # SHA-256 of the round's seed, revealed at round_end
    eligible: list[int]  # the seats that may bet


@tagged("bet")
class Bet(Acted):
    amount: int
    chips: int  # left after the bet


@tagged("sit")
class Sit(Acted):
    pass


@tagged("end_requested")
class EndRequested(Acted):
    pass


@tagged("no_bets")
class NoBets(GameEvent):
    round: int
    banker: int


@tagged("deal")
class Deal(GameEvent):
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


@tagged("card")
class CardDrawn(CardShown):
    hand: int
    why: Literal["hit", "split"]


class Stood(Acted):
    """A hand stands (the banker's, or a player's ``Stand``)."""

    value: int | None
    special: str | None
    auto: str | None  # why the hand stood by itself
    cards: list[str]


@tagged("stand")
class Stand(Stood):
    hand: int


@tagged("banker_stand")
class BankerStand(Stood):
    pass


class Busted(Acted):
    hard: int
    cards: list[str]


@tagged("bust")
class Bust(Busted):
    hand: int


@tagged("banker_bust")
class BankerBust(Busted):
    pass


class TwoBrights(Acted):
    """A hand dealt two Brights: Ni-Ko claimed, or played on."""

    hand: int
    cards: list[str]
    banker: bool = False


@tagged("niko")
class NiKo(TwoBrights):
    pass


@tagged("play_on")
class PlayOn(TwoBrights):
    pass


@tagged("double")
class Double(Acted):
    hand: int
    stake: int
    chips: int


@tagged("split")
class Split(Acted):
    cards: list[str]
    stake: int
    chips: int


@tagged("banker_reveal")  # card: the face-down card
class BankerReveal(CardShown):
    pass


@tagged("banker_no_draw")
class BankerNoDraw(Acted):
    pass


@tagged("banker_card")
class BankerCard(CardShown):
    pass


@tagged("settle")
class Settle(Acted):
    """One player hand against the banker's (§9)."""

    hand: int
    result: Literal["win", "loss", "push"]
    stake: int
    doubled: bool
    net: int
    cards: list[str]
    special: str | None
    bust: bool
    value: int | None


@tagged("round_end")
class RoundEnd(GameEvent):
    """The round settled: chips moved, the seed revealed (docs/design.md §3)."""

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


@tagged("bank_offer")  # player: the seat the bank is offered to
class BankOffer(Acted):
    banker: int


@tagged("bank_accept")
class BankAccept(Acted):
    pass


@tagged("bank_decline")
class BankDecline(Acted):
    pass


@tagged("bank_kept")
class BankKept(GameEvent):
    banker: int


@tagged("banker_change")
class BankerChange(GameEvent):
    banker: int
    previous: int
    why: str


@tagged("game_end")
class GameEnd(GameEvent):
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
