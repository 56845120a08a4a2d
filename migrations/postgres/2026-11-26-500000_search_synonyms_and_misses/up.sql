-- The owner's search synonym list (one row; absent until first saved, when the built-in
-- list applies). Saving it raises the catalogue's version, so every instance reloads it.
CREATE TABLE search_synonyms (
    id TEXT PRIMARY KEY NOT NULL,
    rules TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Searches that found nothing, counted per normalised text and India date (YYYY-MM-DD),
-- so the owner can see what shoppers look for and add synonyms.
CREATE TABLE search_misses (
    query TEXT NOT NULL,
    day TEXT NOT NULL,
    count BIGINT NOT NULL,
    PRIMARY KEY (query, day)
);
CREATE INDEX search_misses_day ON search_misses (day);
