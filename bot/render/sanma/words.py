"""Sanma in words: the rules summary, tiles as players read them, and the names of melds, offers and endings."""

from __future__ import annotations

import functools

from bot.emoji import face
from games.sanma.actions import tile_text

MELD_NAMES = {"pon": "Pon", "daiminkan": "Kan", "ankan": "Closed kan", "shouminkan": "Added kan"}
OFFER_NAMES = {"discard": "discard", "kakan": "added kan", "ankan": "closed kan", "kita": "kita"}  # the tile offered
GAME_END_REASONS = {
    "bust": "a player went below zero",
    "last_hand": "the last hand is over",
    "agari_yame": "the last dealer stopped in first place",
    "ended_early": "a league officer ended it early, at the points held",
}
ABORT_REASONS = {"kyuushu_kyuuhai": "nine terminals and honors", "suukaikan": "four kans"}


def tile(code: str) -> str:
    """A tile's face (its emoji, when uploaded) and its text: ``<:sanma_5p:…>5p``, ``E``."""
    return _tile(code, face("sanma", code))


@functools.lru_cache(maxsize=1024)
def _tile(code: str, found: str | None) -> str:
    """A tile's text with its face as found now (None: not uploaded), written once per tile and face."""
    return (found or "") + tile_text(code)


def tiles(codes: list[str], empty: str = "—") -> str:
    return " ".join([tile(c) for c in codes]) if codes else empty


RULES = """\
Three-player Japanese riichi mahjong (Tenhou-style scoring) with 108 tiles: only 1m and 9m \
among the characters, red 5p and 5s, no chii. Build 4 sets and a pair (or seven pairs, or \
thirteen orphans) with at least one yaku, then win by **Tsumo** (your draw) or **Ron** (a discard).

## A turn
Draw, then discard one tile (click it in **My hand**). Instead you may declare **Tsumo**, a closed \
or added **Kan**, **Kita** or **Riichi**. Others may **Ron** your discard, or **Pon** / **Kan** it; \
a call window lasts a few seconds (`call_seconds`) and then passes.

## Kita (North)
Set a North wind tile (N) aside and draw a replacement tile: each kita is 1 han of dora (more when an \
indicator shows West), keeps your hand closed and is never a yaku. A player waiting on North may ron it.

## Riichi and furiten
Riichi with a closed tenpai hand, 1000 points and at least 3 tiles left: a stick goes on the \
table, your hand is locked, and ippatsu / ura dora become possible. You cannot ron a tile you \
discarded yourself among your waits (furiten), nor after passing a win until your next discard.

## Scoring
Han and fu as on Tenhou, with *tsumo loss*: on a tsumo the missing North seat's share is not paid. \
Honba add 200 per ron / 100 from each payer per tsumo. Pao for daisangen and daisuushii; nagashi \
mangan; exhaustive draws pay 2000 among the noten players; kyuushu kyuuhai and four kans abort.

## The game
35000 points each, East then South round (option `east_only`: East only). The dealer repeats \
after a win or tenpai. The game ends after South 3, when someone goes below zero (`tobi`), or \
when the last dealer wins in first place. Final score: (points − 40000)/1000 with uma +20/0/−20 \
and +15 for first.

"""
