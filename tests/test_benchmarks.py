"""The benchmarks live in the top-level ``benchmarks/`` package, beside the tests and not among them: each
runs as ``python -m benchmarks.<name>``, and pytest never collects one (benchmarks time things; tests
never assert timings)."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from benchmarks.command_line import CLOCKS, Option, clock_option, read
from benchmarks.timings import percentile, spread

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


def bench_modules() -> list[str]:
    return sorted(path.stem for path in BENCHMARKS.glob("bench_*.py"))


def test_benchmarks_are_a_top_level_package_and_none_is_left_in_tests():
    assert (BENCHMARKS / "__init__.py").is_file()
    assert bench_modules(), "no benchmark found in benchmarks/"
    assert not (ROOT / "tests" / "benchmarks").exists(), "benchmarks belong in the top-level benchmarks/"


def test_every_benchmark_imports_as_a_module_of_the_package():
    """What ``python -m benchmarks.bench_x`` needs first: the module and everything it imports load from the
    project's root (a stale ``tests.benchmarks`` import would fail here)."""
    code = "import importlib\n" + "".join(f"importlib.import_module('benchmarks.{name}')\n" for name in bench_modules())
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_pytest_collects_no_benchmark():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert config["testpaths"] == ["tests"]
    patterns = config.get("python_files", ["test_*.py", "*_test.py"])
    patterns = patterns.split() if isinstance(patterns, str) else patterns
    collected = [path.name for path in BENCHMARKS.rglob("*.py") if any(fnmatch.fnmatch(path.name, p) for p in patterns)]
    assert collected == [], f"pytest would collect these benchmarks as tests: {collected}"


def test_a_benchmark_declares_its_options_by_their_defaults():
    """``read`` makes each default's type the option's: a whole number, a decimal, a text, one or more numbers,
    a flag; ``Option`` adds a choice, a type for a default of None, a required option, the words of ``--help``."""
    declared = {
        "games": 3,
        "down": 5.0,
        "seed": "1",
        "players": [10, 20],
        "thread": Option(False, "draw in a thread"),
        "clock": clock_option("cpu"),
        "code": Option(None, "a checkout", kind=Path),
    }
    assert vars(read("doc", [], **declared)) == {
        "games": 3,
        "down": 5.0,
        "seed": "1",
        "players": [10, 20],
        "thread": False,
        "clock": "cpu",
        "code": None,
    }
    given = ["--games", "7", "--down", "0.5", "--seed", "x", "--players", "4", "5", "6", "--thread"]
    args = read("doc", [*given, "--clock", "wall", "--code", "/tmp"], **declared)
    assert (args.games, args.down, args.seed, args.players, args.thread) == (7, 0.5, "x", [4, 5, 6], True)
    assert CLOCKS[args.clock] is time.perf_counter and args.code == Path("/tmp")
    with pytest.raises(SystemExit):
        read("doc", ["--clock", "sundial"], **declared)
    with pytest.raises(SystemExit):
        read("doc", [], python=Option(None, "a virtualenv's Python", required=True))
    assert read("doc", ["--hands-each-turn"], hands_each_turn=False).hands_each_turn is True


def test_every_benchmark_reads_its_command_line_one_way():
    """Each benchmark declares its options to benchmarks/command_line.py rather than building a parser."""
    own = [path.name for path in BENCHMARKS.glob("*.py") if "argparse" in path.read_text(encoding="utf-8")]
    assert own == ["command_line.py"]


def test_timings_are_summed_up_as_median_nearest_rank_percentile_and_longest():
    samples = [float(n) for n in range(100, 0, -1)]  # 100 … 1, in any order
    assert percentile(samples, 0.99) == 100.0 and percentile(samples, 0.5) == 51.0 and percentile([3.0], 0.99) == 3.0
    assert spread("view", samples, "µs", what="views") == "view: 100 views, median 50.5 µs, p99 100.0 µs, max 100.0 µs"
