"""The table manager is one module per concern (``bot/tables/``) on a shared core: each of its methods is defined
by exactly one concern, so that no concern silently replaces another's, and none is left only declared."""

from __future__ import annotations

import inspect

from bot.tables import TableManager
from bot.tables.core import ManagerCore

CONCERNS = [c for c in TableManager.__mro__ if c.__module__.startswith("bot.tables.") and c is not TableManager]


def defined(cls: type) -> set[str]:
    """The methods and properties ``cls`` itself defines (declarations left without a body aside)."""
    return {
        name
        for name, value in vars(cls).items()
        if not name.startswith("__")
        and (inspect.isfunction(value) or isinstance(value, staticmethod | classmethod | property))
        and not getattr(value, "__isabstractmethod__", False)
    }


def test_each_method_of_the_table_manager_is_defined_by_one_concern():
    owners: dict[str, list[str]] = {}
    for concern in CONCERNS:
        for name in defined(concern):
            owners.setdefault(name, []).append(concern.__name__)
    assert {name: where for name, where in owners.items() if len(where) > 1} == {}
    assert ManagerCore in CONCERNS and len(CONCERNS) >= 7


def test_every_method_the_core_declares_is_provided():
    assert TableManager.__abstractmethods__ == frozenset()
    declared = {name for name, value in vars(ManagerCore).items() if getattr(value, "__isabstractmethod__", False)}
    provided = set().union(*(defined(c) for c in CONCERNS if c is not ManagerCore))
    assert declared and declared <= provided
