"""Where an answer's time goes, for ``bench_shards``: the driver's moments of each interaction
(``benchmarks/shard_players.py``'s :class:`~benchmarks.shard_players.Sent`) set beside the bot process's own
(``tests/e2e/answer_timings.py``), all on ``time.monotonic()``, which is one clock for every process of the machine.

An answer's latency as a player sees it (the local Discord dispatching the interaction → the local Discord having
handled the bot's answer) is cut into five consecutive parts:

- **driver sends**: the local Discord builds the gateway frame and writes it to the bot's websocket (its loop also
  serves every player and every other request meanwhile);
- **to the bot**: the frame crosses the socket and waits until the bot's loop reads it;
- **bot parses**: discord.py decodes the frame and builds the ``Interaction`` (and the clicked ``Message``);
- **bot answers**: from the built interaction to the start of the answer's request (Parlor's own work, and the
  loop's other work queued before it);
- **answer handled**: the answer's request crosses to the local Discord, waits for its loop and is handled there.

*Bot answers* is cut further for the moves answered with their panel (not deferred first, as a click on a busy
table is), its picture drawn for that answer: **to the manager**
(the listener's task waits for its turn on the loop and Parlor routes the click), **the table's lock** (waiting for
it), **to the writer** (the engine, and the wait for the connection of the move's write, ``bot/store/connection.py``: the
store's one writer, or on PostgreSQL one of its movers), **stored** (the
move's transaction: its round trips to the database, each read back when the loop next gets to it), **drawn** (the panel's payload, the picture's wait for a free worker and its
drawing) and **sent** (the answer's request built).

The **bot's part** is *bot parses* + *bot answers*, the frame read → the answer's request started: what a bot on the
real Discord adds to the network's time. *To the bot* is mostly the bot's loop being busy elsewhere (its lag, also
printed), partly the driver's (a frame written late is read late).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.shard_players import Sent
from benchmarks.timings import percentile
from tests.e2e.answer_timings import LAG_EVERY, read

PARTS = ("driver sends", "to the bot", "bot parses", "bot answers", "answer handled")
# bot answers, for a move answered with its panel drawn for it
INSIDE = ("to the manager", "the table's lock", "to the writer", "stored", "drawn", "sent")


@dataclass
class Split:
    """Each part's seconds, one sample per interaction both sides saw, and the bots' loop lags."""

    parts: dict[str, list[float]]
    bots: list[float]  # the bot's part: frame read → answer's request started
    lags: list[float]  # how late the bots' loops woke up, each look during play
    worst_lag_at: float  # seconds into play of the longest
    inside: dict[str, list[float]]  # bot answers, cut where a move's were all seen
    writers: list[str]  # each bot process's use of its store's one writer connection during play

    @classmethod
    def of(cls, sent: Sequence[Sent], records: Iterable[Path]) -> Split | None:
        """The split of the interactions in ``sent`` that the bot processes' ``records`` name (None without any
        record: a checkout whose bot process does not write them)."""
        moments: dict[int, dict[str, float]] = {}
        lags: list[tuple[float, float]] = []
        writers: list[str] = []
        play = (min((d.dispatched for d in sent), default=0.0), max((d.answered for d in sent), default=0.0))
        for path in records:
            if path.exists():
                record = read(path)
                moments |= record.moments
                lags += [(when, late) for when, late in record.lags if play[0] <= when <= play[1]]
                movers = f"; the moves' connections {writer_use(record.movers, *play)}" if record.movers else ""
                writers.append(writer_use(record.writer, *play) + movers + "; " + gc_pauses(record.collections, *play))
        parts: dict[str, list[float]] = {part: [] for part in PARTS}
        inside: dict[str, list[float]] = {part: [] for part in INSIDE}
        bots: list[float] = []
        for driver in sent:
            bot = moments.get(driver.id, {})
            if not {"frame", "parsed", "answering"} <= bot.keys():
                continue
            edges = (driver.dispatched, driver.written, bot["frame"], bot["parsed"], bot["answering"], driver.answered)
            for part, start, end in zip(PARTS, edges, edges[1:], strict=False):
                parts[part].append(end - start)
            bots.append(bot["answering"] - bot["frame"])
            if {"routed", "locked", "writer", "stored", "drawn"} <= bot.keys():
                steps = [bot[m] for m in ("parsed", "routed", "locked", "writer", "stored", "drawn", "answering")]
                if steps != sorted(steps):
                    continue  # answered before it got the table's lock: acknowledged first, the panel sent after
                for part, start, end in zip(INSIDE, steps, steps[1:], strict=False):
                    inside[part].append(end - start)
        worst = max(lags, key=lambda lag: lag[1], default=(play[0], 0.0))
        return cls(parts, bots, [late for _, late in lags], worst[0] - play[0], inside, writers) if bots else None

    def lines(self) -> list[str]:
        """The split, each part's median and p99 in ms; the bot's part; the loop lag."""

        def ms(samples: list[float]) -> str:
            return f"{percentile(samples, 0.5) * 1000:.1f}/{percentile(samples, 0.99) * 1000:.1f}"

        moves = len(self.inside["sent"])
        return [
            f"  answer split over {len(self.bots)} interactions, median/p99 ms: "
            + ", ".join(f"{part} {ms(samples)}" for part, samples in self.parts.items()),
            f"  bot answers, for the {moves} moves answered with their panel drawn for them, median/p99 ms: "
            + (", ".join(f"{part} {ms(samples)}" for part, samples in self.inside.items()) if moves else "-"),
            f"  the bot's part (frame read -> answer's request sent): median/p99 {ms(self.bots)} ms, max "
            f"{max(self.bots) * 1000:.0f} ms; the bots' event loop lag (a {LAG_EVERY * 1000:.0f} ms sleep woke late by), "
            f"median/p99/max {ms(self.lags) if self.lags else '-'}/"
            f"{max(self.lags, default=0) * 1000:.0f} ms (the longest {self.worst_lag_at:.1f} s into play)",
            *(f"  bot process {n + 1}: writer connection {line}" for n, line in enumerate(self.writers)),
        ]


def writer_use(uses: Sequence[tuple[float, float, float]], start: float, end: float) -> str:
    """How busy a process's one writer connection was between ``start`` and ``end``: its uses, the share of the time
    held, how long a use held it and how long it waited for it."""
    during = [(asked, got, back) for asked, got, back in uses if start <= asked <= end]
    if not during:
        return "not used"
    held = [back - got for _, got, back in during]
    waited = [got - asked for asked, got, _ in during]
    return (
        f"{len(during)} uses, held {sum(held) / max(end - start, 1e-9):.0%} of the time; a use held it median/p99/mean "
        f"{percentile(held, 0.5) * 1000:.1f}/{percentile(held, 0.99) * 1000:.1f}/{sum(held) / len(held) * 1000:.1f} "
        f"ms and waited for it median/p99 {percentile(waited, 0.5) * 1000:.1f}/{percentile(waited, 0.99) * 1000:.1f} ms"
    )


def gc_pauses(done: Sequence[tuple[int, float, float, float]], start: float, end: float) -> str:
    """The garbage collections between ``start`` and ``end``, by generation: how many, the longest and all of them, in
    wall time (each stops the event loop while it runs) and in CPU time (the rest is the process waiting for a core)."""
    during = [(generation, ended - began, cpu) for generation, began, ended, cpu in done if start <= began <= end]
    lines = []
    for g in (0, 1, 2):
        wall = [seconds for generation, seconds, _ in during if generation == g]
        cpu = [seconds for generation, _, seconds in during if generation == g]
        lines.append(
            f"generation {g} {len(wall)}x, longest {max(wall, default=0) * 1000:.0f} ms ({max(cpu, default=0) * 1000:.0f}"
            f" CPU), all {sum(wall) * 1000:.0f} ms ({sum(cpu) * 1000:.0f} CPU)"
        )
    return "garbage collections: " + "; ".join(lines)
