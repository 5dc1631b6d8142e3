-- GENERATED from apps/api/src/lib/caches.ts (TOPICS) by `npm run feed:generate -w apps/api`: do not edit.
-- Row triggers send `<topic>:<id>` on channel portico_changes (lib/change-feed.ts).

-- Every feed trigger and trigger function of earlier migrations (hand-written or generated) goes;
-- trigger functions other triggers still use stay.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT 1 AS step, format('DROP TRIGGER %I ON %I', t.tgname, c.relname) AS stmt FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND (t.tgname LIKE '%change\_feed%' OR t.tgname LIKE 'portico\_feed\_%')
    UNION ALL
    SELECT 2, format('DROP FUNCTION %s', p.oid::regprocedure) FROM pg_proc p
    WHERE p.proname LIKE 'portico\_%' AND p.prorettype = 'trigger'::regtype
      -- not the functions of other triggers (the list counts of migration 0016 …)
      AND NOT EXISTS (SELECT 1 FROM pg_trigger o WHERE o.tgfoid = p.oid AND NOT o.tgisinternal
        AND o.tgname NOT LIKE '%change\_feed%' AND o.tgname NOT LIKE 'portico\_feed\_%')
    ORDER BY step
  LOOP
    EXECUTE r.stmt;
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS portico_notify(text), portico_feed_ids(text, anyelement);
--> statement-breakpoint
-- The ids one row (OLD or NEW) stands for: 'all', the row's column, or a query over the row ($1).
CREATE FUNCTION portico_feed_ids(id text, r anyelement) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  j jsonb;
BEGIN
  IF id = 'all' THEN
    RETURN ARRAY['all'];
  ELSIF position('$1' IN id) = 0 THEN
    j := to_jsonb(r);
    IF NOT j ? id THEN
      RAISE EXCEPTION 'portico_feed: % has no column %', pg_typeof(r), id;
    END IF;
    RETURN ARRAY[j ->> id];
  END IF;
  EXECUTE format('SELECT ARRAY(SELECT j.x::text FROM (%s) AS j(x))', id) INTO ids USING r;
  RETURN ids;
END $$;
--> statement-breakpoint
-- Row triggers pass three arguments per topic the table's rows stand for: the topic, the row's ids
-- (see portico_feed_ids) and what an UPDATE must change to notify ('' = any column, or a list of
-- SQL over the row as $1). TRUNCATE resets every cache. A payload past the NOTIFY limit resets
-- every cache rather than failing the write.
CREATE FUNCTION portico_feed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int;
  topic text;
  watched text;
  changed boolean;
  ids text[];
  payload text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portico_changes', 'reset:' || TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  FOR i IN 0 .. TG_NARGS - 1 BY 3 LOOP
    topic := TG_ARGV[i];
    watched := TG_ARGV[i + 2];
    changed := TG_OP <> 'UPDATE';
    IF NOT changed AND watched = '' THEN
      changed := OLD IS DISTINCT FROM NEW;
    ELSIF NOT changed THEN
      EXECUTE format('SELECT (%s) IS DISTINCT FROM (%s)', watched, replace(watched, '$1', '$2')) INTO changed USING OLD, NEW;
    END IF;
    CONTINUE WHEN NOT changed;
    ids := '{}';
    IF TG_OP <> 'INSERT' THEN ids := ids || portico_feed_ids(TG_ARGV[i + 1], OLD); END IF;
    IF TG_OP <> 'DELETE' THEN ids := ids || portico_feed_ids(TG_ARGV[i + 1], NEW); END IF;
    FOR payload IN SELECT DISTINCT topic || ':' || x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
      IF octet_length(payload) > 7900 THEN
        payload := 'reset:long_payload';
      END IF;
      PERFORM pg_notify('portico_changes', payload);
    END LOOP;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Per table: its row trigger, with three arguments per topic its rows stand for, and its TRUNCATE trigger.
DO $$
DECLARE
  f record;
BEGIN
  FOR f IN SELECT * FROM (VALUES
    ('access_keys', ARRAY['access_keys', 'building_id', '']),
    ('amenities', ARRAY['clubs', 'SELECT c.building_id FROM clubs c WHERE c.id = (SELECT t.club_id FROM amenity_types t WHERE t.id = $1.amenity_type_id) UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = (SELECT t.club_id FROM amenity_types t WHERE t.id = $1.amenity_type_id)', '']),
    ('amenity_reservations', ARRAY['amenity_reservations', 'building_id', '']),
    ('amenity_schedules', ARRAY['clubs', 'SELECT c.building_id FROM clubs c WHERE c.id = (SELECT t.club_id FROM amenity_types t WHERE t.id = $1.amenity_type_id) UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = (SELECT t.club_id FROM amenity_types t WHERE t.id = $1.amenity_type_id)', '']),
    ('amenity_types', ARRAY['clubs', 'SELECT c.building_id FROM clubs c WHERE c.id = $1.club_id UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = $1.club_id', '']),
    ('apartments', ARRAY['units', 'building_id', '']),
    ('building_settings', ARRAY['building', 'building_id', '']),
    ('buildings', ARRAY['building', 'id', '',
      'buildings', 'all', '']),
    ('club_buildings', ARRAY['clubs', 'SELECT $1.building_id UNION SELECT c.building_id FROM clubs c WHERE c.id = $1.club_id', '']),
    ('club_members', ARRAY['clubs', 'SELECT c.building_id FROM clubs c WHERE c.id = $1.club_id UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = $1.club_id', '']),
    ('club_open_checkins', ARRAY['clubs', 'SELECT c.building_id FROM clubs c WHERE c.id = $1.club_id UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = $1.club_id', '']),
    ('clubs', ARRAY['clubs', 'SELECT $1.building_id UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = $1.id', '']),
    ('contractor_notes', ARRAY['contractors', 'SELECT v.building_id FROM contractor_visits v WHERE v.id = $1.contractor_visit_id', '']),
    ('contractor_types', ARRAY['contractor_types', 'all', '']),
    ('contractor_visits', ARRAY['contractors', 'building_id', '']),
    ('documents', ARRAY['documents', 'building_id', '']),
    ('elevator_reservations', ARRAY['elevator_reservations', 'building_id', '']),
    ('email_recipients', ARRAY['email_records', 'SELECT r.building_id FROM email_records r WHERE r.id = $1.record_id', '']),
    ('email_records', ARRAY['email_records', 'building_id', '']),
    ('email_suppressions', ARRAY['units', 'SELECT oc.building_id FROM users u JOIN occupants o ON o.user_id = u.id JOIN occupancies oc ON oc.id = o.occupancy_id WHERE lower(u.email) = $1.email', '']),
    ('email_template_categories', ARRAY['email_templates', 'all', '']),
    ('email_templates', ARRAY['email_templates', 'all', '']),
    ('employees', ARRAY['employees', 'all', '']),
    ('instruction_types', ARRAY['instruction_types', 'all', '']),
    ('instructions', ARRAY['instructions', 'building_id', '']),
    ('key_journeys', ARRAY['access_keys', 'building_id', '']),
    ('key_locations', ARRAY['access_keys', 'building_id', '']),
    ('lockouts', ARRAY['lockouts', 'building_id', '']),
    ('maintenance_comment_templates', ARRAY['maintenance_setup', 'all', '']),
    ('maintenance_notification_settings', ARRAY['maintenance_setup', 'all', '']),
    ('maintenance_request_comments', ARRAY['maintenance_requests', 'SELECT r.building_id FROM maintenance_requests r WHERE r.id = $1.maintenance_request_id', '']),
    ('maintenance_request_photos', ARRAY['maintenance_requests', 'SELECT r.building_id FROM maintenance_requests r WHERE r.id = $1.maintenance_request_id', '']),
    ('maintenance_request_types', ARRAY['maintenance_setup', 'all', '']),
    ('maintenance_requests', ARRAY['maintenance_requests', 'building_id', '']),
    ('management_note_acknowledgements', ARRAY['management_notes', 'SELECT n.building_id FROM management_notes n WHERE n.id = $1.note_id', '']),
    ('management_notes', ARRAY['management_notes', 'building_id', '']),
    ('memo_group_apartments', ARRAY['memo_groups', 'SELECT g.building_id FROM memo_groups g WHERE g.id = $1.memo_group_id', '']),
    ('memo_groups', ARRAY['memo_groups', 'building_id', '']),
    ('occupancies', ARRAY['units', 'building_id', '']),
    ('occupancy_flags', ARRAY['units', 'SELECT o.building_id FROM occupancies o WHERE o.id = $1.occupancy_id', '']),
    ('occupancy_tracking', ARRAY['units', 'SELECT o.building_id FROM occupancies o WHERE o.id = $1.occupancy_id', '']),
    ('occupants', ARRAY['units', 'SELECT o.building_id FROM occupancies o WHERE o.id = $1.occupancy_id', '']),
    ('package_types', ARRAY['package_types', 'all', '']),
    ('packages', ARRAY['packages', 'building_id', '']),
    ('recurring_maintenance_requests', ARRAY['recurring_requests', 'building_id', '']),
    ('reservation_type_buildings', ARRAY['reservation_types', 'all', '']),
    ('reservation_types', ARRAY['reservation_types', 'all', '']),
    ('shift_log_note_apartments', ARRAY['shift_logs', 'SELECT n.building_id FROM shift_log_notes n WHERE n.id = $1.note_id', '']),
    ('shift_log_notes', ARRAY['shift_logs', 'building_id', '']),
    ('shift_log_types', ARRAY['shift_log_types', 'all', '']),
    ('user_buildings', ARRAY['user', 'user_id', '$1.user_id, $1.building_id',
      'employees', 'all', '']),
    ('users', ARRAY['user', 'id', '$1.username, $1.email, $1.first_name, $1.last_name, $1.role, $1.is_active',
      'login', 'SELECT lower($1.username)', '$1.username',
      'login', 'SELECT lower($1.email)', '$1.email',
      'units', 'SELECT oc.building_id FROM occupants o JOIN occupancies oc ON oc.id = o.occupancy_id WHERE o.user_id = $1.id', '$1.first_name, $1.last_name, $1.email, $1.phone_number, $1.username, $1.is_active, $1.password_hash IS NULL, $1.last_login IS NULL',
      'user_names', 'all', '$1.username, $1.first_name, $1.last_name',
      'employees', 'SELECT ''all'' FROM employees e WHERE e.user_id = $1.id LIMIT 1', '$1.username, $1.email, $1.first_name, $1.last_name, $1.phone_number, $1.role, $1.is_active, $1.last_login']),
    ('vendors', ARRAY['vendors', 'building_id', ''])
  ) AS feed(table_name, args) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION portico_feed(%s)',
      'portico_feed_' || f.table_name, f.table_name, (SELECT string_agg(quote_literal(a), ', ') FROM unnest(f.args) AS a));
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portico_feed()',
      'portico_feed_' || f.table_name || '_truncate', f.table_name);
  END LOOP;
END $$;
