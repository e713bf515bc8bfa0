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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.base import GameError, SeatInfo
from games.sanma import engine, tenhou_json
from games.sanma.actions import Word
from games.sanma.events import HandEnd, SanmaEvent
from games.sanma.options import Options
from games.sanma.state import ROUND_NAMES, SanmaState, dora_indicators
from games.sanma.tiles import ALL_IDS, RED_IDS, kind_code, tile_code

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
        kind = t // 3
        return {
            "type": "pon" if m & 0x08 else "shouminkan",
            "kind": kind,
            "from": (who + (m & 3)) % 4,
            "added": (m >> 5) & 3,
        }
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


def _int_attr(tag: ET.Element, name: str) -> int:
    """A tag's whole-number attribute; a missing one makes the log malformed (``replay_text`` says so)."""
    value = tag.get(name)
    if value is None:
        raise KeyError(f"<{tag.tag}> has no attribute {name!r}")
    return int(value)


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
    dealer = _int_attr(init, "oya")
    wall: list[int | None] = [None] * 108
    for k in range(3):
        tiles = _ints(init.get(f"hai{(dealer + k) % 3}"))
        if len(tiles) != 13:
            raise ReplayError(f"INIT hai{(dealer + k) % 3} does not hold 13 tiles")
        wall[13 * k : 13 * k + 13] = tiles
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
            meld = decode_meld(_int_attr(tag, "who"), _int_attr(tag, "m"))
            if meld["type"] in ("kita", "ankan", "daiminkan", "shouminkan"):
                after_call.add(_int_attr(tag, "who"))
        elif name == "AGARI":
            for i, t in enumerate(_ints(tag.get("doraHai"))[1:5]):  # kan dora shown with no DORA tag
                if wall[95 + i] is None:
                    wall[95 + i] = t
            for i, t in enumerate(_ints(tag.get("doraHaiUra"))):
                wall[99 + i] = t
        elif name == "DORA":  # kan-dora indicators follow the first one (wall 94) in the dead wall
            if kan_dora >= 4:
                raise ReplayError("more than four kan-dora indicators in one hand")
            wall[95 + kan_dora] = _int_attr(tag, "hai")
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
    result: dict[str, Any] = {
        "ok": ok,
        "first_divergence": first,
        "final_rounding": options.final_rounding,
        "hands": out_hands,
        "final_scores": list(state.scores),
        "final": final["scores"] if final else None,
        "game_over": state.phase == "over",
        "end_reason": final["reason"] if final else None,
    }
    if owari:
        vals = [float(x) for x in owari.split(",")]
        log_points = [int(vals[2 * i]) * 100 for i in range(3)]
        log_final = [vals[2 * i + 1] for i in range(3)]
        result["log_final_scores"] = log_points
        result["log_final"] = log_final
        result["ok"] = (
            ok
            and state.phase == "over"
            and log_points == list(state.scores)
            and final
            and [float(x) for x in final["scores"]] == log_final
        )
        if ok and not result["ok"]:
            result["first_divergence"] = (
                f"end of game: log points {log_points}, scores {log_final}; engine points "
                f"{list(state.scores)}, scores {final['scores'] if final else None} "
                f"(phase {state.phase})"
            )
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
        raise ReplayError(
            f"the log is malformed: a tag lacks an attribute or holds an unreadable value ({type(e).__name__}: {e})"
        ) from None


def _act(state: SanmaState, seat: int, action: str, where: str) -> list[SanmaEvent]:
    legal = engine.legal_actions(state, seat)
    if action not in legal:
        raise ReplayError(f"{where}: seat {seat} may not {action!r} (legal: {legal})")
    return engine.apply(state, seat, action)


def _answer_window(state: SanmaState, where: str, answers: dict[int, str]) -> list[SanmaEvent]:
    events = []
    while state.phase == "respond":
        pending = engine.to_act(state)
        if not pending:
            break
        s = pending[0]
        events += _act(state, s, answers.get(s, str(Word.PASS)), where)
    return events


def _replay_hand(state: SanmaState, index: int, hand: list[ET.Element]) -> dict[str, Any]:
    """One hand of the log through the engine: every tag played, and what differs from the log."""
    label, problems = _check_init(state, index, hand[0])
    replay = _HandReplay(state, label, hand, problems)
    replay.run()
    if replay.end is None:
        raise ReplayError(f"{label}: the log hand has no ending")
    end = replay.end
    return {
        "hand": label,
        "ok": not problems,
        "problems": problems,
        "draws": replay.draws,
        "result": _describe(end),
        "deltas": end["deltas"],
        "scores": end["scores"],
    }


def _check_init(state: SanmaState, index: int, init: ET.Element) -> tuple[str, list[str]]:
    """The hand's name, and how the engine's scores, round, honba, sticks and dealer differ from the INIT tag's."""
    seed = _ints(init.get("seed"))
    round_index = engine_round(seed[0])
    label = f"hand {index + 1} ({ROUND_NAMES[round_index]} {seed[1]}h)"
    problems = []
    ten = [x * 100 for x in _ints(init.get("ten"))[:3]]
    if state.phase == "over":
        raise ReplayError(f"{label}: the engine ended the game before this hand")
    if ten != state.scores:
        problems.append(f"{label}, INIT: scores log {ten} != engine {state.scores}")
    logged = (round_index, seed[1], seed[2], _int_attr(init, "oya"))
    if (state.round_index, state.honba, state.sticks, state.dealer) != logged:
        problems.append(
            f"{label}, INIT: round/honba/sticks/dealer log {logged} != engine "
            f"{(state.round_index, state.honba, state.sticks, state.dealer)}"
        )
    return label, problems


@dataclass
class _HandReplay:
    """The tags of one hand after its INIT, fed to the engine one by one."""

    state: SanmaState
    label: str
    hand: list[ET.Element]  # the INIT tag first
    problems: list[str]
    draws: int = 0
    riichi_next: int | None = None  # the seat whose next discard declares riichi
    riichi_paid: tuple[list[int], str] | None = None  # a REACH step 2's logged scores, until the window closes
    end: dict[str, Any] | None = None  # the hand's end, as the engine told it
    events: list[SanmaEvent] = field(default_factory=list)
    kan_dora: int = 0
    dora_checks: list[tuple[int, str, str]] = field(default_factory=list)  # kan-dora tags before their discard

    def run(self) -> None:
        tags = self.hand[1:]
        i = 0
        while i < len(tags):
            tag = tags[i]
            where = f"{self.label}, action {i + 1} <{tag.tag}{_attrs(tag)}>"
            i = self._play(tags, i, where)
            if self.riichi_paid is not None and self.state.phase != "respond":
                logged, paid_where = self.riichi_paid
                if logged != self.state.scores:
                    self.problems.append(
                        f"{paid_where}: scores after riichi log {logged} != engine {self.state.scores}"
                    )
                self.riichi_paid = None
            i += 1

    def _play(self, tags: list[ET.Element], i: int, where: str) -> int:
        """Plays ``tags[i]``; returns the index of the last tag it took (a double ron takes two)."""
        tag, name = tags[i], tags[i].tag
        if name == "DORA":
            self._dora(tag, where)
        elif name[0] in DRAW and name[1:].isdigit():
            self._draw(DRAW[name[0]], int(name[1:]), where)
        elif name[0] in DISCARD and name[1:].isdigit():
            self._discard(DISCARD[name[0]], int(name[1:]), where)
        elif name == "REACH":
            self._reach(tag, where)
        elif name == "N":
            self._meld(tag, tags[i + 1] if i + 1 < len(tags) else None, where)
        elif name == "AGARI":
            return self._agari(tags, i, where)
        elif name == "RYUUKYOKU":
            self._ryuukyoku(tag, where)
        return i

    def _act(self, seat: int, action: str, where: str) -> list[SanmaEvent]:
        events = _act(self.state, seat, action, where)
        self.events += events
        return events

    def _answer(self, where: str, answers: dict[int, str]) -> list[SanmaEvent]:
        events = _answer_window(self.state, where, answers)
        self.events += events
        return events

    def _dora(self, tag: ET.Element, where: str) -> None:
        state = self.state
        if state.window is not None and state.window.kind in ("ankan", "kakan"):
            self._answer(where, {})  # no chankan: the kan completes
        self.kan_dora += 1
        expected = tile_code(_int_attr(tag, "hai"), state.options.red_fives)
        if state.pending_dora and len(dora_indicators(state)) <= self.kan_dora:
            # an open kan's indicator turns with the kan player's next discard; older logs
            # write the tag just before that discard: compare once it is made
            self.dora_checks.append((self.kan_dora, expected, where))
        else:
            self.problems += _dora_problem(state, self.events, self.kan_dora, expected, where)

    def _draw(self, seat: int, tile: int, where: str) -> None:
        state = self.state
        self._answer(where, {})
        if state.phase != "turn" or state.turn != seat or state.drawn != tile:
            raise ReplayError(
                f"{where}: the engine did not deal this draw (turn {state.turn}, "
                f"drawn {state.drawn}, phase {state.phase})"
            )
        self.draws += 1

    def _discard(self, seat: int, tile: int, where: str) -> None:
        code = tile_code(tile, self.state.options.red_fives)
        action = ("r:" if self.riichi_next == seat else "d:") + code
        self.riichi_next = None
        self._act(seat, action, where)
        for check in self.dora_checks:
            self.problems += _dora_problem(self.state, self.events, *check)
        self.dora_checks.clear()

    def _reach(self, tag: ET.Element, where: str) -> None:
        if tag.get("step") == "1":
            self.riichi_next = _int_attr(tag, "who")
        else:
            # Tenhou writes step 2 (the stick paid) before the <N> of a call on the declaration tile:
            # the call window stays open for the tags that follow, and the scores are compared once
            # it has closed (by that call, or by the next draw); a JSON log gives no scores here
            self.riichi_paid = ([x * 100 for x in _ints(tag.get("ten"))[:3]], where) if tag.get("ten") else None

    def _meld(self, tag: ET.Element, after: ET.Element | None, where: str) -> None:
        who, m = _int_attr(tag, "who"), _int_attr(tag, "m")
        meld = decode_meld(who, m)
        if meld["type"] == "kita":
            self._answer(where, {})
            self._act(who, "kita", where)
            if not (after is not None and after.tag == "AGARI"):
                self._answer(where, {})
        elif meld["type"] in ("pon", "daiminkan"):
            self._call(who, m, "kan" if meld["type"] == "daiminkan" else "pon", where)
        elif meld["type"] == "ankan":
            self._act(who, f"ankan:{kind_code(meld['kind'])}", where)
        elif meld["type"] == "shouminkan":
            self._act(who, f"kakan:{kind_code(meld['kind'])}", where)
        else:
            raise ReplayError(f"{where}: chii does not exist in sanma")

    def _call(self, who: int, m: int, action: str, where: str) -> None:
        """A pon (with the red five when the log's pon took it) or an open kan of the discard."""
        legal = engine.legal_actions(self.state, who)
        if action == "pon" and _pon_uses_red(m, self.state) and "pon:0" in legal:
            action = "pon:0"
        if action not in legal:  # never drop a call the log made
            raise ReplayError(f"{where}: seat {who} may not {action!r} (legal: {legal}, phase {self.state.phase})")
        self._answer(where, {who: action})

    def _agari(self, tags: list[ET.Element], i: int, where: str) -> int:
        """A win (a tsumo, or the rons of one tile: a double ron's second AGARI tag is taken too), compared with
        the log; returns the index of the last AGARI tag."""
        tag = tags[i]
        who, frm = _int_attr(tag, "who"), _int_attr(tag, "fromWho")
        if who == frm:
            events = self._act(who, "tsumo", where)
        else:
            winners = {who: "ron"}
            j = i + 1
            while j < len(tags) and tags[j].tag == "AGARI":  # double ron
                winners[_int_attr(tags[j], "who")] = "ron"
                j += 1
            events = self._answer(where, winners)
        end = next((e for e in events if isinstance(e, HandEnd)), None)
        if end is None:
            raise ReplayError(f"{where}: the win did not end the hand")
        self.end = end.outcome.model_dump()
        self.problems += _win_problems(tag, self.end, who, where, self.state.options.red_fives)
        if i + 1 >= len(tags) or tags[i + 1].tag != "AGARI":
            if _sum_deltas(self.hand, tag) != self.end["deltas"]:
                self.problems.append(
                    f"{where}: deltas log {_sum_deltas(self.hand, tag)} != engine {self.end['deltas']}"
                )
        while i + 1 < len(tags) and tags[i + 1].tag == "AGARI":  # a double ron's second tag, played above
            i += 1
        return i

    def _ryuukyoku(self, tag: ET.Element, where: str) -> None:
        if tag.get("type") == "yao9":  # nine kinds: hai<n> is the declarer's revealed hand, not a tenpai list
            declarer = next(k for k in range(3) if tag.get(f"hai{k}") is not None)
            self._act(declarer, "kyuushu", where)
        else:
            self._answer(where, {})
        end = next((e for e in reversed(self.events) if isinstance(e, HandEnd)), None)
        if end is None:
            raise ReplayError(f"{where}: the engine did not end the hand in a draw")
        self.end = end.outcome.model_dump()
        self.problems += _check_draw(tag, self.end, where, self.state.options.red_fives)


def _win_problems(tag: ET.Element, end: dict[str, Any], who: int, where: str, red: bool) -> list[str]:
    """How an AGARI tag's han, fu and dora indicators differ from the engine's win of seat ``who``."""
    problems = []
    win = next(w for w in end["wins"] if w["winner"] == who)
    yaku = _ints(tag.get("yaku"))
    han = sum(yaku[1::2]) if yaku else 0
    if tag.get("yakuman"):
        han = 13 * len(_ints(tag.get("yakuman")))
    if tag.get("han"):  # read from a JSON log's yaku texts
        han = _int_attr(tag, "han")
    fu = _ints(tag.get("ten"))[0]
    if fu == 0:  # a JSON log's limit hand names no fu: compare the han only
        fu = win["fu"]
    shown = [tile_code(t, red) for t in _ints(tag.get("doraHai"))]
    if tag.get("doraHai") and shown != end["dora_indicators"]:
        problems.append(f"{where}: dora indicators log {shown} != engine {end['dora_indicators']}")
    if (win["han"], win["fu"]) != (han, fu) and not (han >= 13 and win["han"] >= 13):
        problems.append(f"{where}: log {han} han {fu} fu != engine {win['han']} han {win['fu']} fu")
    return problems


def _dora_problem(state: SanmaState, events: list[SanmaEvent], number: int, expected: str, where: str) -> list[str]:
    """The engine shows kan-dora indicator ``number`` as the log's ``expected`` tile, or a problem.
    When the discard that turned it ended the hand (the last tile), the hand's end shows it."""
    end = next((e for e in reversed(events) if isinstance(e, HandEnd)), None)
    shown = end.outcome.dora_indicators if end is not None else dora_indicators(state)
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


def _pon_uses_red(m: int, state: SanmaState) -> bool:
    t = m >> 9
    kind = t // 3
    base = kind * 4
    unused = (m >> 5) & 3
    tiles = [base + c for c in range(4) if c != unused]
    del tiles[t % 3]  # the called tile; the other two came from the hand
    return state.options.red_fives and any(x in RED_IDS for x in tiles)


def _describe(d: dict[str, Any]) -> str:
    if d["type"] == "win":
        parts = []
        for w in d["wins"]:
            how = "tsumo" if w["kind"] == "tsumo" else f"ron from seat {w['from_seat']}"
            parts.append(
                f"seat {w['winner']} {how} {w['win_tile']}: {w['han']} han {w['fu']} fu "
                f"({', '.join(y['name'] for y in w['yaku'])})"
            )
        return "; ".join(parts)
    if d["type"] == "exhaustive":
        return f"exhaustive draw, tenpai {d['tenpai']}" + (f", nagashi {d['nagashi']}" if d.get("nagashi") else "")
    return f"abortive draw ({d['reason']})"


__all__ = ["ReplayError", "decode_meld", "replay_file", "replay_text", "GameError", "re"]
