"""Replay a Tenhou sanma log (mjlog XML) through the engine (docs/rules/sanma.md §12).

Each hand's wall is rebuilt from the log (deal, draws in order, first dora indicator, ura
indicator when shown; the rest filled with the unused tiles), then every draw, discard,
riichi, call, kita and win of the log is fed to the engine, which must find each one legal.
Scores at every ``INIT``, every hand's deltas and the final scores are compared with the log.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from games.base import GameError, SeatInfo
from games.sanma import engine, tenhou_json
from games.sanma.actions import Word
from games.sanma.options import Options
from games.sanma.tiles import ALL_IDS, tile_code

DRAW = {"T": 0, "U": 1, "V": 2}
DISCARD = {"D": 0, "E": 1, "F": 2}


class ReplayError(Exception):
    pass


def decode_meld(who: int, m: int) -> dict[str, Any]:
    """The ``m`` attribute of an ``N`` tag (docs/rules/sanma.md §12)."""
    if m & 0x04:
        return {"type": "chii"}
    if m & 0x08 or m & 0x10:
        t = m >> 9
        kind = (t // 3)
        return {"type": "pon" if m & 0x08 else "shouminkan", "kind": kind, "from": (who + (m & 3)) % 4,
                "added": (m >> 5) & 3}
    if m & 0x20:
        return {"type": "kita", "tile": m >> 8}
    tile = m >> 8
    return {"type": "daiminkan" if m & 3 else "ankan", "kind": tile // 4, "tile": tile, "from": (who + (m & 3)) % 4}


def engine_round(tenhou_round: int) -> int:
    """Tenhou numbers sanma rounds as a 4-player game: 0-2 East 1-3, 4-6 South 1-3 (docs/rules/sanma.md §12)."""
    if tenhou_round in (0, 1, 2):
        return tenhou_round
    if tenhou_round in (4, 5, 6):
        return tenhou_round - 1
    raise ReplayError(f"INIT round index {tenhou_round} does not exist in sanma (0-2 East, 4-6 South)")


def log_rounding(owari: str | None) -> str:
    """The §8 ``final_rounding`` a log used: any score with a decimal fraction means ``none``."""
    if not owari:
        return "none"
    scores = [float(x) for x in owari.split(",")[1::2]]
    return "none" if any(x != int(x) for x in scores) else "tenhou"


def _owari(hand: list[ET.Element]) -> str | None:
    return next((t.get("owari") for t in hand if t.get("owari")), None)


def _ints(s: str | None) -> list[int]:
    return [int(x) for x in s.split(",")] if s else []


def parse(text: str) -> list[ET.Element]:
    """The tags of an mjlog XML text, or of a Tenhou JSON log read as those tags
    (``games/sanma/tenhou_json.py``); anything else is a ReplayError naming what it is."""
    if text.lstrip().startswith(("{", "[")):
        try:
            return tenhou_json.to_mjlog(json.loads(text))
        except json.JSONDecodeError as e:
            raise ReplayError(f"this is not readable JSON ({e})") from None
        except tenhou_json.LogError as e:
            raise ReplayError(str(e)) from None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise ReplayError(f"this is not a readable mjlog XML file ({e})") from None
    return list(root)


def _hands(tags: list[ET.Element]) -> list[list[ET.Element]]:
    hands: list[list[ET.Element]] = []
    for tag in tags:
        if tag.tag == "INIT":
            hands.append([tag])
        elif hands:
            hands[-1].append(tag)
    return hands


def build_wall(hand: list[ET.Element]) -> list[int]:
    init = hand[0]
    seed = _ints(init.get("seed"))
    dealer = int(init.get("oya"))
    wall: list[int | None] = [None] * 108
    for k in range(3):
        tiles = _ints(init.get(f"hai{(dealer + k) % 3}"))
        if len(tiles) != 13:
            raise ReplayError(f"INIT hai{(dealer + k) % 3} does not hold 13 tiles")
        wall[13 * k: 13 * k + 13] = tiles
    wall[94] = seed[5]
    normal = replacement = kan_dora = 0
    after_call: set[int] = set()
    for tag in hand[1:]:
        name = tag.tag
        if name[0] in DRAW and name[1:].isdigit():
            seat = DRAW[name[0]]
            tile = int(name[1:])
            if seat in after_call:
                pos = 104 + replacement if replacement < 4 else 97 - replacement
                replacement += 1
                after_call.discard(seat)
            else:
                pos = 39 + normal
                normal += 1
            wall[pos] = tile
        elif name == "N":
            meld = decode_meld(int(tag.get("who")), int(tag.get("m")))
            if meld["type"] in ("kita", "ankan", "daiminkan", "shouminkan"):
                after_call.add(int(tag.get("who")))
        elif name == "AGARI":
            for i, t in enumerate(_ints(tag.get("doraHai"))[1:5]):  # kan dora shown with no DORA tag
                if wall[95 + i] is None:
                    wall[95 + i] = t
            for i, t in enumerate(_ints(tag.get("doraHaiUra"))):
                wall[99 + i] = t
        elif name == "DORA":  # kan-dora indicators follow the first one (wall 94) in the dead wall
            if kan_dora >= 4:
                raise ReplayError("more than four kan-dora indicators in one hand")
            wall[95 + kan_dora] = int(tag.get("hai"))
            kan_dora += 1
    used = [t for t in wall if t is not None]
    if len(set(used)) != len(used):
        raise ReplayError("a tile id occurs twice in one hand of the log")
    rest = iter(sorted(set(ALL_IDS) - set(used)))
    return [t if t is not None else next(rest) for t in wall]


def _replay_tags(tags: list[ET.Element]) -> dict[str, Any]:
    go = next((t for t in tags if t.tag == "GO"), None)
    if go is not None and not int(go.get("type", "0")) & 0x10:
        raise ReplayError("this is not a three-player (sanma) log")
    hands = _hands(tags)
    if not hands:
        raise ReplayError("the log has no INIT tag")
    go_type = int(go.get("type", "0")) if go is not None else 0x08
    owari = _owari(hands[-1])
    options = Options(red_fives=not go_type & 0x02, east_only=not go_type & 0x08, final_rounding=log_rounding(owari))
    walls = [build_wall(h) for h in hands]
    state = engine.new_game(options, [SeatInfo(name=f"seat {i}") for i in range(3)], "replay", walls=walls)
    out_hands = []
    for index, hand in enumerate(hands):
        out_hands.append(_replay_hand(state, index, hand))
    final = state.final
    ok = all(h["ok"] for h in out_hands)
    first = next((h["problems"][0] for h in out_hands if h["problems"]), None)
    result: dict[str, Any] = {"ok": ok, "first_divergence": first, "final_rounding": options.final_rounding,
                              "hands": out_hands, "final_scores": list(state.scores),
                              "final": final["scores"] if final else None, "game_over": state.phase == "over",
                              "end_reason": final["reason"] if final else None}
    if owari:
        vals = [float(x) for x in owari.split(",")]
        log_points = [int(vals[2 * i]) * 100 for i in range(3)]
        log_final = [vals[2 * i + 1] for i in range(3)]
        result["log_final_scores"] = log_points
        result["log_final"] = log_final
        result["ok"] = ok and state.phase == "over" and log_points == list(state.scores) and final and \
            [float(x) for x in final["scores"]] == log_final
        if ok and not result["ok"]:
            result["first_divergence"] = (f"end of game: log points {log_points}, scores {log_final}; engine points "
                                          f"{list(state.scores)}, scores {final['scores'] if final else None} "
                                          f"(phase {state.phase})")
    return result


def replay_file(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ReplayError("this is not a text file (a Tenhou mjlog is UTF-8 XML)") from None
    return replay_text(text)


def replay_text(text: str) -> dict[str, Any]:
    """Replay a log text; a tag with a missing or unreadable attribute is a ReplayError naming it."""
    try:
        return _replay_tags(parse(text))
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, StopIteration) as e:
        raise ReplayError(f"the log is malformed: a tag lacks an attribute or holds an unreadable value "
                          f"({type(e).__name__}: {e})") from None


def _act(state, seat: int, action: str, where: str) -> list:
    legal = engine.legal_actions(state, seat)
    if action not in legal:
        raise ReplayError(f"{where}: seat {seat} may not {action!r} (legal: {legal})")
    return engine.apply(state, seat, action)


def _answer_window(state, where: str, answers: dict[int, str]) -> list:
    events = []
    while state.phase == "respond":
        pending = engine.to_act(state)
        if not pending:
            break
        s = pending[0]
        events += _act(state, s, answers.get(s, str(Word.PASS)), where)
    return events


def _replay_hand(state, index: int, hand: list[ET.Element]) -> dict[str, Any]:
    init = hand[0]
    seed = _ints(init.get("seed"))
    round_index = engine_round(seed[0])
    label = f"hand {index + 1} ({engine.ROUND_NAMES[round_index]} {seed[1]}h)"
    problems = []
    ten = [x * 100 for x in _ints(init.get("ten"))[:3]]
    if state.phase == "over":
        raise ReplayError(f"{label}: the engine ended the game before this hand")
    if ten != state.scores:
        problems.append(f"{label}, INIT: scores log {ten} != engine {state.scores}")
    logged = (round_index, seed[1], seed[2], int(init.get("oya")))
    if (state.round_index, state.honba, state.sticks, state.dealer) != logged:
        problems.append(f"{label}, INIT: round/honba/sticks/dealer log {logged} != engine "
                        f"{(state.round_index, state.honba, state.sticks, state.dealer)}")
    draws = 0
    riichi_next: int | None = None
    riichi_paid: tuple[list[int], str] | None = None  # a REACH step 2's logged scores, until the window closes
    tags = hand[1:]
    end_data = None
    events_all: list = []
    kan_dora = 0
    dora_checks: list[tuple[int, str, str]] = []  # kan-dora tags met before the discard that turns them
    i = 0
    while i < len(tags):
        tag = tags[i]
        name = tag.tag
        where = f"{label}, action {i + 1} <{name}{_attrs(tag)}>"
        if name == "DORA":
            if state.window is not None and state.window.kind in ("ankan", "kakan"):
                events_all += _answer_window(state, where, {})  # no chankan: the kan completes
            kan_dora += 1
            expected = tile_code(int(tag.get("hai")), state.options.red_fives)
            if state.pending_dora and len(engine.dora_indicators(state)) <= kan_dora:
                # an open kan's indicator turns with the kan player's next discard (§3); older logs
                # write the tag just before that discard: compare once it is made
                dora_checks.append((kan_dora, expected, where))
            else:
                problems += _dora_problem(state, events_all, kan_dora, expected, where)
        elif name[0] in DRAW and name[1:].isdigit():
            seat, tile = DRAW[name[0]], int(name[1:])
            events_all += _answer_window(state, where, {})
            if state.phase != "turn" or state.turn != seat or state.drawn != tile:
                raise ReplayError(f"{where}: the engine did not deal this draw (turn {state.turn}, "
                                  f"drawn {state.drawn}, phase {state.phase})")
            draws += 1
        elif name[0] in DISCARD and name[1:].isdigit():
            seat, tile = DISCARD[name[0]], int(name[1:])
            code = tile_code(tile, state.options.red_fives)
            action = ("r:" if riichi_next == seat else "d:") + code
            riichi_next = None
            events_all += _act(state, seat, action, where)
            for check in dora_checks:
                problems += _dora_problem(state, events_all, *check)
            dora_checks.clear()
        elif name == "REACH":
            who = int(tag.get("who"))
            if tag.get("step") == "1":
                riichi_next = who
            else:
                # Tenhou writes step 2 (the stick paid) before the <N> of a call on the declaration tile:
                # the call window stays open for the tags that follow, and the scores are compared once
                # it has closed (by that call, or by the next draw); a JSON log gives no scores here
                riichi_paid = ([x * 100 for x in _ints(tag.get("ten"))[:3]], where) if tag.get("ten") else None
        elif name == "N":
            who = int(tag.get("who"))
            meld = decode_meld(who, int(tag.get("m")))
            if meld["type"] == "kita":
                events_all += _answer_window(state, where, {})
                events_all += _act(state, who, "kita", where)
                nxt = tags[i + 1] if i + 1 < len(tags) else None
                if not (nxt is not None and nxt.tag == "AGARI"):
                    events_all += _answer_window(state, where, {})
            elif meld["type"] in ("pon", "daiminkan"):
                action = "kan" if meld["type"] == "daiminkan" else "pon"
                if action == "pon":
                    legal = engine.legal_actions(state, who)
                    used_red = _pon_uses_red(int(tag.get("m")), state)
                    if used_red and "pon:0" in legal:
                        action = "pon:0"
                if action not in engine.legal_actions(state, who):  # never drop a call the log made
                    raise ReplayError(f"{where}: seat {who} may not {action!r} "
                                      f"(legal: {engine.legal_actions(state, who)}, phase {state.phase})")
                events_all += _answer_window(state, where, {who: action})
            elif meld["type"] == "ankan":
                events_all += _act(state, who, f"ankan:{_kind_code(meld['kind'])}", where)
            elif meld["type"] == "shouminkan":
                events_all += _act(state, who, f"kakan:{_kind_code(meld['kind'])}", where)
            else:
                raise ReplayError(f"{where}: chii does not exist in sanma")
        elif name == "AGARI":
            who, frm = int(tag.get("who")), int(tag.get("fromWho"))
            if who == frm:
                evs = _act(state, who, "tsumo", where)
            else:
                winners = {who: "ron"}
                j = i + 1
                while j < len(tags) and tags[j].tag == "AGARI":  # double ron
                    winners[int(tags[j].get("who"))] = "ron"
                    j += 1
                evs = _answer_window(state, where, winners)
            events_all += evs
            end = next((e for e in evs if e.type == "hand_end"), None)
            if end is None:
                raise ReplayError(f"{where}: the win did not end the hand")
            end_data = end.outcome.model_dump()
            win = next(w for w in end_data["wins"] if w["winner"] == who)
            yaku = _ints(tag.get("yaku"))
            han = sum(yaku[1::2]) if yaku else 0
            if tag.get("yakuman"):
                han = 13 * len(_ints(tag.get("yakuman")))
            if tag.get("han"):  # read from a JSON log's yaku texts
                han = int(tag.get("han"))
            fu = _ints(tag.get("ten"))[0]
            if fu == 0:  # a JSON log's limit hand names no fu: compare the han only
                fu = win["fu"]
            shown = [tile_code(t, state.options.red_fives) for t in _ints(tag.get("doraHai"))]
            if tag.get("doraHai") and shown != end_data["dora_indicators"]:
                problems.append(f"{where}: dora indicators log {shown} != engine {end_data['dora_indicators']}")
            if (win["han"], win["fu"]) != (han, fu) and not (han >= 13 and win["han"] >= 13):
                problems.append(f"{where}: log {han} han {fu} fu != engine {win['han']} han {win['fu']} fu")
            if i + 1 >= len(tags) or tags[i + 1].tag != "AGARI":
                if _sum_deltas(hand, tag) != end_data["deltas"]:
                    problems.append(f"{where}: deltas log {_sum_deltas(hand, tag)} != engine {end_data['deltas']}")
            # a double ron's second AGARI tag was consumed above
            while i + 1 < len(tags) and tags[i + 1].tag == "AGARI":
                i += 1
        elif name == "RYUUKYOKU":
            if tag.get("type") == "yao9":  # nine kinds: hai<n> is the declarer's revealed hand, not a tenpai list
                declarer = next(k for k in range(3) if tag.get(f"hai{k}") is not None)
                events_all += _act(state, declarer, "kyuushu", where)
            else:
                events_all += _answer_window(state, where, {})
            end = next((e for e in reversed(events_all) if e.type == "hand_end"), None)
            if end is None:
                raise ReplayError(f"{where}: the engine did not end the hand in a draw")
            end_data = end.outcome.model_dump()
            problems += _check_draw(tag, end_data, where, state.options.red_fives)
        if riichi_paid is not None and state.phase != "respond":
            logged, paid_where = riichi_paid
            if logged != state.scores:
                problems.append(f"{paid_where}: scores after riichi log {logged} != engine {state.scores}")
            riichi_paid = None
        i += 1
    if end_data is None:
        raise ReplayError(f"{label}: the log hand has no ending")
    return {"hand": label, "ok": not problems, "problems": problems, "draws": draws,
            "result": _describe(end_data), "deltas": end_data["deltas"], "scores": end_data["scores"]}


def _dora_problem(state, events: list, number: int, expected: str, where: str) -> list[str]:
    """The engine shows kan-dora indicator ``number`` as the log's ``expected`` tile, or a problem.
    When the discard that turned it ended the hand (the last tile), the hand's end shows it."""
    end = next((e for e in reversed(events) if e.type == "hand_end"), None)
    shown = end.outcome.dora_indicators if end is not None else engine.dora_indicators(state)
    if len(shown) < number + 1 or shown[number] != expected:
        return [f"{where}: kan-dora indicator {number}: log {expected}, engine shows {shown}"]
    return []


def _check_draw(tag: ET.Element, end: dict[str, Any], where: str, red: bool) -> list[str]:
    """Compare a RYUUKYOKU tag with the engine's draw: nine kinds (revealed hand) or tenpai set, and deltas."""
    problems = []
    kind = tag.get("type")
    sc = _ints(tag.get("sc"))
    deltas = [sc[2 * k + 1] * 100 for k in range(3)] if sc else [0, 0, 0]
    if deltas != end["deltas"]:
        problems.append(f"{where}: deltas log {deltas} != engine {end['deltas']}")
    shown = [k for k in range(3) if tag.get(f"hai{k}") is not None]
    if kind == "yao9":
        revealed = sorted(tile_code(t, red) for t in _ints(tag.get(f"hai{shown[0]}")))
        got = (end.get("reason"), end.get("seat"), sorted(end.get("revealed") or []))
        if got != ("kyuushu_kyuuhai", shown[0], revealed):
            problems.append(f"{where}: log nine kinds by seat {shown[0]} {revealed} != engine {got}")
    elif kind == "kan4":
        if end.get("reason") != "suukaikan":
            problems.append(f"{where}: log four-kan abort != engine {end.get('reason') or end.get('type')}")
    elif kind in (None, "nm"):
        if tag.get("tenpai") != "unknown" and shown != end.get("tenpai"):
            problems.append(f"{where}: tenpai log {shown} != engine {end.get('tenpai')}")
    else:
        problems.append(f"{where}: abortive draw {kind!r} does not exist in sanma")
    return problems


def _attrs(tag: ET.Element) -> str:
    return "".join(f' {k}="{v}"' for k, v in tag.attrib.items() if k in ("who", "m", "hai", "type", "step"))


def _sum_deltas(hand: list[ET.Element], last: ET.Element) -> list[int]:
    total = [0, 0, 0]
    for tag in hand:
        if tag.tag == "AGARI":
            sc = _ints(tag.get("sc"))
            for k in range(3):
                total[k] += sc[2 * k + 1] * 100
        if tag is last:
            break
    return total


def _pon_uses_red(m: int, state) -> bool:
    t = m >> 9
    kind = t // 3
    base = kind * 4
    unused = (m >> 5) & 3
    tiles = [base + c for c in range(4) if c != unused]
    del tiles[t % 3]  # the called tile; the other two came from the hand
    return state.options.red_fives and any(x in (52, 88) for x in tiles)


def _kind_code(kind: int) -> str:
    from games.sanma.tiles import kind_code

    return kind_code(kind)


def _describe(d: dict[str, Any]) -> str:
    if d["type"] == "win":
        parts = []
        for w in d["wins"]:
            how = "tsumo" if w["kind"] == "tsumo" else f"ron from seat {w['from_seat']}"
            parts.append(f"seat {w['winner']} {how} {w['win_tile']}: {w['han']} han {w['fu']} fu "
                         f"({', '.join(y['name'] for y in w['yaku'])})")
        return "; ".join(parts)
    if d["type"] == "exhaustive":
        return f"exhaustive draw, tenpai {d['tenpai']}" + (f", nagashi {d['nagashi']}" if d.get("nagashi") else "")
    return f"abortive draw ({d['reason']})"


__all__ = ["ReplayError", "decode_meld", "replay_file", "replay_text", "GameError", "re"]
