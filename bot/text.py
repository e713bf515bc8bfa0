"""Text a user chose (display names, season names) made safe to show.

Discord renders markdown in message content, embed titles, descriptions and field names and values, so a
display name such as ``[gift](https://evil.example)`` would become a masked link, ``**`` bold, ``# `` a
heading, ``<@id>`` a mention; and Unicode's direction overrides (U+202E …) would turn the rest of a line
around. Every such text goes through this module on its way into a message:

* :func:`plain` — the text as one line of visible characters: control, line-breaking, direction-override and
  other invisible format characters removed (the zero-width joiner of emoji sequences stays), runs of spaces
  made one, cut to a length with an ellipsis. For places Discord does not render as markdown (footers,
  button labels, pictures) and for what is stored.
* :func:`escape` — :func:`plain`, then every character Discord's markdown gives a meaning escaped with a
  backslash (rendered as the character itself). For every place that renders markdown.

Cutting happens before escaping, so an escape is never cut in half.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

NAME_MAX = 32  # Discord's longest display name or server nickname
SEASON_NAME_MAX = 80  # the longest season name /season start takes

ELLIPSIS = "…"
# Unicode's explicit direction marks, embeddings, overrides and isolates (and the Arabic letter mark)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
KEPT_FORMAT = frozenset("\u200d")  # the zero-width joiner holds emoji sequences together
# markdown's characters (``\`` first, so it is never escaped twice); ``.`` only after a digit ("1." starts a list)
MARKDOWN = re.compile(r"([\\*_~|`>#\-\[\]()<:@])|(?<=\d)(\.)")
SPACES = re.compile(r"\s+")


def _visible(char: str) -> bool:
    if char in BIDI_CONTROLS:
        return False
    category = unicodedata.category(char)
    if category == "Cf":  # invisible format characters, emoji tags (U+E0020–E007F) excepted
        return char in KEPT_FORMAT or 0xE0020 <= ord(char) <= 0xE007F
    return category not in ("Cc", "Cs")  # unassigned ones stay: emoji newer than this Python's tables


def clip(text: str, limit: int) -> str:
    """``text`` when it has at most ``limit`` characters, else its start and an ellipsis, ``limit`` in all."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def plain(text: str, limit: int | None = None) -> str:
    """One line of visible text: invisible and control characters removed, whitespace (line breaks too) made
    single spaces, cut to ``limit`` characters."""
    kept = "".join(c if _visible(c) else (" " if unicodedata.category(c) == "Cc" else "") for c in str(text))
    line = SPACES.sub(" ", kept).strip()
    return line if limit is None else clip(line, limit)


def escape(text: str, limit: int | None = None) -> str:
    """:func:`plain` text (cut to ``limit`` characters before escaping), every markdown character escaped:
    Discord shows it as typed, never as a link, a mention, formatting, a heading, a list or a quote."""
    return MARKDOWN.sub(lambda m: "\\" + m.group(0), plain(text, limit))


@lru_cache(maxsize=4096)  # the same few names are shown in every redraw of a table and of each panel
def name(text: str) -> str:
    """A player's name for a message that renders markdown: escaped, at most :data:`NAME_MAX` characters."""
    return escape(plain_name(text))


def plain_name(text: str) -> str:
    """A player's name as it is kept and drawn in pictures: :func:`plain`, at most :data:`NAME_MAX` characters
    (a name of invisible characters only is "Player")."""
    return plain(text, NAME_MAX) or "Player"


def season_name(text: str) -> str:
    """A season's name for a message that renders markdown: escaped, at most :data:`SEASON_NAME_MAX` characters
    (a name stored before that limit, or written into the database by hand, is cut when shown)."""
    return escape(text, SEASON_NAME_MAX)
