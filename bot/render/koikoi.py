"""Koi-Koi on Discord: the public table, the hand panel and the round summaries.

Only ``public_view`` goes into public embeds; a player's ``view`` (with their hand) goes
only into that player's ephemeral panel.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.render.fishing import capture_emoji, capture_label, card, cards
from bot.ui import ButtonSpec, relative_time
from games import hanafuda
from games.base import Event

COLOUR = discord.Colour.from_rgb(196, 30, 58)
PHASE_TEXT = {"play": "to play a card", "choose_take": "to choose a capture", "decide": "to call Koi-Koi or Stop"}




def short_cards(codes: list[str], empty: str = "—") -> str:
    """Compact pile text: codes grouped by kind (Brights, Animals, Ribbons, Chaff)."""
    if not codes:
        return empty
    groups = []
    for kind, name in hanafuda.KIND_NAMES.items():
        members = [c for c in hanafuda.sort_codes(codes) if hanafuda.card(c).kind == kind]
        if members:
            groups.append(f"{name[0]}: {' '.join(members)}")
    return " | ".join(groups)


def yaku_text(yaku: list[dict[str, Any]]) -> str:
    return ", ".join(f"{y.get('name', y['id'])} {y['points']}" for y in yaku) if yaku else "no yaku yet"


def side_name(side: dict[str, Any], names: list[str]) -> str:
    return " & ".join(names[s] for s in side["seats"])


def table_embed(pv: dict[str, Any], names: list[str], deadline: float | None) -> discord.Embed:
    over = pv.get("phase") == "over"
    title = f"Koi-Koi · {pv['variant'].replace('_', ' ')} · month {pv['month']} of {pv['months']}"
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = []
    if not over and pv.get("turn") is not None:
        who = names[pv["turn"]]
        lines.append(f"**{who}** {PHASE_TEXT.get(pv['phase'], 'to act')}"
                     + (f" · deadline {relative_time(deadline)}" if deadline else ""))
    elif over:
        lines.append("**Game over.**")
    lines.append(f"**Field:** {cards(pv['field'])}")
    if pv.get("pending"):
        lines.append(f"**Flipped:** {card(pv['pending']['card'])} — matches {cards(pv['pending']['choices'])}")
    lines.append(f"Pile: {pv['pile_count']} cards · Oya: {names[pv['oya']]}")
    embed.description = "\n".join(lines)
    for side in pv["sides"]:
        title = side_name(side, names)
        calls = [c for c in pv.get("calls", []) if c["seat"] in side["seats"]]
        called = f" · 📣 Koi-Koi ×{len(calls)}" if calls else ""
        hand = " ".join(f"{names[s]} holds {pv['hand_counts'][s]}" for s in side["seats"])
        value = (f"{short_cards(side['captures'], 'no captures')}\n"
                 f"**{side['points']}** pts: {yaku_text(side['yaku'])}{called}\n{hand}")
        embed.add_field(name=title, value=value[:1024], inline=False)
    scores = " · ".join(f"{names[i]} {score:+d}" for i, score in enumerate(pv["scores"]))
    embed.add_field(name="Scores", value=scores, inline=False)
    if pv.get("round_hash"):
        embed.set_footer(text=f"Deal hash (SHA-256 of this month's seed, revealed when the month ends): {pv['round_hash']}")
    return embed


def action_label(action: str, field: list[str] | None = None) -> str:
    """Button text; with the field known, a play shows what it will take."""
    if (label := capture_label(action, field)) is not None:
        return label
    return {"koikoi": "Koi-Koi!", "stop": "Stop"}.get(action, action)


def _style(action: str) -> discord.ButtonStyle:
    if action == "koikoi":
        return discord.ButtonStyle.danger
    if action == "stop":
        return discord.ButtonStyle.success
    return discord.ButtonStyle.secondary



def panel(view: dict[str, Any], legal: list[str], names: list[str], deadline: float | None
          ) -> tuple[discord.Embed, list[ButtonSpec]]:
    seat = view["seat"]
    embed = discord.Embed(title=f"Your hand · {names[seat]}", colour=COLOUR)
    lines = [f"**Hand:** {cards(view['hand'], 'empty')}", f"**Field:** {cards(view['field'])}"]
    if view.get("pending"):
        lines.append(f"**Flipped:** {card(view['pending']['card'])} — choose which card it takes.")
    mine = next((s for s in view["sides"] if seat in s["seats"]), None)
    if mine:
        lines.append(f"**Your captures:** {short_cards(mine['captures'], 'none')}")
        lines.append(f"**Your yaku:** {yaku_text(mine['yaku'])} ({mine['points']} pts)")
    if legal:
        if view["phase"] == "decide":
            lines.append("\n**You made a yaku!** Stop to score now, or call Koi-Koi to play on for more"
                         " (if someone else stops first, your yaku are lost and you pay double).")
        else:
            lines.append(f"\n**Your turn** {PHASE_TEXT.get(view['phase'], '')}.")
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then a bot plays for you.")
    elif view["phase"] != "over" and view.get("turn") is not None:
        lines.append(f"\nWaiting for **{names[view['turn']]}**.")
    embed.description = "\n".join(lines)[:4096]
    buttons = [ButtonSpec(f"a:{a}", action_label(a, view["field"]), _style(a), emoji=capture_emoji(a)) for a in legal]
    return embed, buttons


def narrate(event: Event, names: list[str]) -> str | None:
    d = event.data
    who = names[d["seat"]] if "seat" in d and d["seat"] is not None else ""
    match event.type:
        case "round_start":
            return f"🌙 Month {d.get('month', d.get('round'))} begins; Oya: {names[d['oya']]}."
        case "redeal":
            return "🔁 Four cards of one month on the field: the cards are dealt again."
        case "play":
            took = f", takes {' '.join(c for c in d['captured'] if c != d['card'])}" if d.get("captured") else ""
            return f"{who} plays {card(d['card'])}{took}"
        case "flip":
            took = f", takes {' '.join(c for c in d['captured'] if c != d['card'])}" if d.get("captured") else ""
            return f"{who} flips {card(d['card'])}{took}" + (" (choosing…)" if d.get("pending_choice") else "")
        case "take":
            return f"{who} takes {' '.join(d.get('captured', []))}"
        case "yaku":
            return f"✨ {who}: {yaku_text(d.get('yaku', []))} ({d['points']} pts)"
        case "koikoi":
            return f"📣 **{who} calls Koi-Koi!** (at {d['points']} pts)"
        case "stop":
            return f"✋ {who} stops with {d['points']} pts."
        case "hand_combo":
            return f"🎴 {who} holds {d['combo']}: {cards(d.get('hand', []))}"
    return None


def summary(event: Event, names: list[str]) -> discord.Embed | None:
    d = event.data
    if event.type == "round_end":
        embed = discord.Embed(colour=COLOUR)
        if d["kind"] == "ryukyoku":
            embed.title = f"Month {d.get('round')} · Ryu-kyoku — nobody scores"
        else:
            winner = names[d["winner"]]
            how = "hand combo" if d["kind"] == "hand_combo" else "Stop"
            embed.title = f"Month {d.get('round')} · {winner} wins by {how}"
            yaku = yaku_text(d.get("yaku", []))
            maths = f"Base {d['base']}"
            if d.get("value") != d.get("base"):
                maths += f" → {d['value']} (doubled at 7+)"
            if d.get("factor", 1) != 1:
                maths += f" × {d['factor']} (opponent called Koi-Koi)"
            embed.add_field(name="Yaku", value=yaku, inline=False)
            embed.add_field(name="Value", value=maths, inline=False)
        transfers = d.get("transfers") or []
        if transfers:
            embed.add_field(name="Payments", value="\n".join(
                f"{names[t['from']]} → {names[t['to']]}: {t['amount']}" for t in transfers), inline=False)
        if d.get("seed"):
            embed.set_footer(text=(f"Fair shuffle: this month's seed was {d['seed']}; its SHA-256 {d.get('hash', '')} "
                                   f"was shown when the month began. Check the deal with: python -m games verify "
                                   f"koikoi --seed <seed> --hash <hash> --players {len(names)}"))
        return embed
    if event.type == "game_end":
        order = sorted(range(len(names)), key=lambda s: d["placings"][s])
        lines = [f"**{d['placings'][s]}.** {names[s]} {d['scores'][s]:+d}" for s in order]
        return discord.Embed(title="🏁 Koi-Koi — final result", description="\n".join(lines), colour=COLOUR)
    return None
