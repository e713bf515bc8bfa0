"""Memo tables that Python's garbage collector does not have to walk.

A full collection visits every object the collector tracks. ``functools.lru_cache`` keeps a list
per entry for its recency order, and results such as dataclass instances or frozensets stay
tracked for as long as they are cached: a warm cache of some 100k hands made each full collection
cost 30–90 ms, paid by whatever code ran at that moment (a bot's decision, a click's answer).

``flat_cache`` keeps one plain dict. Its keys and results must be atoms (str, int, float, bool,
None) or tuples of atoms, which CPython stops tracking after their first collection, so a warm
table costs a collection almost nothing. The table is emptied when it reaches ``limit`` entries:
memory stays bounded and the next calls simply fill it again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, Protocol, TypeVar

P = ParamSpec("P")
R = TypeVar("R", covariant=True)


class FlatCached(Protocol[P, R]):
    limit: int

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

    def cache_clear(self) -> None: ...

    def cache_len(self) -> int: ...


def flat_cache(limit: int) -> Callable[[Callable[P, R]], FlatCached[P, R]]:
    """Memoise a function of positional, hashable arguments (see the module's notes on results)."""
    if limit < 1:
        raise ValueError("a memo table needs room for at least one entry")

    def decorate(function: Callable[P, R]) -> FlatCached[P, R]:
        table: dict[Any, Any] = {}

        @wraps(function)
        def cached(*args: Any) -> Any:
            try:
                return table[args]
            except KeyError:
                pass
            if len(table) >= limit:
                table.clear()
            result = table[args] = function(*args)  # type: ignore[call-arg]  # positional arguments only, by design
            return result

        cached.limit = limit  # type: ignore[attr-defined]
        cached.cache_clear = table.clear  # type: ignore[attr-defined]
        cached.cache_len = table.__len__  # type: ignore[attr-defined]
        return cached  # type: ignore[return-value]

    return decorate
