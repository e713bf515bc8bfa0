"""The league: what a season counts and how it ranks, built on the store's records.

* :mod:`bot.league.points` — each game's league points: their unit and step, its standings columns
  and their explanations, and how an amount is shown;
* :mod:`bot.league.settings` — the server's league settings (the minimum games to be ranked);
* :mod:`bot.league.rules` — a season's fixed game options and placement points, and the check
  ``/play`` makes with them;
* :mod:`bot.league.standings` — standings by league points;
* :mod:`bot.league.ratings` — multiplayer ratings (openskill), live and rebuilt from the records;
* :mod:`bot.league.export` — the CSV files of ``/season export`` and ``python -m bot export``.

Everything here is a function of the records (seasons, finished tables, the append-only ledger):
each module reads and writes through the store's connections (``Store.read``, ``Store.transaction``)
rather than adding methods to the store.
"""
