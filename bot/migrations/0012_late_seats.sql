-- Late players: a league officer gives a bot's seat of a table in play to a person who came late.
--
-- late_seats: one row per bot seat promised to a late player (the deal the table was in when the officer
--   asked); the seat changes hands, and the row goes, in one transaction when the table's deal number
--   changes (bot/league/late_seats.py). A row stays across restarts until then.

CREATE TABLE late_seats (
    table_id     INTEGER NOT NULL REFERENCES tables (id),
    seat         INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    deal         INTEGER NOT NULL,
    officer_id   INTEGER NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
