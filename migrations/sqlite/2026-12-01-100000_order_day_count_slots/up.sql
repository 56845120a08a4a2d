-- PostgreSQL spreads each day's order counts over several rows (see the PostgreSQL
-- migration of this name) so that orders committing at once do not queue on one row lock.
-- SQLite has one writer at a time: its one row per day and status stays as it is.
SELECT 1;
