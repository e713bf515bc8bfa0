"""``python -m games verify <game>`` for Sanma, Hachi-Hachi and Black Flower: a seed revealed by a
seeded game, checked against the hash the game showed, gives the deal the game made."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from games import get_game
from games.base import SeatInfo


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, timeout=120)


def revealed_seed(events: list[dict]) -> str | None:
    """The seed an event reveals (Sanma's hand end holds it in its outcome)."""
    for e in events:
        if seed := e.get("seed") or (e.get("outcome") or {}).get("seed"):
            return seed
    return None


def first_deal(
    game: str, players: int, seed: str, needs: str, prefer: dict[int, str] | None = None, **options: Any
) -> list[dict]:
    """The events of a seeded game by bots (each seat playing its ``prefer`` action when it may) of the first round
    that has a ``needs`` event, from its ``round_start`` to the event that reveals its seed."""
    g = get_game(game)
    seats = [SeatInfo(name=f"p{i}", balance=1000) for i in range(players)]
    if "players" in g.Options.model_fields:
        options.setdefault("players", players)
    state = g.new_game(g.Options(**options), seats, seed)
    events = [e.model_dump() for e in g.opening_events(state)]
    for step in range(20000):
        starts = [i for i, e in enumerate(events) if e["type"] == "round_start"]
        for a, b in zip(starts, starts[1:] + [len(events)]):
            window = events[a:b]
            ends = [i for i, e in enumerate(window) if revealed_seed([e])]
            if ends and any(e["type"] == needs for e in window[: ends[0]]):
                return window[: ends[0] + 1]
        seat = g.to_act(state)[0]
        legal = g.legal_actions(state, seat)
        wanted = (prefer or {}).get(seat)
        action = wanted if wanted in legal else g.bot_choose(g.view(state, seat), legal, step)
        events += [e.model_dump() for e in g.apply(state, seat, action)]
    raise AssertionError("no dealt round revealed its seed")


def firsts(events: list[dict], kind: str, key: str) -> dict[int, Any]:
    """Per seat, the first private event of ``kind`` (the next deal follows the revealing event)."""
    out: dict[int, Any] = {}
    for e in events:
        if e["type"] == kind:
            out.setdefault(e["seat"], e[key])
    return out


def one(events: list[dict], kind: str) -> dict:
    return next(e for e in events if e["type"] == kind)


def verified(game: str, events: list[dict], *extra: str) -> dict:
    seed = revealed_seed(events)
    p = run("verify", game, "--seed", seed, "--hash", one(events, "round_start")["hash"], "--json", *extra)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["ok"] is True and out["seed"] == seed
    text = run("verify", game, "--seed", seed, "--hash", one(events, "round_start")["hash"], *extra)
    assert text.returncode == 0 and text.stdout.startswith("OK: sha256(seed) matches the hash")
    wrong = run("verify", game, "--seed", seed, "--hash", "0" * 64)
    assert wrong.returncode == 1 and "mismatch" in wrong.stderr.lower()
    return out


def test_verify_sanma_shows_the_wall_the_hand_was_dealt_from():
    events = first_deal("sanma", 3, "verify-sanma", "dealt")
    out = verified("sanma", events)
    start = one(events, "round_start")
    dealt = firsts(events, "dealt", "hand")
    winds = ["east", "south", "west"]  # the dealer is East
    for k, wind in enumerate(winds):
        assert sorted(out["parts"][wind]) == sorted(dealt[(start["dealer"] + k) % 3])
    assert out["parts"]["dora_indicators"][0] == start["dora_indicators"][0]
    assert len(out["wall"]) == 108


@pytest.mark.parametrize("players", [4, 7])  # seven players: the blank card's holder lays out the table
def test_verify_hachihachi_shows_the_month_deal(players):
    events = first_deal("hachihachi", players, "verify-hh", "your_hand")
    start, deal = one(events, "round_start"), one(events, "deal")
    out = verified("hachihachi", events, "--players", str(players), "--dealer", str(start["dealer"] + 1))
    assert len(out["attempts"]) == deal["attempts"]
    last = out["attempts"][-1]
    assert sorted(last["table"]) == sorted(deal["table"])
    hands = firsts(events, "your_hand", "hand")
    shown = {int(s) - 1: sorted(h) for s, h in last["hands"].items() if h}
    assert shown == {s: sorted(h) for s, h in hands.items()}
    assert (last["blank"] is not None) == (players == 7)
    if players == 7:
        assert deal["blank"] == last["blank"] - 1


def test_verify_blackflower_shows_the_round_deal():
    bets = {0: "sit", 1: "bet:10", 2: "bet:20", 3: "bet:10"}
    events = first_deal("blackflower", 4, "verify-bf", "deal", prefer=bets)
    deal = one(events, "deal")
    assert deal["banker"] != 0 and 0 not in deal["order"]  # a seat that did not bet is left out of the deal
    sitting_out = [str(s + 1) for s in range(4) if s != deal["banker"] and s not in deal["order"]]
    out = verified(
        "blackflower", events, "--players", "4", "--banker", str(deal["banker"] + 1), "--no-bet", " ".join(sitting_out)
    )
    assert out["order"] == [s + 1 for s in deal["order"]]
    assert out["hands"] == {str(h["seat"] + 1): h["cards"] for h in deal["hands"]}
    assert out["banker_cards"][1] == deal["banker_up"]
    assert out["banker_cards"][0] == one(events, "banker_reveal")["card"]
    plain = verified("blackflower", events)  # without the seats, the deck alone: first cards first
    first_cards = [out["hands"][str(s)][0] for s in out["order"]] + [out["banker_cards"][0]]
    assert len(plain["deck"]) == 48 and plain["deck"][: len(first_cards)] == first_cards


def test_verify_blackflower_refuses_a_table_black_flower_is_not_played_by():
    events = first_deal("blackflower", 4, "verify-bf", "deal", prefer={0: "sit", 1: "bet:10", 2: "bet:20", 3: "bet:10"})
    seed = revealed_seed(events)
    assert seed is not None
    hashed = one(events, "round_start")["hash"]
    p = run("verify", "blackflower", "--seed", seed, "--hash", hashed, "--players", "11", "--banker", "1")
    assert p.returncode == 2 and "Black Flower is played by 2 to 10 players, not 11." in p.stderr
