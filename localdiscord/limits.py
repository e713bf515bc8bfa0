"""Which Unicode emoji Discord takes on a button or a select option (the fake's payload checks in
``validation.py`` use it; so can a test). Discord accepts one emoji of its own list, written without the
variation selector U+FE0F (🌧 yes, 🌧️ no), and no newer than Emoji 14.0 (🪻, Emoji 15.0, is refused).
"""

from __future__ import annotations

import bisect
import functools

# Code points with the Emoji property (emoji-data.txt, Emoji 14.0), ASCII keycap bases left out.
_EMOJI_RANGES = """
00A9 00AE 203C 2049 2122 2139 2194-2199 21A9-21AA 231A-231B 2328 23CF 23E9-23F3 23F8-23FA 24C2
25AA-25AB 25B6 25C0 25FB-25FE 2600-2604 260E 2611 2614-2615 2618 261D 2620 2622-2623 2626 262A
262E-262F 2638-263A 2640 2642 2648-2653 265F-2660 2663 2665-2666 2668 267B 267E-267F 2692-2697 2699
269B-269C 26A0-26A1 26A7 26AA-26AB 26B0-26B1 26BD-26BE 26C4-26C5 26C8 26CE-26CF 26D1 26D3-26D4
26E9-26EA 26F0-26F5 26F7-26FA 26FD 2702 2705 2708-270D 270F 2712 2714 2716 271D 2721 2728 2733-2734
2744 2747 274C 274E 2753-2755 2757 2763-2764 2795-2797 27A1 27B0 27BF 2934-2935 2B05-2B07 2B1B-2B1C
2B50 2B55 3030 303D 3297 3299
1F004 1F0CF 1F170-1F171 1F17E-1F17F 1F18E 1F191-1F19A 1F201-1F202 1F21A 1F22F 1F232-1F23A
1F250-1F251 1F300-1F321 1F324-1F393 1F396-1F397 1F399-1F39B 1F39E-1F3F0 1F3F3-1F3F5 1F3F7-1F4FD
1F4FF-1F53D 1F549-1F54E 1F550-1F567 1F56F-1F570 1F573-1F57A 1F587 1F58A-1F58D 1F590 1F595-1F596
1F5A4-1F5A5 1F5A8 1F5B1-1F5B2 1F5BC 1F5C2-1F5C4 1F5D1-1F5D3 1F5DC-1F5DE 1F5E1 1F5E3 1F5E8 1F5EF
1F5F3 1F5FA-1F64F 1F680-1F6C5 1F6CB-1F6D2 1F6D5-1F6D7 1F6DD-1F6E5 1F6E9 1F6EB-1F6EC 1F6F0
1F6F3-1F6FC 1F7E0-1F7EB 1F7F0 1F90C-1F93A 1F93C-1F945 1F947-1F9FF 1FA70-1FA74 1FA78-1FA7C
1FA80-1FA86 1FA90-1FAAC 1FAB0-1FABA 1FAC0-1FAC5 1FAD0-1FAD9 1FAE0-1FAE7 1FAF0-1FAF6
"""


def _ranges(text: str) -> list[tuple[int, int]]:
    spans = []
    for token in text.split():
        low, _, high = token.partition("-")
        spans.append((int(low, 16), int(high or low, 16)))
    return spans


EMOJI_SPANS = _ranges(_EMOJI_RANGES)  # in ascending order, none overlapping
_SPAN_STARTS = [low for low, _ in EMOJI_SPANS]
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
TAGS, CANCEL_TAG, BLACK_FLAG = range(0xE0020, 0xE007F), 0xE007F, 0x1F3F4
ZWJ, KEYCAP, VARIATION_SELECTOR = 0x200D, 0x20E3, 0xFE0F


def _is_emoji(point: int) -> bool:
    """Whether ``point`` lies in a span: the last span starting at or below it, found by bisection."""
    at = bisect.bisect_right(_SPAN_STARTS, point) - 1
    return at >= 0 and point <= EMOJI_SPANS[at][1]


def _element(points: list[int]) -> bool:
    """One element of a ZWJ sequence: an emoji with an optional skin tone, a flag, a keycap or a tag flag."""
    if len(points) == 2 and all(p in REGIONAL_INDICATORS for p in points):
        return True
    if len(points) == 2 and points[1] == KEYCAP:
        return chr(points[0]) in "0123456789#*"
    if len(points) > 2 and points[0] == BLACK_FLAG and points[-1] == CANCEL_TAG:
        return all(p in TAGS for p in points[1:-1])
    if not points or not _is_emoji(points[0]) or points[0] in SKIN_TONES and len(points) > 1:
        return False
    return len(points) == 1 or (len(points) == 2 and points[1] in SKIN_TONES)


@functools.lru_cache(maxsize=1024)
def valid_component_emoji(name: str) -> bool:
    """Whether Discord takes ``name`` as the Unicode emoji of a button or a select option (kept per name: a bot shows
    the same few over and over)."""
    points = [ord(c) for c in name]
    if not points or VARIATION_SELECTOR in points:
        return False
    elements: list[list[int]] = [[]]
    for point in points:
        if point == ZWJ:
            elements.append([])
        else:
            elements[-1].append(point)
    return all(_element(element) for element in elements)
