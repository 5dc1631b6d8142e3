-- The words of a note's body as they are ('water') and scoped to its building ('54 water': a
-- lexeme no parser makes, it holds a space). A search of one building (or a few) reads that
-- building's postings alone, instead of a word's postings over the whole portfolio intersected
-- with the building's (modules/shift-logs/repository.ts, searchText).
CREATE FUNCTION portico_search_lexemes(scope integer, v tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT v || array_to_tsvector(array(SELECT scope::text || ' ' || l FROM unnest(tsvector_to_array(v)) AS l)) $$;
--> statement-breakpoint
DROP INDEX "shift_log_notes_building_search_idx";--> statement-breakpoint
CREATE INDEX "shift_log_notes_search_idx" ON "shift_log_notes" USING gin (portico_search_lexemes("building_id", "search_vector")) WITH (fastupdate=false);
