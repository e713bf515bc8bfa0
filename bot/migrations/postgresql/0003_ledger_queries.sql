-- League queries that stay fast however long the ledger grows: PostgreSQL dialect of
-- ../0003_ledger_queries.sql (the same columns, and a trigger keeping ledger_totals and results).

ALTER TABLE ledger ADD COLUMN round INTEGER;
DROP INDEX ledger_by_table;
CREATE INDEX ledger_by_table ON ledger (table_id, participant, round, amount);

CREATE TABLE ledger_totals (
    guild_id     BIGINT  NOT NULL,
    season_id    BIGINT  NOT NULL,
    participant  TEXT    NOT NULL,
    game         TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    user_id      BIGINT,
    name         TEXT    NOT NULL,
    amount       BIGINT  NOT NULL,
    last_id      BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, season_id, participant, game, kind)
);

CREATE TABLE results (
    table_id     BIGINT  NOT NULL REFERENCES tables (id),
    participant  TEXT    NOT NULL,
    guild_id     BIGINT  NOT NULL,
    season_id    BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    user_id      BIGINT,
    name         TEXT    NOT NULL,
    seat         INTEGER,
    net          BIGINT  NOT NULL,
    "placing"      INTEGER,
    rounds_won   INTEGER,
    last_id      BIGINT  NOT NULL,
    PRIMARY KEY (table_id, participant)
);
CREATE INDEX results_by_season ON results (guild_id, season_id, game, user_id);
CREATE INDEX results_by_user ON results (guild_id, user_id);

CREATE FUNCTION ledger_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO ledger_totals AS t (guild_id, season_id, participant, game, kind, user_id, name, amount, last_id)
    VALUES (NEW.guild_id, NEW.season_id, NEW.participant, NEW.game, NEW.kind, NEW.user_id, NEW.name, NEW.amount,
            NEW.id)
    ON CONFLICT (guild_id, season_id, participant, game, kind) DO UPDATE SET
        amount = t.amount + excluded.amount, user_id = excluded.user_id, name = excluded.name,
        last_id = excluded.last_id;

    IF NEW.table_id IS NOT NULL THEN
        INSERT INTO results AS r (table_id, participant, guild_id, season_id, game, user_id, name, seat, net, "placing",
                                  rounds_won, last_id)
        VALUES (NEW.table_id, NEW.participant, NEW.guild_id, NEW.season_id, NEW.game, NEW.user_id, NEW.name, NEW.seat,
                NEW.amount, NEW."placing", CASE WHEN NEW.round IS NOT NULL THEN (NEW.amount > 0)::int END, NEW.id)
        ON CONFLICT (table_id, participant) DO UPDATE SET
            net = r.net + excluded.net,
            "placing" = LEAST(r."placing", excluded."placing"),
            rounds_won = CASE WHEN NEW.round IS NULL THEN r.rounds_won ELSE coalesce(r.rounds_won, 0)
                + (SELECT (sum(amount) > 0)::int - (sum(amount) - NEW.amount > 0)::int FROM ledger
                   WHERE table_id = NEW.table_id AND participant = NEW.participant AND round = NEW.round) END,
            user_id = excluded.user_id, name = excluded.name, seat = excluded.seat, last_id = excluded.last_id;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_sums AFTER INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_sums();
