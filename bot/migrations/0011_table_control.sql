-- Table control by league officers, and registration.
--
-- table_pauses: one row per paused table (who paused it, when, and the seconds its decision had left);
--   removed when the table resumes, so a paused table stays paused across restarts.
-- table_voids: one row per voided table (never changed or deleted). Its ledger lines are reversed by
--   compensating lines first; the row then takes the table's results out of the standings (a trigger
--   deletes its rows of `results`, and the trigger on `results` takes them out of `standings_totals`).
--   The ratings are rebuilt from the remaining results (bot/league/ratings.py).
-- league_settings.registration: 1 when only registered players may join the server's league tables.
-- league_players: the registered players of a server and the name they play league tables under.

CREATE TABLE table_pauses (
    table_id     INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id     INTEGER NOT NULL,
    officer_id   INTEGER NOT NULL,
    officer_name TEXT    NOT NULL,
    remaining    REAL,               -- seconds the decision had left; NULL: no deadline was running
    at           REAL    NOT NULL
);

CREATE TABLE table_voids (
    table_id     INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id     INTEGER NOT NULL,
    officer_id   INTEGER NOT NULL,
    reason       TEXT    NOT NULL,
    at           REAL    NOT NULL
);

CREATE TRIGGER table_voids_no_change BEFORE UPDATE ON table_voids
BEGIN SELECT RAISE(ABORT, 'a void is never changed'); END;
CREATE TRIGGER table_voids_no_delete BEFORE DELETE ON table_voids
BEGIN SELECT RAISE(ABORT, 'a void is never undone'); END;

CREATE TRIGGER results_standings_delete AFTER DELETE ON results WHEN old.user_id IS NOT NULL
BEGIN
    UPDATE standings_totals SET
        points = points - old.net, games = games - 1,
        firsts = firsts - (CASE WHEN old.placing = 1 THEN 1 ELSE 0 END),
        placing_sum = placing_sum - COALESCE(old.placing, 0),
        placed = placed - (CASE WHEN old.placing IS NULL THEN 0 ELSE 1 END),
        rounds_won = rounds_won - COALESCE(old.rounds_won, 0)
    WHERE guild_id = old.guild_id AND season_id = old.season_id AND game = old.game AND user_id = old.user_id;
    DELETE FROM standings_totals WHERE guild_id = old.guild_id AND season_id = old.season_id AND game = old.game
        AND user_id = old.user_id AND games = 0;
END;

CREATE TRIGGER table_voids_results AFTER INSERT ON table_voids
BEGIN
    DELETE FROM results WHERE table_id = new.table_id;
END;

ALTER TABLE league_settings ADD COLUMN registration INTEGER NOT NULL DEFAULT 0;

CREATE TABLE league_players (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    registered_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
