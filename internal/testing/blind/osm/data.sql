-- Deterministic data for the OpenStreetMap cut: 800 mappers (a few do most of the edits),
-- 2,000 changesets with their tags and discussions, 5,000 nodes and 500 ways around eight
-- cities with their full version history (most objects have one or two versions, a few
-- many), tags on points of interest and ways, 600 map notes with their comments, diary
-- entries and comments, friendships and messages. serial ids are filled by their
-- sequences; coordinates are stored as OSM does (degrees times 10^7) with the quadtile
-- OSM computes (QuadTile.tile_for_point: 16 bits of x and y interleaved).

-- qt: OSM's quadtile of a point given in degrees.
CREATE FUNCTION pg_temp.qt(lat double precision, lon double precision) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT sum(((((round((lon + 180) * 65535 / 360))::bigint >> i) & 1) << (2 * i + 1)) | ((((round((lat + 90) * 65535 / 180))::bigint >> i) & 1) << (2 * i)))::bigint
  FROM generate_series(0, 15) i $$;

-- The eight cities the objects cluster around, busiest first.
CREATE TEMP TABLE city (c int, lat double precision, lon double precision, lang text);
INSERT INTO city VALUES (1, 52.52, 13.40, 'de'), (2, 51.51, -0.13, 'en'), (3, 48.86, 2.35, 'fr'), (4, 35.68, 139.69, 'ja'),
  (5, 40.71, -74.01, 'en'), (6, -33.87, 151.21, 'en'), (7, 19.43, -99.13, 'es'), (8, 59.33, 18.07, 'sv');

INSERT INTO public.languages (code, english_name, native_name)
SELECT code, en, nat FROM (VALUES ('en','English','English'),('de','German','Deutsch'),('fr','French','Français'),('es','Spanish','Español'),
  ('ja','Japanese','日本語'),('sv','Swedish','Svenska'),('it','Italian','Italiano'),('nl','Dutch','Nederlands'),('pl','Polish','Polski'),
  ('pt','Portuguese','Português'),('pt-BR','Brazilian Portuguese','Português do Brasil'),('ru','Russian','Русский'),('uk','Ukrainian','Українська'),
  ('cs','Czech','Čeština'),('da','Danish','Dansk'),('fi','Finnish','Suomi'),('nb','Norwegian Bokmål','Norsk bokmål'),('hu','Hungarian','Magyar'),
  ('tr','Turkish','Türkçe'),('el','Greek','Ελληνικά'),('ko','Korean','한국어'),('zh-CN','Chinese (Simplified)','简体中文'),
  ('zh-TW','Chinese (Traditional)','繁體中文'),('ar','Arabic','العربية'),('he','Hebrew','עברית'),('hi','Hindi','हिन्दी'),('id','Indonesian','Bahasa Indonesia'),
  ('vi','Vietnamese','Tiếng Việt'),('ca','Catalan','Català'),('eo','Esperanto',NULL)) v(code, en, nat)
ORDER BY code;

-- Users: display names are unique (users_display_name_idx), e-mail addresses too; a third
-- sign in through an external provider (auth_provider, auth_uid).
INSERT INTO public.users (email, pass_crypt, creation_time, display_name, data_public, description, home_lat, home_lon, home_zoom, pass_salt,
  email_valid, new_email, languages, status, terms_agreed, consider_pd, auth_uid, preferred_editor, terms_seen, description_format,
  image_use_gravatar, auth_provider, home_tile, tou_agreed, creation_address, home_location_name, company, public_heatmap)
SELECT lower(dn) || '@' || pg_temp.pick('md' || u, ARRAY['example.org','mail.example.net','posteo.example','web.example.de']), md5('pc' || u) || md5('pc2' || u),
  ct, dn, true, CASE WHEN pg_temp.r('dsc' || u, 3) = 0 THEN pg_temp.words('ud' || u, 15) ELSE '' END,
  CASE WHEN home THEN cl.lat + (pg_temp.r('hla' || u, 2000) - 1000) / 10000.0 END, CASE WHEN home THEN cl.lon + (pg_temp.r('hlo' || u, 2000) - 1000) / 10000.0 END,
  3, md5('salt' || u), pg_temp.r('ev' || u, 20) > 0, CASE WHEN pg_temp.r('ne' || u, 50) = 0 THEN 'new.' || lower(dn) || '@example.org' END,
  cl.lang || CASE WHEN pg_temp.r('l2' || u, 3) = 0 THEN ' en' ELSE '' END,
  (CASE WHEN pg_temp.r('stt' || u, 40) = 0 THEN 'suspended' WHEN pg_temp.r('stt' || u, 40) = 1 THEN 'deleted' WHEN pg_temp.r('stt' || u, 40) < 5 THEN 'pending'
    WHEN pg_temp.r('stt' || u, 40) < 15 THEN 'active' ELSE 'confirmed' END)::public.user_status_enum,
  ct + interval '1 minute', pg_temp.r('pd' || u, 2) = 0, CASE WHEN ext THEN (100000 + pg_temp.r('auid' || u, 9000000))::text || u END,
  pg_temp.pick2('ed' || u, ARRAY['id','josm','remote',NULL]), true, 'markdown', pg_temp.r('gr' || u, 4) = 0,
  CASE WHEN ext THEN pg_temp.pick('ap' || u, ARRAY['google','github','facebook','microsoft','wikipedia']) END,
  CASE WHEN home THEN pg_temp.qt(cl.lat, cl.lon) END, ct + interval '2 minutes',
  ('10.' || pg_temp.r('ip1' || u, 256) || '.' || pg_temp.r('ip2' || u, 256) || '.' || pg_temp.r('ip3' || u, 256))::inet,
  CASE WHEN home AND pg_temp.r('hln' || u, 2) = 0 THEN pg_temp.city('hc' || u) END, CASE WHEN pg_temp.r('cmp' || u, 15) = 0 THEN 'Mapping Co ' || (u % 7) END,
  pg_temp.r('ph' || u, 10) > 0
FROM generate_series(1, 800) u
CROSS JOIN LATERAL (SELECT initcap(pg_temp.first_name('fn' || u)) || pg_temp.pick('sep' || u, ARRAY['', '_', ' ', '']) ||
  CASE WHEN pg_temp.r('dnk' || u, 2) = 0 THEN pg_temp.last_name('ln' || u) ELSE 'mapper' END || u::text AS dn,
  timestamp '2009-01-01' + pg_temp.r('ct' || u, 5800 * 86400) * interval '1 second' AS ct,
  pg_temp.r('ext' || u, 3) = 0 AS ext, pg_temp.r('home' || u, 3) > 0 AS home, pg_temp.skew2('ucity' || u, 8) AS c) x
JOIN city cl ON cl.c = x.c
ORDER BY u;

INSERT INTO public.user_roles (user_id, role, created_at, updated_at, granter_id)
SELECT u, r::public.user_role_enum, timestamp '2012-01-01' + u * interval '40 days', timestamp '2012-01-01' + u * interval '40 days', 1
FROM (VALUES (1, 'administrator'), (1, 'moderator'), (2, 'administrator'), (2, 'moderator'), (3, 'moderator'), (5, 'moderator'), (8, 'moderator'),
  (13, 'moderator'), (21, 'importer'), (34, 'importer'), (55, 'importer')) v(u, r)
ORDER BY u, r;

INSERT INTO public.user_preferences (user_id, k, v)
SELECT u, k, CASE k WHEN 'gps.trace.visibility' THEN pg_temp.pick('gv' || u, ARRAY['public','private','trackable','identifiable'])
    WHEN 'id-editor.background' THEN pg_temp.pick('bg' || u, ARRAY['Bing','EsriWorldImagery','Mapbox','osm'])
    WHEN 'diary.default_language' THEN pg_temp.pick('dl' || u, ARRAY['en','de','fr','ja'])
    WHEN 'getting_started' THEN 'seen' ELSE pg_temp.pick('ed2' || u, ARRAY['id','josm','remote']) END
FROM generate_series(1, 800) u
CROSS JOIN LATERAL unnest((ARRAY['getting_started','gps.trace.visibility','id-editor.background','diary.default_language','editor'])[1:pg_temp.r('np' || u, 6)::int]) k
ORDER BY u, k;

INSERT INTO public.friends (user_id, friend_user_id, created_at)
SELECT u, f, min(at) FROM (
  SELECT pg_temp.skew2('fu' || i, 800) AS u, pg_temp.skew('ff' || i, 800) AS f, timestamp '2015-01-01' + pg_temp.r('fa' || i, 3600 * 86400) * interval '1 second' AS at
  FROM generate_series(1, 900) i) x
WHERE u <> f GROUP BY u, f ORDER BY min(at), u, f;

-- Changesets in time order; a few power mappers open most of them.
INSERT INTO public.changesets (user_id, created_at, min_lat, max_lat, min_lon, max_lon, closed_at, num_changes)
SELECT pg_temp.skew('cu' || c, 800), ca, NULL, NULL, NULL, NULL, ca + (5 + pg_temp.r('cd' || c, 3600)) * interval '1 second', 0
FROM generate_series(1, 2000) c
CROSS JOIN LATERAL (SELECT timestamp '2020-01-01' + (c::bigint * 186000000 / 2000 + pg_temp.r('cj' || c, 3600)) * interval '1 second' AS ca) x
ORDER BY c;

INSERT INTO public.changeset_tags (changeset_id, k, v)
SELECT c, k, CASE k WHEN 'created_by' THEN pg_temp.pick2('cb' || c, ARRAY['iD 2.30.4','JOSM/1.5 (19128 en)','StreetComplete 58.1','Every Door 5.2','Vespucci 20.1'])
    WHEN 'comment' THEN initcap(pg_temp.words('cc' || c, 6)) WHEN 'source' THEN pg_temp.pick('cs' || c, ARRAY['survey','Bing','Esri World Imagery','local knowledge'])
    WHEN 'imagery_used' THEN pg_temp.pick('ci' || c, ARRAY['Bing Maps Aerial','Esri World Imagery','Mapbox Satellite'])
    WHEN 'locale' THEN pg_temp.pick('cl' || c, ARRAY['en-US','de','fr','ja','es']) ELSE 'yes' END
FROM generate_series(1, 2000) c
CROSS JOIN LATERAL unnest((ARRAY['created_by','comment','locale','source','imagery_used','review_requested'])[1:1 + pg_temp.r('nct' || c, 6)::int]) k
ORDER BY c, k;

INSERT INTO public.changeset_comments (changeset_id, author_id, body, created_at, visible)
SELECT cs.id, pg_temp.skew2('cca' || i, 800), pg_temp.words('ccb' || i, 15), cs.closed_at + pg_temp.r('cct' || i, 30 * 86400) * interval '1 second', pg_temp.r('ccv' || i, 30) > 0
FROM generate_series(1, 400) i JOIN public.changesets cs ON cs.id = pg_temp.skew2('ccs' || i, 2000)
ORDER BY i;

-- Nodes: node n has versions 1..nv (skewed small), each in a later changeset; about one in
-- twenty was deleted in its last version.
CREATE TEMP TABLE nd AS
SELECT n, c, nv, cs1, la, lo, pg_temp.r('tagged' || n, 10) < 3 AS tagged
FROM generate_series(1, 5000) n
CROSS JOIN LATERAL (SELECT pg_temp.skew2('nc' || n, 8) AS c, pg_temp.skew('nv' || n, 8)::int AS nv, 1 + (n::bigint * 1500 / 5000)::int AS cs1) x
CROSS JOIN LATERAL (SELECT lat + (pg_temp.r('nla' || n, 40000) - 20000) / 100000.0 AS la, lon + (pg_temp.r('nlo' || n, 40000) - 20000) / 100000.0 AS lo FROM city WHERE city.c = x.c) y;

CREATE TEMP TABLE ndv AS
SELECT n, v, nv, tagged, cs1 + (v - 1) * ((2000 - cs1) / nv) AS cs, v = nv AND pg_temp.r('del' || n, 20) = 0 AS deleted,
  la + CASE WHEN v > 1 THEN (pg_temp.r('mv' || n || '-' || v, 200) - 100) / 1000000.0 ELSE 0 END AS la, lo
FROM nd CROSS JOIN LATERAL generate_series(1, nv) v;
CREATE INDEX ON ndv (n, v);
ANALYZE nd, ndv;

INSERT INTO public.current_nodes (latitude, longitude, changeset_id, visible, "timestamp", tile, version)
SELECT round(ndv.la * 10000000)::int, round(ndv.lo * 10000000)::int, ndv.cs, NOT deleted, cs.created_at + pg_temp.r('nts' || n, 600) * interval '1 second',
  pg_temp.qt(ndv.la, ndv.lo), ndv.v
FROM ndv JOIN public.changesets cs ON cs.id = ndv.cs WHERE ndv.v = ndv.nv ORDER BY n;

INSERT INTO public.nodes (node_id, latitude, longitude, changeset_id, visible, "timestamp", tile, version, redaction_id)
SELECT n, round(ndv.la * 10000000)::int, round(ndv.lo * 10000000)::int, ndv.cs, NOT deleted,
  cs.created_at + pg_temp.r('nts' || n || CASE WHEN v = nv THEN '' ELSE '-' || v END, 600) * interval '1 second', pg_temp.qt(ndv.la, ndv.lo), v, NULL
FROM ndv JOIN public.changesets cs ON cs.id = ndv.cs ORDER BY n, v;

-- Points of interest carry tags; every version of a tagged node has them (names change
-- less often than the keys say, and that is what the history looks like).
CREATE TEMP TABLE ntag AS
SELECT n, k, CASE k WHEN 'amenity' THEN pg_temp.pick2('am' || n, ARRAY['bench','restaurant','cafe','waste_basket','bicycle_parking','parking','pharmacy','school'])
    WHEN 'name' THEN initcap(pg_temp.words('nn' || n, 2)) WHEN 'opening_hours' THEN pg_temp.pick('oh' || n, ARRAY['Mo-Fr 08:00-18:00','24/7','Mo-Sa 09:00-20:00'])
    WHEN 'wheelchair' THEN pg_temp.pick('wc' || n, ARRAY['yes','no','limited']) ELSE 'survey' END AS v
FROM nd CROSS JOIN LATERAL unnest((ARRAY['amenity','name','opening_hours','wheelchair','source'])[1:1 + pg_temp.r('ntn' || n, 4)::int]) k
WHERE tagged;

INSERT INTO public.current_node_tags (node_id, k, v)
SELECT ntag.n, ntag.k, ntag.v FROM ntag JOIN ndv ON ndv.n = ntag.n AND ndv.v = ndv.nv AND NOT ndv.deleted ORDER BY ntag.n, k;

INSERT INTO public.node_tags (node_id, version, k, v)
SELECT ntag.n, ndv.v, ntag.k, ntag.v FROM ntag JOIN ndv ON ndv.n = ntag.n AND NOT ndv.deleted ORDER BY ntag.n, ndv.v, k;

-- Ways: way w joins a run of consecutive nodes of one city; versions 1..wv.
CREATE TEMP TABLE wy AS
SELECT w, wv, cs1, s, len, cs1 + (wv - 1) * ((2000 - cs1) / wv) AS cs_last
FROM generate_series(1, 500) w
CROSS JOIN LATERAL (SELECT pg_temp.skew('wv' || w, 6)::int AS wv, 1 + (w * 1800 / 500) AS cs1, 1 + pg_temp.r('ws' || w, 4980)::int AS s,
  2 + pg_temp.skew2('wl' || w, 14)::int AS len) x;

INSERT INTO public.current_ways (changeset_id, "timestamp", visible, version)
SELECT cs_last, cs.created_at + pg_temp.r('wts' || w, 600) * interval '1 second', pg_temp.r('wdel' || w, 40) > 0, wv
FROM wy JOIN public.changesets cs ON cs.id = wy.cs_last ORDER BY w;

INSERT INTO public.ways (way_id, changeset_id, "timestamp", version, visible, redaction_id)
SELECT w, cs.id, cs.created_at + pg_temp.r('wts' || w || CASE WHEN v = wv THEN '' ELSE '-' || v END, 600) * interval '1 second', v,
  v < wv OR pg_temp.r('wdel' || w, 40) > 0, NULL
FROM wy CROSS JOIN LATERAL generate_series(1, wv) v JOIN public.changesets cs ON cs.id = wy.cs1 + (v - 1) * ((2000 - wy.cs1) / wy.wv)
ORDER BY w, v;

INSERT INTO public.current_way_nodes (way_id, node_id, sequence_id)
SELECT w, least(s + i - 1, 5000), i FROM wy CROSS JOIN LATERAL generate_series(1, len) i
WHERE pg_temp.r('wdel' || w, 40) > 0 ORDER BY w, i;

-- Earlier versions had fewer nodes: version v of a way of wv versions had the first
-- len - (wv - v) of them (at least two).
INSERT INTO public.way_nodes (way_id, node_id, version, sequence_id)
SELECT w, least(s + i - 1, 5000), v, i FROM wy CROSS JOIN LATERAL generate_series(1, wv) v
CROSS JOIN LATERAL generate_series(1, greatest(2, len - (wv - v))) i
WHERE v < wv OR pg_temp.r('wdel' || w, 40) > 0 ORDER BY w, v, i;

INSERT INTO public.current_way_tags (way_id, k, v)
SELECT w, k, CASE k WHEN 'highway' THEN pg_temp.pick2('hw' || w, ARRAY['residential','service','footway','tertiary','secondary','primary','cycleway'])
    WHEN 'name' THEN initcap(pg_temp.words('wn' || w, 2)) || ' ' || pg_temp.pick('wst' || w, ARRAY['Street','Road','Lane','Way'])
    WHEN 'surface' THEN pg_temp.pick('sf' || w, ARRAY['asphalt','paving_stones','gravel','concrete'])
    WHEN 'maxspeed' THEN pg_temp.pick('ms' || w, ARRAY['30','50','20','40']) ELSE 'yes' END
FROM wy CROSS JOIN LATERAL unnest((ARRAY['highway','name','surface','maxspeed','lit','oneway'])[1:1 + pg_temp.r('nwt' || w, 6)::int]) k
WHERE pg_temp.r('wdel' || w, 40) > 0 ORDER BY w, k;

-- Map notes, a third anonymous, and their comments: the opening one, then discussion.
INSERT INTO public.notes (latitude, longitude, tile, updated_at, created_at, status, closed_at, description, user_id, user_ip)
SELECT round(la * 10000000)::int, round(lo * 10000000)::int, pg_temp.qt(la, lo), ca + interval '3 days', ca,
  st::public.note_status_enum, CASE WHEN st = 'closed' THEN ca + interval '3 days' END, pg_temp.words('nd' || i, 12),
  CASE WHEN NOT anon THEN pg_temp.skew2('nu' || i, 800) END,
  CASE WHEN anon THEN ('10.9.' || pg_temp.r('ni1' || i, 256) || '.' || pg_temp.r('ni2' || i, 256))::inet END
FROM generate_series(1, 600) i
CROSS JOIN LATERAL (SELECT timestamp '2019-06-01' + (i::bigint * 200000000 / 600) * interval '1 second' AS ca, pg_temp.r('nan' || i, 3) = 0 AS anon,
  pg_temp.pick2('nst' || i, ARRAY['closed','open','hidden']) AS st, pg_temp.skew2('ncity' || i, 8) AS c) x
JOIN city ON city.c = x.c
CROSS JOIN LATERAL (SELECT city.lat + (pg_temp.r('nla' || i, 30000) - 15000) / 100000.0 AS la, city.lon + (pg_temp.r('nlo' || i, 30000) - 15000) / 100000.0 AS lo) y
ORDER BY i;

INSERT INTO public.note_comments (note_id, visible, created_at, author_ip, author_id, body, event)
SELECT n.id, true, n.created_at + (j - 1) * interval '1 day', CASE WHEN j = 1 THEN n.user_ip END,
  CASE WHEN j = 1 THEN n.user_id WHEN pg_temp.r('nca' || n.id || '-' || j, 5) > 0 THEN pg_temp.skew('ncu' || n.id || '-' || j, 800) END,
  CASE WHEN j = 1 THEN n.description ELSE pg_temp.words('ncb' || n.id || '-' || j, 10) END,
  (CASE WHEN j = 1 THEN 'opened' WHEN j = nc AND n.status = 'closed' THEN 'closed' WHEN j = nc AND n.status = 'hidden' THEN 'hidden' ELSE 'commented' END)::public.note_event_enum
FROM public.notes n CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.skew2('ncn' || n.id, 5)::int) j
CROSS JOIN LATERAL (SELECT 1 + pg_temp.skew2('ncn' || n.id, 5)::int AS nc) x
ORDER BY n.id, j;

INSERT INTO public.diary_entries (user_id, title, body, created_at, updated_at, latitude, longitude, language_code, visible, body_format)
SELECT u.id, initcap(pg_temp.words('dt' || i, 5)), pg_temp.words('db' || i, 60), ca, ca + pg_temp.r('du' || i, 3) * interval '1 day',
  u.home_lat, u.home_lon, coalesce((SELECT code FROM public.languages WHERE code = split_part(u.languages, ' ', 1)), 'en'), pg_temp.r('dv' || i, 40) > 0, 'markdown'
FROM generate_series(1, 400) i
JOIN public.users u ON u.id = pg_temp.skew('dwu' || i, 800)
CROSS JOIN LATERAL (SELECT timestamp '2016-01-01' + (i::bigint * 300000000 / 400) * interval '1 second' AS ca) x
ORDER BY i;

INSERT INTO public.diary_comments (diary_entry_id, user_id, body, created_at, updated_at, visible, body_format)
SELECT d.id, pg_temp.skew2('dcu' || i, 800), pg_temp.words('dcb' || i, 15), d.created_at + pg_temp.r('dct' || i, 20 * 86400) * interval '1 second',
  d.created_at + pg_temp.r('dct' || i, 20 * 86400) * interval '1 second', pg_temp.r('dcv' || i, 30) > 0, 'markdown'
FROM generate_series(1, 800) i JOIN public.diary_entries d ON d.id = pg_temp.skew('dce' || i, 400)
ORDER BY i;

INSERT INTO public.messages (from_user_id, title, body, sent_on, message_read, to_user_id, to_user_visible, from_user_visible, body_format, muted)
SELECT f, initcap(pg_temp.words('mt' || i, 4)), pg_temp.words('mb' || i, 30), timestamp '2018-01-01' + (i::bigint * 250000000 / 1200) * interval '1 second',
  pg_temp.r('mr' || i, 4) > 0, CASE WHEN t = f THEN 1 + t % 800 ELSE t END, pg_temp.r('mtv' || i, 10) > 0, pg_temp.r('mfv' || i, 10) > 0, 'markdown', false
FROM generate_series(1, 1200) i
CROSS JOIN LATERAL (SELECT pg_temp.skew2('mf' || i, 800) AS f, pg_temp.skew('mto' || i, 800) AS t) x
ORDER BY i;

-- The counters the application keeps.
UPDATE public.changesets c SET num_changes = x.n, num_created_nodes = x.cr, num_modified_nodes = x.mo, num_deleted_nodes = x.de
FROM (SELECT changeset_id, count(*) AS n, count(*) FILTER (WHERE version = 1) AS cr, count(*) FILTER (WHERE version > 1 AND visible) AS mo,
  count(*) FILTER (WHERE NOT visible) AS de FROM public.nodes GROUP BY changeset_id) x
WHERE x.changeset_id = c.id;
UPDATE public.users u SET changesets_count = x.n FROM (SELECT user_id, count(*) AS n FROM public.changesets GROUP BY user_id) x WHERE x.user_id = u.id;
UPDATE public.users u SET diary_entries_count = x.n FROM (SELECT user_id, count(*) AS n FROM public.diary_entries GROUP BY user_id) x WHERE x.user_id = u.id;

DROP TABLE ntag, wy, ndv, nd, city;
DROP FUNCTION pg_temp.qt(double precision, double precision);
