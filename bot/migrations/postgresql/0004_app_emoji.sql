-- The faces uploaded as the application's emoji: PostgreSQL dialect of ../0004_app_emoji.sql.

CREATE TABLE app_emoji (
    application_id  BIGINT           NOT NULL,
    name            TEXT             NOT NULL,
    sha256          TEXT             NOT NULL,
    emoji_id        BIGINT           NOT NULL,
    uploaded_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (application_id, name)
);
