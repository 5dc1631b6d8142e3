-- Topics of the cached list pages (apps/api/src/lib/change-feed.ts):
--   shift_logs:<building id>   a shift log note of the building, or the units it is about
--   shift_log_types:all        a shift log type (names and flags shown in every list)
--   units:<building id>        also a lease's flag (shown in the unit list and on packages)
--   buildings:all              any building (the lists of buildings)

-- A note's unit links stand for the note's building.
CREATE OR REPLACE FUNCTION portico_notify_note_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b integer;
BEGIN
  FOR b IN
    SELECT DISTINCT n.building_id FROM shift_log_notes n
    WHERE n.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.note_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.note_id END)
  LOOP
    PERFORM portico_notify('shift_logs:' || b);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER shift_log_notes_change_feed AFTER INSERT OR DELETE ON shift_log_notes
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('shift_logs', 'building_id');
--> statement-breakpoint
CREATE TRIGGER shift_log_notes_change_feed_update AFTER UPDATE ON shift_log_notes FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('shift_logs', 'building_id');
--> statement-breakpoint
CREATE TRIGGER shift_log_note_apartments_change_feed AFTER INSERT OR UPDATE OR DELETE ON shift_log_note_apartments
  FOR EACH ROW EXECUTE FUNCTION portico_notify_note_link();
--> statement-breakpoint
CREATE TRIGGER shift_log_types_change_feed AFTER INSERT OR DELETE ON shift_log_types
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('shift_log_types');
--> statement-breakpoint
CREATE TRIGGER shift_log_types_change_feed_update AFTER UPDATE ON shift_log_types FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('shift_log_types');
--> statement-breakpoint
CREATE TRIGGER occupancy_flags_change_feed AFTER INSERT OR DELETE ON occupancy_flags
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('units', 'occupancy_id', 'occupancy');
--> statement-breakpoint
CREATE TRIGGER occupancy_flags_change_feed_update AFTER UPDATE ON occupancy_flags FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('units', 'occupancy_id', 'occupancy');
--> statement-breakpoint
CREATE TRIGGER shift_log_notes_change_feed_truncate AFTER TRUNCATE ON shift_log_notes
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER shift_log_note_apartments_change_feed_truncate AFTER TRUNCATE ON shift_log_note_apartments
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER shift_log_types_change_feed_truncate AFTER TRUNCATE ON shift_log_types
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER occupancy_flags_change_feed_truncate AFTER TRUNCATE ON occupancy_flags
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER buildings_list_change_feed AFTER INSERT OR DELETE ON buildings
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('buildings');
--> statement-breakpoint
CREATE TRIGGER buildings_list_change_feed_update AFTER UPDATE ON buildings FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('buildings');
--> statement-breakpoint
-- A resident's e-mail address and phone number (the unit list) reach units: of their buildings.
CREATE OR REPLACE FUNCTION portico_notify_resident_units() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b integer;
BEGIN
  FOR b IN
    SELECT DISTINCT oc.building_id FROM occupants o JOIN occupancies oc ON oc.id = o.occupancy_id
    WHERE o.user_id = NEW.id
  LOOP
    PERFORM portico_notify('units:' || b);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_resident_units_change_feed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.email, OLD.phone_number) IS DISTINCT FROM (NEW.email, NEW.phone_number))
  EXECUTE FUNCTION portico_notify_resident_units();
