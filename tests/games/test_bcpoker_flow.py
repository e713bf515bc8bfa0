"""Black Christmas Poker flow: payments and Black Christmas sequences
(docs/rules/bcpoker.md §14), edge cases (§13)."""

import pytest
from _bcpoker_helpers import a_discarding, act, arrange, codes, first, public, types

from games.base import GameError
from games.bcpoker import GAME
from games.bcpoker.cards import beats
from games.bcpoker.engine import legal_actions
from games.bcpoker.scoring import dora_cards

A, B, C, D, E = range(5)


def c_in_riichi_draws_k7():
    """C, in Riichi on R1 R2 R3 G4 G5 G6 R7, is to draw the K7 that completes it; G1 is the dora indicator."""
    return arrange(hands={C: "R1 R2 R3 G4 G5 G6 R7"}, riichi=[C], turn=C, deck="K7 G1")


def c_in_riichi_waits_on_g7():
    """A is to discard the G7 that completes C's Riichi hand (R1 R2 R3 G4 G5 G6 R7)."""
    return a_discarding(hands={A: "R4 R5 R6 K1 K2 R1 G3 G7", C: "R1 R2 R3 G4 G5 G6 R7"}, riichi=[C], deck="G1")


def a_hits_b(black: str, b_hand: str, **position):
    """A, to discard, holds R4 R5 R6 G1 G2 G3 R4 and ``black``, the black card it is about to discard onto the pile;
    B, next in turn, holds ``b_hand``; ``position``: the rest of ``arrange``'s (pile, deck, riichi …)."""
    return a_discarding(hands={A: f"R4 R5 R6 G1 G2 G3 R4 {black}", B: b_hand}, **position)


def k5_onto_g2(b_hand: str, deck: str):
    """A, to discard, holds the red run R1 … R7 and the K5 whose discard onto the pile's G2 hits B (who holds
    ``b_hand``); ``deck``: the deck's top cards."""
    return a_discarding(hands={A: "R1 R2 R3 R4 R5 R6 R7 K5", B: b_hand}, pile="G2", deck=deck)


# ---------------------------------------------------------------------------
# §14 payments
# ---------------------------------------------------------------------------


def test_seed_example_tsumo_paid_by_previous_seat():
    s = c_in_riichi_draws_k7()
    act(s, C, "draw")
    assert legal_actions(s, C) == ["win", "discard:K7"]  # locked: win or discard the drawn card
    end = first(act(s, C, "win"), "round_end")
    assert end.payments == [0, -400, 400]
    w = end.fields()["wins"][0]
    assert (w["kind"], w["value"], w["payer"], w["dora_count"], w["total"]) == ("tsumo", 400, B, 0, 400)
    assert end.indicator == "G1" and end.dora == ["G2"]
    assert s.lead == B and s.lead_counts == [1, 0, 0]  # the lead did not win: the next player leads


def test_seed_example_ron_paid_by_discarder():
    s = c_in_riichi_waits_on_g7()
    act(s, A, "discard:G7")
    assert s.phase == "ron" and GAME.to_act(s) == [C] and legal_actions(s, C) == ["ron", "pass"]
    assert legal_actions(s, B) == []
    assert (
        GAME.public_to_act(s) == [] and "waiting" not in GAME.public_view(s).model_dump()["ron"]
    )  # who may Ron is secret
    with pytest.raises(GameError) as refused:
        GAME.apply(s, B, "pass")
    assert "C" not in str(refused.value).replace("Ron decisions", "")
    end = first(act(s, C, "ron"), "round_end")
    assert end.payments == [-400, 0, 400]


def ron_payment(hand7, card, indicator, players=3):
    """C (not the lead) wins by Ron on A's discard of ``card``."""
    filler = "R4 R5 R6 G1 G2 G3 K5"
    s = a_discarding(players=players, lead=A, hands={C: hand7, A: f"{filler} {card}"}, riichi=[C], deck=indicator)
    act(s, A, f"discard:{card if card != 'KX' else 'KX7'}")
    return first(act(s, C, "ron"), "round_end").fields()


def test_dora_one_held():
    d = ron_payment("R1 R2 R3 G1 G2 G3 R7", "G7", "G6")  # hand 4 (200) + dora G7
    assert d["dora"] == ["G7"] and d["wins"][0]["value"] == 200 and d["wins"][0]["total"] == 300


def test_dora_two_held_two_decks():
    d = ron_payment("R1 R1 G1 G1 R7 R7 G7", "G7", "R7", players=5)  # hand 7 (400) + two R1
    assert d["dora"] == ["R1"] and d["wins"][0]["value"] == 400 and d["wins"][0]["total"] == 600


def test_dora_black_six_makes_kx_dora():
    d = ron_payment("R7 R7 R7 G7 G7 K7 K7", "KX", "K6", players=5)  # hand 14 (1500) + K7 K7 KX
    assert sorted(d["dora"]) == ["K7", "KX"] and d["wins"][0]["value"] == 1500 and d["wins"][0]["total"] == 1800


def test_dora_kx_indicator_reads_black_seven():
    d = ron_payment("R1 R1 G1 G1 K1 R6 G6", "KX", "KX", players=5)  # hand 11 (600) + K1 KX
    assert sorted(d["dora"]) == ["K1", "KX"] and d["wins"][0]["total"] == 800


def test_dora_table():
    assert dora_cards("R3") == ["R4"] and dora_cards("G7") == ["G1"]
    assert dora_cards("K6") == ["K7", "KX"] and dora_cards("K7") == ["K1", "KX"]
    assert dora_cards("KX") == ["K1", "KX"] and dora_cards("K2") == ["K3"] and dora_cards(None) == []


def test_lead_tsumo_doubles_value_and_dora():
    s = arrange(hands={A: "R1 R2 R3 R1 R2 R3 G5"}, riichi=[A], turn=A, deck="K5 G4")  # hand 9, dora G5
    act(s, A, "draw")
    w = first(act(s, A, "win"), "round_end").fields()["wins"][0]
    assert (w["value"], w["dora_count"], w["lead_double"], w["total"], w["payer"]) == (500, 1, True, 1200, C)
    assert s.lead == A and s.lead_counts == [1, 0, 0]  # the lead won: stays lead


def test_lead_surprise_gift_on_first_turn_paid_by_previous_seat():
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 R7"}, turn=A, deck="K7 G3")
    s.draws, s.discards = [0, 0, 0], [0, 0, 0]
    assert legal_actions(s, A) == ["draw"]  # the pile is empty
    act(s, A, "draw")
    assert "win" in legal_actions(s, A)  # no Riichi needed for a Surprise Gift
    w = first(act(s, A, "win"), "round_end").fields()["wins"][0]
    # hand 6 (400) + 1 dora (G4) → (400 + 100) × 2 + 1000
    assert (w["kind"], w["payer"], w["total"]) == ("surprise_gift", C, 2000)


def test_non_lead_black_gift():
    s = a_discarding(
        lead=C, hands={B: "R1 G1 K1 R2 G2 R5 G6", A: "R4 R5 R6 G4 G5 G6 R7 K3"}, pile="R1", deck="R7 K2 G3 R3 R6"
    )
    act(s, A, "discard:K3")  # B hit, N = 3
    assert s.phase == "hit_draw" and s.hit.number == 3 and s.turn == B
    act(s, B, "draw")  # R7
    assert [a for a in legal_actions(s, B) if a.startswith("chain")] == []
    act(s, B, "exchange", "under:R5", "under:G6", "under:R7")  # draws K2 G3 R3
    assert sorted(s.hands[B]) == sorted(codes("R1 G1 K1 R2 G2 K2 G3 R3"))
    assert legal_actions(s, B)[0] == "win"  # Black Gift needs no Riichi
    w = first(act(s, B, "win"), "round_end").fields()["wins"][0]
    assert (w["kind"], w["value"], w["payer"], w["dora_count"], w["total"]) == ("black_gift", 200, A, 0, 700)
    assert w["patterns"][0]["id"] == "H05"


def test_double_ron_discarder_pays_each_winner():
    s = a_discarding(
        lead=B,
        hands={A: "K5 K1 K2 K3 G7 G3 R7 G5", B: "R1 G1 R2 R3 R4 G6 G7", C: "R1 R2 R3 G4 G5 G6 R5"},
        riichi=[B, C],
        deck="R6",
    )
    act(s, A, "discard:G5")
    assert GAME.to_act(s) == [B, C]
    act(s, C, "ron")
    assert GAME.to_act(s) == [B] and s.phase == "ron"
    d = first(act(s, B, "ron"), "round_end").fields()
    totals = {w["winner"]: w["total"] for w in d["wins"]}
    assert totals == {B: 800, C: 100} and d["payments"] == [-900, 800, 100]
    assert s.lead == B  # the lead won together with another player: stays lead


def test_five_players_only_two_nearest_ron():
    s = a_discarding(
        players=5,
        lead=B,
        riichi=[C, D, E],
        deck="R6",
        hands={
            A: "R6 R6 K5 K2 K3 G7 G3 G5",
            C: "R1 R2 R3 G4 G5 G6 R5",
            D: "R1 G1 R2 R3 R4 G6 G7",
            E: "R4 R5 R6 G4 G6 K1 K1",
        },
    )
    act(s, A, "discard:G5")
    assert GAME.to_act(s) == [C, D, E]
    act(s, E, "ron")
    act(s, C, "ron")
    d = first(act(s, D, "ron"), "round_end").fields()
    assert [w["winner"] for w in d["wins"]] == [C, D] and d["lapsed"] == [E]
    assert d["payments"] == [-500, 0, 100, 400, 0]


# ---------------------------------------------------------------------------
# §14 Black Christmas sequences (A → B → C → A)
# ---------------------------------------------------------------------------


def test_sequence_1_plain_hit_and_exchange():
    s = k5_onto_g2("R1 R2 G3 G4 G6 G6 K3", deck="G7 G1 G2 R3 R4 R5 K1")
    ev = act(s, A, "discard:K5")
    bc = first(ev, "black_christmas")
    assert bc.seat is None and bc.fields() == {
        "by": A,
        "target": B,
        "card": "K5",
        "number": 5,
        "under": "G2",
        "under_number": 2,
    }
    assert legal_actions(s, B) == ["draw"]  # B may not take the K5
    with pytest.raises(GameError, match="deck"):
        GAME.apply(s, B, "take")
    act(s, B, "draw")  # G7
    assert legal_actions(s, B) == ["exchange"]  # no black card above 5
    act(s, B, "exchange")
    bottom_before = list(s.deck)
    act(s, B, "under:R1", "under:G4", "under:K3", "under:R2")
    assert s.phase == "exchange" and s.exchange_left == 1
    ev = act(s, B, "under:G7")
    assert s.deck[-5:] == ["R1", "G4", "K3", "R2", "G7"]  # in the chosen order at the bottom
    assert s.deck[:-5] == bottom_before[5:]
    assert sorted(s.hands[B]) == sorted(codes("G3 G6 G6 G1 G2 R3 R4 R5"))  # 3 kept + the top 5
    drawn = [e for e in ev if e.type == "exchange_cards"][0]
    assert drawn.seat == B and drawn.drawn == codes("G1 G2 R3 R4 R5")
    assert "win" not in legal_actions(s, B)
    ev = act(s, B, "discard:G6")
    assert "black_christmas" not in types(ev) and s.phase == "draw" and s.turn == C


def test_sequence_1_variant_black_discard_after_exchange_hits_on():
    s = k5_onto_g2("R1 R2 G3 G4 G6 G6 R3", deck="G7 G1 G2 K6 R4 R5 K1")
    act(s, A, "discard:K5")
    act(s, B, "draw", "exchange", "under:R1", "under:G4", "under:R3", "under:R2", "under:G7")
    assert "K6" in s.hands[B]
    ev = act(s, B, "discard:K6")  # 6 > 5: general rule, the post-exchange discard is tested
    assert first(ev, "black_christmas").number == 6 and s.turn == C and s.phase == "hit_draw"


def test_sequence_2_chain_black_one_onto_black_seven_kx_naming():
    s = a_discarding(
        hands={A: "R1 R2 R4 G4 G5 G6 K2 K6", B: "R1 R2 G1 G2 G3 K7 G7", C: "R5 R5 G6 G4 R6 KX R6"},
        pile="R4",
        deck="R3 G5 R7 G1 K1",
    )
    act(s, A, "discard:K6")  # B hit, N = 6
    act(s, B, "draw")  # R3
    assert [a for a in legal_actions(s, B) if a.startswith("chain")] == ["chain:K7", "chain:K7:r"]
    ev = act(s, B, "chain:K7")  # 7 > 6 → C hit, N = 7
    assert first(ev, "discard").chain and first(ev, "black_christmas").target == C
    act(s, C, "draw")  # G5
    # KX named 7 only equals 7; named 1 onto a black 7 qualifies
    assert {a.split(":")[1] for a in legal_actions(s, C) if a.startswith("chain")} == {"KX1"}
    ev = act(s, C, "chain:KX1")
    bc = first(ev, "black_christmas")
    assert (bc.target, bc.number) == (A, 1)
    assert first(ev, "discard").named == 1 and s.pile_named[-1] == 1
    act(s, A, "draw")  # R7
    chains = {a.split(":")[1] for a in legal_actions(s, A) if a.startswith("chain")}
    assert chains == {"K2"}  # A could chain with any black 2-7
    act(s, A, "exchange", "under:R4")  # N = 1
    assert s.hands[A].count("G1") == 1  # drew the top card
    ev = act(s, A, "discard:R1")
    assert "black_christmas" not in types(ev) and (s.turn, s.phase) == (B, "draw")


def test_sequence_3_riichi_player_keeps_riichi_by_chaining_with_the_drawn_card():
    s = a_hits_b("K3", "R1 R2 R3 G4 G5 G6 K7", riichi=[B], pile="G1", deck="K5 G2")
    ev = act(s, A, "discard:K3")
    assert "ron_declared" not in types(ev) and s.phase == "hit_draw" and s.turn == B  # no Ron: K3 does not win
    act(s, B, "draw")  # K5: no win; black 5 > 3
    assert s.phase == "hit_riichi" and legal_actions(s, B) == ["chain:K5", "giveup"]
    ev = act(s, B, "chain:K5")
    assert s.riichi[B] and sorted(s.hands[B]) == sorted(codes("R1 R2 R3 G4 G5 G6 K7"))
    assert first(ev, "discard").kept_riichi
    assert (s.turn, s.phase, s.hit.number) == (C, "hit_draw", 5)


def test_sequence_4_riichi_cancelled_chain_from_hand_riichi_again():
    s = a_hits_b("K4", "R1 R2 R3 G4 G5 G6 K7", riichi=[B], pile="G2", deck="R5 G7")
    act(s, A, "discard:K4")
    ev = act(s, B, "draw")  # R5: no win, not black
    assert first(ev, "riichi_cancelled").fields() == {"player": B, "by_choice": False}
    assert not s.riichi[B] and s.phase == "hit_decide"
    legal = legal_actions(s, B)
    assert "chain:K7" in legal and "chain:K7:r" in legal and "exchange" in legal
    ev = act(s, B, "chain:K7:r")  # R1 R2 R3 G4 G5 G6 R5 waits on R5 G5 K5 (H01)
    assert s.riichi[B] and first(ev, "discard").riichi
    assert (s.turn, s.hit.number) == (C, 7)


def test_sequence_4_alternative_exchange_four():
    s = a_hits_b("K4", "R1 R2 R3 G4 G5 G6 K7", riichi=[B], pile="G2", deck="R5 G7")
    act(s, A, "discard:K4")
    act(s, B, "draw", "exchange")
    assert s.exchange_left == 4 and s.phase == "exchange"


def test_sequence_5_black_gift_by_the_lead():
    s = arrange(
        lead=A,
        hands={A: "R1 R2 R3 G4 G5 G6 G2", C: "R4 R5 R6 G1 G1 G3 R5 K2"},
        pile="R1",
        turn=C,
        phase="discard",
        deck="K3 R7 K7 G3",
    )
    act(s, C, "discard:K2")  # A hit, N = 2
    act(s, A, "draw")  # K3
    assert "chain:K3" in legal_actions(s, A)  # A could chain (3 > 2) but exchanges
    act(s, A, "exchange", "under:G2", "under:K3")
    assert sorted(s.hands[A]) == sorted(codes("R1 R2 R3 G4 G5 G6 R7 K7"))
    end = first(act(s, A, "win"), "round_end").fields()
    w = end["wins"][0]
    assert (w["kind"], w["value"], w["dora_count"], w["total"], w["payer"]) == ("black_gift", 400, 1, 1500, C)
    assert end["indicator"] == "G3" and end["payments"] == [1500, 0, -1500]
    assert s.lead == A  # A stays lead


def test_sequence_6_ron_on_a_triggering_discard():
    for named in (7, 1):
        s = a_hits_b("KX", "R1 R2 R3 G4 G5 G6 K7", riichi=[B], pile="R3", deck="R6")
        act(s, A, f"discard:KX{named}")
        assert s.phase == "ron" and GAME.to_act(s) == [B]  # the Ron window comes first
        ev = act(s, B, "ron")
        assert "black_christmas" not in types(ev)
        w = first(ev, "round_end").fields()["wins"][0]
        assert (w["value"], w["payer"], w["kx"]) == (400, A, [7])  # the KX is a 7 in B's hand, whatever its name


@pytest.mark.parametrize(
    "top, card, named",
    [(None, "K3", None), ("R5", "K5", None), ("G3", "KX", 1), ("R7", "K1", None), ("K2", "G7", None)],
)
def test_sequence_6_non_triggers(top, card, named):
    s = a_discarding(hands={A: f"R1 R2 R3 R4 G5 G6 G7 {card}"}, pile=top or "", deck="R6")
    ev = act(s, A, f"discard:{card if card != 'KX' else f'KX{named}'}")
    assert "black_christmas" not in types(ev) and s.phase == "draw" and s.turn == B


def test_trigger_rule():
    assert beats(5, "G2", 2) and beats(1, "K7", 7) and beats(1, "KX", 7) and beats(7, "KX", 1)
    assert not beats(5, "R5", 5) and not beats(1, "R7", 7) and not beats(1, "KX", 1)


# ---------------------------------------------------------------------------
# §3-§5 and §13 edge cases
# ---------------------------------------------------------------------------


def test_riichi_player_takes_the_top_discard_only_to_win():
    s = arrange(hands={B: "R1 R2 R3 G4 G5 G6 K7"}, riichi=[B], pile="G7", turn=B, deck="R6")
    assert legal_actions(s, B) == ["draw", "take"]
    end = first(act(s, B, "take"), "round_end").fields()  # taking it is the tsumo declaration
    assert end["wins"][0]["kind"] == "tsumo" and end["wins"][0]["payer"] == A
    s = arrange(hands={B: "R1 R2 R3 G4 G5 G6 K7"}, riichi=[B], pile="G3", turn=B, deck="R6")
    assert legal_actions(s, B) == ["draw"]
    with pytest.raises(GameError, match="only to win"):
        GAME.apply(s, B, "take")


def test_riichi_lock_discards_the_drawn_card():
    s = arrange(hands={B: "R1 R2 R3 G4 G5 G6 K7"}, riichi=[B], pile="G3", turn=B, deck="R6")
    act(s, B, "draw")
    assert legal_actions(s, B) == ["discard:R6"]
    before = s.model_dump_json()
    with pytest.raises(GameError, match="locked"):
        GAME.apply(s, B, "discard:R1")
    assert s.model_dump_json() == before  # an illegal action changes nothing
    ev = act(s, B, "discard:R6")
    assert first(ev, "discard").forced


def test_card_taken_from_the_pile_cannot_be_discarded():
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 R5"}, pile="G7", turn=A, deck="R6")
    act(s, A, "take")
    legal = legal_actions(s, A)
    assert "discard:G7" not in legal and "discard:R5" in legal and "discard:R5:r" in legal
    with pytest.raises(GameError, match="took G7"):
        GAME.apply(s, A, "discard:G7")
    # the 7 cards R1 R2 R3 G4 G5 G6 G7 wait on 7s: Riichi with the R5 is possible


def test_riichi_only_when_tenpai():
    s = a_discarding(hands={A: "R1 R2 R3 G3 G4 G5 K7 R6"}, deck="R6")
    assert not any(a.endswith(":r") for a in legal_actions(s, A))  # R1 R2 R3 G3 G4 G5 K7: not tenpai
    with pytest.raises(GameError, match="one card from a winning hand"):
        GAME.apply(s, A, "discard:R6:r")


def test_no_win_without_riichi_by_default():
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 R7"}, turn=A, deck="K7")
    act(s, A, "draw")
    assert "win" not in legal_actions(s, A)  # not the first draw, no Riichi
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 R7", C: "R4 R5 R6 G1 G2 G3 R4 G7"}, turn=C, phase="discard", deck="K6")
    assert "ron" not in types(act(s, C, "discard:G7")) and s.phase == "draw"  # no Ron window without Riichi


def test_first_draw_from_the_pile_is_no_surprise_gift():
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 R7"}, pile="K7", turn=A, deck="R6")
    s.draws, s.discards = [0, 0, 0], [0, 0, 0]
    act(s, A, "take")
    assert "win" not in legal_actions(s, A)


def test_hit_player_completing_with_the_single_draw():
    # not the first draw, not in Riichi: no win (§13)
    s = a_hits_b("K4", "R1 R2 R3 G4 G5 G6 R7", pile="G2", deck="G7")
    act(s, A, "discard:K4")
    act(s, B, "draw")
    assert "win" not in legal_actions(s, B)
    # on the first draw: Surprise Gift
    s = a_hits_b("K4", "R1 R2 R3 G4 G5 G6 R7", pile="G2", deck="G7 R5")
    s.draws[B], s.discards[B] = 0, 0
    act(s, A, "discard:K4")
    act(s, B, "draw")
    w = first(act(s, B, "win"), "round_end").fields()["wins"][0]
    assert (w["kind"], w["payer"], w["total"]) == ("surprise_gift", A, 1400)
    # in Riichi: the Riichi procedure's tsumo, paid by the hitter
    s = a_hits_b("K4", "R1 R2 R3 G4 G5 G6 R7", riichi=[B], pile="G2", deck="G7 R5")
    act(s, A, "discard:K4")
    act(s, B, "draw")
    assert legal_actions(s, B) == ["win", "giveup"]
    w = first(act(s, B, "win"), "round_end").fields()["wins"][0]
    assert (w["kind"], w["payer"], w["total"]) == ("tsumo", A, 400)


def test_riichi_player_gives_up_then_exchanges():
    s = a_hits_b("K3", "R1 R2 R3 G4 G5 G6 K7", riichi=[B], pile="G1", deck="K5 G2 R1")
    act(s, A, "discard:K3")
    act(s, B, "draw")
    ev = act(s, B, "giveup")
    assert first(ev, "riichi_cancelled").by_choice and not s.riichi[B]
    assert "chain:K7" in legal_actions(s, B) and "chain:K5" in legal_actions(s, B)
    act(s, B, "exchange", "under:K5", "under:R1", "under:R2")
    assert s.phase == "discard" and len(s.hands[B]) == 8


def test_exchange_draws_into_the_returned_cards():
    s = a_hits_b("K5", "R1 R2 R3 G4 G5 G6 R7", pile="G2")
    s.deck = s.deck[:3]  # only 3 cards left in the deck
    total_before = sum(len(h) for h in s.hands) + len(s.deck) + len(s.pile)
    act(s, A, "discard:K5")
    act(s, B, "draw", "exchange")
    act(s, B, "under:R1", "under:R2", "under:R3", "under:G4", "under:G5")
    # 2 cards were left above the returned ones: the draw continues into R1 R2 R3
    assert len(s.hands[B]) == 8 and s.hands[B][-3:] == ["R1", "R2", "R3"] and s.deck == ["G4", "G5"]
    assert sum(len(h) for h in s.hands) + len(s.deck) + len(s.pile) == total_before


def test_deck_rebuild_at_a_hit_draw_keeps_the_named_top():
    s = a_discarding(hands={A: "R4 R5 R6 G1 G2 G3 R4 KX"}, pile="G2 G3 G4 R1")
    moved = s.deck
    s.deck = []
    s.pile = moved + s.pile  # everything else goes into the pile (card count unchanged)
    s.pile_named = [int(c[1]) if c != "KX" else 7 for c in moved] + s.pile_named
    act(s, A, "discard:KX7")  # onto R1: hit
    assert s.phase == "hit_draw"
    ev = act(s, B, "draw")
    rebuild = first(ev, "rebuild")
    assert rebuild.count == 1 and rebuild.top == "KX"
    assert s.pile == ["KX"] and s.pile_named == [7] and s.reshuffles == 1


def deck_in_the_pile(max_reshuffles: int, reshuffles: int):
    """A's turn to draw from an empty deck, every card but the hands in the pile, after ``reshuffles`` rebuilds."""
    s = arrange(turn=A, pile="G2 G3", max_reshuffles=max_reshuffles)
    moved, s.deck = s.deck, []
    s.pile = moved + s.pile
    s.pile_named = [7 if c == "KX" else int(c[1]) for c in s.pile]
    s.reshuffles = reshuffles
    return s


def test_reshuffle_limit_ends_the_round_without_payments():
    s = deck_in_the_pile(max_reshuffles=1, reshuffles=1)
    ev = act(s, A, "draw")
    end = first(ev, "round_end").fields()
    assert "exhausted" in types(ev) and end["wins"] == [] and end["payments"] == [0, 0, 0]
    assert s.lead == B and s.round == 2
    # unlimited (0): the deck is rebuilt again
    s = deck_in_the_pile(max_reshuffles=0, reshuffles=5)
    ev = act(s, A, "draw")
    assert "rebuild" in types(ev) and s.reshuffles == 6


def test_two_players_chain_goes_back():
    s = a_discarding(
        players=2, hands={A: "R1 R2 R3 G4 G5 G6 K3 K6", B: "R1 R2 R3 G4 G5 G6 K4"}, pile="G2", deck="R5 R6"
    )
    act(s, A, "discard:K3")
    act(s, B, "draw", "chain:K4")
    assert (s.turn, s.phase, s.hit.number) == (A, "hit_draw", 4)
    act(s, A, "draw")
    assert "chain:K6" in legal_actions(s, A)


def test_game_ends_when_everyone_led_enough():
    s = arrange(players=2, hands={A: "R1 R2 R3 G4 G5 G6 R7"}, riichi=[A], turn=A, deck="K7 G1", lead_rounds=1)
    s.lead_counts = [0, 1]
    ev = act(s, A, "draw", "win")
    assert "game_end" in types(ev) and GAME.is_over(s) and GAME.to_act(s) == []
    assert legal_actions(s, A) == [] and s.lead_counts == [1, 1]
    res = GAME.result(s)
    assert res.scores == [800, -800] and res.placings == [1, 2]
    with pytest.raises(GameError, match="over"):
        GAME.apply(s, A, "draw")


def test_options_riichi_not_required():
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 R7"}, turn=A, deck="K7", riichi_required=False)
    act(s, A, "draw")
    legal = legal_actions(s, A)
    assert "win" in legal and not any(a.endswith(":r") for a in legal)
    s = arrange(
        hands={A: "R1 R2 R3 G4 G5 G6 R7", C: "R4 R5 R6 G1 G2 G3 R4 G7"},
        turn=C,
        phase="discard",
        deck="K6",
        riichi_required=False,
    )
    act(s, C, "discard:G7")
    assert s.phase == "ron" and GAME.to_act(s) == [A]
    with pytest.raises(GameError, match="not part of this game"):
        s2 = a_discarding(hands={A: "R1 R2 R3 G4 G5 G6 R7 R5"}, riichi_required=False)
        GAME.apply(s2, A, "discard:R5:r")


def test_options_black_christmas_off():
    s = a_discarding(hands={A: "R1 R2 R3 R4 R5 R6 R7 K5"}, pile="G2", black_christmas=False)
    ev = act(s, A, "discard:K5")
    assert "black_christmas" not in types(ev) and s.phase == "draw"


def test_kx_must_be_named():
    s = a_discarding(hands={A: "R1 R2 R3 R4 R5 R6 R7 KX"}, pile="G2")
    assert {"discard:KX1", "discard:KX7"} <= set(legal_actions(s, A))
    with pytest.raises(GameError, match="KX1 or KX7"):
        GAME.apply(s, A, "discard:KX")


def test_wrong_seat_and_bad_actions_are_refused_politely():
    s = arrange(turn=A)
    before = s.model_dump_json()
    with pytest.raises(GameError, match="not your turn"):
        GAME.apply(s, B, "draw")
    with pytest.raises(GameError, match="Draw a card first"):
        GAME.apply(s, A, "discard:R1")
    with pytest.raises(GameError, match="Unknown card"):
        GAME.apply(s, A, "discard:Z9")
    with pytest.raises(GameError, match="pile is empty"):
        GAME.apply(s, A, "take")
    assert s.model_dump_json() == before


def test_public_events_and_views_hide_hands():
    s = k5_onto_g2("R1 R2 G3 G4 G6 G6 K3", deck="G7 G1 G2 R3 R4 R5 K1")
    ev = act(s, A, "discard:K5")
    ev += act(s, B, "draw", "exchange", "under:R1", "under:G4", "under:K3", "under:R2", "under:G7")
    for e in public(ev):
        if e.type not in ("discard",):
            assert not any(c in str(e.fields()) for c in ("G7", "G1", "R3", "R4", "K3")), e
    v = GAME.view(s, C)
    assert v.hand == GAME.hidden_cards(s)[C] and v.exchanged == [] and v.drawn is None
    assert GAME.view(s, B).exchanged == codes("R1 G4 K3 R2 G7")


# ---------------------------------------------------------------------------
# the bot policy
# ---------------------------------------------------------------------------


def bot(s, seat, rng=0):
    from games.bcpoker.policy import bot_choose

    return bot_choose(GAME.view(s, seat), legal_actions(s, seat), rng)


def test_bot_wins_rons_and_declares_riichi():
    s = c_in_riichi_draws_k7()
    act(s, C, "draw")
    assert bot(s, C) == "win"
    s = c_in_riichi_waits_on_g7()
    act(s, A, "discard:G7")
    assert bot(s, C) == "ron"
    s = a_discarding(hands={A: "R1 R2 R3 G4 G5 G6 R7 K1"})
    assert bot(s, A) == "discard:K1:r"  # keeps the full ladder wait and declares Riichi


def test_bot_passes_hits_on_and_exchanges_its_worst_cards():
    s = a_hits_b("K3", "R1 R2 R3 G4 G5 G6 K7", riichi=[B], pile="G1", deck="K5 G2")
    act(s, A, "discard:K3")
    act(s, B, "draw")
    assert bot(s, B) == "chain:K5"  # keeps Riichi by chaining with the drawn card
    s = k5_onto_g2("R1 R2 G3 G4 G6 G6 K3", deck="K7 G1 G2 R3 R4 R5 K1")
    act(s, A, "discard:K5")
    act(s, B, "draw")  # K7: chain
    assert bot(s, B).startswith("chain:K7")
    s = a_hits_b("K3", "R1 R2 R3 G5 G6 G7 K2", pile="G1", deck="R7 G2")
    act(s, A, "discard:K3")
    act(s, B, "draw")
    assert bot(s, B) == "exchange"  # no chain possible
    act(s, B, "exchange")
    first = bot(s, B)
    assert first in ("under:K2", "under:R7")  # the lone cards go back, the runs stay


def test_bot_takes_a_useful_discard():
    s = arrange(hands={A: "R1 R2 G4 G5 G6 K1 K4"}, pile="R3", turn=A, deck="G7")
    assert bot(s, A) == "take"
    s = arrange(hands={A: "R1 R2 R3 G4 G5 G6 K1"}, pile="G2", turn=A, deck="G7")  # no better than now
    assert bot(s, A) == "draw"
