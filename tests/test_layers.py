"""The layers, read from the source (docs/design.md §1): games/ imports nothing of bot/, cogs/, localdiscord/ or
discord; bot/ never imports cogs/, nor localdiscord/ except for the one start-up choice in bot/__main__.py
(the playground when there is no token); and a package's modules import one another without a cycle
(imports inside functions or under TYPE_CHECKING included: they hide a cycle, they do not remove it)."""

from __future__ import annotations

import ast
import sys
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
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
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
            return path[path.index(node) :] + [node]
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


def test_a_cycle_closed_inside_a_function_is_seen(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import thing\n")
    (package / "b.py").write_text("def thing():\n    from . import a\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert cycle(graph("pkg")) in (["pkg.a", "pkg.b", "pkg.a"], ["pkg.b", "pkg.a", "pkg.b"])


@pytest.mark.parametrize("package", ["games", "bot", "localdiscord", "faces"])
def test_no_import_cycle(package):
    assert cycle(graph(package)) is None


START_UP_CHOICE = {"bot.__main__ imports localdiscord.playground"}  # python -m bot without a token


@pytest.mark.parametrize(
    "package, forbidden",
    [
        ("games", ("bot", "cogs", "localdiscord", "discord", "faces")),
        ("bot", ("cogs", "localdiscord")),
        ("faces", ("bot", "cogs", "localdiscord", "discord")),
    ],
)
def test_a_layer_imports_nothing_above_it(package, forbidden):
    wrong = {
        f"{name} imports {target}"
        for name, path in {module_name(p): p for p in (ROOT / package).rglob("*.py")}.items()
        for target in imports(path)
        if target.split(".")[0] in forbidden
    }
    assert not wrong - START_UP_CHOICE


def test_python_m_bot_still_chooses_the_playground_without_a_token():
    assert "localdiscord.playground" in imports(ROOT / "bot" / "__main__.py")
