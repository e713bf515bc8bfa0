"""CPU time and memory of other processes, read from Linux's /proc: a benchmark keeps each process's share apart
(the bot processes, their picture workers, the database server, the benchmark's own process)."""

from __future__ import annotations

import os
from pathlib import Path


def tree_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds used so far by process ``pid`` itself and by every process under it (a bot's picture workers,
    a database server's backends); (0, 0) once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
        children = [
            int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()
        ]
    except (OSError, ValueError):
        return 0.0, 0.0
    return own, sum(sum(tree_cpu(c)) for c in children)


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (its own, not its children's), in MB."""
    try:
        line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0.0
    return int(line.split()[1]) / 1024


def cpu_split(pids: list[int]) -> tuple[float, float]:
    """The processes' own CPU seconds, and their children's."""
    both = [tree_cpu(pid) for pid in pids]
    return sum(own for own, _ in both), sum(under for _, under in both)


def postmaster(data_folder: Path) -> int | None:
    """The pid of the PostgreSQL server whose data folder is ``data_folder`` (its ``postmaster.pid``'s first line)."""
    try:
        return int((data_folder / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def server_cpu(pid: int | None) -> float:
    """CPU seconds of a server and every process under it so far (0 when unknown)."""
    return 0.0 if pid is None else sum(tree_cpu(pid))
