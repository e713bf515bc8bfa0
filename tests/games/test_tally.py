"""Each statistic of the player pages equals a count made here, independently, from the events of
seeded bot games as they were played (dumped to plain dicts); the statistics themselves are counted
from a replay of the games' action logs (games/tally.py and each game's tally.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games import get_game
from games.simulate import bot_seats
from games.tally import Line, module, replay, tally, total

PLAYERS = {"sanma": 3, "koikoi": 2, "hachihachi": 4, "blackflower": 4, "bcpoker": 4}
GAMES = {"sanma": 8, "koikoi": 8, "hachihachi": 6, "blackflower": 40, "bcpoker": 8}
# The bots rarely go on after a yaku; every other time they may, these games' seats do.
GO_ON = {"koikoi": "koikoi", "hachihachi": "sage"}


def played(name: str, seed: str) -> tuple[list[tuple[int, str]], list[dict[str, Any]]]:
    """A bot game: its action log and every event it gave, as plain dicts."""
    game = get_game(name)
    players = PLAYERS[name]
    seats = bot_seats(players, [3000] * players if game.uses_balances else None)
    state = game.new_game(game.Options(**options(name)), seats, seed)
    events = [e.model_dump() for e in game.opening_events(state)]
    log: list[tuple[int, str]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = game.bot_choose(game.view(state, seat), legal, len(log))
        if GO_ON.get(name) in legal and len(log) % 2:
            action = GO_ON[name]
        events += [e.model_dump() for e in game.apply(state, seat, action)]
        log.append((seat, action))
    return log, events


def options(name: str) -> dict[str, Any]:
    return {"players": PLAYERS[name]} if "players" in get_game(name).Options.model_fields else {}


# ----------------------------------------------------------------------------- the independent counts


def count_sanma(events: list[dict], n: int) -> list[Counter]:
    seats = [Counter() for _ in range(n)]
    hand: list[dict] = []
    for e in events:
        hand.append(e)
        if e["type"] != "hand_end":
            continue
        out = e["outcome"]
        for s in range(n):
            seats[s]["hands"] += 1
            if any(x["type"] == "riichi" and x["player"] == s for x in hand):
                seats[s]["riichi"] += 1
            if any(x["type"] == "call" and x["player"] == s and x["meld"] in ("pon", "daiminkan") for x in hand):
                seats[s]["calls"] += 1
            seats[s]["kita"] += sum(1 for x in hand if x["type"] == "kita" and x["player"] == s)
            if out["type"] == "exhaustive":
                seats[s]["draws"] += 1
                if s in out["tenpai"]:
                    seats[s]["draw_tenpai"] += 1
            if out["type"] == "win":
                mine = [w for w in out["wins"] if w["winner"] == s]
                seats[s]["wins"] += len(mine)
                seats[s]["tsumo"] += len([w for w in mine if w["kind"] == "tsumo"])
                seats[s]["win_points"] += sum(w["points"] for w in mine)
                fed = [w for w in out["wins"] if w["kind"] == "ron" and w["from_seat"] == s]
                if fed:
                    seats[s]["deal_ins"] += 1
                    seats[s]["deal_in_points"] += sum(w["points"] for w in fed)
        hand = []
    return seats


def count_koikoi(events: list[dict], n: int) -> list[Counter]:
    seats = [Counter() for _ in range(n)]
    for end in (e for e in events if e["type"] == "round_end"):
        for s in range(n):
            seats[s]["months"] += 1
            if s in end["winner_seats"]:
                seats[s]["months_won"] += 1
        for y in end["yaku"]:
            seats[end["winner"]]["yaku:" + y["name"]] += 1
        for call in end["calls"]:
            seats[call["seat"]]["koikoi"] += 1
            if end["winner_side"] == call["side"]:
                seats[call["seat"]]["koikoi_paid"] += 1
    return seats


def count_hachihachi(events: list[dict], n: int) -> list[Counter]:
    from games.hachihachi.combos import combo_name

    seats = [Counter() for _ in range(n)]
    month: list[dict] = []
    for e in events:
        month.append(e)
        if e["type"] == "declare":
            for c in filter(None, [e["kasu"], e["suit"]]):
                seats[e["player"]]["combo:" + combo_name(c)] += 1
        if e["type"] == "combo":
            for c in e["new"]:
                seats[e["player"]]["combo:" + combo_name(c)] += 1
        if e["type"] != "month_end":
            continue
        for s in e["active"]:
            seats[s]["months"] += 1
        if e["winner"] is not None:
            seats[e["winner"]]["months_won"] += 1
        for call in (x for x in month if x["type"] == "sage"):
            seats[call["player"]]["sage"] += 1
            if call["player"] == e["winner"]:
                seats[call["player"]]["sage_paid"] += 1
        month = []
    return seats


SPECIAL_TITLES = {"san-ko": "San-Ko", "ni-ko": "Ni-Ko", "shi-tan": "Shi-Tan", "tane": "Tane"}


def count_blackflower(events: list[dict], n: int) -> list[Counter]:
    seats = [Counter() for _ in range(n)]
    for e in events:
        if e["type"] == "settle":
            seats[e["player"]]["hands"] += 1
            seats[e["player"]]["hands_won"] += e["result"] == "win"
            seats[e["player"]]["pushes"] += e["result"] == "push"
        elif e["type"] in ("bust", "banker_bust"):
            seats[e["player"]]["busts"] += 1
        elif e["type"] in ("stand", "banker_stand") and e["special"] is not None:
            seats[e["player"]]["specials"] += 1
            seats[e["player"]]["special:" + SPECIAL_TITLES[e["special"]]] += 1
        elif e["type"] == "round_end":
            for s in range(n):
                if e["dealt"] and (e["stakes"][s] > 0 or e["banker"] == s):
                    seats[s]["rounds"] += 1
                if e["nets"][s] > 0:
                    seats[s]["rounds_won"] += 1
    return seats


def count_bcpoker(events: list[dict], n: int) -> list[Counter]:
    seats = [Counter() for _ in range(n)]
    round_events: list[dict] = []
    for i, e in enumerate(events):
        round_events.append(e)
        if e["type"] == "black_christmas":
            fired_by = next(x for x in reversed(events[:i]) if x["type"] == "discard")
            assert fired_by["player"] == e["by"]
            seats[e["by"]]["bc_chained" if fired_by["chain"] else "bc_started"] += 1
            seats[e["target"]]["bc_hit"] += 1
        if e["type"] != "round_end":
            continue
        for s in range(n):
            seats[s]["rounds"] += 1
            if any(x["type"] == "discard" and x["player"] == s and x["riichi"] for x in round_events):
                seats[s]["riichi"] += 1
        for w in e["wins"]:
            seats[w["winner"]]["wins"] += 1
            if w["kind"] in ("tsumo", "ron"):
                seats[w["winner"]][w["kind"]] += 1
        round_events = []
    return seats


INDEPENDENT = {
    "sanma": count_sanma,
    "koikoi": count_koikoi,
    "hachihachi": count_hachihachi,
    "blackflower": count_blackflower,
    "bcpoker": count_bcpoker,
}
# Statistics that the seeded games must exercise, so that a count stuck at zero cannot pass.
SEEN = {
    "sanma": ["wins", "tsumo", "deal_ins", "riichi", "calls", "kita", "draws", "draw_tenpai"],
    "koikoi": ["months_won", "koikoi", "koikoi_paid"],
    "hachihachi": ["months_won", "sage"],
    "blackflower": ["rounds_won", "pushes", "busts", "specials"],
    "bcpoker": ["tsumo", "ron", "riichi", "bc_started", "bc_chained", "bc_hit"],
}


def nonzero(counts: Counter) -> dict[str, int]:
    return {k: v for k, v in counts.items() if v}


@pytest.mark.parametrize("name", list(PLAYERS))
def test_statistics_equal_independent_counts_of_the_events(name: str) -> None:
    n = PLAYERS[name]
    game = get_game(name)
    seats = bot_seats(n, [3000] * n if game.uses_balances else None)
    summed = [Counter() for _ in range(n)]
    for number in range(GAMES[name]):
        seed = f"tally-{name}-{number}"
        log, events = played(name, seed)
        counted = tally(name, replay(name, options(name), seats, seed, log), n)
        expected = INDEPENDENT[name](events, n)
        assert [nonzero(c) for c in counted] == [nonzero(c) for c in expected], f"game {seed}"
        for s in range(n):
            summed[s].update(counted[s])
    everyone = total(summed)
    missing = [key for key in SEEN[name] if not everyone[key]]
    assert not missing, f"the seeded {name} games never exercised {missing}"
    if module(name).FREQUENCIES:
        prefix = module(name).FREQUENCIES[0].prefix
        assert any(key.startswith(prefix) for key in everyone)


def test_a_line_is_a_count_a_rate_or_an_average() -> None:
    counts = Counter({"wins": 3, "hands": 12, "points": 23000})
    assert Line("Win rate", "wins", "hands", "rate").text(counts) == "25.0% (3/12)"
    assert Line("Average win", "points", "wins", "average").text(counts) == "7,667"
    assert Line("Hands", "hands").text(counts) == "12"
    assert Line("Deal-in rate", "deal_ins", "nothing", "rate").text(counts) == "—"
