"""Hand scoring through the ``mahjong`` package, exactly as docs/rules/sanma.md §5 prescribes.

The engine (and ``calc sanma``) call :func:`score_hand`; payments per seat come from
:func:`tsumo_payments` and :func:`ron_payment`. Tsumo loss, ron honba 200, kita as nuki dora and "no double yakuman"
are the library's three-player options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mahjong.constants import EAST as LIB_EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

from games.sanma.tiles import check_ids

LIMIT_NAMES = {0: None, 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}


@lru_cache(maxsize=2)
def optional_rules(red_fives: bool = True) -> OptionalRules:
    return OptionalRules(is_three_player=True, has_aka_dora=red_fives, has_open_tanyao=True, has_double_yakuman=False)


MELD_TYPES = {
    "pon": (Meld.PON, True),
    "daiminkan": (Meld.KAN, True),
    "ankan": (Meld.KAN, False),
    "shouminkan": (Meld.SHOUMINKAN, True),
}


def lib_melds(melds: list[dict[str, Any]]) -> list[Meld]:
    out = []
    for m in melds:
        mtype, opened = MELD_TYPES[m["type"]]
        out.append(Meld(mtype, tiles=list(m["tiles"]), opened=opened))
    return out


# The flags of a win the scoring library names ``is_<flag>`` (riichi apart: a double riichi is a riichi too).
LIB_FLAGS = ("tsumo", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")


@dataclass
class WinContext:
    """Everything about a win that is not the tiles (HandConfig fields of §5)."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0  # 0 East, 1 South, 2 West
    round_wind: int = 0  # 0 East, 1 South
    honba: int = 0
    sticks: int = 0
    kita: int = 0
    red_fives: bool = True


@dataclass
class Score:
    error: str | None
    han: int = 0
    fu: int = 0
    yaku: list[dict[str, Any]] = field(default_factory=list)  # [{"name", "han"}]
    cost: dict[str, Any] = field(default_factory=dict)
    limit: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def score_hand(
    concealed: list[int], win_tile: int, melds: list[dict[str, Any]], dora: list[int], ura: list[int], ctx: WinContext
) -> Score:
    """Score a complete hand. ``concealed`` holds the concealed tiles *including* the winning tile."""
    tiles = list(concealed)
    for m in melds:
        tiles.extend(m["tiles"])
    check_ids(tiles)
    config = HandConfig(
        **{f"is_{flag}": getattr(ctx, flag) for flag in LIB_FLAGS},
        is_riichi=ctx.riichi or ctx.double_riichi,
        is_daburu_riichi=ctx.double_riichi,
        player_wind=LIB_EAST + ctx.seat_wind,
        round_wind=LIB_EAST + ctx.round_wind,
        tsumi_number=ctx.honba,
        kyoutaku_number=ctx.sticks,
        num_nuki_dora=ctx.kita,
        options=optional_rules(ctx.red_fives),
    )
    r = HandCalculator.estimate_hand_value(
        tiles,
        win_tile,
        melds=lib_melds(melds),
        dora_indicators=list(dora),
        config=config,
        ura_dora_indicators=list(ura),
    )
    if r.error:
        return Score(error=r.error)
    open_hand = any(m["type"] != "ankan" for m in melds)
    yaku = [
        {"name": y.name, "han": (y.han_open if open_hand else y.han_closed) or 0, "id": y.yaku_id} for y in r.yaku or []
    ]
    cost = dict(r.cost or {})
    return Score(error=None, han=r.han or 0, fu=r.fu or 0, yaku=yaku, cost=cost, limit=_limit(cost))


def _limit(cost: dict[str, Any]) -> str | None:
    level = cost.get("yaku_level") or ""
    if level:
        return level.lower().replace(" ", "_")
    return None


def nagashi_score(dealer: bool) -> Score:
    """Nagashi mangan as the library computes it (§5: no tiles, tsumo, no honba/sticks)."""
    config = HandConfig(
        is_tsumo=True,
        is_nagashi_mangan=True,
        player_wind=LIB_EAST + (0 if dealer else 1),
        round_wind=LIB_EAST,
        options=optional_rules(True),
    )
    # nagashi mangan has no winning tile: the library takes None for it
    r = HandCalculator.estimate_hand_value([], None, config=config)  # type: ignore[arg-type]
    return Score(
        error=r.error,
        han=r.han or 0,
        fu=r.fu or 0,
        cost=dict(r.cost or {}),
        yaku=[{"name": y.name, "han": y.han_closed, "id": y.yaku_id} for y in (r.yaku or [])],
    )


def tsumo_payments(cost: dict[str, Any], winner: int, dealer: int) -> dict[int, int]:
    """What each other seat pays on a tsumo (without riichi sticks)."""
    out = {}
    for s in range(3):
        if s == winner:
            continue
        if winner == dealer or s == dealer:
            out[s] = cost["main"] + cost["main_bonus"]
        else:
            out[s] = cost["additional"] + cost["additional_bonus"]
    return out


def ron_payment(cost: dict[str, Any]) -> int:
    return cost["main"] + cost["main_bonus"]
