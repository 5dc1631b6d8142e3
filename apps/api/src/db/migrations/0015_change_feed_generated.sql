-- GENERATED from apps/api/src/lib/caches.ts (TOPICS) by `npm run feed:generate -w apps/api`: do not edit.
-- Row triggers send `<topic>:<id>` on channel portico_changes (lib/change-feed.ts).

-- One notification; a payload past the NOTIFY limit resets every cache rather than failing the write.
CREATE OR REPLACE FUNCTION portico_notify(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF octet_length(payload) > 7900 THEN
    PERFORM pg_notify('portico_changes', 'reset:long_payload');
  ELSE
    PERFORM pg_notify('portico_changes', payload);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_notify_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portico_notify('reset:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every feed trigger of earlier migrations (hand-written or generated) goes.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND (t.tgname LIKE '%change\_feed%' OR t.tgname LIKE 'portico\_feed\_%')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r.tgname, r.relname);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS portico_notify_change(), portico_notify_user(), portico_notify_note_link(), portico_notify_resident_units(), portico_notify_staff_account();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_apartments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- units: building_id
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.building_id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.building_id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('units:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_apartments AFTER INSERT OR UPDATE OR DELETE ON apartments
  FOR EACH ROW EXECUTE FUNCTION portico_feed_apartments();
--> statement-breakpoint
CREATE TRIGGER portico_feed_apartments_truncate AFTER TRUNCATE ON apartments
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_building_settings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- building: building_id
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.building_id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.building_id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('building:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_building_settings AFTER INSERT OR UPDATE OR DELETE ON building_settings
  FOR EACH ROW EXECUTE FUNCTION portico_feed_building_settings();
--> statement-breakpoint
CREATE TRIGGER portico_feed_building_settings_truncate AFTER TRUNCATE ON building_settings
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_buildings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- building: id
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('building:' || v);
    END LOOP;
  END IF;
  -- buildings: all
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY['all']; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY['all']; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('buildings:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_buildings AFTER INSERT OR UPDATE OR DELETE ON buildings
  FOR EACH ROW EXECUTE FUNCTION portico_feed_buildings();
--> statement-breakpoint
CREATE TRIGGER portico_feed_buildings_truncate AFTER TRUNCATE ON buildings
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_employees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- employees: all
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY['all']; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY['all']; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('employees:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_employees AFTER INSERT OR UPDATE OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION portico_feed_employees();
--> statement-breakpoint
CREATE TRIGGER portico_feed_employees_truncate AFTER TRUNCATE ON employees
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_occupancies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- units: building_id
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.building_id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.building_id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('units:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupancies AFTER INSERT OR UPDATE OR DELETE ON occupancies
  FOR EACH ROW EXECUTE FUNCTION portico_feed_occupancies();
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupancies_truncate AFTER TRUNCATE ON occupancies
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_occupancy_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- units: join
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT o.building_id FROM occupancies o WHERE o.id = OLD.occupancy_id) AS j(x)); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT o.building_id FROM occupancies o WHERE o.id = NEW.occupancy_id) AS j(x)); END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('units:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupancy_flags AFTER INSERT OR UPDATE OR DELETE ON occupancy_flags
  FOR EACH ROW EXECUTE FUNCTION portico_feed_occupancy_flags();
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupancy_flags_truncate AFTER TRUNCATE ON occupancy_flags
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_occupancy_tracking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- units: join
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT o.building_id FROM occupancies o WHERE o.id = OLD.occupancy_id) AS j(x)); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT o.building_id FROM occupancies o WHERE o.id = NEW.occupancy_id) AS j(x)); END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('units:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupancy_tracking AFTER INSERT OR UPDATE OR DELETE ON occupancy_tracking
  FOR EACH ROW EXECUTE FUNCTION portico_feed_occupancy_tracking();
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupancy_tracking_truncate AFTER TRUNCATE ON occupancy_tracking
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_occupants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- units: join
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT o.building_id FROM occupancies o WHERE o.id = OLD.occupancy_id) AS j(x)); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT o.building_id FROM occupancies o WHERE o.id = NEW.occupancy_id) AS j(x)); END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('units:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupants AFTER INSERT OR UPDATE OR DELETE ON occupants
  FOR EACH ROW EXECUTE FUNCTION portico_feed_occupants();
--> statement-breakpoint
CREATE TRIGGER portico_feed_occupants_truncate AFTER TRUNCATE ON occupants
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_package_types() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- package_types: all
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY['all']; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY['all']; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('package_types:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_package_types AFTER INSERT OR UPDATE OR DELETE ON package_types
  FOR EACH ROW EXECUTE FUNCTION portico_feed_package_types();
--> statement-breakpoint
CREATE TRIGGER portico_feed_package_types_truncate AFTER TRUNCATE ON package_types
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_packages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- packages: building_id
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.building_id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.building_id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('packages:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_packages AFTER INSERT OR UPDATE OR DELETE ON packages
  FOR EACH ROW EXECUTE FUNCTION portico_feed_packages();
--> statement-breakpoint
CREATE TRIGGER portico_feed_packages_truncate AFTER TRUNCATE ON packages
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_shift_log_note_apartments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- shift_logs: join
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT n.building_id FROM shift_log_notes n WHERE n.id = OLD.note_id) AS j(x)); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT n.building_id FROM shift_log_notes n WHERE n.id = NEW.note_id) AS j(x)); END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('shift_logs:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_shift_log_note_apartments AFTER INSERT OR UPDATE OR DELETE ON shift_log_note_apartments
  FOR EACH ROW EXECUTE FUNCTION portico_feed_shift_log_note_apartments();
--> statement-breakpoint
CREATE TRIGGER portico_feed_shift_log_note_apartments_truncate AFTER TRUNCATE ON shift_log_note_apartments
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_shift_log_notes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- shift_logs: building_id
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.building_id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.building_id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('shift_logs:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_shift_log_notes AFTER INSERT OR UPDATE OR DELETE ON shift_log_notes
  FOR EACH ROW EXECUTE FUNCTION portico_feed_shift_log_notes();
--> statement-breakpoint
CREATE TRIGGER portico_feed_shift_log_notes_truncate AFTER TRUNCATE ON shift_log_notes
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_shift_log_types() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- shift_log_types: all
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY['all']; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY['all']; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('shift_log_types:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_shift_log_types AFTER INSERT OR UPDATE OR DELETE ON shift_log_types
  FOR EACH ROW EXECUTE FUNCTION portico_feed_shift_log_types();
--> statement-breakpoint
CREATE TRIGGER portico_feed_shift_log_types_truncate AFTER TRUNCATE ON shift_log_types
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_user_buildings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- user: user_id
  IF TG_OP <> 'UPDATE' OR (OLD.user_id, OLD.building_id) IS DISTINCT FROM (NEW.user_id, NEW.building_id) THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.user_id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.user_id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('user:' || v);
    END LOOP;
  END IF;
  -- employees: all
  IF TG_OP <> 'UPDATE' OR OLD IS DISTINCT FROM NEW THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY['all']; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY['all']; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('employees:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_user_buildings AFTER INSERT OR UPDATE OR DELETE ON user_buildings
  FOR EACH ROW EXECUTE FUNCTION portico_feed_user_buildings();
--> statement-breakpoint
CREATE TRIGGER portico_feed_user_buildings_truncate AFTER TRUNCATE ON user_buildings
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_feed_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  v text;
BEGIN
  -- user: id
  IF TG_OP <> 'UPDATE' OR (OLD.username, OLD.email, OLD.first_name, OLD.last_name, OLD.role, OLD.is_active) IS DISTINCT FROM (NEW.username, NEW.email, NEW.first_name, NEW.last_name, NEW.role, NEW.is_active) THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(OLD.id)::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(NEW.id)::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('user:' || v);
    END LOOP;
  END IF;
  -- login: lower({username})
  IF TG_OP <> 'UPDATE' OR OLD.username IS DISTINCT FROM NEW.username THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(lower(OLD.username))::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(lower(NEW.username))::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('login:' || v);
    END LOOP;
  END IF;
  -- login: lower({email})
  IF TG_OP <> 'UPDATE' OR OLD.email IS DISTINCT FROM NEW.email THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY[(lower(OLD.email))::text]; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY[(lower(NEW.email))::text]; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('login:' || v);
    END LOOP;
  END IF;
  -- units: join
  IF TG_OP <> 'UPDATE' OR (OLD.first_name, OLD.last_name, OLD.email, OLD.phone_number, OLD.username, OLD.is_active, OLD.password_hash IS NULL, OLD.last_login IS NULL) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number, NEW.username, NEW.is_active, NEW.password_hash IS NULL, NEW.last_login IS NULL) THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT oc.building_id FROM occupants o JOIN occupancies oc ON oc.id = o.occupancy_id WHERE o.user_id = OLD.id) AS j(x)); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT oc.building_id FROM occupants o JOIN occupancies oc ON oc.id = o.occupancy_id WHERE o.user_id = NEW.id) AS j(x)); END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('units:' || v);
    END LOOP;
  END IF;
  -- user_names: all
  IF TG_OP <> 'UPDATE' OR (OLD.username, OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.username, NEW.first_name, NEW.last_name) THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY['all']; END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY['all']; END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('user_names:' || v);
    END LOOP;
  END IF;
  -- employees: join
  IF TG_OP <> 'UPDATE' OR (OLD.username, OLD.email, OLD.first_name, OLD.last_name, OLD.phone_number, OLD.role, OLD.is_active, OLD.last_login) IS DISTINCT FROM (NEW.username, NEW.email, NEW.first_name, NEW.last_name, NEW.phone_number, NEW.role, NEW.is_active, NEW.last_login) THEN
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT 'all' FROM employees e WHERE e.user_id = OLD.id LIMIT 1) AS j(x)); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT j.x::text FROM (SELECT 'all' FROM employees e WHERE e.user_id = NEW.id LIMIT 1) AS j(x)); END IF;
    FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      PERFORM portico_notify('employees:' || v);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portico_feed_users AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portico_feed_users();
--> statement-breakpoint
CREATE TRIGGER portico_feed_users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
