"""Koi-Koi state machine (docs/rules/koikoi.md §1-§10).

Seeds and fair shuffles (docs/design.md §3)
-----------------------------------
``new_game(options, seats, seed)`` takes a master seed (a hex string, kept secret).

* **Oya draw** (§2): ``draw_seed = sha256_hex(f"{master}:oya")``. Draw attempt ``a``
  (0, 1, … until all months differ) shuffles the canonical deck with
  ``seeded_shuffle(draw_seed, a, DECK)`` and seat ``i`` (in the order given to ``new_game``)
  draws card ``deck[i]``. Turn order is the seats sorted by the month drawn; the first
  is the first Oya.
* **Round seed**: round ``r`` (1-based counter of rounds started; a redeal does not
  start a new round) uses ``round_seed = sha256_hex(f"{master}:{r}")`` — 64 hex digits.
* **Public commitment**: the ``round_start`` event carries
  ``hash = sha256_hex(round_seed)``, i.e. SHA-256 of the 64 ASCII hex characters of the
  round seed (not of the raw bytes). ``round_end`` reveals ``seed = round_seed``.
* **Deck of deal attempt k** (0 for the first deal of the round, 1, 2 … after redeals):
  ``seeded_shuffle(round_seed, k, DECK)`` from :mod:`games.shuffle`: a Fisher-Yates over the
  canonical deck driven by the byte stream ``SHA-256(f"{round_seed}:{k}:0") ||
  SHA-256(f"{round_seed}:{k}:1") || …``; for ``i`` from 47 down to 1 the next 8 bytes,
  read as a big-endian integer ``r``, give ``j = r mod (i+1)`` and ``d[i]``, ``d[j]`` are
  swapped. The top of the deck is ``d[0]``; deal slices follow docs/rules/koikoi.md §3.

``sha256_hex(s)`` is the hex SHA-256 of the UTF-8 bytes of ``s``.

Deck source for tests (§2): ``new_game(..., decks=[deck1, deck2, ...])`` injects
explicit 48-card decks; every deal attempt (first deal or redeal) takes the next one.
When the source is exhausted the seeded shuffle above is used. ``order=[...]`` skips
the Oya draw and fixes the turn order (its first seat is the first Oya).

Events (all public, ``seat=None``) are the models of :mod:`games.koikoi.events`:
``oya_draw``, ``round_start``, ``deal``, ``redeal``, ``hand_combo``, ``play``, ``flip``,
``take``, ``yaku``, ``koikoi``, ``stop``, ``ryukyoku``, ``round_end``, ``game_end``. Events produced by
``new_game`` itself (the Oya draw and the first round's start, possibly a hand combo)
are kept in ``state.opening_events`` (see :func:`opening_events`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, Result, SeatInfo, placings
from games.fishing import FlipChoice, Flipped, Play, Played, Take, Taken, play_is_legal, play_refusal, plays
from games.hanafuda import DECK, MONTH, ORDER
from games.hanafuda import matching as _matches
from games.hanafuda import sort_codes as _sort
from games.koikoi import events as E
from games.koikoi.actions import Decision, describe, parse
from games.koikoi.events import KoiKoiEvent
from games.koikoi.options import Options
from games.koikoi.views import CallView, OptionsShown, PublicView, SeatView, SideView, YakuScore
from games.koikoi.yaku import HAND_COMBO_POINTS, evaluate, hand_combo, yaku_name
from games.shuffle import seeded_shuffle, sha256_hex

ROLE_NAMES = {2: ["Oya", "Ko"], 3: ["Oya", "Naka", "Biki"], 4: ["Oya", "Dou-ni", "Dou-san", "Biki"]}

# (hand packet, table packet) for each deal pass, per variant (§3)
DEAL_PASSES = {
    "2p": [(4, 4), (4, 4)],
    "2p_toppa": [(5, 4), (5, 4)],
    "3p": [(3, 3), (4, 3)],
    "4p": [(2, 4), (3, 4)],
}


class Side(BaseModel):
    seats: list[int]
    captures: list[str] = Field(default_factory=list)
    points: int = 0  # current B
    yaku: list[tuple[str, int]] = Field(default_factory=list)
    sake_cup: str | None = None
    called: bool = False
    reference: int = 0  # R


class Call(BaseModel):
    seat: int
    side: int
    order: int  # 1-based, within the round
    points: int  # B when calling (the new R)


class KoiKoiState(BaseModel):
    model_config = ConfigDict(hide_input_in_errors=True)  # an unloadable snapshot: errors (logs) show no cards, no seed
    game: str = "koikoi"
    options: Options
    seats: list[SeatInfo]
    seed: str  # master seed: secret
    order: list[int]  # turn order (cyclic, fixed); order[0] is the first Oya
    side_of: list[int]  # side index of each seat
    sides: list[Side]
    oya: int
    round: int = 0  # rounds started
    months_done: int = 0
    attempt: int = 0  # deal attempt within the round
    round_seed: str = ""  # secret until round_end
    round_hash: str = ""
    decks: list[list[str]] | None = None  # injected deck source (tests)
    deck_pos: int = 0
    hands: list[list[str]]
    field: list[str] = Field(default_factory=list)
    pile: list[str] = Field(default_factory=list)
    phase: str = "play"  # play | choose_take | decide | over
    turn: int | None = None
    pending: str | None = None
    pending_choices: list[str] = Field(default_factory=list)
    calls: list[Call] = Field(default_factory=list)
    scores: list[int]
    last_round: dict[str, Any] | None = None
    rounds: list[dict[str, Any]] = Field(default_factory=list)  # every round_end data
    opening_events: list[KoiKoiEvent] = Field(default_factory=list)
    actions: int = 0


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def _n(state: KoiKoiState) -> int:
    return state.options.players


def role_of(state: KoiKoiState, seat: int) -> str:
    n = _n(state)
    pos = (state.order.index(seat) - state.order.index(state.oya)) % n
    return ROLE_NAMES[n][pos]


def roles(state: KoiKoiState) -> list[str]:
    order = state.order
    n = len(order)
    names = ROLE_NAMES[n]
    base = order.index(state.oya)
    out = [""] * n
    for pos, s in enumerate(order):
        out[s] = names[(pos - base) % n]
    return out


def next_seat(state: KoiKoiState, seat: int) -> int:
    order = state.order
    return order[(order.index(seat) + 1) % len(order)]


def seats_from_oya(state: KoiKoiState) -> list[int]:
    order = state.order
    i = order.index(state.oya)
    return order[i:] + order[:i]


def _seat_name(state: KoiKoiState, seat: int) -> str:
    return state.seats[seat].name



def _yaku_list(pairs) -> list[dict[str, Any]]:
    return [{"id": y, "name": yaku_name(y), "points": p} for y, p in pairs]


def _yaku_scores(pairs: list[tuple[str, int]]) -> list[YakuScore]:
    return [YakuScore(id=y, name=yaku_name(y), points=p) for y, p in pairs]


def _check_deck(deck: list[str]) -> list[str]:
    if len(deck) != 48 or set(deck) != set(DECK):
        raise GameError("An injected deck must hold each of the 48 cards exactly once.")
    return list(deck)


# ---------------------------------------------------------------------------
# game and round set-up
# ---------------------------------------------------------------------------


def oya_draw(seed: str, n: int) -> tuple[list[int], list[dict[str, Any]]]:
    """Turn order from the Oya draw (§2) and the draws made (one entry per attempt)."""
    draw_seed = sha256_hex(f"{seed}:oya")
    attempts = []
    a = 0
    while True:
        deck = seeded_shuffle(draw_seed, a, DECK)
        cards = deck[:n]
        months = [MONTH[c] for c in cards]
        redraw = len(set(months)) < n
        attempts.append({"attempt": a, "draws": [{"seat": i, "card": cards[i]} for i in range(n)], "redraw": redraw})
        if not redraw:
            return sorted(range(n), key=lambda s: months[s]), attempts
        a += 1


def new_game(
    options: Options | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    order: list[int] | None = None,
) -> KoiKoiState:
    """A fresh game: Oya draw, then the first round is dealt (see the module doc)."""
    if options is None:
        options = Options(players=len(seats))
    elif isinstance(options, dict):
        from games.koikoi.options import parse_options

        options = parse_options(options, len(seats))
    options.check(len(seats))
    seat_infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=str(s)) for s in seats]
    n = options.players
    if not isinstance(seed, str) or not seed:
        raise GameError("The seed must be a non-empty string.")
    events: list[KoiKoiEvent] = []
    if order is None:
        order, attempts = oya_draw(seed, n)
        for att in attempts:
            events.append(E.OyaDraw(**att, order=order if not att["redraw"] else None))
    else:
        if sorted(order) != list(range(n)):
            raise GameError(f"The turn order must list each of the {n} seats once.")
        order = list(order)
    if decks is not None:
        decks = [_check_deck(list(d)) for d in decks]
    if n == 4:
        teams = [sorted([order[0], order[2]]), sorted([order[1], order[3]])]
        side_of = [0 if s in teams[0] else 1 for s in range(4)]
        sides = [Side(seats=t) for t in teams]
    else:
        side_of = list(range(n))
        sides = [Side(seats=[s]) for s in range(n)]
    state = KoiKoiState(
        options=options,
        seats=seat_infos,
        seed=seed,
        order=order,
        side_of=side_of,
        sides=sides,
        oya=order[0],
        decks=decks,
        hands=[[] for _ in range(n)],
        scores=[0] * n,
    )
    _start_round(state, events)
    state.opening_events = events
    return state


def opening_events(state: KoiKoiState) -> list[KoiKoiEvent]:
    """Events produced by ``new_game`` (Oya draw, first round start, …)."""
    return list(state.opening_events)


def _next_deck(state: KoiKoiState) -> list[str]:
    if state.decks is not None and state.deck_pos < len(state.decks):
        deck = list(state.decks[state.deck_pos])
        state.deck_pos += 1
        return deck
    return seeded_shuffle(state.round_seed, state.attempt, DECK)


def deal(deck: list[str], variant: str, order_from_oya: list[int]) -> tuple[dict[int, list[str]], list[str], list[str]]:
    """Deal a deck (§3): ``({seat: hand}, table, pile)``; ``order_from_oya[0]`` is the Oya."""
    serve = order_from_oya[1:] + order_from_oya[:1]  # the Oya is served last
    hands: dict[int, list[str]] = {s: [] for s in serve}
    table: list[str] = []
    pos = 0
    for hand_n, table_n in DEAL_PASSES[variant]:
        for s in serve:
            hands[s].extend(deck[pos : pos + hand_n])
            pos += hand_n
        table.extend(deck[pos : pos + table_n])
        pos += table_n
    return hands, table, list(deck[pos:])


def redeal_reason(table: list[str]) -> str | None:
    months: dict[int, int] = {}
    for c in table:
        months[MONTH[c]] = months.get(MONTH[c], 0) + 1
    for m, k in months.items():
        if k == 4:
            return f"the table holds all 4 cards of month {m}"
    return None


def _start_round(state: KoiKoiState, events: list[KoiKoiEvent]) -> None:
    """Start a round: deal (redealing as needed), then check hand combos (§3, §5).

    A hand combo ends the round at once; ``_end_round`` then starts the next one.
    """
    state.round += 1
    state.attempt = 0
    state.round_seed = sha256_hex(f"{state.seed}:{state.round}")
    state.round_hash = sha256_hex(state.round_seed)
    for side in state.sides:
        side.captures = []
        side.points = 0
        side.yaku = []
        side.sake_cup = None
        side.called = False
        side.reference = 0
    state.calls = []
    state.pending = None
    state.pending_choices = []
    events.append(E.RoundStart(round=state.round, month=state.months_done + 1, months=state.options.months,
                               oya=state.oya, roles=roles(state), hash=state.round_hash))
    from_oya = seats_from_oya(state)
    while True:
        deck = _next_deck(state)
        hands, table, pile = deal(deck, state.options.variant, from_oya)
        reason = redeal_reason(table)
        if reason is None:
            break
        events.append(E.Redeal(round=state.round, attempt=state.attempt, reason=reason, field=list(table)))
        state.attempt += 1
    state.hands = [_sort(hands[s]) for s in range(_n(state))]
    state.field = list(table)
    state.pile = pile
    events.append(E.Deal(round=state.round, attempt=state.attempt, field=list(table), oya=state.oya))
    for s in from_oya:
        combo = hand_combo(state.hands[s], _n(state))
        if combo is not None:
            events.append(E.HandCombo(player=s, combo=combo, name=yaku_name(combo), hand=list(state.hands[s])))
            # ends the round; _end_round starts the next one (or ends the game)
            _end_round(state, events, "hand_combo", s, HAND_COMBO_POINTS, [(combo, HAND_COMBO_POINTS)], None)
            return
    state.phase = "play"
    state.turn = state.oya


# ---------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------


def payments_for(state: KoiKoiState, winner: int, value: int, use_calls: bool = True) -> tuple[list[int], list[dict[str, int]], int]:
    """``(payments per seat, transfers, factor)`` when ``winner`` wins with V = ``value`` (§8)."""
    n = _n(state)
    pay = [0] * n
    transfers: list[dict[str, int]] = []
    wside = state.side_of[winner]

    def transfer(frm: int, to: int, amount: int) -> None:
        pay[frm] -= amount
        pay[to] += amount
        transfers.append({"from": frm, "to": to, "amount": amount})

    if n == 2:
        loser = 1 - winner
        k = 2 if use_calls and state.sides[state.side_of[loser]].called else 1
        transfer(loser, winner, value * k)
        return pay, transfers, k
    if n == 3:
        opponents = [s for s in seats_from_oya(state) if s != winner]
        last_caller = None
        if use_calls:
            for call in reversed(state.calls):
                if call.seat != winner:
                    last_caller = call.seat
                    break
        if last_caller is None:
            for s in opponents:
                transfer(s, winner, value)
            return pay, transfers, 1
        transfer(last_caller, winner, 2 * value)
        return pay, transfers, 2
    # 4p teams
    losing = 1 - wside
    k = 2 if use_calls and state.sides[losing].called else 1
    p = value * k
    for s in seats_from_oya(state):
        if state.side_of[s] == losing:
            to = next_seat(state, s)
            while state.side_of[to] != wside:
                to = next_seat(state, to)
            transfer(s, to, p)
    return pay, transfers, k


def _end_round(
    state: KoiKoiState,
    events: list[KoiKoiEvent],
    kind: str,
    winner: int | None,
    base: int,
    yaku: list[tuple[str, int]],
    sake_cup: str | None,
) -> None:
    n = _n(state)
    old_oya = state.oya
    if winner is None:
        value, factor, pay, transfers = 0, 1, [0] * n, []
        next_oya = next_seat(state, old_oya)
    else:
        value = base * 2 if (state.options.double_over_7 and base >= 7) else base
        pay, transfers, factor = payments_for(state, winner, value, use_calls=(kind == "stop"))
        next_oya = winner
    for s in range(n):
        state.scores[s] += pay[s]
    state.months_done += 1
    data = {
        "round": state.round,
        "month": state.months_done,
        "months": state.options.months,
        "kind": kind,
        "winner": winner,
        "winner_side": None if winner is None else state.side_of[winner],
        "winner_seats": [] if winner is None else list(state.sides[state.side_of[winner]].seats),
        "oya": old_oya,
        "roles": roles(state),
        "base": base,
        "value": value,
        "factor": factor,
        "yaku": _yaku_list(yaku),
        "sake_cup": sake_cup,
        "calls": [c.model_dump() for c in state.calls],
        "payments": pay,
        "transfers": transfers,
        "scores": list(state.scores),
        "next_oya": next_oya,
        "seed": state.round_seed,
        "hash": state.round_hash,
    }
    captured = [] if winner is None else list(state.sides[state.side_of[winner]].captures)
    events.append(E.RoundEnd(**data, captured=captured))
    state.last_round = data
    state.rounds.append(data)
    state.oya = next_oya
    state.pending = None
    state.pending_choices = []
    if state.months_done >= state.options.months:
        state.phase = "over"
        state.turn = None
        # the round is over: nothing stays hidden
        events.append(E.GameEnd(scores=list(state.scores), placings=placings(state.scores)))
        return
    _start_round(state, events)


# ---------------------------------------------------------------------------
# turn mechanics
# ---------------------------------------------------------------------------



def _capture(state: KoiKoiState, seat: int, cards: list[str]) -> None:
    side = state.sides[state.side_of[seat]]
    caps = side.captures
    caps.extend(cards)
    caps.sort(key=ORDER.__getitem__)
    b, yaku, sake = evaluate(caps, state.options)
    d = side.__dict__
    d["points"] = b
    d["yaku"] = yaku
    d["sake_cup"] = sake


def _resolve(state: KoiKoiState, seat: int, code: str, target: str | None) -> list[str]:
    """Resolve a played or flipped card against the table; returns the table cards taken."""
    matches = _matches(state.field, code)
    if not matches:
        state.field.append(code)
        return []
    if len(matches) == 2:
        taken = [target] if target is not None else []
        assert target in matches
    else:
        taken = matches  # 1 or 3
    for c in taken:
        state.field.remove(c)
    _capture(state, seat, [code, *taken])
    return taken


def hand_empty_for_side(state: KoiKoiState, seat: int) -> bool:
    side = state.sides[state.side_of[seat]]
    return all(not state.hands[s] for s in side.seats)


def forced_stop_reason(state: KoiKoiState, seat: int) -> str | None:
    if _n(state) == 3:
        others = {s for s in range(3) if s != seat}
        callers = {c.seat for c in state.calls}
        if others <= callers:
            return "both other players have called Koi-Koi"
    if hand_empty_for_side(state, seat):
        return "no turn left this round"
    return None


def _end_turn(state: KoiKoiState, seat: int, events: list[KoiKoiEvent]) -> None:
    sidx = state.side_of[seat]
    side = state.sides[sidx]
    if side.points > side.reference:
        reason = forced_stop_reason(state, seat)
        events.append(E.Yaku(player=seat, side=sidx, points=side.points, previous=side.reference,
                             yaku=_yaku_list(side.yaku), sake_cup=side.sake_cup, forced_stop=reason is not None,
                             reason=reason))
        if reason is not None:
            _stop(state, seat, events, forced=True)
        else:
            d = state.__dict__
            d["phase"] = "decide"
            d["turn"] = seat
        return
    _advance(state, seat, events)


def _advance(state: KoiKoiState, seat: int, events: list[KoiKoiEvent]) -> None:
    if all(not h for h in state.hands):
        events.append(E.Ryukyoku(round=state.round))
        _end_round(state, events, "ryukyoku", None, 0, [], None)
        return
    nxt = next_seat(state, seat)
    while not state.hands[nxt]:  # defensive: never happens with the counts of §1
        nxt = next_seat(state, nxt)
    d = state.__dict__
    d["turn"] = nxt
    d["phase"] = "play"


def _stop(state: KoiKoiState, seat: int, events: list[KoiKoiEvent], forced: bool) -> None:
    side = state.sides[state.side_of[seat]]
    events.append(E.Stopped(player=seat, side=state.side_of[seat], points=side.points, forced=forced))
    _end_round(state, events, "stop", seat, side.points, list(side.yaku), side.sake_cup)


def _flip(state: KoiKoiState, seat: int, events: list[KoiKoiEvent]) -> None:
    if not state.pile:  # §12: cannot happen with the counts of §1
        _end_turn(state, seat, events)
        return
    card = state.pile.pop(0)
    matches = _matches(state.field, card)
    if len(matches) == 2:
        d = state.__dict__
        d["pending"] = card
        d["pending_choices"] = _sort(matches)
        d["phase"] = "choose_take"
        events.append(Flipped(player=seat, card=card, captured=[], pending_choice=True,
                                choices=list(state.pending_choices)))
        return
    taken = _resolve(state, seat, card, None)
    events.append(Flipped(player=seat, card=card, captured=taken, pending_choice=False))
    _end_turn(state, seat, events)


# ---------------------------------------------------------------------------
# public interface
# ---------------------------------------------------------------------------


def to_act(state: KoiKoiState) -> list[int]:
    if state.phase == "over" or state.turn is None:
        return []
    return [state.turn]


def is_over(state: KoiKoiState) -> bool:
    return state.phase == "over"


def legal_actions(state: KoiKoiState, seat: int) -> list[str]:
    if state.phase == "over" or seat != state.turn:
        return []
    if state.phase == "play":
        return plays(state.hands[seat], state.field)
    if state.phase == "choose_take":
        return [str(Take(t)) for t in state.pending_choices]
    if state.phase == "decide":
        return [str(Decision.KOIKOI), str(Decision.STOP)]
    return []


def _is_legal(state: KoiKoiState, seat: int, action: Play | Take | Decision) -> bool:
    """Same answer as ``str(action) in legal_actions(state, seat)``, without building the list."""
    match action:
        case Play():
            return state.phase == "play" and play_is_legal(action, state.hands[seat], state.field)
        case Take(card):
            return state.phase == "choose_take" and card in state.pending_choices
        case Decision():
            return state.phase == "decide"
    return False


def _illegal(state: KoiKoiState, seat: int, action: Play | Take | Decision) -> GameError:
    if state.phase == "play":
        if isinstance(action, Play):
            return GameError(play_refusal(action, state.hands[seat], state.field))
        return GameError("Play a card from your hand first.")
    if state.phase == "choose_take":
        return GameError(
            f"Choose which table card the flipped {state.pending} takes: {' or '.join(str(Take(c)) for c in state.pending_choices)}."
        )
    return GameError("You made a yaku: call koikoi or stop.")


def apply(state: KoiKoiState, seat: int, action: str) -> list[KoiKoiEvent]:
    """Validate and apply one action; raise GameError (state unchanged) if illegal."""
    if state.phase == "over":
        raise GameError("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < _n(state):
        raise GameError(f"There is no seat {seat} at this table.")
    if seat != state.turn:
        raise GameError(f"It is not your turn: {_seat_name(state, state.turn)} ({role_of(state, state.turn)}) must act now.")
    act = parse(action)
    if not _is_legal(state, seat, act):
        raise _illegal(state, seat, act)
    events: list[KoiKoiEvent] = []
    state.__dict__["actions"] = state.actions + 1
    if isinstance(act, Play):
        state.hands[seat].remove(act.card)
        taken = _resolve(state, seat, act.card, act.capture)
        events.append(Played(player=seat, card=act.card, captured=taken))
        _flip(state, seat, events)
    elif isinstance(act, Take):
        card = state.pending
        target = act.card
        d = state.__dict__
        d["pending"] = None
        d["pending_choices"] = []
        d["phase"] = "play"
        state.field.remove(target)
        _capture(state, seat, [card, target])
        events.append(Taken(player=seat, card=card, captured=[target]))
        _end_turn(state, seat, events)
    elif act is Decision.KOIKOI:
        sidx = state.side_of[seat]
        side = state.sides[sidx]
        side.called = True
        side.reference = side.points
        call = Call(seat=seat, side=sidx, order=len(state.calls) + 1, points=side.points)
        state.calls.append(call)
        events.append(E.KoiKoiCalled(player=seat, side=sidx, points=side.points, order=call.order))
        _advance(state, seat, events)
    else:  # stop
        _stop(state, seat, events, forced=False)
    return events


def _shown(state: KoiKoiState) -> dict[str, Any]:
    """The public view's fields, in their order."""
    n = _n(state)
    over = state.phase == "over"
    o = state.options
    return {
        "game": "koikoi",
        "variant": o.variant,
        "players": n,
        "options": OptionsShown(players=o.players, toppa=o.toppa, viewing_yaku=o.viewing_yaku,
                                double_over_7=o.double_over_7, months=o.months),
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "month": state.months_done if over else state.months_done + 1,
        "months": o.months,
        "round": state.round,
        "oya": state.oya,
        "order": list(state.order),
        "roles": roles(state),
        "teams": [list(s.seats) for s in state.sides] if n == 4 else None,
        "side_of": list(state.side_of),
        "phase": state.phase,
        "turn": state.turn,
        "field": list(state.field),
        "pile_count": len(state.pile),
        "hand_counts": [len(h) for h in state.hands],
        "sides": [SideView(seats=list(s.seats), captures=list(s.captures), yaku=_yaku_scores(s.yaku), points=s.points,
                           sake_cup=s.sake_cup, called=s.called, reference=s.reference) for s in state.sides],
        "calls": [CallView(seat=c.seat, order=c.order, points=c.points) for c in state.calls],
        "scores": list(state.scores),
        "round_hash": state.round_hash,
        "pending": FlipChoice(card=state.pending, choices=list(state.pending_choices)) if state.pending else None,
        "last_round": state.last_round,
    }


def public_view(state: KoiKoiState) -> PublicView:
    return PublicView(**_shown(state))


def view(state: KoiKoiState, seat: int) -> SeatView:
    return SeatView(**_shown(state), seat=seat, hand=list(state.hands[seat]))


def hidden_cards(state: KoiKoiState) -> dict[int, list[str]]:
    return {s: list(h) for s, h in enumerate(state.hands)}


def result(state: KoiKoiState) -> Result:
    if state.phase != "over":
        raise GameError("The game is not over yet.")
    return Result(
        scores=list(state.scores),
        placings=placings(state.scores),
        summary={
            "variant": state.options.variant,
            "months": state.months_done,
            "rounds": [
                {k: r[k] for k in ("round", "kind", "winner", "base", "value", "factor", "payments")} for r in state.rounds
            ],
            "teams": [list(s.seats) for s in state.sides] if _n(state) == 4 else None,
        },
    )


def load(snapshot: str) -> KoiKoiState:
    return KoiKoiState.model_validate_json(snapshot)


def describe_action(action: str) -> str:
    return describe(action)
