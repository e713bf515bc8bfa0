"""Seeded bot games of Black Christmas Poker with invariants checked after every action."""

import random
from collections import Counter

import pytest

from games.bcpoker import GAME, Options
from games.bcpoker.cards import CODES, make_deck
from games.bcpoker.engine import legal_actions, load, new_game, to_act, view
from games.bcpoker.simulate import play_game
from tests.games.test_contract import strings

# public events and the fields that may name a card (all of them public cards)
PUBLIC_CARD_FIELDS = {
    "discard": {"card"},
    "draw": {"card"},
    "black_christmas": {"card", "under"},
    "rebuild": {"top"},
    "win": {"hand"},
    "round_end": {"wins", "indicator", "dora"},
}


class Checker:
    def __init__(self, deep_every=3):
        self.steps = 0
        self.rounds = 0
        self.deep_every = deep_every
        self.kinds = Counter()
        self.events = Counter()

    def __call__(self, state, events):
        self.steps += 1
        conserved(state)
        self.zero_sum(state, events)
        public_events_name_no_concealed_card(events)
        if state.phase == "over":
            assert to_act(state) == []
            return
        hands_and_turns(state)
        if self.steps % self.deep_every == 0:
            self.views_blind(state)

    def zero_sum(self, state, events):
        for e in events:
            self.events[e.type] += 1
            if e.type == "round_end":
                self.rounds += 1
                assert sum(e.payments) == 0
                for w in e.fields()["wins"]:
                    self.kinds[w["kind"]] += 1
                    assert w["value"] > 0 and w["total"] > 0
                assert len(e.fields()["wins"]) <= 2
        assert sum(state.scores) == 0

    def views_blind(self, state):
        """A view depends only on what the seat may know: deal the hidden cards anew, same view."""
        n, rng = state.players, random.Random(self.steps)
        for seat in {to_act(state)[0], rng.randrange(n)}:
            v = view(state, seat)
            other = load(state.model_dump_json())
            pool = [c for s in range(n) if s != seat for c in other.hands[s]]
            pool += [c for c in other.deck]
            rng.shuffle(pool)
            it = iter(pool)
            for s in range(n):
                if s != seat:
                    other.hands[s] = [next(it) for _ in other.hands[s]]
            other.deck = list(it)
            assert view(other, seat) == v, "a view depends on cards the seat cannot see"
            assert GAME.public_view(other) == GAME.public_view(state)


def conserved(state):
    """The cards are conserved: 36 or 72, each code as often as it exists."""
    cards = [c for h in state.hands for c in h] + state.pile + state.deck
    full = make_deck(state.decks)
    assert len(full) == (36 if state.players <= 3 else 72)
    assert Counter(cards) == Counter(full), "cards not conserved"
    assert len(state.pile) == len(state.pile_named)


def public_events_name_no_concealed_card(events):
    for e in events:
        if e.seat is not None:
            continue
        allowed = PUBLIC_CARD_FIELDS.get(e.type, set())
        for key, value in e.fields().items():
            if key not in allowed:
                assert not set(strings(value)) & set(CODES), (e.type, key, value)
        if e.type == "draw":
            assert (e.source == "pile") == ("card" in e.fields())


def hands_and_turns(state):
    """Hand sizes, and who acts: each seat to act has a legal move, every other seat none."""
    acting = to_act(state)
    for s in range(state.players):
        size = len(state.hands[s])
        if s == state.turn and state.phase in ("discard", "hit_riichi", "hit_decide"):
            assert size == 8
        elif s == state.turn and state.phase == "exchange":
            assert size == 8 - len(state.exchanged)
        else:
            assert size == 7
    assert acting and all(legal_actions(state, s) for s in acting)
    for s in range(state.players):
        if s not in acting:
            assert legal_actions(state, s) == []


RUNS = [
    (2, dict(lead_rounds=1), 24),
    (3, dict(), 12),
    (5, dict(lead_rounds=1), 8),
    (7, dict(lead_rounds=1), 5),
    (3, dict(riichi_required=False, lead_rounds=1), 8),
    (4, dict(black_christmas=False, special_hands=False, lead_rounds=1), 5),
    (3, dict(max_reshuffles=0, lead_rounds=1), 6),
    (3, dict(max_reshuffles=1, lead_rounds=1), 6),
]


@pytest.mark.parametrize(
    "players, opts, games", RUNS, ids=[f"{p}p-{'-'.join(f'{k}={v}' for k, v in o.items())}" for p, o, _ in RUNS]
)
def test_bot_games_invariants(players, opts, games):
    options = Options(**opts)
    kinds = Counter()
    events = Counter()
    for g in range(games):
        checker = Checker()
        state, actions = play_game(options, players, f"bcp-{players}-{g}", checker)
        assert GAME.is_over(state)
        res = GAME.result(state)
        assert sum(res.scores) == 0 and len(res.placings) == players
        assert all(c >= options.lead_rounds for c in state.lead_counts)
        assert checker.rounds == len(state.rounds) == sum(state.lead_counts)
        kinds.update(checker.kinds)
        events.update(checker.events)
    if opts.get("black_christmas", True):
        assert events["black_christmas"] > 0
    assert sum(kinds.values()) > 0


def test_all_features_show_up_in_bot_play():
    options = Options(lead_rounds=1)
    kinds, events = Counter(), Counter()
    chains = exchanges = riichi = 0

    def check(state, evs):
        nonlocal chains, exchanges, riichi
        for e in evs:
            events[e.type] += 1
            if e.type == "discard" and e.seat is None:
                chains += e.chain
                riichi += e.riichi
            if e.type == "round_end":
                for w in e.fields()["wins"]:
                    kinds[w["kind"]] += 1

    for g in range(10):
        play_game(options, 3, f"features-{g}", check)
    assert chains and riichi and events["exchange"] and events["rebuild"] >= 0
    assert kinds["ron"] and kinds["tsumo"]


def test_fair_shuffle_commitment():
    s = new_game(None, ["a", "b", "c"], "fair")
    start = next(e for e in GAME.opening_events(s) if e.type == "round_start")
    import hashlib

    from games.bcpoker.rounds import deal, round_deck

    state, _ = play_game(Options(lead_rounds=1), 3, "fair")
    first = state.rounds[0]
    assert hashlib.sha256(first["seed"].encode()).hexdigest() == first["hash"]
    assert start.hash == hashlib.sha256(s.round_seed.encode()).hexdigest()
    hands, deck = deal(round_deck(s.round_seed, 1), s.lead, 3)
    assert hands == s.hands and deck == s.deck
    assert "seed" not in start.fields()
