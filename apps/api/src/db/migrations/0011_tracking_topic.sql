-- units:<building> also for a manager's subscription to a unit (the occupancy lists show the
-- viewer's own; lib/change-feed.ts).
CREATE TRIGGER occupancy_tracking_change_feed AFTER INSERT OR DELETE ON occupancy_tracking
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('units', 'occupancy_id', 'occupancy');
--> statement-breakpoint
CREATE TRIGGER occupancy_tracking_change_feed_update AFTER UPDATE ON occupancy_tracking FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('units', 'occupancy_id', 'occupancy');
--> statement-breakpoint
CREATE TRIGGER occupancy_tracking_change_feed_truncate AFTER TRUNCATE ON occupancy_tracking
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
