"""No class over 300 lines and no function over 60 in the source: a long one is split into named parts.

A data table is no code to read: a statement whose value is one literal (a dict, list, tuple or set display of
constants, names and calls, without lambdas, conditionals or comprehensions) does not count in its class's or
function's lines, and a function that is one such literal is not measured at all. A class's methods count in
its lines; a function's nested functions in its own.

    python -m tests.test_code_size      # the largest class and function, and every offender
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("games", "bot", "cogs", "faces", "localdiscord")
MAX_CLASS = 300
MAX_FUNCTION = 60

Definition = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
DISPLAYS = (ast.Dict, ast.List, ast.Tuple, ast.Set)
# What a data table may hold: values, names and calls building them; nothing that decides or loops.
TABLE_PARTS = (
    *DISPLAYS,
    ast.Constant,
    ast.Name,
    ast.Attribute,
    ast.Call,
    ast.keyword,
    ast.Starred,
    ast.UnaryOp,
    ast.BinOp,
    ast.JoinedStr,
    ast.FormattedValue,
    ast.Subscript,
    ast.Slice,
    ast.expr_context,
    ast.operator,
    ast.unaryop,
)


@dataclass(frozen=True, order=True)
class Size:
    lines: int
    where: str  # path:line
    name: str  # Class, Class.method, function or outer.inner

    def __str__(self) -> str:
        return f"{self.name} ({self.where}): {self.lines} lines"


def is_table(value: ast.expr | None) -> bool:
    """``value`` is one literal: a display whose every part is a value, a name or a call."""
    return isinstance(value, DISPLAYS) and all(isinstance(node, TABLE_PARTS) for node in ast.walk(value))


def table_value(statement: ast.stmt) -> ast.expr | None:
    """The value of an assignment, annotated assignment, return or bare expression."""
    if isinstance(statement, ast.Assign | ast.AnnAssign | ast.Return | ast.Expr):
        return statement.value
    return None


def _span(node: ast.stmt) -> int:
    return (node.end_lineno or node.lineno) - node.lineno + 1


def table_lines(node: ast.AST) -> int:
    """The lines of the data tables inside ``node`` (not nested in another table)."""
    total = 0
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt) and is_table(table_value(child)):
            total += _span(child)
        else:
            total += table_lines(child)
    return total


def is_one_literal(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The function's body, its docstring apart, is one ``return`` of a data table."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return len(body) == 1 and isinstance(body[0], ast.Return) and is_table(body[0].value)


def sizes(source: str, where: str) -> tuple[list[Size], list[Size]]:
    """The classes and the functions (methods and nested functions too) of one file, with their lines."""
    tree = ast.parse(source, where)
    classes: list[Size] = []
    functions: list[Size] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, Definition):
                visit(child, prefix)
                continue
            name = f"{prefix}{child.name}"
            size = Size(_span(child) - table_lines(child), f"{where}:{child.lineno}", name)
            if isinstance(child, ast.ClassDef):
                classes.append(size)
            elif not is_one_literal(child):
                functions.append(size)
            visit(child, f"{name}.")

    visit(tree, "")
    return classes, functions


def measure() -> tuple[list[Size], list[Size]]:
    """Every class and function of the source folders, each list largest first."""
    classes: list[Size] = []
    functions: list[Size] = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found_classes, found_functions = sizes(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
            classes += found_classes
            functions += found_functions
    return sorted(classes, reverse=True), sorted(functions, reverse=True)


def offenders(found: list[Size], limit: int) -> list[Size]:
    return [size for size in found if size.lines > limit]


def report(kind: str, found: list[Size], limit: int) -> str:
    over = offenders(found, limit)
    return f"{len(over)} {kind} over {limit} lines, largest first:\n" + "\n".join(f"  {size}" for size in over)


def test_no_class_over_300_lines() -> None:
    classes, _ = measure()
    if offenders(classes, MAX_CLASS):
        pytest.fail(report("classes", classes, MAX_CLASS), pytrace=False)


def test_no_function_over_60_lines() -> None:
    _, functions = measure()
    if offenders(functions, MAX_FUNCTION):
        pytest.fail(report("functions", functions, MAX_FUNCTION), pytrace=False)


def test_a_data_table_does_not_count() -> None:
    source = "\n".join(
        [
            "def names():",
            "    '''A table.'''",
            "    return {",
            *[f"        'k{n}': Field({n}, label='x'),  # row {n}" for n in range(80)],
            "    }",
            "def decide(x):",
            "    table = [",
            *[f"        ({n}, 'x')," for n in range(80)],
            "    ]",
            *["    x += 1" for _ in range(10)],
            "    return [lambda: x for _ in table]",
        ]
    )
    _, functions = sizes(source, "sample.py")
    assert [(f.name, f.lines) for f in functions] == [("decide", 12)]  # def, ten additions, return


def test_code_that_looks_like_a_table_counts() -> None:
    """A display holding a lambda, a conditional or a comprehension decides things: its lines count."""
    assert not is_table(ast.parse("[x if y else z]", mode="eval").body)
    assert not is_table(ast.parse("{'a': lambda: 1}", mode="eval").body)
    assert not is_table(ast.parse("[[n for n in m]]", mode="eval").body)
    assert is_table(ast.parse("{'a': (1, 'b'), 'c': Field(2, ge=1), 'd': -x.y}", mode="eval").body)


def main() -> int:
    classes, functions = measure()
    print(f"largest class: {classes[0]}")
    print(f"largest function: {functions[0]}")
    print(report("classes", classes, MAX_CLASS))
    print(report("functions", functions, MAX_FUNCTION))
    return 0


if __name__ == "__main__":
    sys.exit(main())
