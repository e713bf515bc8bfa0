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

CREATE TABLE standings_totals (
    guild_id     BIGINT  NOT NULL,
    season_id    BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    user_id      BIGINT  NOT NULL,
    name         TEXT    NOT NULL,
    points       BIGINT  NOT NULL,
    games        BIGINT  NOT NULL,
    firsts       BIGINT  NOT NULL,
    placing_sum  BIGINT  NOT NULL,
    placed       BIGINT  NOT NULL,
    rounds_won   BIGINT  NOT NULL,
    last_id      BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, season_id, game, user_id)
);

-- No index on points or games here (SQLite has two): every finished game changes them, so each update of a
-- row would add index entries (no HOT update), and a long transaction (python -m bot migrate) would slow
-- down as the versions pile up. PostgreSQL sorts a game's players for the LIMIT with a top-N heap instead.

INSERT INTO standings_totals (guild_id, season_id, game, user_id, name, points, games, firsts, placing_sum, placed,
                              rounds_won, last_id)
SELECT guild_id, season_id, game, user_id,
       (SELECT r2.name FROM results r2 WHERE r2.guild_id = r.guild_id AND r2.season_id = r.season_id
        AND r2.game = r.game AND r2.user_id = r.user_id ORDER BY r2.last_id DESC LIMIT 1),
       SUM(net), COUNT(*), SUM(CASE WHEN "placing" = 1 THEN 1 ELSE 0 END), COALESCE(SUM("placing"), 0),
       COUNT("placing"), COALESCE(SUM(rounds_won), 0), MAX(last_id)
FROM results r WHERE user_id IS NOT NULL GROUP BY guild_id, season_id, game, user_id;

CREATE FUNCTION results_standings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO standings_totals AS s (guild_id, season_id, game, user_id, name, points, games, firsts,
                                           placing_sum, placed, rounds_won, last_id)
        VALUES (NEW.guild_id, NEW.season_id, NEW.game, NEW.user_id, NEW.name, NEW.net, 1,
                CASE WHEN NEW."placing" = 1 THEN 1 ELSE 0 END, COALESCE(NEW."placing", 0),
                CASE WHEN NEW."placing" IS NULL THEN 0 ELSE 1 END, COALESCE(NEW.rounds_won, 0), NEW.last_id)
        ON CONFLICT (guild_id, season_id, game, user_id) DO UPDATE SET
            points = s.points + EXCLUDED.points, games = s.games + 1, firsts = s.firsts + EXCLUDED.firsts,
            placing_sum = s.placing_sum + EXCLUDED.placing_sum, placed = s.placed + EXCLUDED.placed,
            rounds_won = s.rounds_won + EXCLUDED.rounds_won,
            name = CASE WHEN EXCLUDED.last_id >= s.last_id THEN EXCLUDED.name ELSE s.name END,
            last_id = GREATEST(s.last_id, EXCLUDED.last_id);
    ELSE
        UPDATE standings_totals SET
            points = points + NEW.net - OLD.net,
            firsts = firsts + (CASE WHEN NEW."placing" = 1 THEN 1 ELSE 0 END)
                            - (CASE WHEN OLD."placing" = 1 THEN 1 ELSE 0 END),
            placing_sum = placing_sum + COALESCE(NEW."placing", 0) - COALESCE(OLD."placing", 0),
            placed = placed + (CASE WHEN NEW."placing" IS NULL THEN 0 ELSE 1 END)
                            - (CASE WHEN OLD."placing" IS NULL THEN 0 ELSE 1 END),
            rounds_won = rounds_won + COALESCE(NEW.rounds_won, 0) - COALESCE(OLD.rounds_won, 0),
            name = CASE WHEN NEW.last_id >= last_id THEN NEW.name ELSE name END,
            last_id = GREATEST(last_id, NEW.last_id)
        WHERE guild_id = NEW.guild_id AND season_id = NEW.season_id AND game = NEW.game AND user_id = NEW.user_id;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER results_standings AFTER INSERT OR UPDATE ON results FOR EACH ROW WHEN (NEW.user_id IS NOT NULL)
    EXECUTE FUNCTION results_standings();
