"""The payment tables of docs/rules/sanma.md §6 are what the scoring library computes for Parlor's options."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator

from games.sanma.scoring import optional_rules

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "sanma.md"
EAST, SOUTH = 27, 28


def tables() -> dict[str, list[list[str]]]:
    """Each table of the page's section 6 under the line before it, as rows of cells (header and rule lines left out)."""
    section = PAGE.read_text(encoding="utf-8").split("## 6.")[1].split("\n## ")[0]
    found: dict[str, list[list[str]]] = {}
    title = None
    for line in section.splitlines():
        if line.startswith("|") and title:
            if set(line) <= set("|- "):
                found[title].pop()  # the row above the rule line is the header
            else:
                found.setdefault(title, []).append([c.strip() for c in line.strip("|").split("|")])
        elif line.strip():
            title = line.strip()
    return found


def amount(cell: str) -> int:
    return int(cell.replace(",", ""))


def score(han: int, fu: int, dealer: bool, tsumo: bool) -> dict:
    config = HandConfig(
        is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, round_wind=EAST, options=optional_rules()
    )
    return ScoresCalculator().calculate_scores(han, fu, config)


def header_fus(title_start: str) -> list[int]:
    section = PAGE.read_text(encoding="utf-8").split("## 6.")[1]
    block = section.split(title_start, 1)[1]
    header = next(line for line in block.splitlines() if line.startswith("| han"))
    return [int(c) for c in re.findall(r"\d+", header)]


@pytest.mark.parametrize(
    "title,dealer,tsumo",
    [
        ("Non-dealer wins — ron (the discarder pays):", False, False),
        ("Non-dealer wins — tsumo (the dealer pays / the other non-dealer pays):", False, True),
        ("Dealer wins — ron (the discarder pays) and tsumo (each non-dealer pays):", True, None),
    ],
)
def test_the_payment_tables_are_the_librarys(title, dealer, tsumo):
    rows = tables()[title]
    fus = header_fus(title)
    checked = 0
    for cells in rows:
        label, values = cells[0], cells[1:]
        han = int(label.split()[0])
        is_tsumo = tsumo if tsumo is not None else label.endswith("tsumo")
        for fu, cell in zip(fus, values):
            if cell in ("", "–"):
                continue
            cost = score(han, fu, dealer, is_tsumo)
            if cell == "mangan":
                assert cost["yaku_level"] == "mangan", (title, han, fu)
            elif is_tsumo and not dealer:
                dealer_pays, other_pays = (amount(x) for x in cell.split("/"))
                assert (cost["main"], cost["additional"]) == (dealer_pays, other_pays), (han, fu)
            else:
                assert cost["main"] == amount(cell), (title, label, fu)
            checked += 1
    assert checked >= 20


LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "yakuman": 13}


def test_the_limit_table_is_the_librarys():
    rows = tables()["From mangan up:"]
    assert [cells[0] for cells in rows] == list(LIMIT_HAN)
    for name, _, nd_ron, nd_tsumo, d_ron, d_tsumo in rows:
        han = LIMIT_HAN[name]
        assert score(han, 30, False, False)["main"] == amount(nd_ron), name
        dealer_pays, other_pays = (amount(x) for x in nd_tsumo.split(" + "))
        cost = score(han, 30, False, True)
        assert (cost["main"], cost["additional"]) == (dealer_pays, other_pays), name
        assert score(han, 30, True, False)["main"] == amount(d_ron), name
        assert score(han, 30, True, True)["main"] == amount(d_tsumo.removesuffix(" each")), name
