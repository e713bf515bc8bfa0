"""``python -m games calc|simulate hachihachi`` as a subprocess."""

import json
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, timeout=120)


def js(*args):
    p = run(*args, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_calc_hand():
    assert js("calc", "hachihachi", "--hand", "12C1 12C2 12C3 11L 11C 1C1 1C2") == {
        "kasu": {"id": "karasu", "kan": 4},
        "suit": {"id": "haneken", "kan": 8},
        "kan": 12,
    }
    assert js("calc", "hachihachi", "--hand", "5a 5r 5c1 7r 7c1 7c2 1l") == {
        "kasu": None,
        "suit": {"id": "futasanbon", "kan": 8},
        "kan": 8,
    }
    assert js("calc", "hachihachi", "--hand", "12L 12C1 12C2 1C1 2C1 3C1 5C1")["kasu"] == {"id": "hikariichi", "kan": 4}
    assert js("calc", "hachihachi", "--hand", "1L 3L 8L 12L 1R 2R 3R") == {"kasu": None, "suit": None, "kan": 0}


def test_calc_captured():
    assert js("calc", "hachihachi", "--captured", "1L 3L 8L 11L 12L 1R 2R 3R") == {
        "card_points": 115,
        "dekiyaku": [{"id": "goko", "kan": 12}, {"id": "akatan", "kan": 7}],
        "kan": 19,
    }
    out = js("calc", "hachihachi", "--captured", "1R 2R 3R 4R 5R 6R 7R 9R")
    assert out["dekiyaku"] == [{"id": "akatan", "kan": 7}, {"id": "nanatan", "kan": 11}]  # E11: 18 Kan


def test_calc_errors_are_one_sentence():
    p = run("calc", "hachihachi", "--hand", "1L 3L")
    assert p.returncode == 2 and "7 cards" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    p = run("calc", "hachihachi", "--captured", "1L 13C")
    assert p.returncode == 2 and "13C" in p.stderr


def test_simulate():
    out = js("simulate", "hachihachi", "--players", "5", "--games", "5", "--seed", "7")
    assert out["games"] == 5 and out["errors"] == 0 and out["conserved"] is True
    p = run("simulate", "hachihachi", "--players", "2", "--games", "1")
    assert p.returncode == 2 and "3 to 7" in p.stderr
