-- Late players: PostgreSQL dialect of ../0012_late_seats.sql (a bot's seat promised to a late player,
-- taken when the table's deal number changes).

CREATE TABLE late_seats (
    table_id     BIGINT           NOT NULL REFERENCES tables (id),
    seat         INTEGER          NOT NULL,
    guild_id     BIGINT           NOT NULL,
    user_id      BIGINT           NOT NULL,
    name         TEXT             NOT NULL,
    deal         INTEGER          NOT NULL,
    officer_id   BIGINT           NOT NULL,
    at           DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
