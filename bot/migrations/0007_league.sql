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
