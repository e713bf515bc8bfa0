-- Each finished game's statistics counters, per seat: PostgreSQL dialect of ../0008_game_tallies.sql.

CREATE TABLE game_tallies (
    table_id   BIGINT  NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL,
    guild_id   BIGINT  NOT NULL,
    season_id  BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    user_id    BIGINT,
    counts     TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX game_tallies_by_player ON game_tallies (guild_id, season_id, game, user_id);

-- A player's games of a season, by game (the page's default game: the one they played most) without reading
-- the whole season's results.
CREATE INDEX results_by_player ON results (guild_id, season_id, user_id, game);
