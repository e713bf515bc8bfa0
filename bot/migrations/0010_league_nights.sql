-- League nights: sign-ups, the rounds drawn from them, and the tables of each round.
--
-- league_signups: one sign-up message (its channel and message), the game, where its tables open
--   (tables_in: a channel; threads = 1: a thread of that channel per table), the season it belongs to;
--   rounds and method set: a tournament of that many rounds (ended_at once its final round is played).
-- signup_players: who has joined a sign-up (Leave removes the row).
-- night_rounds: a round drawn (method, the seed shown, whether bots filled a table, who waited).
-- night_tables: a round's tables: the players seated (JSON list of ids), the bots added, the channel or
--   thread it opened in and its table, both NULL until opened.

CREATE TABLE league_signups (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    game        TEXT    NOT NULL,
    tables_in   INTEGER NOT NULL,
    threads     INTEGER NOT NULL DEFAULT 1 CHECK (threads IN (0, 1)),
    season_id   INTEGER REFERENCES seasons (id),
    rounds      INTEGER CHECK (rounds IS NULL OR rounds > 0),
    method      TEXT    CHECK (method IS NULL OR method IN ('random', 'rating', 'swiss')),
    ended_at    REAL,
    created_by  INTEGER NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE INDEX league_signups_by_guild ON league_signups (guild_id, id);

CREATE TABLE signup_players (
    signup_id INTEGER NOT NULL REFERENCES league_signups (id),
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (signup_id, user_id)
);

CREATE TABLE night_rounds (
    signup_id  INTEGER NOT NULL REFERENCES league_signups (id),
    round      INTEGER NOT NULL CHECK (round > 0),
    method     TEXT    NOT NULL CHECK (method IN ('random', 'rating', 'swiss')),
    seed       TEXT    NOT NULL,
    allow_bots INTEGER NOT NULL CHECK (allow_bots IN (0, 1)),
    waiting    TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(waiting) AND json_type(waiting) = 'array'),
    drawn_by   INTEGER NOT NULL,
    drawn_at   REAL    NOT NULL,
    PRIMARY KEY (signup_id, round)
);

CREATE TABLE night_tables (
    signup_id  INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    number     INTEGER NOT NULL CHECK (number > 0),
    players    TEXT    NOT NULL CHECK (json_valid(players) AND json_type(players) = 'array'),
    bots       INTEGER NOT NULL DEFAULT 0 CHECK (bots >= 0),
    channel_id INTEGER,
    table_id   INTEGER REFERENCES tables (id),
    PRIMARY KEY (signup_id, round, number),
    FOREIGN KEY (signup_id, round) REFERENCES night_rounds (signup_id, round)
);
CREATE INDEX night_tables_by_table ON night_tables (table_id);
