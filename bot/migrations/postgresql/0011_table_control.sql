-- Table control by league officers, and registration: PostgreSQL dialect of ../0011_table_control.sql
-- (paused tables, voided tables taken out of the results, the registration setting, registered players).

CREATE TABLE table_pauses (
    table_id     BIGINT           PRIMARY KEY REFERENCES tables (id),
    guild_id     BIGINT           NOT NULL,
    officer_id   BIGINT           NOT NULL,
    officer_name TEXT             NOT NULL,
    remaining    DOUBLE PRECISION,
    at           DOUBLE PRECISION NOT NULL
);

CREATE TABLE table_voids (
    table_id     BIGINT           PRIMARY KEY REFERENCES tables (id),
    guild_id     BIGINT           NOT NULL,
    officer_id   BIGINT           NOT NULL,
    reason       TEXT             NOT NULL,
    at           DOUBLE PRECISION NOT NULL
);

CREATE FUNCTION table_voids_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a void is never changed or undone';
END $$;
CREATE TRIGGER table_voids_no_change BEFORE UPDATE OR DELETE ON table_voids
FOR EACH ROW EXECUTE FUNCTION table_voids_frozen();

CREATE FUNCTION results_standings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE standings_totals SET
        points = points - OLD.net, games = games - 1,
        firsts = firsts - (CASE WHEN OLD.placing = 1 THEN 1 ELSE 0 END),
        placing_sum = placing_sum - COALESCE(OLD.placing, 0),
        placed = placed - (CASE WHEN OLD.placing IS NULL THEN 0 ELSE 1 END),
        rounds_won = rounds_won - COALESCE(OLD.rounds_won, 0)
    WHERE guild_id = OLD.guild_id AND season_id = OLD.season_id AND game = OLD.game AND user_id = OLD.user_id;
    DELETE FROM standings_totals WHERE guild_id = OLD.guild_id AND season_id = OLD.season_id AND game = OLD.game
        AND user_id = OLD.user_id AND games = 0;
    RETURN NULL;
END $$;
CREATE TRIGGER results_standings_delete AFTER DELETE ON results FOR EACH ROW WHEN (OLD.user_id IS NOT NULL)
    EXECUTE FUNCTION results_standings_delete();

CREATE FUNCTION table_voids_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM results WHERE table_id = NEW.table_id;
    RETURN NULL;
END $$;
CREATE TRIGGER table_voids_results AFTER INSERT ON table_voids FOR EACH ROW EXECUTE FUNCTION table_voids_results();

ALTER TABLE league_settings ADD COLUMN registration INTEGER NOT NULL DEFAULT 0;

CREATE TABLE league_players (
    guild_id      BIGINT           NOT NULL,
    user_id       BIGINT           NOT NULL,
    name          TEXT             NOT NULL,
    registered_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
