"""The sanma hand calculator behind ``python -m games calc sanma`` and ``/calc sanma``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

from games.base import GameError
from games.sanma.scoring import Score, WinContext, ron_payment, score_hand, tsumo_payments
from games.sanma.tiles import code_kind, codes_to_ids, parse_codes, tiles_text

SEATS = {"E": 0, "S": 1, "W": 2}
ROUNDS = {"E": 0, "S": 1}
MELD_KINDS = {"pon": 3, "ankan": 4, "daiminkan": 4, "shouminkan": 4, "kakan": 4, "minkan": 4}


def parse_melds(text: str | None) -> list[tuple[str, list[str]]]:
    """``"pon:777s,ankan:1111z"`` → ``[("pon", [7s,7s,7s]), ("ankan", [...])]``."""
    out = []
    for part in (text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if ":" not in part:
            raise GameError(f"Meld {part!r}: write it as type:tiles, e.g. pon:777s or ankan:1111z.")
        kind, tiles = part.split(":", 1)
        kind = kind.strip().lower()
        kind = {"kakan": "shouminkan", "minkan": "daiminkan", "chi": "chii", "chii": "chii"}.get(kind, kind)
        if kind == "chii":
            raise GameError("There is no chii in sanma.")
        if kind not in ("pon", "ankan", "daiminkan", "shouminkan"):
            raise GameError(f"Unknown meld type {kind!r}: use pon, ankan, daiminkan or shouminkan.")
        codes = parse_codes(tiles)
        want = 3 if kind == "pon" else 4
        if len(codes) != want or len({code_kind(c) for c in codes}) != 1:
            raise GameError(f"A {kind} is {want} copies of one tile, not {tiles!r}.")
        out.append((kind, codes))
    return out


@dataclass
class _Tiles:
    """A hand to score as tile ids: the concealed tiles (the winning one last), the melds and the indicators."""

    concealed: list[int]
    melds: list[dict[str, Any]]
    dora: list[int]
    ura: list[int]


class Situation(TypedDict, total=False):
    """How the hand was won, beyond its tiles and winds; what is not said is :class:`WinContext`'s default."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    kita: int
    honba: int
    sticks: int
    red_fives: bool


def calculate(
    hand: str,
    win: str,
    *,
    melds: str | None = None,
    dora: str | None = None,
    ura: str | None = None,
    seat: str = "S",
    round: str = "E",
    **situation: Unpack[Situation],
) -> dict[str, Any]:
    """Score one hand. Bad input raises GameError; a hand that does not win has ``error`` set."""
    seat_u, round_u = _winds(seat, round)
    ctx = WinContext(**situation, seat_wind=SEATS[seat_u], round_wind=ROUNDS[round_u])
    _check_counts(ctx.kita, ctx.honba, ctx.sticks)
    win_code, tiles = _tiles(hand, win, melds, dora, ura, ctx.kita, ctx.red_fives)
    _check_riichi(ctx.riichi or ctx.double_riichi, ctx.ippatsu, tiles.melds)
    score = score_hand(tiles.concealed, tiles.concealed[-1], tiles.melds, tiles.dora, tiles.ura, ctx)
    return _answer(score, win_code, tiles, ctx.tsumo, ctx.seat_wind, ctx.red_fives)


def _check_counts(kita: int, honba: int, sticks: int) -> None:
    """The counts a player types: 0 to 4 kita, no negative honba or sticks."""
    if not 0 <= kita <= 4:
        raise GameError("A player can have 0 to 4 kita.")
    if honba < 0 or sticks < 0:
        raise GameError("Honba and sticks cannot be negative.")


def _check_riichi(riichi: bool, ippatsu: bool, melds: list[dict[str, Any]]) -> None:
    """Riichi (and so ippatsu) needs a closed hand, and ippatsu needs riichi."""
    if (riichi or ippatsu) and any(m["type"] != "ankan" for m in melds):
        raise GameError("Riichi needs a closed hand (only closed kans).")
    if ippatsu and not riichi:
        raise GameError("Ippatsu needs riichi.")


def _answer(score: Score, win_code: str, tiles: _Tiles, tsumo: bool, winner: int, red_fives: bool) -> dict[str, Any]:
    """The calculator's answer: the hand as written back, its han, fu, yaku and limit, and who pays what."""
    out: dict[str, Any] = {
        "hand": tiles_text(tiles.concealed, red_fives),
        "win": win_code,
        "melds": [{"type": m["type"], "tiles": tiles_text(m["tiles"], red_fives)} for m in tiles.melds],
        "han": score.han if score.ok else 0,
        "fu": score.fu if score.ok else 0,
        "yaku": [y["name"] for y in score.yaku],
        "yaku_han": [{"name": y["name"], "han": y["han"]} for y in score.yaku],
        "limit": score.limit,
        "total": 0,
        "payments": {},
        "error": score.error,
    }
    if score.ok:
        out["payments"] = _payments(score.cost, tsumo, winner)
        out["total"] = score.cost["total"]
    return out


def _winds(seat: str, round: str) -> tuple[str, str]:
    """The seat's and the round's wind letters, checked."""
    seat_u, round_u = (seat or "S").upper()[:1], (round or "E").upper()[:1]
    if seat_u not in SEATS:
        raise GameError("The seat wind is E, S or W (there is no North seat in sanma).")
    if round_u not in ROUNDS:
        raise GameError("The round wind is E or S (the West round is never played).")
    return seat_u, round_u


def _tiles(
    hand: str, win: str, melds: str | None, dora: str | None, ura: str | None, kita: int, red_fives: bool
) -> tuple[str, _Tiles]:
    """The winning tile's code and the hand as tile ids, the copies of each tile checked over hand, melds and kita."""
    hand_codes = parse_codes(hand)
    win_codes = parse_codes(win)
    if len(win_codes) != 1:
        raise GameError("--win must be exactly one tile.")
    meld_list = parse_melds(melds)
    win_code = win_codes[0]
    # the hand includes the winning tile; accept it without, too
    n_meld = len(meld_list)
    need = 14 - 3 * n_meld
    if len(hand_codes) == need - 1:
        hand_codes.append(win_code)
    if len(hand_codes) != need:
        raise GameError(
            f"With {n_meld} meld(s) the hand needs {need} tiles including the winning tile, not {len(hand_codes)}."
        )
    if win_code not in hand_codes:
        raise GameError(f"The winning tile {win_code} is not in the hand.")
    # put the winning tile last so it gets its own id, then assign ids over everything at once
    rest = list(hand_codes)
    rest.remove(win_code)
    meld_codes = [c for _, cs in meld_list for c in cs]
    dora_codes = parse_codes(dora or "")
    ura_codes = parse_codes(ura or "")
    if len(dora_codes) > 5 or len(ura_codes) > 5:
        raise GameError("There are at most 5 dora and 5 ura indicators.")
    ids = codes_to_ids(rest + [win_code] + meld_codes + ["4z"] * kita, red_fives)  # checks the copy counts
    melds_ids = []
    pos = len(rest) + 1
    for kind, cs in meld_list:
        melds_ids.append({"type": kind, "tiles": ids[pos : pos + len(cs)]})
        pos += len(cs)
    # indicators are physical tiles too, but they are separate from the hand's copies
    return win_code, _Tiles(
        concealed=ids[: len(rest) + 1],
        melds=melds_ids,
        dora=codes_to_ids(dora_codes, red_fives),
        ura=codes_to_ids(ura_codes, red_fives),
    )


def _payments(cost: dict[str, Any], tsumo: bool, winner: int) -> dict[str, Any]:
    """Who pays what (the dealer is East, seat 0), and the riichi sticks taken."""
    dealer = 0
    if tsumo:
        pays = tsumo_payments(cost, winner, dealer)
        if winner == dealer:
            payments = {"each_non_dealer": next(iter(pays.values()))}
        else:
            payments = {"dealer": pays[dealer], "non_dealer": [v for s, v in pays.items() if s != dealer][0]}
    else:
        payments = {"discarder": ron_payment(cost)}
    payments["sticks"] = cost["kyoutaku_bonus"]
    return payments


def describe(out: dict[str, Any]) -> str:
    """One readable paragraph for the command line and Discord."""
    if out["error"]:
        reason = {
            "no_yaku": "no yaku (dora, red fives and kita are not yaku)",
            "hand_not_winning": "the hand is not complete",
        }.get(out["error"], out["error"])
        return f"{out['hand']} + {out['win']}: not a win — {reason}."
    yaku = ", ".join(f"{y['name']} {y['han']}" for y in out["yaku_han"])
    pays = out["payments"]
    if "discarder" in pays:
        how = f"discarder pays {pays['discarder']}"
    elif "each_non_dealer" in pays:
        how = f"each non-dealer pays {pays['each_non_dealer']}"
    else:
        how = f"dealer pays {pays['dealer']}, the other player {pays['non_dealer']}"
    sticks = f" + {pays['sticks']} in sticks" if pays.get("sticks") else ""
    limit = f" ({out['limit'].replace('_', ' ')})" if out.get("limit") else ""
    return f"{out['han']} han {out['fu']} fu{limit}: {yaku}. {how}{sticks}; the winner gains {out['total']}."
