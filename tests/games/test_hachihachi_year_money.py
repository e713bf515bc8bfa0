"""Hachi-Hachi money at the year end: every chip that moves is a line of a
month, interlude or year summary, and the season ledger lines add up to the same figures.

The summaries are read as players see them (``bot.render.hachihachi.embeds.summary``), through
``tests/games/_hachihachi_helpers.Books``.
"""

from __future__ import annotations

from _hachihachi_helpers import Books, field_lines, within_discord_limits

from bot.render.hachihachi.embeds import summary
from games.base import SeatInfo
from games.hachihachi import GAME, engine
from games.hachihachi import month as course
from games.hachihachi.events import Interlude
from games.hachihachi.options import Options
from games.hachihachi.payments import transfer
from games.hachihachi.state import LOAN, HHState, check_invariant
from games.shuffle import sha256_hex

BOOK_WORDS = {"loans": "loan", "repaid": "repay", "still owed": "debt"}  # the other words are "game" lines


def year_at(names: list[str], month: int, cash: list[int], debt: list[int], winner: int, **options) -> HHState:
    """A year of ``names`` that reached ``month`` with these holdings, booked as the summaries would have:
    the debts as loans, the rest as the months' payments; the bank and the track as §1 wants."""
    seats = [SeatInfo(name=n, bot=True) for n in names]
    state = GAME.new_game(Options(players=len(names), **options), seats, "year")
    n = len(cash)
    state.month = month
    state.cash, state.debt, state.loans = list(cash), list(debt), [d // LOAN for d in debt]
    state.account = [{"start": 60, "loan": debt[s], "months": cash[s] - 60 - debt[s]} for s in range(n)]
    state.track = [1] * month + [0] * (state.options.months - month)
    state.pot = 0
    state.bank = 60 * n - sum(cash) - sum(state.track)
    state.last_winners = [winner]
    check_invariant(state)
    return state


def events_of(step, state: HHState) -> list:
    """The events of ``step`` (a stage of the year's course, as ``course.han_don``) played on ``state``."""
    events: list = []
    step(state, events)
    return events


def shown(events, names: list[str]) -> list[dict]:
    return [e.to_dict() for e in (summary(ev, names) for ev in events) if e is not None]


def ledger_by_seat(state) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for line in GAME.ledger_entries(state):
        kinds = out.setdefault(line["seat"], {})
        kinds[line["kind"]] = kinds.get(line["kind"], 0) + line["amount"]
    return out


def test_issue_year_end_of_six_months_shows_han_don_and_every_line():
    """After month 6: Carol 54/debt 120, Dave 158/debt 120, Bot 1 208, Bot 1 won
    month 6. With months = 6, Han-Don (§10) follows at once, then the year end (§10)."""
    names = ["Carol", "Dave", "Bot 1"]
    state = year_at(names, 6, cash=[54, 158, 208], debt=[120, 120, 0], winner=2, months=6)
    books = Books(names)
    books.cash, books.debt = [54, 158, 208], [120, 120, 0]  # as month 6's summary showed
    events = events_of(course.han_don, state)
    check_invariant(state)
    assert state.phase == "over"
    # the final result of the issue, now explained
    assert state.cash == [60, 38, 268] and state.debt == [240, 120, 0]
    [year] = shown(events, names)
    assert field_lines(year, "Final payments") == [
        "the bank → Carol: 120p (10K) (loan of 10 Kan to pay Han-Don, owed to the bank)",  # §10
        "Carol → the bank: 120p (10K) (Han-Don)",  # §10: every player pays 10 Kan
        "Dave → the bank: 120p (10K) (Han-Don)",
        "Bot 1 → the bank: 120p (10K) (Han-Don)",
        "the month track → Carol: 6p (track stones to the poorest)",  # §10: Carol −180 is the poorest
        "the bank → Bot 1: 180p (15K) (year bonus (5 Kan × players))",  # §10: 5 Kan × 3
    ]  # §10: nobody can repay 60 (Carol 54, Dave 38)
    books.read(year)  # checks the scores and the cash / debt shown against these lines
    assert books.cash == state.cash and books.debt == state.debt
    assert field_lines(year, "How each score adds up") == [
        "Carol: start +60p · months −126p · Han-Don −120p · stones +6p · loans +240p · still owed −240p = **−180p**",
        "Dave: start +60p · months −22p · Han-Don −120p · loans +120p · still owed −120p = **−82p**",
        "Bot 1: start +60p · months +148p · Han-Don −120p · bonus +180p = **+268p**",
    ]
    # the season ledger: one line per item of "how each score adds up"
    lines = GAME.ledger_entries(state)
    assert [(line["seat"], line["kind"], line["amount"]) for line in lines] == [
        (0, "game", 60),
        (0, "game", -126),
        (0, "game", -120),
        (0, "game", 6),
        (0, "loan", 240),
        (0, "debt", -240),
        (1, "game", 60),
        (1, "game", -22),
        (1, "game", -120),
        (1, "loan", 120),
        (1, "debt", -120),
        (2, "game", 60),
        (2, "game", 148),
        (2, "game", -120),
        (2, "game", 180),
    ]
    assert [line.get("placing") for line in lines if line.get("placing")] == [3, 2, 1]
    by_seat = ledger_by_seat(state)
    assert [sum(k.values()) for k in by_seat.values()] == [-180, -82, 268] == GAME.result(state).scores
    assert [by_seat[s]["game"] for s in range(3)] == [-180, -82, 268]  # standings read the game lines
    assert [by_seat[s].get("loan", 0) + by_seat[s].get("repay", 0) for s in range(3)] == [240, 120, 0]  # /debts


def test_han_don_between_months_has_its_own_summary_e16():
    """E16 in a 12-month year: the Han-Don, its loans and the repayments are shown when play resumes."""
    names = ["P1", "P2", "P3", "P4"]
    state = year_at(names, 6, cash=[100, 400, 30, 120], debt=[0, 120, 240, 0], winner=0)
    events = events_of(course.han_don, state)
    events += engine.apply(state, 0, "repay:60")
    events += engine.apply(state, 1, "repay:120")
    assert state.month == 7
    [interlude] = shown(events, names)
    assert interlude["title"] == "After month 6 · Han-Don and repayments"
    assert field_lines(interlude, "Who paid whom") == [
        "the bank → P1: 120p (10K) (loan of 10 Kan to pay Han-Don, owed to the bank)",
        "the bank → P3: 120p (10K) (loan of 10 Kan to pay Han-Don, owed to the bank)",
        "P1 → the bank: 120p (10K) (Han-Don)",
        "P2 → the bank: 120p (10K) (Han-Don)",
        "P3 → the bank: 120p (10K) (Han-Don)",
        "P4 → the bank: 120p (10K) (Han-Don)",
        "P1 → the bank: 60p (5K) (debt repaid)",
        "P2 → the bank: 120p (10K) (debt repaid)",
    ]
    assert field_lines(interlude, "Cash / debt") == ["P1 40p, debt 60p · P2 160p · P3 30p, debt 360p · P4 0p"]
    assert state.unshown == []


def test_year_end_with_mandatory_repayment_e17():
    """E17: B repays 60 (mandatory), takes the 12 stones as the poorest, A gets 5K × 4."""
    names = ["A", "B", "C", "D"]
    state = year_at(names, 12, cash=[300, 70, 50, 48], debt=[0, 480, 240, 0], winner=0)
    events = events_of(course.game_end, state)
    [year] = shown(events, names)
    assert field_lines(year, "Final payments") == [
        "B → the bank: 60p (5K) (debt repaid, mandatory at the year end)",
        "the month track → B: 12p (1K) (track stones to the poorest)",
        "the bank → A: 240p (20K) (year bonus (5 Kan × players))",
    ]
    assert GAME.result(state).scores == [540, -398, -190, 48]
    by_seat = ledger_by_seat(state)
    assert by_seat[1] == {"game": -398, "loan": 480, "repay": -60, "debt": -420}
    assert [by_seat[s]["game"] for s in range(4)] == [540, -398, -190, 48]


def play_and_read(options: Options, seed: str) -> tuple[HHState, Books, list[int]]:
    """A bot game; every summary is rendered and read. Returns the state, the books and, per
    seat, the sum of the ``movements`` the summary events carry."""
    names = [f"P{i + 1}" for i in range(options.players)]
    state = GAME.new_game(options, [SeatInfo(name=n, bot=True) for n in names], seed)
    books = Books(names)
    moved = [0] * options.players

    def see(events) -> None:
        for event in events:
            if event.type == "game_start":
                books.new_year()
            embed = summary(event, names)
            if embed is not None:
                books.read(embed.to_dict())
                for m in event.movements:
                    moved[m["seat"]] += m["amount"]
            else:
                assert "movements" not in event.fields(), event.type  # movements only in what is shown

    see(GAME.opening_events(state))
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = GAME.bot_choose(GAME.view(state, seat), GAME.legal_actions(state, seat), state.actions)
        see(GAME.apply(state, seat, action))
    return state, books, moved


RUNS = (
    [(players, 6, False) for players in (3, 4, 5, 6, 7) for _ in range(36)]
    + [(players, months, False) for players in (3, 4, 5) for months in (10, 12) for _ in range(3)]
    + [(3, 6, True), (4, 6, True)]
)


def test_seeded_years_money_shown_equals_holdings_and_ledger():
    """≥ 200 bot years with loans and debts: per seat, the lines shown in the summaries add up
    to the final cash and debt, and the season ledger lines to cash − debt (every game)."""
    assert len(RUNS) >= 200
    loans = in_debt = repaid = 0
    for number, (players, months, campaign) in enumerate(RUNS):
        options = Options(
            players=players,
            months=months,
            campaign=campaign,
            payment="split" if number % 3 == 0 else "each-opponent-full",
        )
        state, books, moved = play_and_read(options, sha256_hex(f"year-money:{number}"))
        assert books.cash == state.cash and books.debt == state.debt
        by_seat = ledger_by_seat(state)
        for s, name in enumerate(books.names):
            mine = by_seat[s]
            assert sum(mine.values()) == state.totals[s] == sum(year[name]["score"] for year in books.scores)
            assert sum(mine.values()) == moved[s]  # the summary events' movements
            assert mine["game"] == state.totals[s]  # what /standings and /history add up
            for word, kind in BOOK_WORDS.items():  # what /balance and /debts show, per kind
                assert mine.get(kind, 0) == sum(year[name].get(word, 0) for year in books.scores)
            if not campaign:
                assert mine.get("loan", 0) + mine.get("repay", 0) == state.debt[s]
            # one ledger line per month (its round) = the lines of that month's summary
            rounds = {
                line["round"]: line["amount"]
                for line in GAME.ledger_entries(state)
                if line["seat"] == s and line.get("round")
            }
            assert rounds == {
                (year - 1) * months + month: net[s] for (year, month), net in books.months.items() if net[s]
            }
        loans += books.loans
        in_debt += sum(1 for d in state.debt if d)
        repaid += sum(1 for s in range(players) if by_seat[s].get("repay"))
    assert loans > 300 and in_debt > 150 and repaid > 50, (loans, in_debt, repaid)


def test_a_long_list_of_payments_is_shown_whole_within_discord_limits():
    """Every line is shown (none cut at 1024 characters): a long list takes several fields."""
    names = [f"Player {i}" for i in range(7)]
    transfers = [transfer(s, to, 100 + s, "chasse") for s in range(7) for to in [*range(7), "bank", "pot"] if to != s]
    embed = summary(
        Interlude(game=1, month=6, kind="han_don", cash=[0] * 7, debt=[0] * 7, transfers=transfers, movements=[]), names
    ).to_dict()
    assert len(field_lines(embed, "Who paid whom")) == 56 and len(embed["fields"]) >= 3
    within_discord_limits(embed)


def test_a_table_saved_before_the_accounts_still_books_its_year():
    """A snapshot from before this change (no accounts) loads with its year booked so far."""
    state = year_at(["A", "B", "C"], 6, cash=[54, 158, 208], debt=[120, 120, 0], winner=2, months=6)
    loaded = GAME.load(state.model_dump_json(exclude={"account", "unshown"}))
    course.han_don(loaded, [])
    assert (
        [sum(line["amount"] for line in GAME.ledger_entries(loaded) if line["seat"] == s) for s in range(3)]
        == GAME.result(loaded).scores
        == [-180, -82, 268]
    )
