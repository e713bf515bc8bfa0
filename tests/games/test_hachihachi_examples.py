"""Hachi-Hachi worked examples E1-E19 and the E4 classification table, numbered here (docs/rules/hachihachi.md §13
shows a few)."""

from __future__ import annotations

import pytest

from games.base import GameError, SeatInfo
from games.hachihachi import GAME, engine, month, play
from games.hachihachi.combos import captured_combos, card_points, chasse_compensation, hand_combos, public_cards
from games.hachihachi.options import Options
from games.hachihachi.policy import bot_choose
from games.hachihachi.state import BLANK, FIELD_OF_LIGHT, HHState, Sage, check_invariant
from games.hanafuda import DECK, MONTH

A, B, C, D, E, F, G = range(7)
CHAFF = [c for c in DECK if "C" in c]  # the 24 chaff (11C included)


def make_deck(n: int, dealer: int, hands: dict[int, list[str]], table: list[str] | None = None) -> list[str]:
    """A deck that deals ``hands`` (other seats filled from the rest) and ``table``."""
    used = {c for h in hands.values() for c in h} | set(table or [])
    pool = [c for c in DECK + ([BLANK] if n == 7 else []) if c not in used]
    hands = {s: list(hands.get(s, [])) for s in range(n)}
    table = list(table or [])
    if n != 7:
        # the table first, without Lights unless given
        while len(table) < 6:
            c = next(c for c in pool if c not in FIELD_OF_LIGHT)
            pool.remove(c)
            table.append(c)
    i = 0
    while any(len(h) < 7 for h in hands.values()):  # round robin: no accidental Shiso
        s = i % n
        if len(hands[s]) < 7:
            hands[s].append(pool.pop(0))
        i += 1
    order = [(dealer + 1 + i) % n for i in range(n)]
    deck: list[str] = []
    for start, size in ((0, 3), (3, 4)):
        for s in order:
            deck += hands[s][start : start + size]
        if n != 7:
            deck += table[start : start + 3]
    return deck + pool


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name="ABCDEFG"[i]) for i in range(n)]


def start(n: int, hands: dict[int, list[str]], table: list[str] | None = None, dealer: int = 0, **opts) -> HHState:
    deck = make_deck(n, dealer, hands, table)
    return engine.new_game(Options(players=n, **opts), seats(n), "example", decks=[deck])


def act(state, seat, action):
    events = engine.apply(state, seat, action)
    check_invariant(state)
    return events


def payments(events, step):
    return [e.fields() for e in events if e.type == "payments" and e.step == step]


def to_play(state):
    """Answer Mizu-ten (no) and declare nothing until the month is in play."""
    while state.phase in ("mizuten", "declare"):
        s = state.acting[0]
        act(state, s, "no_mizuten" if state.phase == "mizuten" else "declare:none")
    assert state.phase == "play"


# ---------------------------------------------------------------------------
# E1 field carry
# ---------------------------------------------------------------------------


def finish_month(state):
    month = state.month
    while state.month == month and state.phase != "over":
        s = state.acting[0]
        act(state, s, bot_choose(engine.view(state, s), engine.legal_actions(state, s)))


def test_e1_field_carry():
    # month 1: 1L 11L 12L on the table -> D, G, G: Grand, pending {G, D}; then Grand, then Double
    d1 = make_deck(3, 0, {}, ["1L", "11L", "12L", "2C1", "4C1", "5C1"])
    d2 = make_deck(3, 0, {}, ["2C1", "4C1", "5C1", "6C1", "7C1", "9C1"])
    state = engine.new_game(Options(players=3), seats(3), "e1", decks=[d1, d2, d2])
    act(state, 0, "no_mizuten")
    assert state.mult == 4 and state.pending_tokens == [4, 2]
    finish_month(state)
    s = state.acting[0]
    act(state, s, "no_mizuten")
    assert state.mult == 4 and state.pending_tokens == [2]
    finish_month(state)
    act(state, state.acting[0], "no_mizuten")
    assert state.mult == 2 and state.pending_tokens == []
    assert state.track_fields[:3] == [4, 4, 2]


def test_e1_variant_new_grand_in_month_2():
    d1 = make_deck(3, 0, {}, ["1L", "11L", "12L", "2C1", "4C1", "5C1"])
    d2 = make_deck(3, 0, {}, ["11L", "4C1", "5C1", "6C1", "7C1", "9C1"])
    d3 = make_deck(3, 0, {}, ["2C1", "4C1", "5C1", "6C1", "7C1", "9C1"])
    state = engine.new_game(Options(players=3), seats(3), "e1b", decks=[d1, d2, d3, d3])
    act(state, 0, "no_mizuten")
    finish_month(state)
    act(state, state.acting[0], "no_mizuten")
    assert state.mult == 4 and state.pending_tokens == [4, 2]
    finish_month(state)
    act(state, state.acting[0], "no_mizuten")
    assert state.mult == 4 and state.pending_tokens == [2]
    finish_month(state)
    act(state, state.acting[0], "no_mizuten")
    assert state.mult == 2


# ---------------------------------------------------------------------------
# E2, E3 hand combos
# ---------------------------------------------------------------------------

E2_HANDS = {
    A: ["4R", "5R", "1C1", "2C1", "3C1", "6C1", "10C1"],
    B: ["8A", "1C2", "2C2", "3C2", "5C1", "7C1", "11C"],
    C: ["1L", "3L", "6A", "9A", "10R", "12L", "2R"],
}
E2_TABLE = ["4C1", "4C2", "6C2", "7C2", "8C1", "9C1"]


@pytest.mark.parametrize("payment,expected", [("each-opponent-full", [12, 48, -60]), ("split", [6, 24, -30])])
def test_e2_e3_hand_combo_settlement(payment, expected):
    state = start(3, E2_HANDS, E2_TABLE, payment=payment)
    act(state, A, "no_mizuten")
    assert state.mult == 1 and state.phase == "declare" and state.acting == [A]
    assert engine.legal_actions(state, A) == ["declare:aka", "declare:none"]
    assert engine.legal_actions(state, B) == []
    act(state, A, "declare:aka")
    assert engine.legal_actions(state, B) == ["declare:toichi", "declare:none"]
    act(state, B, "declare:toichi")
    assert engine.legal_actions(state, C) == ["declare:none"]
    events = act(state, C, "declare:none")
    [pay] = payments(events, "hand_combos")
    assert pay["net"] == expected
    assert state.phase == "play" and state.turn == A


# ---------------------------------------------------------------------------
# E4 classification
# ---------------------------------------------------------------------------

E4 = [
    ("12C1 12C2 12C3 11L 11C 1C1 1C2", "karasu", "haneken", 12, "all"),
    ("11L 11A 11R 11C 1C1 2C1 3C1", "karasu", "teshi", 10, "all"),
    ("12L 12C1 12C2 12C3 1C1 2C1 3C1", "hikariichi", "teshi", 10, "all"),
    ("2C1 2C2 3C1 3C2 11A 11C 6R", "tanichi", "kuttsuki", 7, ("2C1 2C2 3C1 3C2 11A 11C", ["R"])),
    ("8L 8A 8C1 8C2 10C1 10C2 3R", None, "ichinishi", 8, ("8L 8A 8C1 8C2 10C1 10C2", [])),
    ("5A 5R 5C1 7R 7C1 7C2 1L", None, "futasanbon", 8, ("5A 5R 5C1 7R 7C1 7C2", [])),
    ("4A 4R 4C1 9A 10A 1L 3L", None, "sanbon", 3, ("4A 4R 4C1", [])),
    ("12L 12C1 12C2 1C1 2C1 3C1 5C1", "hikariichi", "sanbon", 6, "all"),
    ("1R 2R 9R 4C1 6C1 7C1 8C1", "aka", None, 2, ("4C1 6C1 7C1 8C1", ["R", "R", "R"])),
    ("9A 1C1 2C1 3C1 4C1 5C1 6C1", "toichi", None, 3, ("1C1 2C1 3C1 4C1 5C1 6C1", ["A"])),
    ("11R 1R 2C1 3C1 4C1 5C1 6C1", "tanichi", None, 3, ("11R 2C1 3C1 4C1 5C1 6C1", ["R"])),
    ("1L 3L 8L 12L 1R 2R 3R", None, None, 0, ("", [])),
]


@pytest.mark.parametrize("hand,kasu,suit,kan,public", E4)
def test_e4_classification(hand, kasu, suit, kan, public):
    cards = hand.split()
    hc = hand_combos(cards)
    assert (hc.kasu.id if hc.kasu else None) == kasu
    assert (hc.suit.id if hc.suit else None) == suit
    assert hc.kan == kan
    up, down = public_cards(cards, kasu, suit)
    if public == "all":
        assert sorted(up) == sorted(cards) and down == []
    else:
        shown, kinds = public
        assert sorted(up) == sorted(shown.split())
        from games.hachihachi.combos import combo_class

        assert sorted(combo_class(c) for c in down) == kinds


def test_e4_first_row_as_oya_under_double():
    hand = "12C1 12C2 12C3 11L 11C 1C1 1C2".split()
    state = start(
        3,
        {A: hand, B: ["2A", "3R", "5A", "6A", "7A", "9R", "10R"], C: ["2R", "4R", "6R", "8A", "9A", "10A", "3L"]},
        ["8L", "4C1", "5C1", "6C1", "7C1", "9C1"],
    )
    act(state, A, "no_mizuten")
    assert state.mult == 2
    act(state, A, "declare:karasu+haneken")
    assert engine.public_view(state).declared[A].face_up == sorted(hand, key=DECK.index)
    act(state, B, "declare:none")
    events = act(state, C, "declare:none")
    assert payments(events, "hand_combos")[0]["net"] == [576, -288, -288]


# ---------------------------------------------------------------------------
# E5 Shiso
# ---------------------------------------------------------------------------

SHISO = ["11L", "11A", "11R", "11C", "12C1", "12C2", "12C3"]


def test_e5_shiso_ends_the_game():
    state = start(5, {C: SHISO})
    events = act(state, A, "no_mizuten")
    assert state.phase == "over"
    shiso = next(e for e in events if e.type == "shiso")
    assert shiso.holders[0]["kan"] == 24
    end = state.game_log[-1]
    assert end["scores"] == [-225, -225, 1501, -225, -225]
    assert state.debt == [240, 240, 0, 240, 240]
    assert state.cash == [15, 15, 1501, 15, 15]
    assert state.bank == -961 - 300 and sum(state.track) == 0  # loans, stone, bonus; stones to the poorest
    assert sum(end["scores"]) == 601
    assert GAME.result(state).scores == [-225, -225, 1501, -225, -225]


def test_e5_shiso_without_ending_the_game():
    state = start(5, {C: SHISO}, shiso_ends_game=False)
    act(state, A, "no_mizuten")
    assert state.phase == "mizuten" and state.month == 2 and state.dealer == C and state.acting == [C]
    assert state.cash == [12, 12, 1212, 12, 12] and state.bank == -961 and state.track[0] == 1


# ---------------------------------------------------------------------------
# E6 passing and Chassés, E7 Pas de match
# ---------------------------------------------------------------------------


def test_e6_passing_and_chasses():
    e_hand = ["1L", "6R", "9R", "10R", "2C1", "5C1", "8C1"]
    assert chasse_compensation(e_hand)[0] == 54
    state = start(5, {E: e_hand}, ["3L", "4C1", "4C2", "6C1", "7C1", "9C1"])
    act(state, A, "no_mizuten")
    assert state.mult == 2 and state.acting == [A]
    act(state, A, "stay")
    events = act(state, B, "pass")
    assert payments(events, "pass")[0]["transfers"][0]["amount"] == 36
    act(state, C, "stay")
    events = act(state, D, "stay")
    assert state.bids == ["stay", "pass", "stay", "stay", "chased"]
    [comp] = payments(events, "compensation")
    assert comp["net"] == [-108, 0, -108, -108, 324]
    shown = next(e for e in events if e.type == "compensation").chassed[0]
    assert shown["q"] == 54 and set(shown["cards"]) == {"1L", "6R", "9R", "10R"}
    assert state.pot == 36 and len(state.stock) == 21
    assert state.active == [A, C, D] and state.phase == "declare"


def test_e7_pas_de_match():
    state = start(4, {})
    act(state, A, "no_mizuten")
    act(state, A, "pass")
    act(state, B, "pass")
    act(state, C, "stay")
    cash = list(state.cash)
    events = act(state, D, "stay")
    end = next(e for e in events if e.type == "month_end").fields()
    assert end["kind"] == "pas_de_match"
    assert [state.cash[s] - cash[s] for s in range(4)] == [0, 0, 15, 14]
    assert state.track[0] == 1 and state.pot == 0 and state.dealer == C and state.month == 2


def test_pass_rules_d5_d25_and_mizuten_dealer():
    state = start(3, {})
    act(state, A, "no_mizuten")
    assert state.phase == "declare"  # with 3 players everyone stays at once (§9)
    state = start(4, {})
    act(state, A, "no_mizuten")
    for s in (A, B, C):
        act(state, s, "pass")
    assert engine.legal_actions(state, D) == ["stay"]  # §12
    with pytest.raises(GameError):
        engine.apply(state, D, "pass")
    state = start(4, {})
    act(state, A, "mizuten")
    assert state.bids[A] == "stay" and state.acting == [B]


# ---------------------------------------------------------------------------
# E8-E14 endings
# ---------------------------------------------------------------------------


def at_play(n=3, mult=1, **opts):
    state = start(n, {}, **opts)
    to_play(state)
    state.mult = mult
    state.hands = [[] for _ in range(n)]
    state.stock = []
    return state


def month_net(events):
    [pay] = payments(events, "month")
    return pay["net"]


def test_e8_yoshi():
    state = at_play(mult=2)
    state.captures[B] = ["6R", "9R", "10R"]
    events = []
    play.yoshi(state, B, events)
    assert month_net(events) == [-168, 336, -168]
    assert state.bank == -1 - 240 and state.track[0] == 1 and state.dealer == B  # stone + two loans
    assert state.loans == [1, 0, 1]


@pytest.mark.parametrize("payment,expected", [("each-opponent-full", [-240, 0, 240]), ("split", [-120, 0, 120])])
def test_e9_sage_then_yoshi(payment, expected):
    state = at_play(payment=payment)
    state.captures[A] = ["1R", "2R", "3R"]
    state.sages = [Sage(seat=A, order=1, value=7)]
    state.captures[C] = ["1L", "3L", "8L", "12L"]
    events = []
    play.yoshi(state, C, events)
    assert month_net(events) == expected


def test_e10_two_sage_then_yoshi():
    state = at_play()
    state.captures[A] = ["1R", "2R", "3R"]
    state.captures[B] = ["6R", "9R", "10R"]
    state.sages = [Sage(seat=A, order=1, value=7), Sage(seat=B, order=2, value=7)]
    state.captures[C] = CHAFF[:17]
    assert captured_combos(state.captures[C]) == [("sujuroku", 14)]
    events = []
    play.yoshi(state, C, events)
    assert month_net(events) == [0, -336, 336]


@pytest.mark.parametrize("a_sage", [False, True])
def test_e11_cancel_sage(a_sage):
    state = at_play()
    state.captures[B] = ["1R", "2R", "3R", "4R", "5R", "6R", "7R", "9R"]
    assert captured_combos(state.captures[B]) == [("akatan", 7), ("nanatan", 11)]
    state.sages = [Sage(seat=B, order=1, value=18)]
    if a_sage:
        state.captures[A] = ["1L", "3L", "8L", "12L"]
        state.sages.insert(0, Sage(seat=A, order=0, value=10))
    state.hands[B] = ["1C1"]
    state.turn = B
    state.acting = [B]
    assert "cancel_sage" in engine.legal_actions(state, B)
    events = engine.apply(state, B, "cancel_sage")
    assert month_net(events) == [-108, 216, -108]


def deal_out(spec_a, spec_c, chaff_a, chaff_c):
    caps_a = spec_a + CHAFF[:chaff_a]
    caps_c = spec_c + CHAFF[chaff_a : chaff_a + chaff_c]
    rest = [c for c in DECK if c not in caps_a and c not in caps_c]
    return caps_a, rest, caps_c


def test_e12_exhaustion_under_double():
    state = at_play(mult=2)
    a, b, c = deal_out(
        ["1L", "3L", "8L", "6A", "7A", "8A", "9A", "6R", "9R"], ["1R", "2R", "3R", "2A", "4A", "5A"], 0, 13
    )
    state.captures = [a, b, c]
    assert [card_points(x) for x in state.captures] == [110, 96, 58]
    assert [captured_combos(x) for x in state.captures] == [[], [], [("akatan", 7)]]
    state.declared[A] = {
        "kasu": "toichi",
        "suit": None,
        "kan": 3,
        "kasu_kan": 3,
        "suit_kan": 0,
        "triplets": [],
        "up": [],
        "down": [],
    }
    state.sages = [Sage(seat=C, order=1, value=7)]
    events = []
    play.bonuses(state, A, events)
    assert state.nukeyaku[A]
    play.exhaustion(state, events)
    assert month_net(events) == [8, -92, 84]
    assert state.month_log[-1]["winner"] == A and state.dealer == A


def test_e13_double_8_with_mizuten_failure():
    state = start(4, {})
    act(state, A, "mizuten")
    act(state, B, "stay")
    act(state, C, "stay")
    assert state.bids[D] == "chased"
    while state.phase == "declare":
        act(state, state.acting[0], "declare:none")
    state.mult = 1
    b = ["1L", "3L", "8L", "12L", "2A", "4A", "5A", "6A", "7A", "8A", "9A", "10A"] + CHAFF[:11]
    a = ["11L", "11A", "1R", "2R", "4R", "5R"] + CHAFF[11:21]
    c = [x for x in DECK if x not in a and x not in b]
    state.captures = [a, b, c, []]
    assert [card_points(x) for x in state.captures[:3]] == [60, 171, 33]
    state.sages = [Sage(seat=B, order=1, value=10)]
    before = list(state.cash)
    events = []
    play.exhaustion(state, events)
    assert month_net(events) == [-192, 324, -144, 12]
    assert state.month_log[-1]["winner"] == B
    del before


def test_e14_tous_8_under_grand():
    state = at_play(mult=4)
    a = ["1L", "3L", "8L", "2A", "4A"] + CHAFF[:8]
    b = ["11L", "12L", "5A", "6A", "7A", "1R", "2R", "4R"] + CHAFF[8:11]
    c = [x for x in DECK if x not in a and x not in b]
    state.captures = [a, b, c]
    assert [card_points(x) for x in state.captures] == [88, 88, 88]
    assert ("aotan", 7) in captured_combos(c)
    state.sages = [Sage(seat=C, order=1, value=7)]
    events = []
    play.exhaustion(state, events)
    assert month_net(events) == [960, -480, -480]
    assert state.month_log[-1]["winner"] == A


# ---------------------------------------------------------------------------
# E15 Tobikomi, through real play
# ---------------------------------------------------------------------------


def test_e15_tobikomi():
    hand_a = ["4A", "4R", "4C1", "2C1", "6C1", "9C1", "10C1"]
    hand_b = ["1R", "3R", "5A", "6A", "7A", "9A", "10A"]
    hand_c = ["2R", "5R", "6R", "7R", "9R", "10R", "12L"]
    table = ["4C2", "1L", "2C2", "6C2", "9C2", "11C"]
    state = start(3, {A: hand_a, B: hand_b, C: hand_c}, table)
    act(state, A, "no_mizuten")
    assert state.mult == 2
    assert engine.legal_actions(state, A) == ["declare:sanbon", "declare:none"]
    act(state, A, "declare:sanbon")
    act(state, B, "declare:none")
    events = act(state, C, "declare:none")
    assert payments(events, "hand_combos")[0]["net"] == [144, -72, -72]
    plan = {1: "play:4A", 2: "play:4R", 3: "play:4C1"}
    turn = 0
    earned = False
    while state.month == 1:
        s = state.acting[0]
        legal = engine.legal_actions(state, s)
        if state.phase == "play" and s == A:
            turn += 1
            action = plan.get(turn) or bot_choose(engine.view(state, s), legal)
            if turn == 2:
                assert "play:4R" in legal and not [c for c in state.table if MONTH[c] == 4]
        elif state.phase == "decide":
            action = "sage"
        elif state.phase == "play" and "cancel_sage" in legal:
            action = next(x for x in legal if x != "cancel_sage")
        else:
            action = bot_choose(engine.view(state, s), legal)
        events = act(state, s, action)
        if any(e.type == "bonus" and e.kind == "tobikomi" for e in events):
            earned = True
            assert turn == 3
    assert earned
    end = state.month_log[-1]
    tob = [t for t in end["settlement"] if t["why"] == "tobikomi"]
    if end.get("counted"):
        assert tob == []
    else:
        assert sorted((t["from"], t["to"], t["amount"]) for t in tob) == [(B, A, 24), (C, A, 24)]


# ---------------------------------------------------------------------------
# E16 Han-Don, E17 end of game
# ---------------------------------------------------------------------------


def test_e16_han_don_loans():
    state = start(4, {})
    state.month = 6
    state.cash = [100, 400, 30, 120]
    state.debt = [0, 120, 240, 0]
    state.bank = bank0 = 240 - 650  # keeps §1: Σcash + bank = 60·4
    events = []
    month.han_don(state, events)
    assert state.cash == [100, 280, 30, 0] and state.debt == [120, 120, 360, 0]
    assert state.phase == "repay" and state.acting == [0, 1]
    assert engine.legal_actions(state, 0) == ["repay:60", "repay:0"]
    engine.apply(state, 0, "repay:60")
    engine.apply(state, 1, "repay:120")
    assert state.cash == [40, 160, 30, 0] and state.debt == [60, 0, 360, 0]
    assert state.bank - bank0 == 420
    assert state.month == 7 and state.phase == "mizuten"


def test_e17_end_of_game():
    state = start(4, {})
    state.month = 12
    state.cash = [300, 70, 50, 48]
    state.debt = [0, 480, 240, 0]
    state.track = [1] * 12
    state.pot = 0
    state.bank = -240
    state.last_winners = [A]
    # the year's ledger accounts so far: the debts were loans, the rest the months' payments
    state.account = [{"start": 60, "loan": d, "months": c - 60 - d} for c, d in zip(state.cash, state.debt)]
    check_invariant(state)
    events = []
    month.game_end(state, events)
    check_invariant(state)
    end = state.game_log[-1]
    assert end["scores"] == [540, -398, -190, 48]
    assert sum(end["scores"]) == 0 and state.bank == -420
    assert state.phase == "over"
    lines = GAME.ledger_entries(state)
    games = {s: sum(line["amount"] for line in lines if line["kind"] == "game" and line["seat"] == s) for s in range(4)}
    assert games == {0: 540, 1: -398, 2: -190, 3: 48}
    assert [sum(line["amount"] for line in lines if line["seat"] == s) for s in range(4)] == [540, -398, -190, 48]


# ---------------------------------------------------------------------------
# E18 seven players, E19 Mizu-ten success
# ---------------------------------------------------------------------------


def test_e18_seven_players_blank_card():
    c_hand = [BLANK, "2C1", "4C1", "5C1", "6C1", "7C1", "9C1"]
    state = start(7, {C: c_hand})
    act(state, A, "no_mizuten")
    assert state.blank == C and sorted(state.table) == sorted(c_hand[1:]) and state.hands[C] == []
    assert state.bid_order == [A, B, D, E, F, G]
    act(state, A, "pass")
    act(state, B, "stay")
    act(state, D, "pass")
    act(state, E, "stay")
    act(state, F, "stay")
    assert state.bids[G] == "chased" and state.bids[C] == "out"
    assert state.pot == 36 and len(state.stock) == 21
    assert state.active == [B, E, F]


def test_e19_mizuten_success():
    e_hand = ["8A", "4R", "5C2", "7C2", "10C2", "11C", "12C2"]
    assert chasse_compensation(e_hand)[0] == 0
    state = start(5, {E: e_hand})
    act(state, A, "mizuten")
    act(state, B, "pass")
    act(state, C, "stay")
    act(state, D, "stay")
    assert state.bids[E] == "chased" and state.pot == 18
    while state.phase == "declare":
        act(state, state.acting[0], "declare:none")
    a = ["1L", "3L", "2A", "4A", "5A", "1R", "6R"] + CHAFF[:15]
    c = ["8L", "12L", "6A", "7A", "8A", "2R", "9R", "9A", "10A"]
    d = [x for x in DECK if x not in a and x not in c]
    state.captures = [a, [], c, d, []]
    assert [card_points(x) for x in (a, c, d)] == [95, 100, 69]
    assert not any(captured_combos(x) for x in (a, c, d))
    cash = list(state.cash)
    events = []
    play.bonuses(state, A, events)
    assert state.mizuten_success
    play.exhaustion(state, events)
    assert month_net(events) == [55, -12, 0, -31, -12]
    assert state.cash[C] - cash[C] == 0 + 17
    assert state.dealer == C


def test_a_pile_s_combos_asked_again_are_its_own_and_follow_the_pile():
    """The combos of a pile are kept per pile: asked again they are the same, a caller's list is its own, and a pile
    that grew (the same list, in place) gets its own."""
    pile = ["1R", "2R", "3R", "4R", "5R", "6R"]
    first = captured_combos(pile)
    assert first == [("akatan", 7)]
    first.append(("goko", 10))
    assert captured_combos(pile) == [("akatan", 7)]
    pile += ["7R", "9R"]
    assert captured_combos(pile) == [("akatan", 7), ("nanatan", 11)]
