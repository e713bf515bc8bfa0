"""Property tests over seeded bot games: tiles conserved, points conserved, no leaks, no exceptions."""

from __future__ import annotations

from games.sanma import GAME, engine
from games.sanma.options import Options
from games.sanma.simulate import conserved, play_game
from games.sanma.tiles import ALL_IDS
from tests.games._events_helpers import refusals


def all_tiles(state) -> list[int]:
    tiles = [t for h in state.hands for t in h]
    tiles += [t for ms in state.melds for m in ms for t in m.tiles]
    tiles += [t for k in state.kita for t in k]
    tiles += [r.tile for river in state.rivers for r in river if not r.called]
    tiles += state.wall[state.live_pos : state.live_end] + state.rinshan + state.wall[94:104]
    return tiles


def checker(counter):
    def check(state, events):
        counter["steps"] += 1
        if state.phase != "over":
            assert sorted(all_tiles(state)) == list(ALL_IDS)
            assert state.live == 55 - state.normal_draws - state.replacement_draws
        assert conserved(state) or state.phase == "over"
        hidden = engine.hidden_cards(state)
        pub = engine.public_view(state).model_dump_json()
        assert "hand_ids" not in pub and '"hand"' not in pub
        for e in events:
            if e.seat is None:
                assert (
                    "hand" not in e.fields()
                    and "tile" not in e.fields()
                    or e.type in ("discard", "call", "call_window", "kan_declared")
                ), e
        for s in engine.to_act(state):
            v = engine.view(state, s).model_dump()
            assert v["hand"] == hidden[s]
            assert all(k not in v for k in ("hands", "wall", "rinshan"))

    return check


def test_seeded_bot_games_conserve_everything():
    counter = {"steps": 0}
    for g in range(6):
        state, n = play_game(Options(east_only=True), f"prop-{g}", check=checker(counter))
        assert state.phase == "over" and state.final is not None
        total = sum(state.final["points"])
        assert total == 3 * 35000
        assert abs(sum(state.final["scores"])) < 1e-9
        r = GAME.result(state)
        assert sum(r.scores) == 0 and sorted(r.placings) == [1, 2, 3]
    assert counter["steps"] > 300


def test_illegal_actions_change_nothing():
    state = engine.new_game(Options(), ["a", "b", "c"], "illegal")
    kita = (0, "kita") if "kita" not in engine.legal_actions(state, 0) else (0, "x")
    moves = [(1, "d:1p"), (0, "d:5m"), (0, "ron"), (0, "pon"), (0, "d:xx"), (0, "r:1p"), (3, "d:1p"), (0, "ankan:1p")]
    for sentence in refusals(engine, state, [*moves, kita]):
        assert sentence and sentence[0].isupper()
