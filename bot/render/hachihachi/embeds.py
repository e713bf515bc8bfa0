"""Hachi-Hachi on Discord: the public table, the hand panel, narration and summaries.

Only ``public_view`` and public events go into public messages. Declared hand combos are
shown as the rules say (§5): face-up cards by code, the others as face-down
placeholders of their kind only. A player's own hand goes only into their ephemeral panel.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.emoji import fit
from bot.render.fishing import capture_emoji, capture_lines, card, cards, flipped_line, narrate_move
from bot.render.hachihachi.words import ACCOUNT_WORD, FIELD_EMOJI, KIND_WORD, MONTH_END_KIND, PHASE_TEXT, STEP_WORD, WHY
from bot.render.hanafuda_cards import pile
from bot.ui import ButtonSpec, relative_time
from games.fishing import Flipped, Played, Taken
from games.hachihachi import actions
from games.hachihachi import events as E
from games.hachihachi.actions import Call, Declare
from games.hachihachi.combos import combo_name, money
from games.hachihachi.payments import account_group
from games.hachihachi.views import Declared, PublicView, SeatView

COLOUR = discord.Colour.from_rgb(120, 60, 150)


def _who(x: Any, names: list[str]) -> str:
    if isinstance(x, int):
        return names[x]
    return {"pot": "the pot", "bank": "the bank", "track": "the month track"}.get(str(x), str(x))


def _why(t: dict[str, Any]) -> str:
    text = WHY.get(t["why"], t["why"])
    if t["why"] == "loan" and t.get("step") in STEP_WORD:
        text = f"loan of 10 Kan to pay {STEP_WORD[t['step']]}, owed to the bank"
    return text


def transfer_lines(transfers: list[dict[str, Any]], names: list[str]) -> list[str]:
    """``A → B: 24p (2K) (Tobikomi)``, one line per payer, payee and reason (equal ones added up).
    Every transfer is shown: the lines add up to every chip that moved."""
    merged: dict[tuple, int] = {}
    for t in transfers:
        key = (_who(t["from"], names), _who(t["to"], names), _why(t))
        merged[key] = merged.get(key, 0) + t["amount"]
    return [f"{frm} → {to}: {money(a)} ({why})" for (frm, to, why), a in merged.items() if a]


def add_lines(embed: discord.Embed, name: str, lines: list[str]) -> None:
    """Add ``lines`` as fields of at most 1024 characters each (Discord's limit), none cut."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join(chunk + [line])) > 1024:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = f"{name} (continued)", []
        chunk.append(fit(line, 1024))
    if chunk:
        embed.add_field(name=name, value="\n".join(chunk), inline=False)


def signed(points: int) -> str:
    return f"{'−' if points < 0 else '+'}{abs(points)}p"


def account_groups(account: dict[str, int]) -> dict[str, int]:
    """A seat's year by ledger line, the months added up (``month 1`` … → ``months``)."""
    out: dict[str, int] = {}
    for name, amount in account.items():
        out[account_group(name)] = out.get(account_group(name), 0) + amount
    return out


def cash_debt(cash: list[int], debt: list[int], names: list[str]) -> str:
    return " · ".join(f"{names[s]} {cash[s]}p" + (f", debt {debt[s]}p" if debt[s] else "") for s in range(len(names)))


def declared_text(d: Declared | None) -> str | None:
    if not d:
        return None
    names = [f"{combo_name(combo)} {kan}K" for combo, kan in ((d.kasu, d.kasu_kan), (d.suit, d.suit_kan)) if combo]
    shown = cards(d.face_up, "")
    down: dict[str, int] = {}
    for k in d.face_down:
        down[k] = down.get(k, 0) + 1
    hidden = ", ".join(f"🂠×{c} {KIND_WORD[k]}{'s' if c > 1 else ''}" for k, c in down.items())
    parts = [p for p in (shown, hidden) if p]
    return f"📜 {' + '.join(names)}: {' | '.join(parts) if parts else 'all played'}"


def track_text(pv: PublicView) -> str:
    cells = []
    for i, (stones, field) in enumerate(zip(pv.track, pv.track_fields)):
        mark = FIELD_EMOJI.get(field, "·") if field else "·"
        cells.append(f"{i + 1}{mark}{'●' * stones}")
    return " ".join(cells)


def bids_text(pv: PublicView, names: list[str]) -> str | None:
    if not pv.bid_order:
        return None
    words: dict[str | None, str] = {"stay": "stays", "pass": "passes", "chased": "chased", None: "…"}
    return " · ".join(f"{names[s]} {words.get(pv.bids[s], str(pv.bids[s]))}" for s in pv.bid_order)


def table_embed(pv: PublicView, names: list[str], deadline: float | None) -> discord.Embed:
    """The table in short: who is to act, the table's cards, the month's money and state in a line or two, and
    one field per seat playing this month (its cash, hand, card points and pile); the picture shows the rest."""
    over = pv.phase == "over"
    game = f" · game {pv.game_no}/{pv.games_total}" if pv.games_total > 1 else ""
    title = f"Hachi-Hachi{game} · month {pv.month} of {pv.months} · {pv.field_name} (×{pv.field})"
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = []
    if over:
        lines.append("**The year is over.**")
    elif pv.acting:
        who = ", ".join(f"**{names[s]}**" for s in pv.acting)
        lines.append(
            f"{who} {PHASE_TEXT.get(pv.phase, 'to act')}"
            + (f" · deadline {relative_time(deadline)}" if deadline else "")
        )
    lines.append(f"**Table:** {cards(pv.table)}")
    if pv.pending:
        lines.append(f"**Flipped:** {card(pv.pending.card)} — matches {cards(pv.pending.choices)}")
    tokens = " ".join("Grand" if t == 4 else "Double" for t in pv.pending_tokens)
    lines.append(
        f"Stock {pv.stock_count} · pot {money(pv.pot)} · dealer {names[pv.dealer]}"
        + (f" · pending fields: {tokens}" if tokens else "")
        + (" · 💧 **Mizu-ten declared**" if pv.mizuten else "")
        + (f" · 🃏 {names[pv.blank]} drew the blank card and sits out" if pv.blank is not None else "")
    )
    if pv.phase == "bidding" and (bids := bids_text(pv, names)):
        lines.append(f"Bidding: {bids}")
    if pv.sages:
        lines.append("📣 Sa-gé: " + ", ".join(f"{names[s.seat]} (#{s.order}, {s.value}K)" for s in pv.sages))
    lines.append(f"Track: {track_text(pv)}")
    embed.description = fit("\n".join(lines), 4096)
    for s in pv.active:
        head = names[s] + (f" · {pv.roles[str(s)]}" if pv.roles.get(str(s)) else "")
        combos = ", ".join(f"{combo_name(c.id)} {c.kan}K" for c in pv.combos[s])
        val = [
            f"💰 {money(pv.cash[s])}"
            + (f" · debt {money(pv.debt[s])}" if pv.debt[s] else "")
            + f" · {pv.hand_counts[s]} in hand · pile {pv.card_points[s]} pts"
            + (f" · ✨ {combos}" if combos else ""),
            pile(pv.captures[s], "no captures"),
        ]
        if dt := declared_text(pv.declared[s]):
            val.append(dt)
        embed.add_field(name=head[:256], value=fit("\n".join(val), 1024), inline=False)
    out = [s for s in range(len(names)) if s not in pv.active]
    if out:
        embed.add_field(
            name="Sitting out",
            value=fit(
                " · ".join(
                    f"{names[s]} 💰 {money(pv.cash[s])}" + (f", debt {money(pv.debt[s])}" if pv.debt[s] else "")
                    for s in out
                ),
                1024,
            ),
            inline=False,
        )
    if pv.month_hash:
        embed.set_footer(text=f"Deal hash (SHA-256 of this month's seed, revealed at month end): {pv.month_hash}")
    return embed


def action_label(action: str, table: list[str] | None = None) -> str:
    """Button text; with the table known, a play shows what it will take."""
    return actions.label(action, table)


def _style(action: actions.Action) -> discord.ButtonStyle:
    if action in (Call.STAY, Call.YOSHI, Call.MIZUTEN) or isinstance(action, Declare) and action.combos:
        return discord.ButtonStyle.success
    if action in (Call.PASS, Call.SAGE, Call.CANCEL_SAGE):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary


def button(action: str, table: list[str]) -> ButtonSpec:
    move = actions.parse(action)
    return ButtonSpec(f"a:{action}", move.label(table), _style(move), emoji=capture_emoji(move))


def panel(
    view: SeatView, legal: list[str], names: list[str], deadline: float | None
) -> tuple[discord.Embed, list[ButtonSpec]]:
    seat = view.seat
    embed = discord.Embed(title=f"Your hand · {names[seat]}", colour=COLOUR)
    lines = [
        f"**Hand:** {cards(view.hand, 'no cards')}",
        f"**Table:** {cards(view.table)}",
        f"Field {view.field_name} (×{view.field}) · your cash {money(view.cash[seat])}"
        + (f" · debt {money(view.debt[seat])}" if view.debt[seat] else ""),
    ]
    if view.hand and view.phase != "over":
        lines += ["**Each card takes:**", *capture_lines(view.hand, view.table)]
    hc = view.hand_combos
    if hc and view.hand:
        found = [f"{combo_name(c.id)} {c.kan}K" for c in (hc.kasu, hc.suit) if c]
        if found:
            lines.append(f"**Your hand combos:** {', '.join(found)}")
    if seat in view.active:
        combos = ", ".join(f"{combo_name(c.id)} {c.kan}K" for c in view.combos[seat]) or "none yet"
        lines.append(
            f"**Your pile** ({view.card_points[seat]} pts): {pile(view.captures[seat], 'none')}"
            f"\n**Captured combos:** {combos}"
        )
    if view.pending:
        chooser = None if legal or view.turn is None else names[view.turn]
        lines.append(flipped_line(view.pending.card, chooser))
    if legal:
        tips = {
            "mizuten": "You deal this month. **Mizu-ten** commits you to play: if your pile reaches 89 points you "
            "collect 1 Kan × field from every other player; if it ends at 87 or less you pay each of them.",
            "bidding": "**Stay** to play this month, or **pass** and pay into the pot "
            "(the later you speak, the more it costs).",
            "declare": "Declared combos are paid at once by both opponents; the table sees them as the rules show "
            "them (some cards face down).",
            "decide": "You completed a captured combo. **Yoshi** ends the month and you collect now; **Sa-gé** "
            "plays on for more, but if an opponent calls Yoshi you pay double.",
            "repay": "You may repay debt in steps of 5 Kan (60 points).",
        }
        if tip := tips.get(view.phase):
            lines.append("\n" + tip)
        else:
            lines.append(f"\n**Your turn** {PHASE_TEXT.get(view.phase, '')}.")
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then a bot decides for you.")
    elif view.phase != "over" and view.acting:
        lines.append("\nWaiting for " + ", ".join(f"**{names[s]}**" for s in view.acting) + ".")
    embed.description = fit("\n".join(lines), 4096)
    buttons = [button(a, view.table) for a in legal]
    return embed, buttons


# the events of a month's start, up to the declarations; the others are its play, its end and the year's money
MONTH_START = (
    E.GameStart,
    E.RoundStart,
    E.Mizuten,
    E.Redeal,
    E.Deal,
    E.Shiso,
    E.Bid,
    E.Chassed,
    E.Compensation,
    E.Stock,
    E.Declared,
)


def narrate(event: E.HachiHachiEvent, names: list[str]) -> str | None:
    if event.seat is not None:
        return None
    who = names[event.player] if hasattr(event, "player") else ""
    if isinstance(event, MONTH_START):
        return _month_start_line(event, names, who)
    return _play_line(event, names, who)


def _month_start_line(event: E.HachiHachiEvent, names: list[str], who: str) -> str | None:
    match event:
        case E.GameStart():
            if event.games > 1:
                return f"🎌 Game {event.game} of {event.games} begins; {names[event.dealer]} deals. Everyone has 60p."
            return None
        case E.RoundStart():
            return f"🌙 Month {event.month} of {event.months}: {names[event.dealer]} deals."
        case E.Mizuten():
            return f"💧 **{who} declares Mizu-ten!**" if event.declared else None
        case E.Redeal():
            return "🔁 All four cards of one month on the table: the cards are dealt again."
        case E.Deal():
            extra = (
                f" {names[event.blank]} drew the blank card: his cards are the table."
                if event.blank is not None
                else ""
            )
            tokens = " ".join("Grand" if t == 4 else "Double" for t in event.pending_tokens) or "none"
            return f"🃏 Dealt. Field **{event.field_name}** (×{event.field}); pending fields: {tokens}.{extra}"
        case E.Shiso():
            return "\n".join(
                f"🌟 **{names[h['seat']]} holds Shiso!** {cards(h['cards'])} — {h['kan']} Kan from everyone"
                for h in event.holders
            )
        case E.Bid(choice="pass"):
            return f"{who} passes (position {event.position}: {money(event.amount)} into the pot)"
        case E.Bid():
            return f"{who} stays" + (" (automatic)" if event.auto else "")
        case E.Chassed():
            return "🚪 Chassé: " + ", ".join(names[s] for s in event.seats)
        case E.Compensation():
            return "\n".join(
                f"💴 {names[c['seat']]} is compensated {money(c['amount'])} by each player for "
                f"{pile(c['cards'], 'nothing')}"
                for c in event.chassed
            )
        case E.Stock():
            roles = ", ".join(f"{r} {names[s]}" for r, s in event.roles.items())
            return f"The stock holds {event.count} cards. Playing: {roles}."
        case E.Declared(kasu=None, suit=None):
            return f"{who} declares no hand combo."
        case E.Declared():
            ids = [x for x in (event.kasu, event.suit) if x]
            down = len(event.face_down)
            return (
                f"📜 {who} declares {' + '.join(combo_name(x) for x in ids)} ({event.kan} Kan): "
                f"{cards(event.face_up, '')}" + (f" + {down} face down" if down else "")
            )
    return None


def _play_line(event: E.HachiHachiEvent, names: list[str], who: str) -> str | None:
    match event:
        case Played() | Flipped() | Taken():
            return narrate_move(event, names)
        case E.ComboMade():
            return (
                f"✨ {who}: "
                + ", ".join(f"{combo_name(c['id'])} {c['kan']}K" for c in event.combos)
                + f" = {event.value} Kan"
            )
        case E.Yoshi():
            return f"🏁 **{who} calls Yoshi** with {event.value} Kan!"
        case E.Sage():
            return f"📣 **{who} calls Sa-gé** ({event.value} Kan) and plays on."
        case E.CancelSage():
            return f"✋ {who} cancels the Sa-gé and collects half of {event.value} Kan."
        case E.Bonus():
            what = {
                "mizuten": "Mizu-ten success (89+ points)",
                "nukeyaku": "Nukeyaku (89+ points)",
                "tobikomi": f"Tobikomi ({cards(event.triplet or [], '')})",
            }[event.kind]
            return f"⭐ {who}: {what}"
        case E.Exhaustion():
            pts = ", ".join(f"{names[int(s)]} {p}" for s, p in event.points.items())
            c = event.counted
            extra = f" — **{'Double 8' if c['id'] == 'double8' else 'Tous 8'}** for {names[c['seat']]}" if c else ""
            return f"The stock is exhausted. Card points: {pts}{extra}"
        case E.PasDeMatch():
            return "🤷 Pas de match: fewer than three players stayed; the stayers share the pot."
        case E.HanDon():
            return "🏯 **Han-Don**: every player pays 10 Kan to the bank (borrowing if needed)."
        case E.RepayWindow():
            kind = {"han_don": "after Han-Don", "ishi_arai": "Ishi-Arai"}[event.kind]
            if not event.seats:
                return f"Repayments ({kind}): nobody can repay now."
            return f"💳 Repayments ({kind}): " + ", ".join(names[s] for s in event.seats) + " may repay debt."
        case E.Repaid():
            if event.amount:
                return f"💳 {who} repays {money(event.amount)}" + (" (end of year)" if event.mandatory else "")
            return None
        case E.Payments():
            loans = [f"{names[s]} borrows {k} × 10 Kan" for s, k in enumerate(event.loans) if k]
            return ("🏦 " + "; ".join(loans)) if loans else None
    return None


def summary(event: E.HachiHachiEvent, names: list[str]) -> discord.Embed | None:
    """The summary embed of a month's end, an interlude or the year's end; None for any other event."""
    if event.seat is not None:
        return None
    if isinstance(event, E.MonthEnd):
        return month_end_summary(event, names)
    if isinstance(event, E.Interlude):
        return interlude_summary(event, names)
    if isinstance(event, E.GameEnd):
        return game_end_summary(event, names)
    return None


def month_end_summary(event: E.MonthEnd, names: list[str]) -> discord.Embed:
    """How a month ended, its card points, who paid whom and the fair-shuffle seed."""
    embed = discord.Embed(colour=COLOUR)
    head = f"Month {event.month} · {MONTH_END_KIND[event.kind]}"
    if event.kind == "pas_de_match":
        head += " — the stayers share the pot"
    elif event.winner is not None:
        head += f" — {names[event.winner]} wins"
    embed.title = f"{head} · {event.field_name} (×{event.field})"[:256]
    desc = []
    if c := event.counted:
        desc.append(
            f"**{'Double 8' if c['id'] == 'double8' else 'Tous 8'}** ({c['kan']} Kan): captured combos, "
            "Tobikomi and Nukeyaku are void; no 88 settlement."
        )
    if event.points and any(p is not None for p in event.points):
        desc.append("Card points: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(event.points) if p is not None))
    if event.case:
        desc.append(f"Ending {event.case} with {event.value or 0} Kan.")
    embed.description = "\n".join(desc) or None
    add_lines(embed, "Who paid whom this month, and why", transfer_lines(event.transfers, names))
    embed.add_field(name="Cash / debt", value=cash_debt(event.cash, event.debt, names)[:1024], inline=False)
    embed.set_footer(
        text=(
            f"Fair shuffle: this month's seed was {event.seed}; its SHA-256 {event.hash} was shown "
            f"when the month began. Next dealer: {names[event.next_dealer]}."
        )
    )
    return embed


def interlude_summary(event: E.Interlude, names: list[str]) -> discord.Embed:
    """The payments between two months (Han-Don, Ishi-Arai repayments)."""
    what = {"han_don": "Han-Don and repayments", "ishi_arai": "Ishi-Arai: repayments"}[event.kind]
    embed = discord.Embed(title=f"After month {event.month} · {what}", colour=COLOUR)
    add_lines(embed, "Who paid whom, and why", transfer_lines(event.transfers, names))
    embed.add_field(name="Cash / debt", value=cash_debt(event.cash, event.debt, names)[:1024], inline=False)
    return embed


def game_end_summary(event: E.GameEnd, names: list[str]) -> discord.Embed:
    """The year's final scores, the final payments and each score's ledger lines."""
    order = sorted(range(len(names)), key=lambda s: event.placings[s])
    lines = [
        f"**{event.placings[s]}.** {names[s]} **{signed(event.scores[s])}** (cash {event.cash[s]}p"
        + (f", debt {event.debt[s]}p" if event.debt[s] else "")
        + ")"
        for s in order
    ]
    title = "🏁 Hachi-Hachi — the year is over" + (f" (game {event.game} of {event.games})" if event.games > 1 else "")
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    add_lines(embed, "Final payments, line by line", transfer_lines(event.transfers, names))
    add_lines(
        embed,
        "How each score adds up (the season ledger lines)",
        [
            f"{names[s]}: "
            + " · ".join(f"{ACCOUNT_WORD[k]} {signed(v)}" for k, v in account_groups(acc).items() if v)
            + f" = **{signed(event.scores[s])}**"
            for s, acc in enumerate(event.account)
        ],
    )
    if event.games > 1:
        embed.add_field(
            name="Campaign totals",
            value=" · ".join(f"{names[s]} {signed(t)}" for s, t in enumerate(event.totals))[:1024],
            inline=False,
        )
    embed.set_footer(
        text="Final score = cash − debt = the sum of its lines. Those lines go into the season "
        "ledger (/balance); open debts are listed by /debts."
    )
    return embed
