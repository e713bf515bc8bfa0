"""Sanma: 3-player riichi mahjong (rules/sanma.md)."""
