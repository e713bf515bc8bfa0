"""The benchmarks live in the top-level ``benchmarks/`` package, beside the tests and not among them: each
runs as ``python -m benchmarks.<name>``, and pytest never collects one (benchmarks time things; tests
never assert timings)."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

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
