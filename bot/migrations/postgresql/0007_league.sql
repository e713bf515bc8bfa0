-- The league: PostgreSQL dialect of ../0007_league.sql (a season's rules, the server's league
-- settings, ratings, and Sanma's ledger in tenths of a point).

CREATE TABLE season_rules (
    season_id  BIGINT           NOT NULL REFERENCES seasons (id),
    game       TEXT             NOT NULL,
    options    TEXT             NOT NULL CHECK (jsonb_typeof(options::jsonb) = 'object'),
    set_by     BIGINT,
    set_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (season_id, game)
);

CREATE TABLE league_settings (
    guild_id    BIGINT           PRIMARY KEY,
    min_games   INTEGER          NOT NULL CHECK (min_games >= 0),
    updated_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE ratings (
    table_id     BIGINT           NOT NULL REFERENCES tables (id),
    user_id      BIGINT           NOT NULL,
    scope        BIGINT           NOT NULL,
    guild_id     BIGINT           NOT NULL,
    game         TEXT             NOT NULL,
    finished_at  DOUBLE PRECISION NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id, scope)
);
CREATE INDEX ratings_by_player ON ratings (guild_id, game, scope, user_id, finished_at, table_id);

ALTER TABLE ledger DISABLE TRIGGER ledger_no_update;
UPDATE ledger SET amount = (
    SELECT round(((t.snapshot::jsonb -> 'final' -> 'scores' ->> ledger.seat)::numeric) * 10)::bigint
    FROM tables t WHERE t.id = ledger.table_id)
WHERE game = 'sanma' AND kind = 'game' AND seat IS NOT NULL AND EXISTS (
    SELECT 1 FROM tables t WHERE t.id = ledger.table_id
    AND (t.snapshot::jsonb -> 'final' -> 'scores' ->> ledger.seat) IS NOT NULL);
ALTER TABLE ledger ENABLE TRIGGER ledger_no_update;
UPDATE ledger_totals SET amount = (
    SELECT SUM(l.amount) FROM ledger l WHERE l.guild_id = ledger_totals.guild_id
    AND l.season_id = ledger_totals.season_id AND l.participant = ledger_totals.participant
    AND l.game = ledger_totals.game AND l.kind = ledger_totals.kind)
WHERE game = 'sanma';
UPDATE results SET net = (
    SELECT SUM(l.amount) FROM ledger l WHERE l.table_id = results.table_id AND l.participant = results.participant)
WHERE game = 'sanma';
