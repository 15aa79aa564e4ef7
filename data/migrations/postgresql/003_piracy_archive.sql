-- 003_piracy_archive on PostgreSQL: nothing to do. The SQLite migration moved resolved
-- piracies of states written before it into the archive; no PostgreSQL database holds such
-- states. The number is kept so both engines count the same migrations.
SELECT 1;
