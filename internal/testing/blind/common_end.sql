-- Drops the helpers of common.sql, so the building session leaves nothing
-- behind in pg_temp.
DROP FUNCTION pg_temp.ts(text, timestamp, int), pg_temp.words(text, int), pg_temp.street(text), pg_temp.city(text), pg_temp.last_name(text),
  pg_temp.first_name(text), pg_temp.uuid(text), pg_temp.pick(text, text[]), pg_temp.pick2(text, text[]), pg_temp.skew2(text, bigint),
  pg_temp.skew(text, bigint), pg_temp.r(text, bigint), pg_temp.hn(text);
RESET jit;
