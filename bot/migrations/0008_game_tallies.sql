-- Each finished game's statistics counters, per seat (bot/tallies.py): a cache of what a replay of the
-- game's action log counts (games/tally.py), written the first time a player page needs the game, so a
-- page sums a few hundred small rows instead of replaying every game. Deleting the rows loses nothing:
-- they are counted again from the records.

CREATE TABLE game_tallies (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL,
    guild_id   INTEGER NOT NULL,
    season_id  INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER,              -- NULL for a bot's seat
    counts     TEXT    NOT NULL CHECK (json_valid(counts)),   -- {"wins": 3, "yaku:Tane": 1, …}
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_tallies_by_player ON game_tallies (guild_id, season_id, game, user_id);

-- A player's games of a season, by game (the page's default game: the one they played most) without reading
-- the whole season's results.
CREATE INDEX results_by_player ON results (guild_id, season_id, user_id, game);
