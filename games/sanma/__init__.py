"""Sanma (3-player riichi mahjong): engine, scoring through ``mahjong``, bot policy (docs/rules/sanma.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.sanma.engine`, which names the module of each concern (the state, dealing and the fair shuffle,
legal moves, play, settlement, the views).
"""

from __future__ import annotations

from games.base import Event, GameBase
from games.sanma import deals, early_end, engine, tenhou_json
from games.sanma.actions import Word
from games.sanma.options import Options
from games.sanma.placement import SanmaPlacement
from games.sanma.policy import bot_choose
from games.sanma.state import SanmaState


def opening_events(state: SanmaState) -> list[Event]:
    return list(state.opening_events)


def decision_seconds(state: SanmaState, default: int) -> int:
    """Deadline of the current decision: a call window may be shorter (option ``call_seconds``)."""
    if state.phase == "respond" and state.options.call_seconds:
        return min(default, state.options.call_seconds)
    return default


def timeout_action(state: SanmaState, seat: int) -> str | None:
    """A call window whose time ran out passes (``call_seconds``: "…and then passes"); a turn is
    played by the bot policy as usual."""
    return str(Word.PASS) if state.phase == "respond" else None


def decision_continues(state: SanmaState, seat: int) -> bool:
    """A turn is one decision: after a kita or a kan (replacement draw) or a call the same player
    goes on to the discard."""
    return state.phase == "turn" and state.turn == seat and state.draw_kind in ("replacement", "call")


def record_log(events: list[Event], names: list[str], options: Options) -> dict:
    """A finished game as a Tenhou JSON log (``games/sanma/tenhou_json.py``), which log viewers read."""
    return tenhou_json.export(events, names, options)


def public_to_act(state: SanmaState) -> list[int]:
    """Who may be named in public as the one to act: never the seats of a call window."""
    return engine.to_act(state) if state.phase == "turn" else []


GAME = GameBase.from_engine(
    engine,
    name="sanma",
    title="Sanma",
    min_players=3,
    max_players=3,
    Options=Options,
    State=SanmaState,
    points_name="points (thousands, after uma and oka)",
    points_scale=10,
    bot_choose=bot_choose,
    opening_events=opening_events,
    decision_seconds=decision_seconds,
    timeout_action=timeout_action,
    decision_continues=decision_continues,
    public_to_act=public_to_act,
    record_log=record_log,
    end_early=early_end.end_early,
    deal_number=deals.deal_number,
    placement=SanmaPlacement,
)
