-- One row per kind of shared read model (the catalogue, the company details and legal
-- pages). Every write to it raises the version in the same transaction; on PostgreSQL the
-- same transaction sends NOTIFY shop_changes, so every instance of the shop reloads its
-- copy once the change commits (and polls these rows when it cannot listen).
CREATE TABLE change_versions (
    kind TEXT PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL
);
INSERT INTO change_versions (kind, version) VALUES ('catalog', 0);
INSERT INTO change_versions (kind, version) VALUES ('content', 0);
