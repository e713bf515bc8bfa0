-- The tile and card faces uploaded as the application's emoji: which picture each emoji shows.
-- Discord keeps no hash of an emoji's image, so the SHA-256 of the face uploaded is kept here, in the database
-- every process shares: a restart uploads only what is missing or changed, and a process that does not upload
-- (not shard 0) takes an emoji only once it shows the face this release draws.

CREATE TABLE app_emoji (
    application_id  INTEGER NOT NULL,
    name            TEXT    NOT NULL,   -- the face's name (faces/manifest.json), the emoji's name on Discord
    sha256          TEXT    NOT NULL,   -- of the PNG uploaded
    emoji_id        INTEGER NOT NULL,
    uploaded_at     REAL    NOT NULL,
    PRIMARY KEY (application_id, name)
);
