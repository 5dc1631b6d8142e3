-- Exact counts of the default lists, kept by the database as rows change, so a page's count is a
-- few rows read instead of a scan of the building's notes or packages (50,000 index entries for
-- a busy building) after every change.
--
-- A package carries whether its unit profile (occupancy) is active: the package list keeps
-- active ones unless asked otherwise, and a deep page then walks the list's index alone instead
-- of looking up every skipped package's unit profile. Set when the package is written (the unit
-- profile's row is share-locked, so a concurrent (de)activation waits or is seen) and when the
-- unit profile is (de)activated.
ALTER TABLE "packages" ADD COLUMN "occupancy_is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE FUNCTION portico_package_occupancy_active() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE active boolean;
BEGIN
  SELECT o.is_active INTO active FROM occupancies o WHERE o.id = NEW.occupancy_id FOR SHARE;
  IF FOUND THEN NEW.occupancy_is_active := active; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER packages_occupancy_active BEFORE INSERT OR UPDATE OF occupancy_id ON packages
  FOR EACH ROW EXECUTE FUNCTION portico_package_occupancy_active();--> statement-breakpoint
CREATE FUNCTION portico_occupancy_packages_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE packages SET occupancy_is_active = NEW.is_active
    WHERE occupancy_id = NEW.id AND occupancy_is_active IS DISTINCT FROM NEW.is_active;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER occupancies_packages_active AFTER UPDATE OF is_active ON occupancies
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION portico_occupancy_packages_active();--> statement-breakpoint
DROP INDEX "packages_building_status_opened_idx";--> statement-breakpoint
DROP INDEX "packages_building_opened_idx";--> statement-breakpoint
CREATE INDEX "packages_building_status_opened_idx" ON "packages" USING btree ("building_id","status","date_opened","id","occupancy_is_active","occupancy_id");--> statement-breakpoint
CREATE INDEX "packages_building_opened_idx" ON "packages" USING btree ("building_id","date_opened","id","status","occupancy_is_active","occupancy_id");--> statement-breakpoint
-- Packages per building, status, type and whether their unit profile is active.
CREATE TABLE "package_counts" (
  "building_id" integer NOT NULL,
  "status" text NOT NULL,
  "package_type_id" integer NOT NULL,
  "occupancy_is_active" boolean NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("building_id", "status", "package_type_id", "occupancy_is_active")
);--> statement-breakpoint
-- Notes per building and type (0: no type).
CREATE TABLE "shift_log_note_counts" (
  "building_id" integer NOT NULL,
  "shift_log_type_id" integer NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("building_id", "shift_log_type_id")
);--> statement-breakpoint
-- One statement's rows in (+1) and out (-1), summed per key and applied in key order (two
-- statements changing the same keys lock them in the same order). The transition tables a
-- trigger has depend on its event: the rows are read from those it has.
CREATE FUNCTION portico_count_rows(target text, keys text, source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('INSERT INTO %1$s AS c (%2$s, n) SELECT %2$s, sum(d)::int FROM (%3$s) x GROUP BY %2$s '
    'HAVING sum(d) <> 0 ORDER BY %2$s ON CONFLICT (%2$s) DO UPDATE SET n = c.n + excluded.n', target, keys, source)
$$;--> statement-breakpoint
CREATE FUNCTION portico_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text := TG_ARGV[0];
  keys text := TG_ARGV[1];
  -- The key columns as read from a row (e.g. a nullable type as 0).
  cols text := TG_ARGV[2];
  rows_in text := format('SELECT %s, 1 AS d FROM new_rows', cols);
  rows_out text := format('SELECT %s, -1 AS d FROM old_rows', cols);
BEGIN
  EXECUTE portico_count_rows(target, keys, CASE TG_OP
    WHEN 'INSERT' THEN rows_in
    WHEN 'DELETE' THEN rows_out
    ELSE rows_in || ' UNION ALL ' || rows_out END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER packages_count_insert AFTER INSERT ON packages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_changes('package_counts', 'building_id, status, package_type_id, occupancy_is_active', 'building_id, status, package_type_id, occupancy_is_active');--> statement-breakpoint
CREATE TRIGGER packages_count_delete AFTER DELETE ON packages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_changes('package_counts', 'building_id, status, package_type_id, occupancy_is_active', 'building_id, status, package_type_id, occupancy_is_active');--> statement-breakpoint
CREATE TRIGGER packages_count_update AFTER UPDATE ON packages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_changes('package_counts', 'building_id, status, package_type_id, occupancy_is_active', 'building_id, status, package_type_id, occupancy_is_active');--> statement-breakpoint
CREATE TRIGGER shift_log_notes_count_insert AFTER INSERT ON shift_log_notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_changes('shift_log_note_counts', 'building_id, shift_log_type_id', 'building_id, coalesce(shift_log_type_id, 0) AS shift_log_type_id');--> statement-breakpoint
CREATE TRIGGER shift_log_notes_count_delete AFTER DELETE ON shift_log_notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_changes('shift_log_note_counts', 'building_id, shift_log_type_id', 'building_id, coalesce(shift_log_type_id, 0) AS shift_log_type_id');--> statement-breakpoint
CREATE TRIGGER shift_log_notes_count_update AFTER UPDATE ON shift_log_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_changes('shift_log_note_counts', 'building_id, shift_log_type_id', 'building_id, coalesce(shift_log_type_id, 0) AS shift_log_type_id');--> statement-breakpoint
-- Everything above recomputed from the rows (after this migration, and after a bulk load that
-- ran without triggers).
CREATE FUNCTION portico_rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  UPDATE packages p SET occupancy_is_active = o.is_active FROM occupancies o
    WHERE o.id = p.occupancy_id AND p.occupancy_is_active IS DISTINCT FROM o.is_active;
  DELETE FROM package_counts;
  INSERT INTO package_counts (building_id, status, package_type_id, occupancy_is_active, n)
    SELECT building_id, status, package_type_id, occupancy_is_active, count(*)::int FROM packages GROUP BY 1, 2, 3, 4;
  DELETE FROM shift_log_note_counts;
  INSERT INTO shift_log_note_counts (building_id, shift_log_type_id, n)
    SELECT building_id, coalesce(shift_log_type_id, 0), count(*)::int FROM shift_log_notes GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT portico_rebuild_list_counts();
