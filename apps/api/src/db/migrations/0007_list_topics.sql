-- The change-feed triggers this migration once wrote are superseded: every feed trigger is
-- generated from apps/api/src/lib/caches.ts into the newest *_change_feed_generated.sql, which
-- drops the earlier ones first (a database that applied this file keeps working unchanged).
SELECT 1;
