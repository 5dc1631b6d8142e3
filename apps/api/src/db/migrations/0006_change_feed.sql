-- The change feed (apps/api/src/lib/change-feed.ts): row triggers send `<topic>:<id>` on channel
-- portico_changes when a row changes what the API caches. The topics are listed in that file.
-- Updates that change nothing (or only columns no cache reads) send nothing. Bulk loads that
-- run with session_replication_role = replica (bench/generate.ts) fire none of these triggers.
-- A cache reading a new column or table extends the lists below in a later migration.

-- One notification; a payload past the NOTIFY limit (an absurdly long e-mail address) resets
-- every cache rather than failing the write.
CREATE OR REPLACE FUNCTION portico_notify(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF octet_length(payload) > 7900 THEN
    PERFORM pg_notify('portico_changes', 'reset:long_payload');
  ELSE
    PERFORM pg_notify('portico_changes', payload);
  END IF;
END $$;
--> statement-breakpoint

-- Generic row trigger. TG_ARGV: [0] the topic; [1] the column holding the topic's id (none: the
-- id is 'all'); [2] 'occupancy' when that column is an occupancy id standing for its building.
-- An update that moves a row notifies both the old and the new id.
CREATE OR REPLACE FUNCTION portico_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[] := '{}';
  v text;
BEGIN
  IF TG_NARGS < 2 THEN
    PERFORM portico_notify(TG_ARGV[0] || ':all');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN ids := ids || (to_jsonb(OLD) ->> TG_ARGV[1]); END IF;
  IF TG_OP <> 'DELETE' THEN ids := ids || (to_jsonb(NEW) ->> TG_ARGV[1]); END IF;
  FOR v IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
    IF TG_NARGS > 2 AND TG_ARGV[2] = 'occupancy' THEN
      -- Gone with its occupancy (cascade): the occupancy's own trigger has notified.
      SELECT o.building_id::text INTO v FROM occupancies o WHERE o.id = v::integer;
      CONTINUE WHEN v IS NULL;
    END IF;
    PERFORM portico_notify(TG_ARGV[0] || ':' || v);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- users: the signed-in user (user:), the names external sign-in matches (login:), and the
-- residents' names the unit views show (units: of every building the user lives in).
CREATE OR REPLACE FUNCTION portico_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portico_notify('user:' || OLD.id);
    PERFORM portico_notify('login:' || lower(OLD.username));
    PERFORM portico_notify('login:' || lower(OLD.email));
    RETURN NULL;
  END IF;
  PERFORM portico_notify('user:' || NEW.id);
  IF TG_OP = 'INSERT' OR OLD.username IS DISTINCT FROM NEW.username THEN
    PERFORM portico_notify('login:' || lower(NEW.username));
    IF TG_OP = 'UPDATE' THEN PERFORM portico_notify('login:' || lower(OLD.username)); END IF;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.email IS DISTINCT FROM NEW.email THEN
    PERFORM portico_notify('login:' || lower(NEW.email));
    IF TG_OP = 'UPDATE' THEN PERFORM portico_notify('login:' || lower(OLD.email)); END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name) THEN
    FOR b IN
      SELECT DISTINCT oc.building_id FROM occupants o JOIN occupancies oc ON oc.id = o.occupancy_id
      WHERE o.user_id = NEW.id
    LOOP
      PERFORM portico_notify('units:' || b);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION portico_notify_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portico_notify('reset:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- users: not last_login, password_hash and the other columns no cache reads.
CREATE TRIGGER users_change_feed AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portico_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_change_feed_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.email, OLD.first_name, OLD.last_name, OLD.role, OLD.is_active)
    IS DISTINCT FROM (NEW.username, NEW.email, NEW.first_name, NEW.last_name, NEW.role, NEW.is_active))
  EXECUTE FUNCTION portico_notify_user();
--> statement-breakpoint

CREATE TRIGGER user_buildings_change_feed AFTER INSERT OR DELETE ON user_buildings
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_buildings_change_feed_update AFTER UPDATE ON user_buildings FOR EACH ROW
  WHEN ((OLD.user_id, OLD.building_id) IS DISTINCT FROM (NEW.user_id, NEW.building_id))
  EXECUTE FUNCTION portico_notify_change('user', 'user_id');
--> statement-breakpoint

CREATE TRIGGER buildings_change_feed AFTER INSERT OR DELETE ON buildings
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('building', 'id');
--> statement-breakpoint
CREATE TRIGGER buildings_change_feed_update AFTER UPDATE ON buildings FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('building', 'id');
--> statement-breakpoint

CREATE TRIGGER building_settings_change_feed AFTER INSERT OR DELETE ON building_settings
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('building', 'building_id');
--> statement-breakpoint
CREATE TRIGGER building_settings_change_feed_update AFTER UPDATE ON building_settings FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('building', 'building_id');
--> statement-breakpoint

CREATE TRIGGER apartments_change_feed AFTER INSERT OR DELETE ON apartments
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('units', 'building_id');
--> statement-breakpoint
CREATE TRIGGER apartments_change_feed_update AFTER UPDATE ON apartments FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('units', 'building_id');
--> statement-breakpoint

CREATE TRIGGER occupancies_change_feed AFTER INSERT OR DELETE ON occupancies
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('units', 'building_id');
--> statement-breakpoint
CREATE TRIGGER occupancies_change_feed_update AFTER UPDATE ON occupancies FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('units', 'building_id');
--> statement-breakpoint

CREATE TRIGGER occupants_change_feed AFTER INSERT OR DELETE ON occupants
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('units', 'occupancy_id', 'occupancy');
--> statement-breakpoint
CREATE TRIGGER occupants_change_feed_update AFTER UPDATE ON occupants FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('units', 'occupancy_id', 'occupancy');
--> statement-breakpoint

-- packages: not the notification bookkeeping written after a package is logged.
CREATE TRIGGER packages_change_feed AFTER INSERT OR DELETE ON packages
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('packages', 'building_id');
--> statement-breakpoint
CREATE TRIGGER packages_change_feed_update AFTER UPDATE ON packages FOR EACH ROW
  WHEN ((OLD.building_id, OLD.occupancy_id, OLD.apartment_id, OLD.package_type_id, OLD.status,
         OLD.opening_comment, OLD.closing_comment, OLD.closing_photo_url, OLD.date_opened, OLD.date_closed,
         OLD.opened_by_id, OLD.closed_by_id, OLD.barcode, OLD.carrier)
    IS DISTINCT FROM (NEW.building_id, NEW.occupancy_id, NEW.apartment_id, NEW.package_type_id, NEW.status,
         NEW.opening_comment, NEW.closing_comment, NEW.closing_photo_url, NEW.date_opened, NEW.date_closed,
         NEW.opened_by_id, NEW.closed_by_id, NEW.barcode, NEW.carrier))
  EXECUTE FUNCTION portico_notify_change('packages', 'building_id');
--> statement-breakpoint

CREATE TRIGGER package_types_change_feed AFTER INSERT OR DELETE ON package_types
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('package_types');
--> statement-breakpoint
CREATE TRIGGER package_types_change_feed_update AFTER UPDATE ON package_types FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('package_types');
--> statement-breakpoint

CREATE TRIGGER users_change_feed_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER user_buildings_change_feed_truncate AFTER TRUNCATE ON user_buildings
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER buildings_change_feed_truncate AFTER TRUNCATE ON buildings
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER building_settings_change_feed_truncate AFTER TRUNCATE ON building_settings
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER apartments_change_feed_truncate AFTER TRUNCATE ON apartments
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER occupancies_change_feed_truncate AFTER TRUNCATE ON occupancies
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER occupants_change_feed_truncate AFTER TRUNCATE ON occupants
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER packages_change_feed_truncate AFTER TRUNCATE ON packages
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER package_types_change_feed_truncate AFTER TRUNCATE ON package_types
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
