"""The Black Christmas Poker renderer over seeded bot games: Discord limits, and public text
names only public cards."""

import re
from collections import Counter

from bot.render.bcpoker import embeds, narration
from bot.ui import build_view
from games.bcpoker import GAME, Options
from games.bcpoker.simulate import play_game

CODE_RE = re.compile(r"(?<![0-9A-Za-z])(R[1-7]|G[1-7]|K[1-7]|KX)(?![0-9A-Za-z])")


def embed_size(embed) -> int:
    size = (
        len(embed.title or "") + len(embed.description or "") + len((embed.footer.text if embed.footer else "") or "")
    )
    return size + sum(len(f.name) + len(f.value) for f in embed.fields)


def check_embed(embed):
    assert len(embed.description or "") <= 4096 and len(embed.fields) <= 25
    assert all(len(f.value) <= 1024 and len(f.name) <= 256 for f in embed.fields)
    assert embed_size(embed) <= 6000


async def test_render_bot_games_within_limits_and_without_hidden_cards():
    names = [f"Player {i}" for i in range(7)]
    seen = Counter()

    def check(state, events):
        n = state.players
        pv = GAME.public_view(state)
        public_cards = Counter(p.card for p in pv.pile)
        embed = embeds.table_embed(pv, names[:n], 1e9)
        check_embed(embed)
        # the public table names only codes the pile shows
        shown = set(CODE_RE.findall((embed.description or "") + " ".join(f.value for f in embed.fields)))
        assert shown <= set(public_cards), (shown, embed.description)
        for e in events:
            line = narration.narrate(e, names[:n])
            if e.seat is not None:
                assert line is None
            elif line and e.type not in ("discard", "draw", "black_christmas", "win", "rebuild"):
                assert not CODE_RE.search(line), line
            summary = narration.summary(e, names[:n])
            if summary is not None:
                check_embed(summary)
                seen["summary"] += 1
        for seat in GAME.to_act(state):
            legal = GAME.legal_actions(state, seat)
            panel, buttons = embeds.panel(GAME.view(state, seat), legal, names[:n], 1e9)
            check_embed(panel)
            assert len(buttons) <= 25 and all(len(b.label) <= 80 for b in buttons)
            assert all(len(f"parlor:t:{10**17}:{10**8}:{b.verb}") <= 100 and len(b.verb) <= 42 for b in buttons)
            seen["panels"] += 1

    for players, games in ((3, 3), (7, 1)):
        for g in range(games):
            play_game(Options(lead_rounds=1), players, f"render-{players}-{g}", check)
    assert seen["panels"] > 100 and seen["summary"] > 3


async def test_views_build_discord_components():
    state = GAME.new_game(None, ["a", "b", "c"], "components")
    seat = GAME.to_act(state)[0]
    GAME.apply(state, seat, "draw")
    _, buttons = embeds.panel(GAME.view(state, seat), GAME.legal_actions(state, seat), ["a", "b", "c"], None)
    view = build_view(1, 2, buttons)
    assert sum(len(row["components"]) for row in view.to_components()) == len(buttons) <= 25
