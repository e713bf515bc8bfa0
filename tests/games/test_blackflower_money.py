"""Every chip that moves in Black Flower is a line the players are shown and a ledger line:
over seeded bot games, per seat, final chips − starting chips == the sum of the amounts
printed in the round summaries == the sum of that seat's ledger lines."""

import re

from bot.render import presentation
from games.blackflower import GAME, Options, engine
from games.blackflower.simulate import play_game

MOVED = "Chips moved"
LINE = re.compile(r"^(?P<name>Player \d+ with a long name)(?: \(bank\))?: \*\*(?P<amount>[+-]\d+)\*\* \S")

VARIANTS = [
    Options(rounds=2),
    Options(rounds=3, double_down=True, split_by_month=True, split_by_kind=True),
    Options(rounds=2, banker="winner", double_down=True, split_by_kind=True, banker_advantage=True),
    Options(rounds=4, banker="fixed", min_bet=40, max_bet=300, double_down=True, split_by_month=True),
    Options(rounds=2, no_pair_advantage=True, split_by_month=True, min_bet=1, max_bet=5),
]

R = presentation("blackflower")  # the game's looks, as the bot reads them


def moved_in(embed, seen) -> list[tuple[str, int]]:
    """(name, amount) of every line in the summary's "Chips moved" fields, as a reader sees them."""
    out = []
    for field in embed.fields:
        if field.name.startswith(MOVED):
            seen.add(field.name)
            for line in field.value.splitlines():
                m = LINE.match(line)
                assert m, line
                out.append((m["name"], int(m["amount"])))
    return out


def check_embed(embed):
    assert len(embed.fields) <= 25 and all(len(f.value) <= 1024 and len(f.name) <= 256 for f in embed.fields)
    assert len(embed) <= 6000 - 1100  # room for the presenter's "Latest" field


def test_seeded_games_every_chip_is_a_shown_line_and_a_ledger_line():
    games = kinds = 0
    fields = set()
    for g in range(210):
        players = 2 + g % 9
        options = VARIANTS[g % len(VARIANTS)]
        balances = [60 + 37 * ((g + s) % 7) for s in range(players)] if g % 3 == 0 else None  # short stacks
        names = [f"Player {i + 1} with a long name" for i in range(players)]
        shown = dict.fromkeys(names, 0)
        data_sum = [0] * players

        def collect(state, events, names=names, shown=shown, data_sum=data_sum):
            for e in events:
                if e.type == "round_end":
                    embed = R.summary(e, names)
                    check_embed(embed)
                    for name, amount in moved_in(embed, fields):
                        shown[name] += amount
                    for m in e.movements:
                        data_sum[m["seat"]] += m["amount"]

        state, _ = play_game(options, players, f"money:{g}", check=collect, balances=balances)
        lines = GAME.ledger_entries(state)
        for s, name in enumerate(names):
            net = state.chips[s] - state.start_chips[s]
            assert net == shown[name] == data_sum[s] == sum(x["amount"] for x in lines if x["seat"] == s), (g, s)
        games += 1
        kinds |= {x["kind"] for x in lines} == {"bet", "win", "bank"}
    assert games >= 200 and kinds
    assert fields == {MOVED, f"{MOVED} (continued)"}  # a long list goes on in a second field, never cut off


def test_ledger_lines_are_the_round_summary_lines_with_their_round():
    state, _ = play_game(VARIANTS[1], 5, "ledger-lines")
    shown = []
    for r in state.history:
        shown += [
            {**m, "round": r["round"], "memo": f"round {r['round']}: {m['memo']}"} for m in engine.round_movements(r)
        ]
    lines = GAME.ledger_entries(state)
    assert shown and lines == shown
    # standings count a round as won when a seat's lines of that round sum above zero: its net
    for r in state.history:
        for s in range(5):
            assert sum(x["amount"] for x in lines if (x["seat"], x["round"]) == (s, r["round"])) == r["nets"][s]
