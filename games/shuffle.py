"""The fair shuffle (docs/design.md §3): a seeded, re-derivable Fisher-Yates and the hash that commits to a seed.

A game shows ``sha256_hex(seed)`` when a deal starts and reveals the seed when it ends; anyone can
then re-derive the deal with :func:`seeded_shuffle` (the method is written out below, for any language).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def sha256_hex(text: str) -> str:
    """SHA-256 of the UTF-8 bytes of ``text``, as 64 lower-case hex digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seeded_shuffle(seed: str, attempt: int, deck: Sequence[str] | Sequence[int]) -> list:
    """Deterministic Fisher-Yates shuffle of ``deck`` (given in its canonical order).

    Exact method, re-derivable in any language::

        stream = SHA-256(f"{seed}:{attempt}:0") || SHA-256(f"{seed}:{attempt}:1") || ...
                 (raw 32-byte digests of the UTF-8 strings, concatenated)
        d = the deck in canonical order (hanafuda: 1L … 12C3)
        t = 0
        for i = len(d) - 1 down to 1:
            r = stream[8t : 8t+8] read as a big-endian unsigned 64-bit integer; t += 1
            j = r mod (i + 1)
            swap d[i] and d[j]

    The top of the deck is ``d[0]``.
    """
    d = list(deck)
    need = 8 * (len(d) - 1)
    prefix = f"{seed}:{attempt}:"
    chunks = []
    block = 0
    while 32 * block < need:
        chunks.append(hashlib.sha256((prefix + str(block)).encode("utf-8")).digest())
        block += 1
    stream = b"".join(chunks)
    t = 0
    for i in range(len(d) - 1, 0, -1):
        j = int.from_bytes(stream[t : t + 8], "big") % (i + 1)
        t += 8
        d[i], d[j] = d[j], d[i]
    return d
