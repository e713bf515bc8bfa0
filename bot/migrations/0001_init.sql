-- Parlor schema, version 1 (docs/design.md §3).
-- Timestamps are unix seconds (REAL); JSON columns are TEXT holding JSON.

CREATE TABLE seasons (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    number      INTEGER NOT NULL CHECK (number >= 1),
    name        TEXT    NOT NULL,
    started_at  REAL    NOT NULL,
    ended_at    REAL,
    started_by  INTEGER,              -- NULL: opened automatically
    UNIQUE (guild_id, number)
);
-- At most one open season per guild.
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;

CREATE TABLE tables (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    host_id       INTEGER NOT NULL,
    seats         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(seats) AND json_type(seats) = 'array'),
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    version       INTEGER NOT NULL DEFAULT 1,
    seed          TEXT,
    snapshot      TEXT    CHECK (snapshot IS NULL OR json_valid(snapshot)),
    deadline      REAL,
    message_id    INTEGER,
    turn_seconds  INTEGER NOT NULL,
    season_id     INTEGER REFERENCES seasons (id),
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    finished_at   REAL
);
-- One open table (lobby or playing) per channel.
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_by_status ON tables (status);

CREATE TABLE actions (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    seq       INTEGER NOT NULL CHECK (seq >= 1),
    seat      INTEGER,
    action    TEXT    NOT NULL,
    actor_id  INTEGER,
    source    TEXT    NOT NULL CHECK (source IN ('player', 'timeout', 'bot')),
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

-- Append-only money/score ledger: balances, standings and debts are sums over it.
CREATE TABLE ledger (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    season_id    INTEGER NOT NULL REFERENCES seasons (id),
    table_id     INTEGER REFERENCES tables (id),
    game         TEXT    NOT NULL,
    participant  TEXT    NOT NULL,      -- 'user:<id>' or 'bot:<table>:<seat>'
    user_id      INTEGER,               -- NULL for bots
    name         TEXT    NOT NULL,
    seat         INTEGER,
    kind         TEXT    NOT NULL CHECK (length(kind) > 0),  -- 'game', 'bet', 'loan', 'repay', 'bank', 'adjust' …
    amount       INTEGER NOT NULL,
    placing      INTEGER,
    memo         TEXT,
    created_at   REAL    NOT NULL
);
CREATE INDEX ledger_by_season ON ledger (guild_id, season_id, kind);
CREATE INDEX ledger_by_user ON ledger (guild_id, user_id);
CREATE INDEX ledger_by_table ON ledger (table_id);

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'ledger is append-only: rows cannot be updated');
END;

CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'ledger is append-only: rows cannot be deleted');
END;

CREATE TABLE guild_config (
    guild_id          INTEGER PRIMARY KEY,
    turn_seconds      INTEGER,             -- NULL: the process default
    allowed_channels  TEXT CHECK (allowed_channels IS NULL OR json_valid(allowed_channels)),
    starting_balance  INTEGER,
    updated_at        REAL NOT NULL
);
