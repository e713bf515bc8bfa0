-- The league: a season's rules, the server's league settings, ratings, and Sanma's ledger in tenths.
--
-- season_rules: per season and game, the option values every table of that game uses while the season
--   runs (JSON, the game's own option names; Sanma's placement points are its start_points,
--   return_points and uma).
-- league_settings: per server, the fewest games a player must have played to be ranked.
-- ratings: one row per rated player per finished table and scope (a season's id, or 0 for all time):
--   the player's rating after that game. A player's rating now is the latest row; the rows are a pure
--   function of the finished tables in the order they finished (python -m bot ratings rebuild).

CREATE TABLE season_rules (
    season_id  INTEGER NOT NULL REFERENCES seasons (id),
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL CHECK (json_valid(options) AND json_type(options) = 'object'),
    set_by     INTEGER,
    set_at     REAL    NOT NULL,
    PRIMARY KEY (season_id, game)
);

CREATE TABLE league_settings (
    guild_id    INTEGER PRIMARY KEY,
    min_games   INTEGER NOT NULL CHECK (min_games >= 0),
    updated_at  REAL    NOT NULL
);

CREATE TABLE ratings (
    table_id     INTEGER NOT NULL REFERENCES tables (id),
    user_id      INTEGER NOT NULL,
    scope        INTEGER NOT NULL,   -- the season's id, or 0: all time
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    finished_at  REAL    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id, scope)
) WITHOUT ROWID;
CREATE INDEX ratings_by_player ON ratings (guild_id, game, scope, user_id, finished_at, table_id);

-- Sanma's ledger lines were its final scores rounded to whole points, the rounding put on first place;
-- they become the final scores players saw, in tenths of a point (the game's step), read from each
-- finished table's own final result. A change of unit, not a correction: the lines are rewritten once,
-- here, and the sums kept from them recomputed.
DROP TRIGGER ledger_no_update;
UPDATE ledger SET amount = (
    SELECT CAST(round(json_extract(t.snapshot, '$.final.scores[' || ledger.seat || ']') * 10) AS INTEGER)
    FROM tables t WHERE t.id = ledger.table_id)
WHERE game = 'sanma' AND kind = 'game' AND seat IS NOT NULL AND EXISTS (
    SELECT 1 FROM tables t WHERE t.id = ledger.table_id
    AND json_extract(t.snapshot, '$.final.scores[' || ledger.seat || ']') IS NOT NULL);
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'ledger is append-only: rows cannot be updated');
END;
UPDATE ledger_totals SET amount = (
    SELECT SUM(l.amount) FROM ledger l WHERE l.guild_id = ledger_totals.guild_id
    AND l.season_id = ledger_totals.season_id AND l.participant = ledger_totals.participant
    AND l.game = ledger_totals.game AND l.kind = ledger_totals.kind)
WHERE game = 'sanma';
UPDATE results SET net = (
    SELECT SUM(l.amount) FROM ledger l WHERE l.table_id = results.table_id AND l.participant = results.participant)
WHERE game = 'sanma';

-- standings_totals: per season, game and person, the sums /standings ranks (league points, games, first
-- places, placings, rounds won) and the latest name, kept by triggers on results (one row per table and
-- participant), so that the standings read one row per player however many games were played.
CREATE TABLE standings_totals (
    guild_id     INTEGER NOT NULL,
    season_id    INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,   -- of the latest line
    points       INTEGER NOT NULL,   -- the sum of the nets
    games        INTEGER NOT NULL,
    firsts       INTEGER NOT NULL,
    placing_sum  INTEGER NOT NULL,
    placed       INTEGER NOT NULL,   -- games that gave a placing
    rounds_won   INTEGER NOT NULL,
    last_id      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season_id, game, user_id)
) WITHOUT ROWID;

-- /standings walks a game's players in this order and stops after the rows it shows.
CREATE INDEX standings_order ON standings_totals (guild_id, season_id, game, points DESC, firsts DESC);
CREATE INDEX standings_waiting ON standings_totals (guild_id, season_id, game, games DESC, points DESC);

INSERT INTO standings_totals (guild_id, season_id, game, user_id, name, points, games, firsts, placing_sum, placed,
                              rounds_won, last_id)
SELECT guild_id, season_id, game, user_id,
       (SELECT r2.name FROM results r2 WHERE r2.guild_id = r.guild_id AND r2.season_id = r.season_id
        AND r2.game = r.game AND r2.user_id = r.user_id ORDER BY r2.last_id DESC LIMIT 1),
       SUM(net), COUNT(*), SUM(CASE WHEN placing = 1 THEN 1 ELSE 0 END), COALESCE(SUM(placing), 0), COUNT(placing),
       COALESCE(SUM(rounds_won), 0), MAX(last_id)
FROM results r WHERE user_id IS NOT NULL GROUP BY guild_id, season_id, game, user_id;

CREATE TRIGGER results_standings_insert AFTER INSERT ON results WHEN new.user_id IS NOT NULL
BEGIN
    INSERT INTO standings_totals (guild_id, season_id, game, user_id, name, points, games, firsts, placing_sum,
                                  placed, rounds_won, last_id)
    VALUES (new.guild_id, new.season_id, new.game, new.user_id, new.name, new.net, 1,
            CASE WHEN new.placing = 1 THEN 1 ELSE 0 END, COALESCE(new.placing, 0),
            CASE WHEN new.placing IS NULL THEN 0 ELSE 1 END, COALESCE(new.rounds_won, 0), new.last_id)
    ON CONFLICT (guild_id, season_id, game, user_id) DO UPDATE SET
        points = points + excluded.points, games = games + 1, firsts = firsts + excluded.firsts,
        placing_sum = placing_sum + excluded.placing_sum, placed = placed + excluded.placed,
        rounds_won = rounds_won + excluded.rounds_won,
        name = CASE WHEN excluded.last_id >= last_id THEN excluded.name ELSE name END,
        last_id = max(last_id, excluded.last_id);
END;

CREATE TRIGGER results_standings_update AFTER UPDATE ON results WHEN new.user_id IS NOT NULL
BEGIN
    UPDATE standings_totals SET
        points = points + new.net - old.net,
        firsts = firsts + (CASE WHEN new.placing = 1 THEN 1 ELSE 0 END) - (CASE WHEN old.placing = 1 THEN 1 ELSE 0 END),
        placing_sum = placing_sum + COALESCE(new.placing, 0) - COALESCE(old.placing, 0),
        placed = placed + (CASE WHEN new.placing IS NULL THEN 0 ELSE 1 END)
                        - (CASE WHEN old.placing IS NULL THEN 0 ELSE 1 END),
        rounds_won = rounds_won + COALESCE(new.rounds_won, 0) - COALESCE(old.rounds_won, 0),
        name = CASE WHEN new.last_id >= last_id THEN new.name ELSE name END,
        last_id = max(last_id, new.last_id)
    WHERE guild_id = new.guild_id AND season_id = new.season_id AND game = new.game AND user_id = new.user_id;
END;
