-- Helpers for the data scripts of the blind corpus. They live in pg_temp, so
-- they belong to the building session only and are dropped again by
-- common_end.sql: the built database holds nothing but the schema's own
-- objects. Every value is a pure function of its text argument (a hash and
-- integer arithmetic, no random(), no floating point), so every build is the
-- same database (on one PostgreSQL major version: hashtextextended is stable
-- within a version; it is four times cheaper than md5).

-- The data statements are cheap but their row estimates are not (functions over
-- generate_series); JIT compilation would cost seconds for nothing.
SET jit = off;

-- hn: a 48-bit non-negative integer hash of s.
CREATE FUNCTION pg_temp.hn(s text) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT hashtextextended(s, 0) & 281474976710655 $$;

-- r: uniform in 0 .. n-1.
CREATE FUNCTION pg_temp.r(s text, n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT pg_temp.hn(s) % n $$;

-- skew: 1 .. n, heavily skewed towards 1 (the product of three uniform
-- draws): value 1 takes about 3 % of the draws when n = 1000, the first 1 %
-- of the values about a third. Popular products, big customers, busy accounts.
CREATE FUNCTION pg_temp.skew(s text, n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT 1 + (pg_temp.r(s || 'a', n) * pg_temp.r(s || 'b', n) / n) * pg_temp.r(s || 'c', n) / n $$;

-- skew2: 1 .. n, mildly skewed (the product of two uniform draws).
CREATE FUNCTION pg_temp.skew2(s text, n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT 1 + pg_temp.r(s || 'a', n) * pg_temp.r(s || 'b', n) / n $$;

-- pick: one element of a, chosen by s; pick2: the same, earlier elements
-- more often (skew2).
CREATE FUNCTION pg_temp.pick(s text, a text[]) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT a[1 + pg_temp.r(s, array_length(a, 1))] $$;
CREATE FUNCTION pg_temp.pick2(s text, a text[]) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT a[pg_temp.skew2(s, array_length(a, 1))] $$;

-- uuid: a version-4-shaped uuid derived from s (what an application or
-- uuid_generate_v4() would have produced, but reproducible).
CREATE FUNCTION pg_temp.uuid(s text) RETURNS uuid LANGUAGE sql IMMUTABLE
AS $$ SELECT overlay(overlay(md5('uuid' || s) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid $$;

-- first_name / last_name: people's names; last names repeat with a skew
-- (a few common family names), first names more evenly.
CREATE FUNCTION pg_temp.first_name(s text) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT pg_temp.pick(s, ARRAY['James','Mary','John','Patricia','Robert','Jennifer','Michael','Linda','William','Elizabeth',
  'David','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Daniel','Nancy',
  'Matthew','Lisa','Anthony','Betty','Mark','Margaret','Donald','Sandra','Steven','Ashley','Paul','Kimberly',
  'Andrew','Emily','Joshua','Donna','Kenneth','Michelle','Kevin','Carol','Brian','Amanda','George','Melissa',
  'Timothy','Deborah','Ronald','Stephanie','Jose','Rebecca','Edward','Laura','Jason','Sharon','Jeffrey','Cynthia',
  'Ryan','Kathleen','Jacob','Amy','Gary','Angela','Nicholas','Shirley','Eric','Anna','Jonathan','Brenda','Stephen',
  'Pamela','Larry','Emma','Justin','Nicole','Scott','Helen','Brandon','Samantha','Benjamin','Katherine','Samuel',
  'Christine','Gregory','Debra','Alexander','Rachel','Frank','Carolyn','Patrick','Janet','Raymond','Catherine',
  'Jack','Maria','Dennis','Heather','Jerry','Diane','Tyler','Ruth','Aaron','Julie','Hannah','Yuki','Olga','Kwame',
  'Priya','Mateo','Sofia','Lukas','Chloe','Arjun','Ines']) $$;

CREATE FUNCTION pg_temp.last_name(s text) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT pg_temp.pick2(s, ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
  'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez',
  'Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King',
  'Wright','Scott','Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall','Rivera','Campbell',
  'Mitchell','Carter','Roberts','Gomez','Phillips','Evans','Turner','Diaz','Parker','Cruz','Edwards','Collins',
  'Reyes','Stewart','Morris','Morales','Murphy','Cook','Rogers','Gutierrez','Ortiz','Morgan','Cooper','Peterson',
  'Bailey','Reed','Kelly','Howard','Ramos','Kim','Cox','Ward','Richardson','Watson','Brooks','Chavez','Wood',
  'James','Bennett','Gray','Mendoza','Ruiz','Hughes','Price','Alvarez','Castillo','Sanders','Patel','Myers','Long',
  'Ross','Foster','Jimenez','Kowalski','Novak','Schmidt','Muller','Rossi','Dubois','Tanaka','Okafor','Silva','Larsen']) $$;

-- city: a city name, a few big cities more frequent.
CREATE FUNCTION pg_temp.city(s text) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT pg_temp.pick2(s, ARRAY['Seattle','London','Paris','Berlin','Toronto','Sydney','Melbourne','Portland','Bellevue','Redmond',
  'Everett','Tacoma','Spokane','Vancouver','Victoria','Burnaby','Calgary','Ottawa','Montreal','Bordeaux','Lyon',
  'Marseille','Nantes','Hamburg','Munich','Frankfurt','Cologne','Stuttgart','Leeds','Bristol','Manchester',
  'Oxford','Cambridge','Brisbane','Perth','Adelaide','San Diego','Los Angeles','San Francisco','Chicago','Denver',
  'Austin','Dallas','Houston','Atlanta','Miami','Boston','New York','Phoenix','Salt Lake City']) $$;

-- street: a street address line.
CREATE FUNCTION pg_temp.street(s text) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT (1 + pg_temp.r(s || 'n', 9899))::text || ' ' ||
  (ARRAY['Oak','Maple','Cedar','Pine','Elm','Lake','Hill','Park','Washington','Lincoln','Sunset','River','Church',
   'Mill','Spring','Highland','Meadow','Forest','Ridge','Valley','Bay','Harbor','Mission','Canyon','Vista'])[1 + pg_temp.r(s || 's', 25)] || ' ' ||
  (ARRAY['Street','Avenue','Road','Drive','Lane','Court','Way','Place','Boulevard','Circle'])[1 + pg_temp.r(s || 't', 10)] $$;

-- words: about n words of filler text (a slice of a fixed text, cut anywhere, like
-- dbgen's comments).
CREATE FUNCTION pg_temp.words(s text, n int) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT btrim(substr('the quick brown fox jumps over the lazy dog while music plays on a great new old light in the dark road '
  'of the city at night and day in summer and winter love songs of blue red and green rivers turn stone to fire and water to '
  'dreams the heart of the world takes time a story of home small and big fast and slow open doors carefully final packages '
  'sleep furiously among the ironic deposits quickly regular accounts haggle blithely express requests wake slyly bold '
  'theodolites nag against the pending pinto beans even asymptotes cajole above the silent foxes special instructions boost '
  'fluffily along the careful dependencies the quick brown fox jumps over the lazy dog while music plays on a great new old', 1 + pg_temp.r(s, 560)::int, n * 6)) $$;

-- ts: a moment in the days days from t0, chosen by s (to the second).
CREATE FUNCTION pg_temp.ts(s text, t0 timestamp, days int) RETURNS timestamp LANGUAGE sql IMMUTABLE
AS $$ SELECT t0 + pg_temp.r(s, days::bigint * 86400) * interval '1 second' $$;
