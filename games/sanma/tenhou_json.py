"""Tenhou's JSON game log (the ``tenhou.net/6`` form that viewers and review tools read), both ways.

:func:`export` writes a finished Parlor sanma game as such a log, from the game's events (every
event, the private deals and draws included: a finished game hides nothing). :func:`to_mjlog` reads
a JSON log back as the tags of Tenhou's mjlog XML, so ``python -m games replay sanma`` checks JSON
and XML logs through one replayer (``games/sanma/replay.py``).

The log's shape: ``name`` (four seats, the fourth empty in sanma), ``rule`` (``disp``, red fives ``aka51``-``aka53``),
``sc`` (final points and final scores, seat by seat) and
``log``, one list per hand::

    [[round, honba, riichi sticks], [scores x4], [dora indicators], [ura indicators],
     seat 0's deal, draws, discards,  seat 1's …,  seat 2's …,  [], [], [],  result]

Tiles are numbers: 11-19 characters, 21-29 circles, 31-39 bamboo, 41-47 East South West North
White Green Red, 51-53 a red five. A draw list holds the tiles drawn and, as strings, the calls
made on others' discards (``p`` pon, ``m`` open kan; the letter's place says whose discard: first
for the seat before, second for the seat across, last for the seat after). A discard list holds the
tiles discarded (60: the tile just drawn; ``r`` before a riichi declaration) and, as strings, the
seat's own kans (``a`` closed, ``k`` added) and kita (``f44``); a 0 stands where an open kan left no
discard. The result is ``["和了", deltas, [winner, from, pao, score, yaku…], …]`` (one pair per
winner), ``["流局", deltas]`` (``全員聴牌`` / ``全員不聴`` when all or none are tenpai, ``流し満貫``),
``["九種九牌"]`` or ``["四槓散了"]``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from games.base import SeatInfo
from games.sanma import engine
from games.sanma.events import (
    Called,
    Dealt,
    Discarded,
    Dora,
    Drew,
    ExhaustiveOutcome,
    GameEnd,
    HandEnd,
    KanDeclared,
    KitaDeclared,
    RoundStart,
    WinOutcome,
)
from games.sanma.options import Options

SUIT_DIGIT = {"m": 1, "p": 2, "s": 3, "z": 4}
DIGIT_SUIT = {v: k for k, v in SUIT_DIGIT.items()}
RED = {"0m": 51, "0p": 52, "0s": 53}
TSUMOGIRI = 60
LIMIT_WORDS = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満"}
WIN, DRAWN, ALL_TENPAI, NONE_TENPAI, NAGASHI = "和了", "流局", "全員聴牌", "全員不聴", "流し満貫"
NINE_KINDS, FOUR_KANS = "九種九牌", "四槓散了"
# Yaku as Tenhou's logs name them, from the English names of the scoring library (``mahjong``).
YAKU_WORDS = {
    "Menzen Tsumo": "門前清自摸和",
    "Riichi": "立直",
    "Ippatsu": "一発",
    "Chankan": "槍槓",
    "Rinshan Kaihou": "嶺上開花",
    "Haitei Raoyue": "海底摸月",
    "Houtei Raoyui": "河底撈魚",
    "Pinfu": "平和",
    "Tanyao": "断幺九",
    "Iipeiko": "一盃口",
    "Yakuhai (seat wind east)": "自風 東",
    "Yakuhai (seat wind south)": "自風 南",
    "Yakuhai (seat wind west)": "自風 西",
    "Yakuhai (seat wind north)": "自風 北",
    "Yakuhai (round wind east)": "場風 東",
    "Yakuhai (round wind south)": "場風 南",
    "Yakuhai (round wind west)": "場風 西",
    "Yakuhai (round wind north)": "場風 北",
    "Yakuhai (haku)": "役牌 白",
    "Yakuhai (hatsu)": "役牌 發",
    "Yakuhai (chun)": "役牌 中",
    "Double Riichi": "両立直",
    "Chiitoitsu": "七対子",
    "Chantai": "混全帯幺九",
    "Ittsu": "一気通貫",
    "Sanshoku Doujun": "三色同順",
    "Sanshoku Doukou": "三色同刻",
    "San Kantsu": "三槓子",
    "Toitoi": "対々和",
    "San Ankou": "三暗刻",
    "Shou Sangen": "小三元",
    "Honroutou": "混老頭",
    "Ryanpeikou": "二盃口",
    "Junchan": "純全帯幺九",
    "Honitsu": "混一色",
    "Chinitsu": "清一色",
    "Renhou": "人和",
    "Tenhou": "天和",
    "Chiihou": "地和",
    "Daisangen": "大三元",
    "Suu Ankou": "四暗刻",
    "Suu Ankou Tanki": "四暗刻単騎",
    "Tsuu Iisou": "字一色",
    "Ryuuiisou": "緑一色",
    "Chinroutou": "清老頭",
    "Chuuren Poutou": "九蓮宝燈",
    "Daburu Chuuren Poutou": "純正九蓮宝燈",
    "Kokushi Musou": "国士無双",
    "Kokushi Musou Juusanmen Matchi": "国士無双１３面",
    "Dai Suushii": "大四喜",
    "Shousuushii": "小四喜",
    "Suu Kantsu": "四槓子",
    "Dora": "ドラ",
    "Ura Dora": "裏ドラ",
    "Aka Dora": "赤ドラ",
    "Nagashi Mangan": "流し満貫",
}


class LogError(ValueError):
    """A JSON log that cannot be read as a Tenhou sanma log (the message says why)."""


def number(code: str) -> int:
    """A Parlor tile code as Tenhou's number ("5p" → 25, "0p" → 52, "1z" → 41)."""
    return RED.get(code) or 10 * SUIT_DIGIT[code[1]] + int(code[0])


def code(tile: int) -> str:
    """Tenhou's number as a Parlor tile code (52 → "0p")."""
    if tile in (51, 52, 53):
        return f"0{'mps'[tile - 51]}"
    suit, digit = divmod(tile, 10)
    if suit not in DIGIT_SUIT or not 1 <= digit <= (7 if suit == 4 else 9):
        raise LogError(f"{tile} is not a tile number of a Tenhou log")
    return f"{digit}{DIGIT_SUIT[suit]}"


# ------------------------------------------------------------------ export


def _relative(player: int, source: int) -> int:
    """Where ``source`` sits for ``player`` in Tenhou's four-seat count: 1 after, 2 across, 3 before."""
    return (source - player) % 4


def _call_text(letter: str, called: int, own: list[int], where: int, kan: bool) -> str:
    """A call on a discard: the letter and the called tile placed by whose discard it was."""
    place = {3: 0, 2: 1, 1: 3 if kan else 2}[where]
    parts = [str(t) for t in own]
    parts.insert(place, f"{letter}{called}")
    return "".join(parts)


def _own_tiles(tiles: list[str], called: str) -> list[int]:
    left = list(tiles)
    left.remove(called)
    return [number(t) for t in left]


def _win_result(outcome: WinOutcome) -> list[Any]:
    result: list[Any] = [WIN]
    for win in outcome.wins:
        deltas = [0, 0, 0, 0]
        for t in outcome.transfers:
            if t.payee == win.winner:
                deltas[win.winner] += t.amount
                if t.payer is not None:
                    deltas[t.payer] -= t.amount
        rank = LIMIT_WORDS.get(win.limit or "", f"{win.fu}符{win.han}飜")
        yaku = [f"{YAKU_WORDS.get(y.name, y.name)}({'役満' if y.han >= 13 else f'{y.han}飜'})" for y in win.yaku]
        score = f"{rank}{_paid(outcome, win)}"
        source = win.winner if win.from_seat is None else win.from_seat
        pao = win.winner if win.pao is None else win.pao
        result += [deltas, [win.winner, source, pao, score, *yaku]]
    return result


def _paid(outcome: WinOutcome, win: Any) -> str:
    """What the win cost, as Tenhou writes it: a ron's amount; on a tsumo, what each seat paid
    ("…点∀" when all paid alike, else the non-dealer's and the dealer's)."""
    if win.kind == "ron":
        return f"{win.points}点"
    paid = {t.payer: t.amount for t in outcome.transfers if t.payee == win.winner and t.reason == "tsumo"}
    if len(set(paid.values())) <= 1:
        return f"{next(iter(paid.values()), win.points)}点∀"
    dealer = paid.get(outcome.dealer, max(paid.values()))
    other = min(v for s, v in paid.items() if s != outcome.dealer)
    return f"{other}-{dealer}点"


def _draw_result(outcome: Any) -> list[Any]:
    if outcome.type == "abort":
        return [NINE_KINDS if outcome.reason == "kyuushu_kyuuhai" else FOUR_KANS]
    deltas = [*outcome.deltas, 0]
    assert isinstance(outcome, ExhaustiveOutcome)
    if outcome.nagashi:
        return [NAGASHI, deltas]
    if len(outcome.tenpai) == 3:
        return [ALL_TENPAI, deltas]
    if not outcome.tenpai:
        return [NONE_TENPAI, deltas]
    return [DRAWN, deltas]


class _Hand:
    """One hand of the log, filled event by event."""

    def __init__(self, start: RoundStart, red_fives: bool) -> None:
        self.red_fives = red_fives
        self.pons: dict[tuple[int, str], str] = {}  # (seat, kind) → the pon's text, for an added kan
        self.declared: dict[int, int] = {}  # seat → where its kan declaration stands in its discard list
        round_number = start.round_index if start.round_index < 3 else start.round_index + 1
        self.head: list[Any] = [
            [round_number, start.honba, start.sticks],
            [*start.scores, 0],
            [number(start.dora_indicators[0])],
            [],
        ]
        self.deals: list[list[int]] = [[], [], []]
        self.draws: list[list[Any]] = [[], [], []]
        self.discards: list[list[Any]] = [[], [], []]
        self.result: list[Any] = []

    def row(self) -> list[Any]:
        seats: list[Any] = []
        for s in range(3):
            seats += [self.deals[s], self.draws[s], self.discards[s]]
        return [*self.head, *seats, [], [], [], self.result]

    def add(self, event: Any) -> None:
        if isinstance(event, Dealt) and event.seat is not None:
            self.deals[event.seat] = [number(t) for t in event.hand]
        elif isinstance(event, Drew) and event.seat is not None:
            self.draws[event.seat].append(number(event.tile))
        elif isinstance(event, Discarded):
            tile: Any = TSUMOGIRI if event.tsumogiri else number(event.tile)
            self.discards[event.player].append(f"r{tile}" if event.riichi else tile)
        elif isinstance(event, KanDeclared):  # written when declared: a robbed kan (chankan) shows too
            self.declared[event.player] = len(self.discards[event.player])
            self.discards[event.player].append(self._kan_text(event.player, event.meld, event.tile, None))
        elif isinstance(event, Called):
            self._call(event)
        elif isinstance(event, KitaDeclared):  # likewise a kita, which a kokushi may rob
            self.discards[event.player].append("f44")
        elif isinstance(event, Dora):
            self.head[2] = [number(t) for t in event.indicators]
        elif isinstance(event, HandEnd):
            outcome = event.outcome
            self.head[2] = [number(t) for t in outcome.dora_indicators]
            if isinstance(outcome, WinOutcome):
                self.head[3] = [number(t) for t in outcome.ura_indicators]
                self.result = _win_result(outcome)
            else:
                self.result = _draw_result(outcome)

    def _kan_text(self, seat: int, meld: str, kind: str, tiles: list[str] | None) -> str:
        """A closed kan (``a`` before the fourth tile) or an added kan (``k`` and the added tile, then
        the pon's); ``tiles`` are the kan's four when known (a red five among them), else its kind's."""
        plain = number(kind)
        if meld == "ankan":  # three plain tiles, "a", the fourth: a closed kan of fives shows its red one last
            red = (tiles and any(t.startswith("0") for t in tiles)) or (
                not tiles and self.red_fives and kind in ("5p", "5s")
            )
            return f"{plain}{plain}{plain}a{number('0' + kind[1]) if red else plain}"
        pon = self.pons.get((seat, kind), f"p{plain}{plain}{plain}")
        added = [number(t) for t in tiles or []]
        for n in _numbers(pon):
            if n in added:
                added.remove(n)
        return pon.replace("p", f"k{added[0] if added else plain}")  # "k" and the added tile where the pon's "p" was

    def _call(self, event: Called) -> None:
        p, tile = event.player, number(event.tile)
        if event.meld in ("pon", "daiminkan"):
            assert event.from_seat is not None
            own = _own_tiles(event.tiles, event.tile)
            kan = event.meld == "daiminkan"
            text = _call_text("m" if kan else "p", tile, own, _relative(p, event.from_seat), kan)
            self.draws[p].append(text)
            if kan:
                self.discards[p].append(0)
            else:
                self.pons[(p, event.tile.replace("0", "5"))] = text
        elif p in self.declared:  # the declared kan completed: write it with its exact tiles
            self.discards[p][self.declared.pop(p)] = self._kan_text(p, event.meld, event.tile, event.tiles)


def export(events: Iterable[Any], names: list[str], options: Options, title: str = "") -> dict[str, Any]:
    """A finished game's Tenhou JSON log from all its events, in order."""
    hands: list[_Hand] = []
    final: GameEnd | None = None
    for event in events:
        if isinstance(event, RoundStart):
            hands.append(_Hand(event, options.red_fives))
        elif isinstance(event, GameEnd):
            final = event
        elif hands:
            hands[-1].add(event)
    if final is None:
        raise LogError("the game has not ended: only a finished game is exported")
    sc: list[Any] = []
    for points, score in zip(final.points, final.scores, strict=True):
        sc += [points, score]
    disp = "三般" + ("東" if options.east_only else "南") + "喰" + ("赤" if options.red_fives else "")
    return {
        "title": [title, ""],
        "name": [*names[:3], ""],
        "rule": {"disp": disp, "aka53": int(options.red_fives), "aka52": int(options.red_fives), "aka51": 0},
        "log": [h.row() for h in hands],
        "sc": [*sc, 0, 0],
    }


def export_game(
    options: Options, names: list[str], seed: str, actions: Iterable[tuple[int, str]], title: str = ""
) -> dict[str, Any]:
    """Play a stored game's actions again from its seed, and export it."""
    state = engine.new_game(options, [SeatInfo(name=n) for n in names], seed)
    events: list[Any] = list(state.opening_events)
    for seat, action in actions:
        events += engine.apply(state, seat, action)
    return export(events, names, options, title)


# ------------------------------------------------------------------ reading: JSON to mjlog tags


class _Tiles:
    """Tile ids for a hand of a JSON log, which names kinds only: each tile gets a copy of its kind
    (a red five the red copy) as it first appears, and later moves take ids from the seat's hand."""

    def __init__(self, red_fives: bool) -> None:
        self.free: dict[int, list[int]] = {}
        for kind in range(34):
            copies = [kind * 4 + c for c in range(4)]
            self.free[kind] = copies
        self.red_fives = red_fives

    @staticmethod
    def kind(tile: int) -> tuple[int, bool]:
        c = code(tile)
        digit, suit = int(c[0]) or 5, c[1]
        base = {"m": 0, "p": 9, "s": 18, "z": 27}[suit]
        return base + digit - 1, c[0] == "0"

    def new(self, tile: int) -> int:
        kind, red = self.kind(tile)
        pool = self.free[kind]
        red_copy = kind * 4 if self.red_fives and kind in (4, 13, 22) else None
        choice = red_copy if red else next((t for t in pool if t != red_copy), None)
        if choice is None or choice not in pool:
            raise LogError(f"tile {tile} appears more often in one hand than the set holds")
        pool.remove(choice)
        return choice

    def take(self, hand: list[int], tile: int, any_copy: bool = False) -> int:
        """An id of ``tile`` from ``hand`` (its red copy or not; ``any_copy``: either, as for a kan,
        whose log text may not say which five was added)."""
        kind, red = self.kind(tile)
        red_copy = kind * 4 if self.red_fives and kind in (4, 13, 22) else None
        for exact in (True, False) if any_copy else (True,):
            for t in hand:
                if t // 4 == kind and (not exact or (t == red_copy) == red):
                    hand.remove(t)
                    return t
        raise LogError(f"a seat plays tile {tile}, which it does not hold")


def _numbers(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d\d", text)]


def _tag(name: str, **attrs: Any) -> ET.Element:
    return ET.Element(name, {k: str(v) for k, v in attrs.items()})


def _csv(values: Iterable[Any]) -> str:
    return ",".join(str(v) for v in values)


class _Reader:
    """One hand of a JSON log as mjlog tags, moving the seats in turn as the game did."""

    def __init__(self, row: list[Any], red_fives: bool) -> None:
        if not isinstance(row, list) or len(row) < 17:
            raise LogError("a hand of the log is not a list of 17 entries")
        (self.kyoku, self.honba, self.sticks), self.scores, self.dora, self.ura = row[0], row[1], row[2], row[3]
        self.deals = [row[4 + 3 * s] for s in range(3)]
        self.takes = [list(row[5 + 3 * s]) for s in range(3)]
        self.moves = [list(row[6 + 3 * s]) for s in range(3)]
        if any(row[13:16]):
            raise LogError("the fourth seat plays: this is not a three-player (sanma) log")
        self.result = row[16]
        self.ids = _Tiles(red_fives)
        self.hands: list[list[int]] = [[self.ids.new(t) for t in deal] for deal in self.deals]
        self.dora_ids = [self.ids.new(self.dora[0])]
        self.ura_ids: list[int] | None = None
        self.tags: list[ET.Element] = []

    def _next(self, seat: int, which: list[list[Any]]) -> Any:
        return which[seat][0] if which[seat] else None

    def _kan_dora(self) -> None:
        if len(self.dora_ids) < len(self.dora):
            tile = self.ids.new(self.dora[len(self.dora_ids)])
            self.dora_ids.append(tile)
            self.tags.append(_tag("DORA", hai=tile))

    def read(self) -> list[ET.Element]:
        dealer = self.kyoku % 4
        self.tags.append(
            _tag(
                "INIT",
                seed=_csv([self.kyoku, self.honba, self.sticks, 0, 0, self.dora_ids[0]]),
                ten=_csv(s // 100 for s in self.scores),
                oya=dealer,
                **{f"hai{s}": _csv(self.hands[s]) for s in range(3)},
            )
        )
        turn, draw, drawn, open_kan_dora = dealer, True, -1, False
        while True:
            if draw:
                take = self._next(turn, self.takes)
                if take is None:
                    break
                if isinstance(take, str):
                    raise LogError(f"seat {turn} calls ({take}) where the log's order needs a draw")
                self.takes[turn].pop(0)
                drawn = self.ids.new(take)
                self.hands[turn].append(drawn)
                self.tags.append(_tag("TUV"[turn] + str(drawn)))
            move = self._next(turn, self.moves)
            if move is None:
                break
            self.moves[turn].pop(0)
            if isinstance(move, str) and move[0] != "r":
                open_kan_dora |= self._own_meld(turn, move)
                draw = True
                continue
            riichi = isinstance(move, str)
            tile = int(move[1:]) if riichi else int(move)
            if tile == TSUMOGIRI:
                if drawn not in self.hands[turn]:
                    raise LogError(f"seat {turn} discards the tile just drawn when it drew none")
                self.hands[turn].remove(drawn)
                discarded = drawn
            else:
                discarded = self.ids.take(self.hands[turn], tile)
            if riichi:
                self.tags.append(_tag("REACH", who=turn, step=1))
            self.tags.append(_tag("DEF"[turn] + str(discarded)))
            if open_kan_dora:
                self._kan_dora()
                open_kan_dora = False
            if self._ron_on(turn):
                break
            if riichi:
                self.tags.append(_tag("REACH", who=turn, step=2))
            caller = self._caller(turn, discarded)
            if caller is None:
                turn, draw = (turn + 1) % 3, True
                continue
            kan = self._call(caller, turn, discarded)
            turn, draw, open_kan_dora = caller, kan, kan
            if kan and self._next(caller, self.moves) == 0:
                self.moves[caller].pop(0)
        self._end(turn)
        return self.tags

    def _ron_on(self, discarder: int) -> bool:
        """The hand ends with a ron on this discard: the log's last move, and its result a ron from it."""
        if self.moves[discarder] or any(self.takes[s] for s in range(3)):
            return False
        return bool(self.result) and self.result[0] == WIN and self.result[2][1] == discarder != self.result[2][0]

    def _caller(self, discarder: int, tile_id: int) -> int | None:
        for offset in (1, 2):
            seat = (discarder + offset) % 3
            take = self._next(seat, self.takes)
            if isinstance(take, str) and ("p" in take or "m" in take):
                letter = "p" if "p" in take else "m"
                called = int(take[take.index(letter) + 1 : take.index(letter) + 3])
                if self.ids.kind(called)[0] == tile_id // 4 and self._source(seat, take, letter) == discarder:
                    return seat
        return None

    @staticmethod
    def _source(seat: int, text: str, letter: str) -> int:
        place = text.index(letter) // 2
        where = {0: 3, 1: 2, 2: 1, 3: 1}[place]
        return (seat + where) % 4

    def _call(self, caller: int, discarder: int, tile_id: int) -> bool:
        take = self.takes[caller].pop(0)
        letter = "p" if "p" in take else "m"
        called = int(take[take.index(letter) + 1 : take.index(letter) + 3])
        own = [t for t in _numbers(take)]
        own.remove(called)
        ids = [self.ids.take(self.hands[caller], t) for t in own]
        where = _relative(caller, discarder)
        if letter == "m":
            self.tags.append(_tag("N", who=caller, m=(tile_id << 8) | where))
            return True
        tiles = sorted([tile_id, *ids])
        kind = tile_id // 4
        unused = next(c for c in range(4) if kind * 4 + c not in tiles)
        t = kind * 3 + tiles.index(tile_id)
        self.tags.append(_tag("N", who=caller, m=(t << 9) | 0x08 | (unused << 5) | where))
        return False

    def _own_meld(self, seat: int, move: str) -> bool:
        """A kita, closed kan or added kan from the discard list; True when its kan dora turns later."""
        tiles = _numbers(move)
        if "f" in move:
            tile = self.ids.take(self.hands[seat], tiles[0])
            self.tags.append(_tag("N", who=seat, m=(tile << 8) | 0x20))
            return False
        if "a" in move:
            ids = [self.ids.take(self.hands[seat], t, any_copy=True) for t in tiles]
            self.tags.append(_tag("N", who=seat, m=(min(ids) << 8)))
            self._kan_dora()
            return False
        if "k" in move:
            at = move.index("k") + 1
            added = self.ids.take(self.hands[seat], int(move[at : at + 2]), any_copy=True)
            kind = added // 4
            self.tags.append(_tag("N", who=seat, m=((kind * 3) << 9) | 0x10 | ((added % 4) << 5)))
            return True
        raise LogError(f"seat {seat}'s move {move!r} is not a discard, a kan or a kita")

    def _end(self, last: int) -> None:
        kind = self.result[0] if self.result else None
        if kind == WIN:
            pairs = self.result[1:]
            for deltas, info in zip(pairs[0::2], pairs[1::2], strict=True):
                self.tags.append(self._agari(deltas, info))
            return
        deltas = self.result[1] if len(self.result) > 1 else [0, 0, 0, 0]
        sc = _csv(x for d in deltas[:3] for x in (0, d // 100))
        attrs: dict[str, Any] = {"sc": sc}
        if kind == NINE_KINDS:
            attrs |= {"type": "yao9", f"hai{last}": _csv(self.hands[last])}
        elif kind == FOUR_KANS:
            attrs["type"] = "kan4"
        elif kind in (DRAWN, ALL_TENPAI, NONE_TENPAI, NAGASHI):
            if kind == NAGASHI:
                attrs |= {"type": "nm", "tenpai": "unknown"}  # a JSON log does not say who was tenpai
            tenpai = range(3) if kind == ALL_TENPAI else [s for s in range(3) if kind == DRAWN and deltas[s] > 0]
            for s in tenpai:
                attrs[f"hai{s}"] = _csv(self.hands[s])
        else:
            raise LogError(f"the hand's result {kind!r} is not one a sanma log has")
        self.tags.append(_tag("RYUUKYOKU", **attrs))

    def _agari(self, deltas: list[int], info: list[Any]) -> ET.Element:
        who, source, _pao, score, *yaku = info
        han = sum(int(h) for y in yaku for h in re.findall(r"\((\d+)飜\)", y))
        han += 13 * sum(1 for y in yaku if "役満" in y)
        fu_han = re.match(r"(\d+)符(\d+)飜", score)
        fu = int(fu_han.group(1)) if fu_han else 0  # a limit hand's score names no fu
        while len(self.dora_ids) < len(self.dora):  # kan dora the hand ended before turning over in play
            self.dora_ids.append(self.ids.new(self.dora[len(self.dora_ids)]))
        indicators = list(self.dora_ids)
        if self.ura_ids is None:  # once a hand: a double ron's second win shows the same indicators
            self.ura_ids = [self.ids.new(t) for t in self.ura[: len(indicators)]]
        ura = self.ura_ids
        attrs: dict[str, Any] = {
            "who": who,
            "fromWho": source,
            "ten": f"{fu},0,0",
            "han": han,
            "doraHai": _csv(indicators),
            "sc": _csv(x for d in deltas[:3] for x in (0, d // 100)),
        }
        if ura:
            attrs["doraHaiUra"] = _csv(ura)
        return _tag("AGARI", **attrs)


def to_mjlog(log: Any) -> list[ET.Element]:
    """The mjlog tags a JSON log stands for (``GO``, then each hand's ``INIT`` … and its end); the last
    end tag carries ``owari`` (final points and scores) from the log's ``sc``."""
    if not isinstance(log, dict) or not isinstance(log.get("log"), list):
        raise LogError('this JSON is not a Tenhou game log (it has no "log" list)')
    names = log.get("name") or []
    if len(names) == 4 and names[3]:
        raise LogError("this is a four-player log; replay reads three-player (sanma) logs")
    rule = log.get("rule") or {}
    disp = str(rule.get("disp", ""))
    keys = [k for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    red = any(rule[k] for k in keys) if keys else True  # Tenhou's rooms play with red fives
    south = "東" not in disp
    go_type = 0x10 | 0x01 | (0x08 if south else 0) | (0 if red else 0x02)
    tags = [_tag("GO", type=go_type)]
    for row in log["log"]:
        tags += _Reader(row, red).read()
    sc = log.get("sc")
    if sc and tags[-1].tag in ("AGARI", "RYUUKYOKU"):  # owari counts points in hundreds
        tags[-1].set("owari", _csv(x // 100 if i % 2 == 0 else x for i, x in enumerate(sc)))
    return tags


__all__ = ["LogError", "code", "export", "export_game", "number", "to_mjlog"]
