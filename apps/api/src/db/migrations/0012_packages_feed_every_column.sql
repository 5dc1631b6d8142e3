-- packages: every change of a row reaches the change feed, its notification bookkeeping too
-- (the package views show to whom a package was announced).
DROP TRIGGER IF EXISTS packages_change_feed_update ON packages;
--> statement-breakpoint
CREATE TRIGGER packages_change_feed_update AFTER UPDATE ON packages FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('packages', 'building_id');
