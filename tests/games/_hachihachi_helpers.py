"""Reading the money of a Hachi-Hachi year back from what the summaries show (embed dicts).

``Books`` keeps, per seat, the cash and debt that the payment lines shown so far add up to
(everyone starts with 60 points and no debt), and checks every "Cash / debt" figure and
every year-end score against them.
"""

from __future__ import annotations

import re
from typing import Any

START = 60
LINE = re.compile(r"^(?P<frm>.+?) → (?P<to>.+?): (?P<amount>\d+)p\b(?P<rest>.*)$")
HOLDING = re.compile(r"^(?P<name>.+?) (?P<cash>\d+)p(?:, debt (?P<debt>\d+)p)?$")
PLACING = re.compile(
    r"^\*\*\d+\.\*\* (?P<name>.+?) \*\*[+−]\d+p\*\* \(cash (?P<cash>\d+)p(?:, debt (?P<debt>\d+)p)?\)$"
)
ADDS_UP = re.compile(r"^(?P<name>.+?): (?P<items>.+) = \*\*(?P<total>[+−]\d+)p\*\*$")
ITEM = re.compile(r"^(?P<word>.+) (?P<amount>[+−]\d+)p$")
PAYMENT_FIELDS = ("Who paid whom", "Final payments")


def points(text: str) -> int:
    return int(text.replace("−", "-"))


def field_lines(embed: dict[str, Any], prefix: str) -> list[str]:
    return [line for f in embed.get("fields", []) if f["name"].startswith(prefix) for line in f["value"].split("\n")]


def within_discord_limits(embed: dict[str, Any]) -> None:
    fields = embed.get("fields", [])
    assert len(fields) <= 25 and len(embed.get("title") or "") <= 256 and len(embed.get("description") or "") <= 4096
    assert all(len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024 for f in fields)
    texts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text")]
    texts += [text for f in fields for text in (f["name"], f["value"])]
    assert sum(len(text or "") for text in texts) <= 6000


class Books:
    def __init__(self, names: list[str]):
        self.names = names
        self.cash = [START] * len(names)
        self.debt = [0] * len(names)
        self.lines = 0  # payment lines read
        self.loans = 0  # loan lines read
        self.scores: list[dict[str, int]] = []  # per year: name -> shown "adds up" items and total
        self.year = 0
        self.months: dict[tuple[int, int], list[int]] = {}  # (year, month): per seat, the month's lines but loans

    def seat(self, who: str) -> int | None:
        return self.names.index(who) if who in self.names else None

    def read(self, embed: dict[str, Any]) -> None:
        """One summary: apply its payment lines, then check its cash / debt figures."""
        within_discord_limits(embed)
        month = re.match(r"^Month (\d+) ", embed.get("title") or "")
        net = [0] * len(self.names)
        for prefix in PAYMENT_FIELDS:
            for line in field_lines(embed, prefix):
                m = LINE.match(line)
                assert m, f"a payment line that does not read as one: {line!r}"
                frm, to, amount, rest = self.seat(m["frm"]), self.seat(m["to"]), int(m["amount"]), m["rest"]
                if frm is not None:
                    self.cash[frm] -= amount
                    net[frm] -= amount
                if to is not None:
                    self.cash[to] += amount
                    net[to] += amount
                if m["frm"] == "the bank" and "loan" in rest:
                    self.debt[to] += amount
                    net[to] -= amount
                    self.loans += 1
                if m["to"] == "the bank" and "debt repaid" in rest:
                    self.debt[frm] -= amount
                self.lines += 1
        if month:
            self.months[(self.year, int(month[1]))] = net
        for line in field_lines(embed, "Cash / debt"):
            for part in line.split(" · "):
                m = HOLDING.match(part)
                assert m, part
                s = self.names.index(m["name"])
                assert (int(m["cash"]), int(m["debt"] or 0)) == (self.cash[s], self.debt[s]), (
                    f"{embed.get('title')}: {part} but the lines shown add up to {self.cash[s]}p, debt {self.debt[s]}p"
                )
        if "year is over" in (embed.get("title") or ""):
            for line in embed["description"].split("\n"):
                m = PLACING.match(line)
                assert m, line
                s = self.names.index(m["name"])
                assert (int(m["cash"]), int(m["debt"] or 0)) == (self.cash[s], self.debt[s]), (
                    f"year end: {line} but the lines shown add up to {self.cash[s]}p, debt {self.debt[s]}p"
                )
            year = {}
            for line in field_lines(embed, "How each score adds up"):
                m = ADDS_UP.match(line)
                assert m, line
                items = {}
                for item in m["items"].split(" · "):
                    i = ITEM.match(item)
                    items[i["word"]] = points(i["amount"])
                assert sum(items.values()) == points(m["total"]), line
                s = self.names.index(m["name"])
                assert points(m["total"]) == self.cash[s] - self.debt[s], line
                year[m["name"]] = {**items, "score": points(m["total"])}
            assert len(year) == len(self.names)
            self.scores.append(year)

    def new_year(self) -> None:
        self.year += 1
        self.cash = [START] * len(self.names)
        self.debt = [0] * len(self.names)
