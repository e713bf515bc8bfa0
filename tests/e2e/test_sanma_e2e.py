"""A whole East-only Sanma game through the fake Discord: three users (one resigns, a bot takes the
seat), a kita, a pon, a riichi and a ron in the first hand, a restart in the middle of that hand,
call windows seen only by the player who may call, and no concealed tile in any public message."""

from __future__ import annotations

import re
from collections import Counter

from bot.emoji import EMOJI_TOKEN
from games.sanma import deal
from games.shuffle import sha256_hex
from localdiscord import start_client
from tests.games.sanma_walls import make_wall

from .conftest import IN_PLACE, LeakWatch, make_bot, restarted, settle, table_message

MASTER = f"{0:032x}"  # make_bot's first seed
TOKEN = re.compile(r"\b(?:r?[0-9][mps]|Wh|Gr|Rd|[ESWN])\b")
HONOR = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "Wh": "5z", "Gr": "6z", "Rd": "7z"}

# E1, dealer alice (seat 0): alice kita, discards 中; bob pons it; carol riichi (1z), alice deals in 9s.
E1 = make_wall(
    [
        "7z9s1p1p9p4s5s2z2z5z6z1s3p",  # alice
        "7z7z1m1m9m3z3z5z6z1s9p8p8p",  # bob
        "2p3p4p5p6p7p2s3s4s6s6s7s8s",
    ],  # carol: waits 6s-9s once the 1z goes
    {39: "4z", 104: "8s", 40: "1z", 41: "8p", 94: "1m", 99: "1m"},
)
# E2, dealer bob: bob discards his drawn 9m, carol (now a bot) wins on her first draw (chiihou).
E2 = make_wall(
    [
        "1z1z2z2z3z3z5z5z6z6z7z7z1m",  # bob
        "1p2p3p4p5p6p7p8p9p1s2s3s5s",  # carol
        "1s1s2s2s3s3s4s4s6s6s7s7s8s",
    ],  # alice
    {39: "9m", 40: "5s", 94: "1m"},
)
# E3, dealer carol (bot): alice wins on her first draw (chiihou); bob holds nothing callable.
E3 = make_wall(
    [
        "1z2z3z5z6z7z1m9m1p9p4p7p9s",  # carol
        "2p3p4p2s3s4s6s7s8s6p7p8p5s",  # alice: waits on 5s
        "1z1z2z2z3z3z5z5z6z6z7z7z1m",
    ],  # bob
    {39: "4p", 40: "5s", 94: "1m"},
)
WALLS = {sha256_hex(f"{MASTER}:{n}"): w for n, w in ((1, E1), (2, E2), (3, E3))}


def tile_kind(token: str) -> str:
    if token in HONOR:
        return HONOR[token]
    return token[-2:] if not token.startswith("r") else "5" + token[-1]


class SanmaLeakWatch(LeakWatch):
    """No public line may show a tile kind more often than copies of it are public (rivers, melds,
    kita, indicators, hands revealed at a hand's end) nor more often than copies are not concealed."""

    def __init__(self, fake, bot):
        self.public = Counter()
        super().__init__(fake, bot)

    def table(self):
        return next(iter(self.bot.tables.tables.values()), None)

    def concealed(self) -> Counter:
        t = self.table()
        c = Counter()
        if t is not None and t.state is not None and t.status == "playing":
            for hand in t.game.hidden_cards(t.state).values():
                c.update(code[0].replace("0", "5") + code[1] for code in hand)
        return c

    def note_public(self):
        t = self.table()
        if t is None or t.state is None:
            return
        pv = t.game.public_view(t.state)
        now = Counter()
        for river in pv.rivers:
            now.update(r.tile for r in river)
        for melds in pv.melds:
            for m in melds:
                now.update(m.tiles)
        now["4z"] += sum(pv.kita)
        now.update(pv.dora_indicators)
        for h in t.state.hands_log:
            for w in h.get("wins", []):
                now.update(w["revealed"] + [w["win_tile"]])
            for hand in (h.get("tenpai_hands") or {}).values():
                now.update(hand)
            now.update(h.get("revealed") or [])
            now.update(h.get("ura_indicators") or [])
        for code, n in now.items():
            k = code[0].replace("0", "5") + code[1]
            self.public[k] = max(self.public[k], n)

    def check(self):
        self.note_public()
        after = self.concealed()
        hidden = self.before & after
        for version in self.new_public_versions():
            for line in "\n".join(version.texts()).splitlines():
                # a tile's face (its emoji, named like sanma_1m) is always followed by its text: count the text
                counts = Counter(tile_kind(t) for t in TOKEN.findall(EMOJI_TOKEN.sub("", line)))
                for kind, n in counts.items():
                    limit = min(self.public[kind], 4 - hidden[kind])
                    assert n <= limit, (
                        f"{kind} ×{n} in public line {line!r} (public {self.public[kind]}, hidden {hidden[kind]})"
                    )
        self.before = after


async def panel_of(fake, user):
    opened = await user.click(table_message(fake), "My hand")
    assert opened.ephemeral_to == user.id
    return opened.message


async def act(fake, bot, user, action):
    panel = await panel_of(fake, user)
    ids = [cid for _, cid, disabled in panel.buttons() if cid and cid.endswith(":a:" + action) and not disabled]
    assert ids, f"{user.name} has no {action!r}: {panel.buttons()} {panel.text()}"
    result = await user.click(panel, ids[0])
    assert result.response_type in IN_PLACE, result.text()
    await settle(fake, bot)
    return result


def state_of(bot):
    return next(iter(bot.tables.tables.values()))


async def test_sanma_east_only_game(fake, db, monkeypatch):
    original = deal.hand_wall
    monkeypatch.setattr(deal, "hand_wall", lambda seed: list(WALLS.get(seed) or original(seed)))
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    watch = SanmaLeakWatch(fake, bot)
    lobby = await alice.slash("play", "sanma", east_only=True, call_seconds=30)
    assert "Sanma — table open" in lobby.text()
    for user in (bob, carol):
        assert (await user.click(lobby, "Join")).response_type in IN_PLACE
    await alice.click(lobby, "Start")
    await settle(fake, bot)
    watch.check()
    table = state_of(bot)
    assert "Sanma · East 1" in table_message(fake).text()

    # alice (dealer) sets her North aside, draws the replacement 8s and discards 中 (7z)
    panel = await panel_of(fake, alice)
    assert "Kita (set North aside)" in [label for label, _, _ in panel.buttons()]
    await act(fake, bot, alice, "kita")
    assert table.state.kita[0] and table.state.live == 53
    assert "declares **kita**" in table_message(fake).text()
    await act(fake, bot, alice, "d:7z")
    watch.check()
    # the call window reaches bob only; the table does not say who may call
    assert table.game.to_act(table.state) == [1]
    board = table_message(fake)
    assert "being decided" in board.text() and f"<@{bob.id}>" not in (board.content or "")
    refused = await carol.click(board, "My hand")
    assert not [b for b in refused.message.buttons() if ":a:" in (b[1] or "")]
    await act(fake, bot, bob, "pon")
    assert table.state.melds[1][0].type == "pon"
    await act(fake, bot, bob, "d:9m")
    watch.check()

    # restart in the middle of the hand: the process goes away and comes back
    table_id, version, snapshot = table.id, table.version, table.state.model_dump_json()
    bot, run, table = await restarted(fake, db, run, watch, table_id)
    assert table.version == version and table.state.model_dump_json() == snapshot

    # carol draws 東 and declares riichi with it (a menu of riichi discards)
    panel = await panel_of(fake, carol)
    riichi = await carol.select(panel, "Riichi: choose the discard…", "r:1z")
    assert riichi.response_type in IN_PLACE
    await settle(fake, bot)
    assert table.state.riichi[2] == 2 and table.state.sticks == 1
    watch.check()
    # alice draws and deals in 9s: carol rons (riichi, ippatsu, pinfu)
    await act(fake, bot, alice, "d:9s")
    await act(fake, bot, carol, "ron")
    watch.check()
    first = table.state.hands_log[0]
    win = first["wins"][0]
    assert first["type"] == "win" and win["winner"] == 2 and win["from_seat"] == 0
    assert {"Riichi", "Ippatsu", "Pinfu"} <= {y["name"] for y in win["yaku"]}
    assert first["deltas"][0] == -win["points"] and first["deltas"][2] == win["points"] + 1000
    texts = "\n".join(fake.all_public_texts())
    assert "East 1 · carol wins" in texts and "Ron from alice" in texts and "Ippatsu" in texts

    # carol resigns: a bot plays her seat from now on
    resigned = await carol.slash("resign")
    assert "bot plays your seat" in resigned.text()
    await settle(fake, bot)
    # E2: bob deals and discards 9m; carol's bot wins on its first draw
    assert table.state.round_index == 1 and table.state.dealer == 1
    await act(fake, bot, bob, "d:9m")
    watch.check()
    assert table.state.hands_log[1]["wins"][0]["winner"] == 2
    assert "Chiihou" in {y["name"] for y in table.state.hands_log[1]["wins"][0]["yaku"]}
    # E3: carol's bot deals; alice answers any call window with a pass, then wins on her first draw
    while 0 in table.game.to_act(table.state) and table.state.phase == "respond":
        await act(fake, bot, alice, "pass")
    await act(fake, bot, alice, "tsumo")
    watch.check()
    assert table.status == "finished"
    texts = "\n".join(fake.all_public_texts())
    assert "Sanma — final result" in texts
    result = table.game.result(table.state)
    assert sum(result.scores) == 0 and sum(table.state.final["points"]) == 105000
    replayed = await bot.tables.replay(table_id)
    assert replayed.model_dump_json() == table.state.model_dump_json()
    assert watch.checked > 20
    await run.stop()
    fake.assert_clean()
