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
-- One statement's rows in and out, summed per key and applied in key order (two statements
-- changing the same keys lock them in the same order).
CREATE FUNCTION portico_count_packages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO package_counts AS c (building_id, status, package_type_id, occupancy_is_active, n)
    SELECT building_id, status, package_type_id, occupancy_is_active, count(*)::int FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (building_id, status, package_type_id, occupancy_is_active) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO package_counts AS c (building_id, status, package_type_id, occupancy_is_active, n)
    SELECT building_id, status, package_type_id, occupancy_is_active, -count(*)::int FROM old_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (building_id, status, package_type_id, occupancy_is_active) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO package_counts AS c (building_id, status, package_type_id, occupancy_is_active, n)
    SELECT building_id, status, package_type_id, occupancy_is_active, sum(d)::int FROM (
      SELECT building_id, status, package_type_id, occupancy_is_active, 1 AS d FROM new_rows
      UNION ALL
      SELECT building_id, status, package_type_id, occupancy_is_active, -1 AS d FROM old_rows
    ) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (building_id, status, package_type_id, occupancy_is_active) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER packages_count_insert AFTER INSERT ON packages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_packages();--> statement-breakpoint
CREATE TRIGGER packages_count_delete AFTER DELETE ON packages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_packages();--> statement-breakpoint
CREATE TRIGGER packages_count_update AFTER UPDATE ON packages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_packages();--> statement-breakpoint
CREATE FUNCTION portico_count_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shift_log_note_counts AS c (building_id, shift_log_type_id, n)
    SELECT building_id, coalesce(shift_log_type_id, 0), count(*)::int FROM new_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (building_id, shift_log_type_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shift_log_note_counts AS c (building_id, shift_log_type_id, n)
    SELECT building_id, coalesce(shift_log_type_id, 0), -count(*)::int FROM old_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (building_id, shift_log_type_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO shift_log_note_counts AS c (building_id, shift_log_type_id, n)
    SELECT building_id, t, sum(d)::int FROM (
      SELECT building_id, coalesce(shift_log_type_id, 0) AS t, 1 AS d FROM new_rows
      UNION ALL
      SELECT building_id, coalesce(shift_log_type_id, 0) AS t, -1 AS d FROM old_rows
    ) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (building_id, shift_log_type_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shift_log_notes_count_insert AFTER INSERT ON shift_log_notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_notes();--> statement-breakpoint
CREATE TRIGGER shift_log_notes_count_delete AFTER DELETE ON shift_log_notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_notes();--> statement-breakpoint
CREATE TRIGGER shift_log_notes_count_update AFTER UPDATE ON shift_log_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portico_count_notes();--> statement-breakpoint
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
