"""The layers, read from the source (DESIGN §1): games/ imports nothing of bot/, cogs/ or discord; bot/
never imports cogs/; and a package's modules import one another without a cycle (imports inside
functions included: they hide a cycle, they do not remove it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str] = frozenset()) -> set[str]:
    """Every module ``path`` imports, anywhere in it: ``from a import b`` imports ``a.b`` when that is one
    of ``modules``, else ``a``."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names}
    return found


def graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    modules = {module_name(p): p for p in (ROOT / package).rglob("*.py")}
    return {name: imports(path, modules.keys()) & modules.keys() - {name} for name, path in modules.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for target in sorted(edges[node]):
            if found := visit(target, path + [node]):
                return found
        done.add(node)
        return None

    return next((found for node in sorted(edges) if (found := visit(node, []))), None)


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("package", ["games", "bot"])
def test_no_import_cycle(package):
    assert cycle(graph(package)) is None


@pytest.mark.parametrize("package, forbidden", [("games", ("bot", "cogs", "discord")), ("bot", ("cogs",))])
def test_a_layer_imports_nothing_above_it(package, forbidden):
    wrong = {f"{name} imports {target}" for name, path in {module_name(p): p for p in (ROOT / package).rglob("*.py")}.items()
             for target in imports(path) if target.split(".")[0] in forbidden}
    assert not wrong
