"""Black Flower game flow: first banker, betting, deal order, banker modes and offers, game end."""

import pytest
from _blackflower_helpers import act, nets, stacked_deck

from games.base import GameError, SeatInfo
from games.blackflower import GAME, Options
from games.blackflower.engine import banker_draw
from games.hanafuda import DECK, KIND
from games.shuffle import seeded_shuffle, sha256_hex


def seats(n, bots=False, balances=None):
    return [SeatInfo(name=f"S{i}", bot=bots, balance=None if balances is None else balances[i]) for i in range(n)]


def test_first_banker_draw_and_fair_shuffle():
    for n in (2, 5, 10):
        for seed in ("a", "b", "c"):
            banker, draws = banker_draw(seed, n)
            assert KIND[draws[-1]["card"]] == "L" and all(KIND[d["card"]] != "L" for d in draws[:-1])
            assert [d["seat"] for d in draws] == [k % n for k in range(len(draws))] and banker == draws[-1]["seat"]
            state = GAME.new_game(Options(), seats(n), seed)
            assert state.banker == banker
            start = GAME.opening_events(state)
            assert start[0].type == "banker_draw" and start[1].type == "round_start"
            round_seed = sha256_hex(f"{seed}:1")
            assert start[1].hash == sha256_hex(round_seed)


def test_deal_order_is_counter_clockwise_from_the_banker_right_and_deck_is_seeded():
    state = GAME.new_game(Options(), seats(5), "order", first_banker=2)
    for s in (1, 0, 4, 3):
        GAME.apply(state, s, "bet:10")
    assert state.order == [1, 0, 4, 3]
    deck = seeded_shuffle(sha256_hex("order:1"), 0, DECK)
    assert [state.hands[s][0].cards for s in (1, 0, 4, 3)] == [[deck[i], deck[i + 5]] for i in range(4)]
    assert state.banker_hand.cards == [deck[4], deck[9]]
    assert GAME.hidden_cards(state) == {2: [deck[4]]}
    assert GAME.public_view(state).banker_hand.cards == [None, deck[9]]


def test_sitting_out_skips_the_deal():
    state = GAME.new_game(Options(), seats(4), "sit", first_banker=0)
    assert GAME.to_act(state) == [1, 2, 3]
    GAME.apply(state, 2, "sit")
    GAME.apply(state, 3, "bet:15")
    assert state.phase == "betting" and GAME.to_act(state) == [1]
    with pytest.raises(GameError, match="already answered"):
        GAME.apply(state, 3, "bet:20")
    GAME.apply(state, 1, "bet:10")
    assert state.order == [3, 1] and state.hands[2] == []


def test_bet_limits_and_balance():
    state = GAME.new_game(Options(min_bet=10, max_bet=100), seats(3, balances=[1000, 55, 5]), "lim", first_banker=0)
    assert GAME.to_act(state) == [1]  # seat 2 cannot cover the minimum bet: it sits out
    legal = GAME.legal_actions(state, 1)
    assert legal[0] == "bet:10" and legal[-2] == "bet:55" and legal[-1] == "sit"
    with pytest.raises(GameError, match="only 55 chips"):
        GAME.apply(state, 1, "bet:60")
    with pytest.raises(GameError, match="minimum bet is 10"):
        GAME.apply(state, 1, "bet:9")
    with pytest.raises(GameError, match="banker does not bet"):
        GAME.apply(state, 0, "bet:10")
    assert GAME.illegal_reason(state, 2, "bet:10").startswith("You have 5 chips")


def test_nobody_bets_round_counts_and_banker_stays():
    state = GAME.new_game(Options(rounds=2, banker="rotate"), seats(3), "nobody", first_banker=1)
    GAME.apply(state, 0, "sit")
    events = GAME.apply(state, 2, "sit")
    assert [e.type for e in events][:2] == ["sit", "no_bets"]
    assert state.round == 2 and state.banker == 1 and state.phase == "betting"
    GAME.apply(state, 0, "sit")
    GAME.apply(state, 2, "sit")
    assert state.phase == "over" and nets(state) == [0, 0, 0]


def test_game_ends_when_nobody_can_cover_the_minimum():
    state = GAME.new_game(Options(), seats(2, balances=[1000, 9]), "broke", first_banker=0)
    assert state.phase == "over" and "minimum bet" in state.end_reason


def play_round(state, player_actions="stand"):
    """Bots bet the minimum and stand; the banker stands."""
    while state.phase == "betting":
        s = GAME.to_act(state)[0]
        GAME.apply(state, s, f"bet:{state.options.min_bet}")
    while state.phase in ("niko", "play", "banker", "banker_niko"):
        s = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, s)
        GAME.apply(state, s, "niko" if "niko" in legal else "stand")


def test_rotate_offers_clockwise_until_someone_accepts():
    state = GAME.new_game(Options(banker="rotate"), seats(4), "rot", first_banker=1)
    play_round(state)
    assert state.phase == "offer" and GAME.to_act(state) == [2]
    GAME.apply(state, 2, "decline")
    assert GAME.to_act(state) == [3]
    events = GAME.apply(state, 3, "accept")
    assert state.banker == 3 and state.phase == "betting" and "banker_change" in [e.type for e in events]


def test_rotate_everyone_declines_banker_keeps():
    state = GAME.new_game(Options(banker="rotate"), seats(3), "keep", first_banker=0)
    play_round(state)
    GAME.apply(state, 1, "decline")
    events = GAME.apply(state, 2, "decline")
    assert state.banker == 0 and "bank_kept" in [e.type for e in events] and state.phase == "betting"


def test_rotate_default_rounds_let_everyone_bank_once():
    state = GAME.new_game(Options(), seats(3, bots=True), "all", first_banker=0)
    bankers = []
    while state.phase != "over":
        bankers.append(state.banker)
        play_round(state)
        if state.phase == "offer":
            GAME.apply(state, state.offer, "accept")
    assert bankers == [0, 1, 2] and state.round == 3


def test_fixed_banker_keeps_the_bank():
    state = GAME.new_game(Options(banker="fixed", rounds=3), seats(3), "fix", first_banker=2)
    for _ in range(3):
        assert state.banker == 2
        play_round(state)
    assert state.phase == "over"


def test_winner_banker_goes_to_the_best_net_with_ties_clockwise_from_banker():
    # seat 2 (dealt first) wins 10 with 1L 10C1 = 11 against the banker's 10; seat 1 loses
    deck = stacked_deck([["1L", "10C1"], ["2A", "4A"]], ["1C1", "2C1"])
    state = GAME.new_game(Options(banker="winner", rounds=2), seats(3), "win", decks=[deck], first_banker=0)
    play_round(state)
    assert state.banker == 2 and state.last_round["nets"] == [0, -10, 10]
    # ties: nets [0, 0, 0] → the banker stays
    deck2 = stacked_deck([["1C2", "2C2"], ["3C1", "4C1"]], ["5C1", "6C1"])
    state = GAME.new_game(Options(banker="winner", rounds=2), seats(3), "tie", decks=[deck2], first_banker=0)
    play_round(state)
    assert state.last_round["nets"] == [0, 0, 0] and state.banker == 0
    # banker loses to both (10 vs 11 and 11): tie between seats 1 and 2 → seat 1 (first clockwise)
    deck3 = stacked_deck([["1L", "10C1"], ["3L", "10C2"]], ["1C1", "2C1"])
    state = GAME.new_game(Options(banker="winner", rounds=2), seats(3), "tie2", decks=[deck3], first_banker=0)
    play_round(state)
    assert state.last_round["nets"] == [-20, 10, 10] and state.banker == 1


def test_host_ends_an_open_ended_game():
    state = GAME.new_game(Options(rounds=0, banker="fixed"), seats(3), "open", first_banker=1)
    assert state.host == 0 and "end" in GAME.legal_actions(state, 0)
    for _ in range(3):
        play_round(state)
    assert state.round == 4 and state.phase == "betting"
    GAME.apply(state, 2, "bet:10")
    events = GAME.apply(state, 0, "end")
    assert state.phase == "over" and events[-1].type == "game_end"
    assert sum(state.chips) == sum(state.start_chips) and state.chips[2] == state.start_chips[2] + nets(state)[2]


def test_host_banker_deals_in_open_ended_game():
    state = GAME.new_game(Options(rounds=0, banker="fixed"), seats(2), "openb", first_banker=0)
    assert GAME.to_act(state) == [0, 1] and GAME.legal_actions(state, 0) == ["deal", "end"]
    GAME.apply(state, 1, "bet:10")
    assert state.phase == "betting"
    GAME.apply(state, 0, "deal")
    assert state.phase in ("play", "niko")


def test_timeouts_stand_claim_sit_and_decline():
    from games.blackflower.policy import bot_choose

    state = GAME.new_game(Options(), seats(3), "to", first_banker=0)
    v = GAME.view(state, 1)
    assert bot_choose(v, GAME.legal_actions(state, 1), 0) == "sit"  # a human who did not answer
    state = GAME.new_game(Options(), seats(3, bots=True), "to", first_banker=0)
    assert bot_choose(GAME.view(state, 1), GAME.legal_actions(state, 1), 0) == "bet:20"


def test_options_validation():
    with pytest.raises(ValueError):
        Options(min_bet=0)
    with pytest.raises(ValueError):
        Options(min_bet=50, max_bet=20)
    with pytest.raises(ValueError):
        Options(banker="random")
    from games.blackflower.options import parse_options

    with pytest.raises(GameError, match="Unknown Black Flower option 'jokers'"):
        parse_options({"jokers": True})
    with pytest.raises(GameError, match="2 to 10"):
        GAME.new_game(Options(), seats(11), "x")


def test_deck_running_out_stands_every_hand():
    # 10 players hitting to five cards exhaust the deck; nobody can draw from an empty deck
    state = GAME.new_game(Options(rounds=1), seats(10), "empty", first_banker=0)
    for s in GAME.to_act(state):
        GAME.apply(state, s, "bet:10")
    while state.phase in ("niko", "play"):
        s = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, s)
        act(state, "playon" if "playon" in legal else ("hit" if "hit" in legal else "stand"))
    assert state.phase in ("banker", "banker_niko", "offer", "over")
    assert all(len(h.cards) <= 5 for hs in state.hands for h in hs)
