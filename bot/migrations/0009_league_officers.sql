-- League officers: the server's officer role, and every officer action on the record.
--
-- league_settings.officer_role: the role whose members may run the league's officer commands
--   (Manage Server always may); NULL: none named.
-- officer_actions: one row per officer action (who, when, what, on what, why), never changed or deleted,
--   listed by /league log.

ALTER TABLE league_settings ADD COLUMN officer_role INTEGER;

CREATE TABLE officer_actions (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    officer_id   INTEGER NOT NULL,
    officer_name TEXT    NOT NULL,
    action       TEXT    NOT NULL,
    target       TEXT    NOT NULL DEFAULT '',
    details      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details) AND json_type(details) = 'object'),
    reason       TEXT    NOT NULL DEFAULT '',
    at           REAL    NOT NULL
);
CREATE INDEX officer_actions_by_guild ON officer_actions (guild_id, id);

CREATE TRIGGER officer_actions_no_update BEFORE UPDATE ON officer_actions
BEGIN SELECT RAISE(ABORT, 'officer actions are never changed'); END;
CREATE TRIGGER officer_actions_no_delete BEFORE DELETE ON officer_actions
BEGIN SELECT RAISE(ABORT, 'officer actions are never deleted'); END;
