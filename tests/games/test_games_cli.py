"""The ``python -m games`` CLI, run as a subprocess."""

import json
import subprocess
import sys

from _koikoi_helpers import GAME, first, game

from games.koikoi.engine import opening_events


def run(*args):
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, timeout=120)


def calc(codes, *extra):
    p = run("calc", "koikoi", "--captured", codes, "--json", *extra)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_calc_examples():
    assert calc("1L 3L 12L") == {"points": 6, "value": 6, "yaku": [{"id": "sanko", "points": 6}], "sake_cup": None}
    out = calc("9A 2A 4A 8A 1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1")  # example 6
    assert out["points"] == 1 and out["yaku"] == [{"id": "kasu", "points": 1}] and out["sake_cup"] == "C"
    out = calc("1r, 2r, 3r, 6r, 9r, 10r")  # example 12, lower case and commas
    assert out["points"] == 14 and [y["id"] for y in out["yaku"]] == ["akatan", "aotan", "tan"]
    assert calc("3L 8L 9A")["points"] == 0  # example 16, option off
    out = calc("3L 8L 9A 2A 4A 5A 8A", "--viewing-yaku")  # example 17
    assert out["points"] == 11 and out["sake_cup"] == "A"


def test_calc_readable():
    p = run("calc", "koikoi", "--captured", "1L 3L 8L 12L")
    assert p.returncode == 0 and "Shiko 8" in p.stdout


def test_calc_bad_code():
    p = run("calc", "koikoi", "--captured", "1L 11C1 3L", "--json")
    assert p.returncode == 2
    assert "11C1" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert p.stdout == ""


def test_unknown_game():
    p = run("calc", "nope", "--captured", "1L")
    assert p.returncode == 2 and "nope" in p.stderr


def test_simulate_json():
    p = run("simulate", "koikoi", "--players", "3", "--months", "2", "--games", "20", "--seed", "7", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    for k in ("games", "actions", "seconds", "zero_sum", "errors"):
        assert k in out
    assert out["games"] == 20 and out["errors"] == 0 and out["zero_sum"] is True and out["actions"] > 0
    p = run("simulate", "koikoi", "--players", "2", "--toppa", "--months", "1", "--games", "5", "--json")
    assert json.loads(p.stdout)["errors"] == 0


def test_simulate_bad_options():
    p = run("simulate", "koikoi", "--players", "3", "--toppa", "--games", "1", "--json")
    assert p.returncode == 2 and "toppa" in p.stderr


def _revealed_pair(players=2):
    s = game(players, seed="cli-verify")
    start = first(opening_events(s), "round_start").fields()
    # finish round 1 by playing bots until its round_end appears
    from games.koikoi.policy import bot_choose

    i = 0
    while True:
        seat = s.turn
        ev = GAME.apply(s, seat, bot_choose(GAME.view(s, seat), GAME.legal_actions(s, seat), i))
        i += 1
        ends = [e for e in ev if e.type == "round_end"]
        if ends:
            return start, ends[0].fields(), s


def test_verify_round_trip():
    start, end, _ = _revealed_pair()
    assert end["hash"] == start["hash"]
    p = run("verify", "koikoi", "--seed", end["seed"], "--hash", start["hash"], "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["ok"] is True
    first_attempt = out["attempts"][0]
    assert len(first_attempt["deck"]) == 48
    assert set(first_attempt["hands"]) == {"Oya", "Ko"}
    assert len(first_attempt["table"]) == 8 and len(first_attempt["pile"]) == 24
    p = run("verify", "koikoi", "--seed", end["seed"], "--hash", start["hash"])
    assert p.returncode == 0 and "Oya" in p.stdout and "table" in p.stdout


def test_verify_matches_the_engine_deal():
    # the deal printed by verify is the deal the engine made (no injected deck, seeded Oya draw)
    from games.base import SeatInfo
    from games.koikoi import Options

    s = GAME.new_game(Options(players=3), [SeatInfo(name=str(i)) for i in range(3)], "verify-3p")
    p = run("verify", "koikoi", "--seed", s.round_seed, "--hash", s.round_hash, "--players", "3", "--json")
    out = json.loads(p.stdout)
    last = out["attempts"][-1]
    assert len(out["attempts"]) == s.attempt + 1
    if s.round == 1:
        assert last["table"] == s.field
        roles = GAME.public_view(s).roles
        for seat in range(3):
            assert sorted(last["hands"][roles[seat]]) == sorted(s.hands[seat])


def test_verify_redeal_prints_next_attempt():
    # find a seed whose first attempt needs a redeal
    import hashlib

    from games.hanafuda import DECK
    from games.koikoi.rounds import deal, redeal_reason
    from games.shuffle import seeded_shuffle

    for k in range(5000):
        seed = hashlib.sha256(f"r{k}".encode()).hexdigest()
        _, table, _ = deal(seeded_shuffle(seed, 0, DECK), "2p", [0, 1])
        if redeal_reason(table):
            break
    else:  # pragma: no cover
        raise AssertionError("no redeal seed found")
    h = hashlib.sha256(seed.encode()).hexdigest()
    out = json.loads(run("verify", "koikoi", "--seed", seed, "--hash", h, "--json").stdout)
    assert out["attempts"][0]["redeal"] and len(out["attempts"]) >= 2
    p = run("verify", "koikoi", "--seed", seed, "--hash", h)
    assert "redeal" in p.stdout and "Deal attempt 1" in p.stdout


def test_verify_wrong_hash():
    start, end, _ = _revealed_pair()
    p = run("verify", "koikoi", "--seed", end["seed"], "--hash", "0" * 64)
    assert p.returncode == 1
    assert "mismatch" in p.stderr.lower()
