-- pg_trgm: trigram indexes for the "contains" searches (names, comments); a trusted extension
-- since PostgreSQL 13, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
