-- League queries that stay fast however long the ledger grows.
--
-- `ledger.round`: the round of a game a line settles (Black Flower's bet/win/bank lines), NULL
-- for whole-game lines. Two tables are kept up to date by a trigger on every ledger insert, so
-- that every figure is still a sum over the ledger but no query has to read the whole ledger:
--   ledger_totals: per (guild, season, participant, game, kind) the sum of the lines (/balance, /debts);
--   results: per (table, participant) the sum of that table's lines, the best placing and the
--            rounds won (rounds whose lines sum above zero; NULL when no line names a round)
--            (/standings, /history).

ALTER TABLE ledger ADD COLUMN round INTEGER;

-- Lines written before this migration name their round only in the memo ("round 3").
DROP TRIGGER ledger_no_update;
UPDATE ledger SET round = CAST(substr(memo, 7) AS INTEGER) WHERE memo GLOB 'round [0-9]*' AND memo NOT GLOB 'round *[^0-9]*';
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'ledger is append-only: rows cannot be updated');
END;

DROP INDEX ledger_by_table;
CREATE INDEX ledger_by_table ON ledger (table_id, participant, round, amount);

CREATE TABLE ledger_totals (
    guild_id     INTEGER NOT NULL,
    season_id    INTEGER NOT NULL,
    participant  TEXT    NOT NULL,
    game         TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    user_id      INTEGER,
    name         TEXT    NOT NULL,   -- of the latest line
    amount       INTEGER NOT NULL,   -- the sum of the lines
    last_id      INTEGER NOT NULL,   -- the latest line
    PRIMARY KEY (guild_id, season_id, participant, game, kind)
) WITHOUT ROWID;

CREATE TABLE results (
    table_id     INTEGER NOT NULL REFERENCES tables (id),
    participant  TEXT    NOT NULL,
    guild_id     INTEGER NOT NULL,
    season_id    INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    user_id      INTEGER,
    name         TEXT    NOT NULL,
    seat         INTEGER,
    net          INTEGER NOT NULL,   -- the sum of the participant's lines at this table
    placing      INTEGER,            -- the best placing a line gave
    rounds_won   INTEGER,            -- NULL: no line named a round
    last_id      INTEGER NOT NULL,
    PRIMARY KEY (table_id, participant)
) WITHOUT ROWID;
CREATE INDEX results_by_season ON results (guild_id, season_id, game, user_id);
CREATE INDEX results_by_user ON results (guild_id, user_id);

INSERT INTO ledger_totals (guild_id, season_id, participant, game, kind, user_id, name, amount, last_id)
SELECT guild_id, season_id, participant, game, kind, user_id, name, SUM(amount), MAX(id)
FROM ledger GROUP BY guild_id, season_id, participant, game, kind;

INSERT INTO results (table_id, participant, guild_id, season_id, game, user_id, name, seat, net, placing,
                     rounds_won, last_id)
WITH per_round AS (
    SELECT table_id, participant, round, SUM(amount) AS net, MIN(placing) AS placing, MAX(id) AS last_id
    FROM ledger WHERE table_id IS NOT NULL GROUP BY table_id, participant, round
)
SELECT r.table_id, r.participant, l.guild_id, l.season_id, l.game, l.user_id, l.name, l.seat, SUM(r.net),
       MIN(r.placing), SUM(CASE WHEN r.round IS NOT NULL THEN r.net > 0 END), MAX(r.last_id)
FROM per_round r JOIN ledger l ON l.id = r.last_id
GROUP BY r.table_id, r.participant;

CREATE TRIGGER ledger_sums AFTER INSERT ON ledger
BEGIN
    INSERT INTO ledger_totals (guild_id, season_id, participant, game, kind, user_id, name, amount, last_id)
    VALUES (new.guild_id, new.season_id, new.participant, new.game, new.kind, new.user_id, new.name, new.amount,
            new.id)
    ON CONFLICT (guild_id, season_id, participant, game, kind) DO UPDATE SET
        amount = amount + excluded.amount, user_id = excluded.user_id, name = excluded.name,
        last_id = excluded.last_id;

    INSERT INTO results (table_id, participant, guild_id, season_id, game, user_id, name, seat, net, placing,
                         rounds_won, last_id)
    SELECT new.table_id, new.participant, new.guild_id, new.season_id, new.game, new.user_id, new.name, new.seat,
           new.amount, new.placing, CASE WHEN new.round IS NOT NULL THEN new.amount > 0 END, new.id
    WHERE new.table_id IS NOT NULL
    ON CONFLICT (table_id, participant) DO UPDATE SET
        net = net + excluded.net,
        placing = min(coalesce(placing, excluded.placing), coalesce(excluded.placing, placing)),
        rounds_won = CASE WHEN new.round IS NULL THEN rounds_won ELSE coalesce(rounds_won, 0)
            + (SELECT (sum(amount) > 0) - (sum(amount) - new.amount > 0) FROM ledger
               WHERE table_id = new.table_id AND participant = new.participant AND round = new.round) END,
        user_id = excluded.user_id, name = excluded.name, seat = excluded.seat, last_id = excluded.last_id;
END;
