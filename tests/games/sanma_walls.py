"""Scripted sanma walls for tests (docs/rules/sanma.md §3 layout)."""

from __future__ import annotations

from games.sanma.tiles import ALL_IDS, code_kind, parse_codes


def make_wall(hands: list[str], draws: dict[int, str] | None = None, red_fives: bool = True) -> list[int]:
    """A 108-id wall. ``hands[k]`` (mpsz) goes to the seat k places after the dealer; ``draws`` maps
    wall positions (39 = dealer's first draw, 94 = first dora indicator, 99 = first ura, 104 = first
    replacement tile, …) to tiles. Everything else is filled with the remaining tiles in id order."""
    pool = list(ALL_IDS)
    wall: list[int | None] = [None] * 108

    def take(code: str) -> int:
        k = code_kind(code)
        red = code[0] == "0"
        for t in pool:
            if t // 4 == k and (t in (52, 88) and red_fives) == red:
                pool.remove(t)
                return t
        raise ValueError(f"no {code} left for the scripted wall")

    for k, text in enumerate(hands):
        codes = parse_codes(text)
        assert len(codes) == 13, (k, text)
        for i, c in enumerate(codes):
            wall[13 * k + i] = take(c)
    for pos, code in (draws or {}).items():
        assert wall[pos] is None, pos
        wall[pos] = take(code)
    rest = iter(pool)
    return [t if t is not None else next(rest) for t in wall]
