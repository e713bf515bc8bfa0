"""The documentation lives in the repository, and the code points only at it.

Every source, test and benchmark file may cite ``docs/design.md`` and ``docs/rules/<game>.md`` (with a
section number, ``§N``), and nothing outside the repository: no design notes or rule specifications of
another folder, no issue numbers (the history of a change lives in git). Every ``docs/...`` path cited exists,
and so does every section cited — the explicit ``docs/x.md §N`` ones, and the bare ``§N`` of a game's own
files, which read in that game's rules."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("bot", "cogs", "games", "faces", "localdiscord", "tests", "benchmarks")
SUFFIXES = {".py", ".sql", ".js", ".html", ".css"}
GAMES = ("koikoi", "sanma", "hachihachi", "blackflower", "bcpoker")

# Citations of documents that are not in the repository (the spellings they used to have).
OUTSIDE = re.compile(
    r"\.\./shared|\bshared/(?:rules|DESIGN|conformance)|\bDESIGN(?:\.md)?\b"
    r"|\b(?:koi-koi|hachi-hachi|black-flower|black-christmas-poker)\.md"  # the specifications' names
    r"|(?<![\w/\"'])(?:sanma|hanafuda-deck)\.md"  # cited bare, not a path in the repository
    r"|(?<!docs/)\brules/[\w<>-]+\.md"
)
ISSUE_NUMBER = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)
DOCS_PATH = re.compile(r"\bdocs/[\w./<>-]*\w")
SECTION_CITED = re.compile(r"\b(docs/[\w/-]+\.md)\s*§(\d+)(?:\s*[-–]\s*§(\d+))?")
BARE_SECTION = re.compile(r"(?<![\w.])§(\d+)")


@functools.cache
def source_files() -> list[Path]:
    me = Path(__file__).resolve()
    return sorted(
        path
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*")
        if path.suffix in SUFFIXES
        and path.is_file()
        and path.resolve() != me
        and ".venv" not in path.parts
        and "node_modules" not in path.parts
    )


@functools.cache
def sections(doc: Path) -> set[int]:
    """The numbered sections of a Markdown file: headings ``## N. Title``."""
    return {int(m) for m in re.findall(r"^#{1,3} (\d+)\.\s", doc.read_text(encoding="utf-8"), re.MULTILINE)}


def own_rules(path: Path) -> Path | None:
    """The rules a game's own file reads its bare ``§N`` in: ``games/<game>/``, ``bot/render/<game>.py`` and
    the tests named for the game."""
    rel = path.relative_to(ROOT)
    for game in GAMES:
        if (
            rel.parts[:2] == ("games", game)
            or rel == Path("bot/render", f"{game}.py")
            or (rel.parts[0] == "tests" and game in rel.name)
        ):
            return ROOT / "docs" / "rules" / f"{game}.md"
    if rel.parts[0] == "tests" and "hanafuda" in rel.name:
        return ROOT / "docs" / "rules" / "hanafuda-deck.md"
    return None


def lines(path: Path):
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        yield f"{path.relative_to(ROOT)}:{number}", line


def markdown_files() -> list[Path]:
    """The repository's own prose: README.md, docs/ and the READMEs beside the code and the test data."""
    return sorted(
        {
            ROOT / "README.md",
            *(ROOT / "docs").rglob("*.md"),
            *(path for folder in FOLDERS for path in (ROOT / folder).rglob("*.md")),
        }
    )


def lines_matching(paths: list[Path], pattern: re.Pattern[str]) -> list[str]:
    """Every line of ``paths`` that ``pattern`` finds something in, with its file and line number."""
    return [f"{where}: {line.strip()}" for path in paths for where, line in lines(path) if pattern.search(line)]


def test_no_file_cites_a_document_outside_the_repository():
    found = lines_matching([*source_files(), *markdown_files()], OUTSIDE)
    assert found == [], "cite docs/design.md or docs/rules/<game>.md instead:\n" + "\n".join(found)


def test_no_issue_numbers_in_code():
    found = lines_matching(source_files(), ISSUE_NUMBER)
    assert found == [], "history lives in git, not in comments:\n" + "\n".join(found)


def test_every_docs_path_cited_exists():
    """Pictures are left out: ``docs/*.png`` are what the browser tests and ``python -m faces build`` write."""
    missing = [
        f"{where}: {cited}"
        for path in source_files()
        for where, line in lines(path)
        for cited in DOCS_PATH.findall(line)
        if "<game>" not in cited and not cited.endswith(".png") and not (ROOT / cited).exists()
    ]
    assert missing == []


def test_every_section_cited_exists():
    missing = []
    for path in source_files():
        own = own_rules(path)
        for where, line in lines(path):
            explicit = SECTION_CITED.findall(line)
            for doc, first, last in explicit:
                numbers = range(int(first), int(last or first) + 1)
                if (ROOT / doc).exists() and not set(numbers) <= sections(ROOT / doc):
                    missing.append(f"{where}: {doc} §{first}{'-' + last if last else ''}")
            if own is not None and not explicit and own.exists():
                for number in BARE_SECTION.findall(line):
                    if int(number) not in sections(own):
                        missing.append(f"{where}: §{number} of {own.relative_to(ROOT)}")
    assert missing == []


@pytest.mark.parametrize(
    "doc", ["docs/design.md", *(f"docs/rules/{game}.md" for game in GAMES), "docs/rules/hanafuda-deck.md"]
)
def test_the_docs_exist_and_are_numbered(doc):
    assert sections(ROOT / doc), f"{doc} has no numbered sections to cite"


def test_the_checks_catch_what_they_look_for():
    """The patterns above are not vacuous: each catches the citations it forbids."""
    assert OUTSIDE.search("see " + "DESIGN" + " §3") and OUTSIDE.search("(koi-" + "koi.md §6)")
    assert OUTSIDE.search("``" + "shared/rules/" + "hanafuda-deck.md``") and OUTSIDE.search("rules/sanma" + ".md")
    assert not OUTSIDE.search("docs/rules/sanma.md §5") and not OUTSIDE.search("docs/rules/hanafuda-deck.md")
    assert ISSUE_NUMBER.search("(issue " + "13 item 3)") and ISSUE_NUMBER.search("Issue" + " 10: x")
    assert not ISSUE_NUMBER.search("the issues of a season: 3")
    assert SECTION_CITED.findall("docs/rules/sanma.md §2-§8") == [("docs/rules/sanma.md", "2", "8")]


def test_the_readme_points_at_the_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in ["docs/design.md", *(f"docs/rules/{game}.md" for game in GAMES), "docs/rules/hanafuda-deck.md"]:
        assert f"({doc})" in readme, f"README.md has no link to {doc}"
    assert "../shared" not in readme and "python -m tests.benchmarks" not in readme


CITED_NAME = re.compile(r":(?:func|meth|class|data|attr):`~?([\w.]+)`")
OUTSIDE_PACKAGES = ("discord.", "aiohttp.", "pydantic.", "asyncio.", "mahjong.", "PIL.", "openskill.")


def defined_names() -> set[str]:
    """Every function, class, attribute and variable the repository's Python defines."""
    names: set[str] = set()
    for path in source_files():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[-1])
    return names


def test_every_function_or_class_a_docstring_names_exists():
    """A comment naming ``:func:`x``` names something the code still defines (or another package's)."""
    known = defined_names()
    missing = [
        f"{where}: {cited}"
        for path in source_files()
        if path.suffix == ".py"
        for where, line in lines(path)
        for cited in CITED_NAME.findall(line)
        if not cited.startswith(OUTSIDE_PACKAGES) and cited.split(".")[-1] not in known
    ]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_on_the_games_rules_page(game):
    """Each field of the game's Options model has its row in the page's Options section."""
    from games import get_game

    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    section = next(part for part in page.split("\n## ") if re.match(r"\d+\. Options", part))
    missing = [
        name
        for name in get_game(game).Options.model_fields
        if f"| `{name}`" not in section and not re.search(rf"\| `[^|]*`{name}`", section)
    ]
    assert missing == [], f"docs/rules/{game}.md's Options section lacks {missing}"


def test_every_path_the_docs_name_exists():
    """``bot/tables.py``, ``tests/conformance/``…: a path the README or docs/ names in code format is in the
    repository (``<game>`` placeholders, the data folder and addresses aside)."""
    missing = []
    for doc in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        for path in re.findall(r"`([\w.<>-]+/[\w./<>-]*)`", doc.read_text(encoding="utf-8")):
            if "<" not in path and not path.startswith("data/") and not (ROOT / path.rstrip("/")).exists():
                missing.append(f"{doc.relative_to(ROOT)}: {path}")
    assert missing == []
