-- Deterministic data for the MusicBrainz cut. Serial ids are filled by their sequences in
-- insertion order; MBIDs (gid) are version-4 uuids as the server generates them, derived
-- from the row number. Artists: 1 is Various Artists (artist_va_check), persons and groups
-- follow; a few prolific artists have most release groups; releases are editions of
-- release groups, with one to three media of tracks; some recordings appear on several
-- releases (reissues, compilations).

SET LOCAL search_path = musicbrainz, public;

-- Type tables: id, name, parent, child_order, description, gid.
INSERT INTO area_type (name, parent, child_order, description, gid)
SELECT n, NULL, o, d, pg_temp.uuid('area_type' || o) FROM (VALUES (1,'Country','Country is used for areas included (or previously included) in ISO 3166-1.'),
  (2,'Subdivision','Subdivision is used for the main administrative divisions of a country.'),(3,'City','City is used for settlements of any size.'),
  (4,'Municipality','Municipality is used for small administrative divisions.'),(5,'District','District is used for a division of a city or town.'),
  (6,'Island','Island is used for islands and atolls which do not form subdivisions of their own.'),(7,'County','County is used for smaller divisions of subdivisions.')
) v(o, n, d) ORDER BY o;

INSERT INTO gender (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('gender' || o) FROM (VALUES (1,'Male'),(2,'Female'),(3,'Other'),(4,'Not applicable'),(5,'Non-binary')) v(o, n) ORDER BY o;

INSERT INTO artist_type (name, parent, child_order, description, gid)
SELECT n, p, o, NULL, pg_temp.uuid('artist_type' || o) FROM (VALUES (1,'Person',NULL),(2,'Group',NULL),(3,'Other',NULL),(4,'Character',NULL),
  (5,'Orchestra',2),(6,'Choir',2)) v(o, n, p) ORDER BY o;

INSERT INTO artist_alias_type (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('artist_alias_type' || o) FROM (VALUES (1,'Artist name'),(2,'Legal name'),(3,'Search hint')) v(o, n) ORDER BY o;

INSERT INTO release_group_primary_type (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('rgpt' || o) FROM (VALUES (1,'Album'),(2,'Single'),(3,'EP'),(11,'Other'),(12,'Broadcast')) v(o, n) ORDER BY o;

INSERT INTO release_status (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('release_status' || o) FROM (VALUES (1,'Official'),(2,'Promotion'),(3,'Bootleg'),(4,'Pseudo-Release')) v(o, n) ORDER BY o;

INSERT INTO release_packaging (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('release_packaging' || o) FROM (VALUES (1,'Jewel Case'),(2,'Slim Jewel Case'),(3,'Digipak'),
  (4,'Cardboard/Paper Sleeve'),(5,'Other'),(6,'None')) v(o, n) ORDER BY o;

INSERT INTO label_type (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('label_type' || o) FROM (VALUES (1,'Distributor'),(2,'Holding'),(3,'Production'),(4,'Original Production'),
  (5,'Bootleg Production'),(6,'Reissue Production'),(7,'Publisher'),(8,'Rights Society'),(9,'Imprint')) v(o, n) ORDER BY o;

INSERT INTO medium_format (name, parent, child_order, year, has_discids, description, gid)
SELECT n, p, o, y, d, NULL, pg_temp.uuid('medium_format' || o) FROM (VALUES (1,'CD',NULL,1982,true),(2,'Digital Media',NULL,NULL,false),
  (3,'Vinyl',NULL,1895,false),(4,'12" Vinyl',3,1895,false),(5,'7" Vinyl',3,1949,false),(6,'Cassette',NULL,1964,false),(7,'DVD',NULL,1995,false),
  (8,'SACD',NULL,1999,true),(9,'Blu-ray',NULL,2006,false),(10,'CD-R',1,1990,true),(11,'Enhanced CD',1,1995,true),(12,'MiniDisc',NULL,1992,false)
) v(o, n, p, y, d) ORDER BY o;

INSERT INTO work_type (name, parent, child_order, description, gid)
SELECT n, NULL, o, NULL, pg_temp.uuid('work_type' || o) FROM (VALUES (1,'Aria'),(2,'Ballet'),(3,'Cantata'),(4,'Concerto'),(5,'Sonata'),(6,'Suite'),
  (7,'Madrigal'),(8,'Mass'),(9,'Motet'),(10,'Opera'),(11,'Oratorio'),(12,'Overture'),(13,'Partita'),(14,'Quartet'),(15,'Song cycle'),
  (16,'Symphony'),(17,'Song'),(18,'Symphonic poem'),(19,'Zarzuela'),(20,'Étude')) v(o, n) ORDER BY o;

-- Areas 1..100 are countries, 101..300 cities.
INSERT INTO area (gid, name, type, edits_pending, last_updated, begin_date_year, begin_date_month, begin_date_day, end_date_year, end_date_month,
  end_date_day, ended, comment)
SELECT pg_temp.uuid('area' || a), n, CASE WHEN a <= 100 THEN 1 ELSE 3 END, 0, pg_temp.ts('alu' || a, timestamp '2013-05-15', 3000),
  NULL, NULL, NULL, NULL, NULL, NULL, false, ''
FROM (SELECT a, CASE WHEN a <= 100 THEN (ARRAY['United States','United Kingdom','Germany','Japan','France','Canada','Australia','Sweden','Italy',
    'Netherlands','Spain','Brazil','Finland','Norway','Russia','Poland','Belgium','Denmark','Austria','Switzerland','Mexico','Argentina',
    'South Korea','Ireland','New Zealand','Portugal','Greece','Czechia','Hungary','Iceland','Jamaica','Cuba','Nigeria','South Africa','India',
    'China','Taiwan','Turkey','Israel','Chile','Colombia','Peru','Ukraine','Romania','Estonia','Latvia','Lithuania','Slovenia','Croatia',
    'Serbia','Bulgaria','Slovakia','Luxembourg','Malta','Cyprus','Egypt','Morocco','Algeria','Tunisia','Kenya','Ghana','Senegal','Mali',
    'Ethiopia','Indonesia','Philippines','Thailand','Vietnam','Malaysia','Singapore','Hong Kong','Pakistan','Bangladesh','Iran','Iraq',
    'Lebanon','Jordan','Saudi Arabia','Venezuela','Uruguay','Paraguay','Bolivia','Ecuador','Puerto Rico','Trinidad and Tobago','Barbados',
    'Bahamas','Haiti','Dominican Republic','Panama','Costa Rica','Guatemala','Honduras','El Salvador','Nicaragua','Belarus','Georgia',
    'Armenia','Kazakhstan','Mongolia'])[a]
  ELSE pg_temp.city('acity' || a) || CASE WHEN a > 150 THEN ' ' || (ARRAY['North','South','East','West','Upper','Lower'])[1 + a % 6] ELSE '' END END AS n
  FROM generate_series(1, 300) a) x
ORDER BY a;

INSERT INTO iso_3166_1 (area, code)
SELECT a, (ARRAY['US','GB','DE','JP','FR','CA','AU','SE','IT','NL','ES','BR','FI','NO','RU','PL','BE','DK','AT','CH','MX','AR','KR','IE','NZ',
  'PT','GR','CZ','HU','IS','JM','CU','NG','ZA','IN','CN','TW','TR','IL','CL','CO','PE','UA','RO','EE','LV','LT','SI','HR','RS','BG','SK',
  'LU','MT','CY','EG','MA','DZ','TN','KE','GH','SN','ML','ET','ID','PH','TH','VN','MY','SG','HK','PK','BD','IR','IQ','LB','JO','SA','VE',
  'UY','PY','BO','EC','PR','TT','BB','BS','HT','DO','PA','CR','GT','HN','SV','NI','BY','GE','AM','KZ','MN'])[a]
FROM generate_series(1, 100) a;

INSERT INTO country_area (area) SELECT a FROM generate_series(1, 100) a;

-- Artists: 1 is Various Artists; the rest persons (type 1, with a gender) and groups
-- (type 2, 5 or 6, no gender). Names repeat now and then; the disambiguation comment
-- keeps (name, comment) unique, as artist_idx_uniq_name_comment requires.
INSERT INTO artist (gid, name, sort_name, begin_date_year, begin_date_month, begin_date_day, end_date_year, end_date_month, end_date_day, type,
  area, gender, comment, edits_pending, last_updated, ended, begin_area, end_area)
SELECT pg_temp.uuid('artist' || a), nm, sn, by, bm, bd, ey, CASE WHEN ey IS NOT NULL THEN 1 + pg_temp.r('aem' || a, 12) END, NULL, ty,
  ar, CASE WHEN ty = 1 THEN 1 + pg_temp.skew2('ag' || a, 3)::int - 1 END,
  CASE WHEN row_number() OVER (PARTITION BY nm ORDER BY a) > 1 THEN
    (ARRAY['US rock band','UK singer','Swedish DJ','jazz pianist','Japanese idol','German electronic duo','folk singer-songwriter','rapper'])[1 + (row_number() OVER (PARTITION BY nm ORDER BY a))::int % 8]
    || CASE WHEN row_number() OVER (PARTITION BY nm ORDER BY a) > 8 THEN ' ' || a ELSE '' END ELSE '' END,
  0, pg_temp.ts('alu' || a, timestamp '2011-01-01', 4700), ey IS NOT NULL,
  CASE WHEN ar IS NOT NULL AND pg_temp.r('aba' || a, 2) = 0 THEN 101 + pg_temp.r('abac' || a, 200) END,
  CASE WHEN ey IS NOT NULL AND ty = 1 AND pg_temp.r('aea' || a, 2) = 0 THEN 101 + pg_temp.r('aeac' || a, 200) END
FROM (
  SELECT a, ty, nm, CASE WHEN ty = 1 THEN split_part(nm, ' ', 2) || ', ' || split_part(nm, ' ', 1) WHEN nm LIKE 'The %' THEN substr(nm, 5) || ', The' ELSE nm END AS sn,
    CASE WHEN a = 1 THEN NULL ELSE 1930 + pg_temp.r('aby' || a, 90)::int END AS by,
    CASE WHEN a > 1 AND pg_temp.r('abm' || a, 3) > 0 THEN 1 + pg_temp.r('abmm' || a, 12)::int END AS bm,
    CASE WHEN a > 1 AND pg_temp.r('abd' || a, 3) = 0 THEN 1 + pg_temp.r('abdd' || a, 28)::int END AS bd,
    CASE WHEN a > 1 AND pg_temp.r('aend' || a, 6) = 0 THEN 2000 + pg_temp.r('aey' || a, 24)::int END AS ey,
    CASE WHEN a = 1 THEN NULL WHEN pg_temp.r('aar' || a, 8) = 0 THEN NULL ELSE pg_temp.skew2('aarea' || a, 100) END AS ar
  FROM (SELECT a, CASE WHEN a = 1 THEN 3 WHEN pg_temp.r('aty' || a, 10) < 6 THEN 1 WHEN pg_temp.r('aty' || a, 10) < 9 THEN 2 ELSE (ARRAY[5, 6, 4])[1 + pg_temp.r('atyo' || a, 3)] END AS ty,
      CASE WHEN a = 1 THEN 'Various Artists' ELSE NULL END AS va FROM generate_series(1, 2000) a) t
  CROSS JOIN LATERAL (SELECT coalesce(t.va, CASE WHEN t.ty IN (1, 4) THEN pg_temp.first_name('afn' || a) || ' ' || pg_temp.last_name('aln' || a)
      ELSE pg_temp.pick('agp' || a, ARRAY['The ','','','']) || pg_temp.pick('agn' || a, ARRAY['Silver','Electric','Midnight','Velvet','Crimson',
        'Golden','Neon','Wild','Lonely','Broken','Northern','Paper','Glass','Iron','Hollow','Crystal','Young','Quiet','Bright','Savage']) || ' ' ||
        pg_temp.pick('agn2' || a, ARRAY['Brothers','Orchestra','Collective','Kids','Machine','Lights','Riders','Club','Society','Band','Project','Choir','Quartet','Trio','Sound'])
      END) AS nm) n
) x
ORDER BY a;

INSERT INTO artist_meta (id, rating, rating_count)
SELECT a, CASE WHEN pg_temp.r('am' || a, 3) = 0 THEN NULL ELSE 20 * (1 + pg_temp.r('amr' || a, 5)) END,
  CASE WHEN pg_temp.r('am' || a, 3) = 0 THEN NULL ELSE 1 + pg_temp.skew('amc' || a, 200) END
FROM generate_series(1, 2000) a;

-- Aliases: famous artists collect many (localised names, legal names, search hints).
INSERT INTO artist_alias (artist, name, locale, edits_pending, last_updated, type, sort_name, begin_date_year, begin_date_month, begin_date_day,
  end_date_year, end_date_month, end_date_day, primary_for_locale, ended)
SELECT art, nm, loc, 0, pg_temp.ts('aalu' || i, timestamp '2012-01-01', 4000), ty, CASE WHEN ty = 3 THEN nm ELSE nm END, NULL, NULL, NULL, NULL, NULL, NULL,
  loc IS NOT NULL AND row_number() OVER (PARTITION BY art, loc ORDER BY i) = 1, false
FROM (SELECT i, 1 + pg_temp.skew('aaa' || i, 1999) AS art, (ARRAY[1, 1, 1, 2, 3])[1 + pg_temp.r('aat' || i, 5)] AS ty,
    initcap(pg_temp.words('aan' || i, 2)) || ' ' || i AS nm FROM generate_series(1, 1500) i) x
CROSS JOIN LATERAL (SELECT CASE WHEN ty = 3 THEN NULL ELSE pg_temp.pick('aal' || i, ARRAY['en','ja','de','fr','es','ru', NULL, NULL]) END AS loc) l
ORDER BY i;

INSERT INTO artist_ipi (artist, ipi, edits_pending, created)
SELECT DISTINCT ON (art, ipi) art, ipi, 0, pg_temp.ts('ipic' || i, timestamp '2012-01-01', 4000)
FROM (SELECT i, 2 + pg_temp.r('ipa' || i, 1999) AS art, lpad(pg_temp.r('ipi' || i, 100000000000)::text, 11, '0') AS ipi FROM generate_series(1, 300) i) x
ORDER BY art, ipi;

INSERT INTO artist_isni (artist, isni, edits_pending, created)
SELECT DISTINCT ON (art, isni) art, isni, 0, pg_temp.ts('isnc' || i, timestamp '2012-01-01', 4000)
FROM (SELECT i, 2 + pg_temp.r('isa' || i, 1999) AS art, '0000000' || lpad(pg_temp.r('isn' || i, 100000000)::text, 8, '0') ||
  (ARRAY['0','1','2','3','4','5','6','7','8','9','X'])[1 + pg_temp.r('isx' || i, 11)] AS isni FROM generate_series(1, 250) i) x
ORDER BY art, isni;

-- Artist credits 1..2000 credit artist n alone; 2001..2300 are collaborations of two or
-- three artists.
INSERT INTO artist_credit (name, artist_count, ref_count, created, edits_pending, gid)
SELECT CASE WHEN c <= 2000 THEN a.name ELSE a.name || ' feat. ' || b.name || CASE WHEN c % 4 = 0 THEN ' & ' || d.name ELSE '' END END,
  CASE WHEN c <= 2000 THEN 1 WHEN c % 4 = 0 THEN 3 ELSE 2 END, 0, pg_temp.ts('acc' || c, timestamp '2011-05-16', 4700), 0, pg_temp.uuid('ac' || c)
FROM generate_series(1, 2300) c
JOIN artist a ON a.id = CASE WHEN c <= 2000 THEN c ELSE 2 + pg_temp.skew('ca' || c, 1999) - 1 END
LEFT JOIN artist b ON c > 2000 AND b.id = 2 + (a.id + 1 + pg_temp.r('cb' || c, 1990)) % 1999
LEFT JOIN artist d ON c > 2000 AND d.id = 2 + (a.id + 5 + pg_temp.r('cd' || c, 1990)) % 1999
ORDER BY c;

INSERT INTO artist_credit_name (artist_credit, position, artist, name, join_phrase)
SELECT c, 0, CASE WHEN c <= 2000 THEN c ELSE 2 + pg_temp.skew('ca' || c, 1999) - 1 END, a.name,
  CASE WHEN c <= 2000 THEN '' ELSE ' feat. ' END
FROM generate_series(1, 2300) c JOIN artist a ON a.id = CASE WHEN c <= 2000 THEN c ELSE 2 + pg_temp.skew('ca' || c, 1999) - 1 END
UNION ALL
SELECT c, 1, b.id, b.name, CASE WHEN c % 4 = 0 THEN ' & ' ELSE '' END
FROM generate_series(2001, 2300) c JOIN artist b ON b.id = 2 + ((2 + pg_temp.skew('ca' || c, 1999) - 1) + 1 + pg_temp.r('cb' || c, 1990)) % 1999
UNION ALL
SELECT c, 2, d.id, d.name, ''
FROM generate_series(2004, 2300, 4) c JOIN artist d ON d.id = 2 + ((2 + pg_temp.skew('ca' || c, 1999) - 1) + 5 + pg_temp.r('cd' || c, 1990)) % 1999;

INSERT INTO language (iso_code_2t, iso_code_2b, iso_code_1, name, frequency, iso_code_3)
SELECT t, b, one, n, f, three FROM (VALUES
  (1,'eng','eng','en','English',2,'eng'),(2,'deu','ger','de','German',2,'deu'),(3,'fra','fre','fr','French',2,'fra'),(4,'jpn','jpn','ja','Japanese',2,'jpn'),
  (5,'spa','spa','es','Spanish',2,'spa'),(6,'ita','ita','it','Italian',2,'ita'),(7,'por','por','pt','Portuguese',2,'por'),(8,'rus','rus','ru','Russian',2,'rus'),
  (9,'swe','swe','sv','Swedish',2,'swe'),(10,'nld','dut','nl','Dutch',2,'nld'),(11,'fin','fin','fi','Finnish',2,'fin'),(12,'kor','kor','ko','Korean',2,'kor'),
  (13,'zho','chi','zh','Chinese',2,'zho'),(14,'pol','pol','pl','Polish',2,'pol'),(15,'nor','nor','no','Norwegian',2,'nor'),(16,'dan','dan','da','Danish',1,'dan'),
  (17,'ces','cze','cs','Czech',1,'ces'),(18,'hun','hun','hu','Hungarian',1,'hun'),(19,'ell','gre','el','Greek',1,'ell'),(20,'tur','tur','tr','Turkish',1,'tur'),
  (21,'heb','heb','he','Hebrew',1,'heb'),(22,'hin','hin','hi','Hindi',1,'hin'),(23,'lat','lat','la','Latin',1,'lat'),(24,'gle','gle','ga','Irish',1,'gle'),
  (25,'isl','ice','is','Icelandic',1,'isl'),(26,NULL,NULL,NULL,'Jamaican Creole English',0,'jam'),(27,NULL,NULL,NULL,'Cantonese',1,'yue'),
  (28,'zxx','zxx',NULL,'[No linguistic content]',2,'zxx'),(29,'mul','mul',NULL,'[Multiple languages]',2,'mul'),(30,NULL,NULL,NULL,'Scots',0,'sco')
) v(o, t, b, one, n, f, three) ORDER BY o;

INSERT INTO script (iso_code, iso_number, name, frequency)
SELECT c, n, nm, f FROM (VALUES (1,'Latn','215','Latin',4),(2,'Cyrl','220','Cyrillic',3),(3,'Jpan','413','Japanese',3),(4,'Grek','200','Greek',2),
  (5,'Hang','286','Hangul',2),(6,'Hans','501','Han (Simplified variant)',2),(7,'Hant','502','Han (Traditional variant)',2),(8,'Arab','160','Arabic',2),
  (9,'Hebr','125','Hebrew',2),(10,'Deva','315','Devanagari',1),(11,'Thai','352','Thai',1),(12,'Qaaa','900','[Multiple scripts]',1)) v(o, c, n, nm, f)
ORDER BY o;

-- Release groups: a few prolific artists (credits 2..30) hold most of them.
INSERT INTO release_group (gid, name, artist_credit, type, comment, edits_pending, last_updated)
SELECT pg_temp.uuid('rg' || g), initcap(pg_temp.words('rgn' || g, 3)), CASE WHEN pg_temp.r('rgc' || g, 10) = 0 THEN 2000 + pg_temp.skew2('rgcc' || g, 300)
    WHEN pg_temp.r('rgv' || g, 40) = 0 THEN 1 ELSE 1 + pg_temp.skew('rgca' || g, 1999) END,
  (ARRAY[1, 1, 1, 2, 2, 3, 4, NULL])[1 + pg_temp.r('rgt' || g, 8)], '', 0, pg_temp.ts('rglu' || g, timestamp '2011-05-16', 4700)
FROM generate_series(1, 2000) g ORDER BY g;

ANALYZE release_group, artist_credit, artist;

-- Releases: editions of a release group (most groups one, some several); release 1..2500.
INSERT INTO release (gid, name, artist_credit, release_group, status, packaging, language, script, barcode, comment, edits_pending, quality, last_updated)
SELECT pg_temp.uuid('release' || r), rg.name, rg.artist_credit, rg.id, (ARRAY[1, 1, 1, 1, 1, 2, 3, NULL])[1 + pg_temp.r('rs' || r, 8)],
  (ARRAY[1, 1, 3, 4, 6, NULL])[1 + pg_temp.r('rp' || r, 6)], (ARRAY[1, 1, 1, 1, 2, 3, 4, 5, 8, 9, 28, NULL])[1 + pg_temp.r('rl' || r, 12)],
  CASE WHEN pg_temp.r('rsc' || r, 10) < 8 THEN 1 ELSE (ARRAY[2, 3, 5, NULL])[1 + pg_temp.r('rscr' || r, 4)] END,
  CASE WHEN pg_temp.r('rbc' || r, 4) > 0 THEN lpad(pg_temp.r('rb' || r, 10000000000000)::text, 13, '0') END,
  CASE WHEN r > 2000 THEN (ARRAY['remaster','deluxe edition','Japanese edition','limited edition','promo'])[1 + r % 5] ELSE '' END,
  0, -1, pg_temp.ts('rlu' || r, timestamp '2011-05-16', 4700)
FROM generate_series(1, 2500) r
JOIN release_group rg ON rg.id = CASE WHEN r <= 2000 THEN r ELSE pg_temp.skew('rrg' || r, 2000) END
ORDER BY r;

INSERT INTO release_meta (id, date_added, info_url, amazon_asin, cover_art_presence)
SELECT r, pg_temp.ts('rmd' || r, timestamp '2005-01-01', 7000), NULL,
  CASE WHEN pg_temp.r('asin' || r, 3) = 0 THEN 'B0' || upper(substr(md5('asin' || r), 1, 8)) END,
  (ARRAY['present','present','absent','darkened'])[1 + pg_temp.r('cap' || r, 4)]::cover_art_presence
FROM generate_series(1, 2500) r;

-- Release events: most releases came out in one or two countries, some have only a date.
INSERT INTO release_country (release, country, date_year, date_month, date_day)
SELECT DISTINCT ON (r, c) r, c, y, m, CASE WHEN m IS NOT NULL AND pg_temp.r('rcd' || r, 2) = 0 THEN 1 + pg_temp.r('rcdd' || r, 28)::int END
FROM generate_series(1, 2500) r
CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r('rcn' || r, 10) < 7 THEN 1 WHEN pg_temp.r('rcn' || r, 10) < 9 THEN 2 ELSE 0 END) k
CROSS JOIN LATERAL (SELECT pg_temp.skew2('rcc' || r || '-' || k, 100) AS c, 1955 + pg_temp.r('rcy' || r, 69)::int AS y,
  CASE WHEN pg_temp.r('rcm' || r, 4) > 0 THEN 1 + pg_temp.r('rcmm' || r, 12)::int END AS m) x
ORDER BY r, c;

INSERT INTO release_unknown_country (release, date_year, date_month, date_day)
SELECT r, 1955 + pg_temp.r('rcy' || r, 69)::int, NULL, NULL FROM generate_series(1, 2500) r WHERE pg_temp.r('rcn' || r, 10) = 9;

INSERT INTO label (gid, name, begin_date_year, begin_date_month, begin_date_day, end_date_year, end_date_month, end_date_day, label_code, type, area,
  comment, edits_pending, last_updated, ended)
SELECT pg_temp.uuid('label' || l), nm, 1920 + pg_temp.r('lby' || l, 100)::int, NULL, NULL, ey, NULL, NULL,
  CASE WHEN pg_temp.r('lc' || l, 3) > 0 THEN 1 + (l * 2477) % 99999 END, (ARRAY[3, 4, 6, 7, 9, 1])[1 + pg_temp.r('lt' || l, 6)],
  CASE WHEN pg_temp.r('lar' || l, 6) > 0 THEN pg_temp.skew2('larea' || l, 100) END,
  CASE WHEN row_number() OVER (PARTITION BY nm ORDER BY l) > 1 THEN 'label ' || l ELSE '' END, 0, pg_temp.ts('llu' || l, timestamp '2011-05-16', 4700),
  ey IS NOT NULL
FROM (SELECT l, pg_temp.pick('ln' || l, ARRAY['Atlantic','Island','Mute','Warp','Rough','Blue','Sub','Domino','Matador','Merge','Ninja',
    'Secret','Factory','Creation','Sacred','Polar','Harvest','Echo','Motor','Cherry']) || ' ' || pg_temp.pick('ls' || l, ARRAY['Records','Recordings','Music',
    'Entertainment','Sounds','Label']) AS nm, CASE WHEN pg_temp.r('lend' || l, 8) = 0 THEN 1990 + pg_temp.r('ley' || l, 30)::int END AS ey
  FROM generate_series(1, 400) l) x
ORDER BY l;

-- Release labels: a few big labels release most; catalog numbers are per label.
INSERT INTO release_label (release, label, catalog_number, last_updated)
SELECT DISTINCT ON (r, lab) r, lab, CASE WHEN lab IS NULL OR pg_temp.r('rlcn' || r, 6) > 0 THEN
    upper(substr(md5('rlp' || coalesce(lab, 0)), 1, 3)) || '-' || lpad(pg_temp.r('rlc' || r || '-' || k, 100000)::text, 5, '0') END,
  pg_temp.ts('rllu' || r || '-' || k, timestamp '2011-05-16', 4700)
FROM generate_series(1, 2500) r
CROSS JOIN LATERAL generate_series(1, (ARRAY[1, 1, 1, 1, 2, 0])[1 + pg_temp.r('rln' || r, 6)]) k
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('rll' || r || '-' || k, 15) = 0 THEN NULL ELSE pg_temp.skew('rlab' || r || '-' || k, 400) END AS lab) x
ORDER BY r, lab;

-- Media: most releases have one, some two or three; track counts vary.
INSERT INTO medium (release, position, format, name, edits_pending, last_updated, track_count, gid)
SELECT r, p, (ARRAY[1, 1, 1, 2, 2, 4, 5, 6, 3, NULL])[1 + pg_temp.r('mf' || r, 10)],
  CASE WHEN n > 1 AND pg_temp.r('mnm' || r, 3) = 0 THEN 'Disc ' || p ELSE '' END, 0, pg_temp.ts('mlu' || r || '-' || p, timestamp '2011-05-16', 4700),
  1 + pg_temp.skew2('mtc' || r || '-' || p, 9)::int - 1 + pg_temp.r('mtc2' || r || '-' || p, 3)::int, pg_temp.uuid('medium' || r || '-' || p)
FROM generate_series(1, 2500) r
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('mn' || r, 20) < 17 THEN 1 WHEN pg_temp.r('mn' || r, 20) < 19 THEN 2 ELSE 3 END AS n) x
CROSS JOIN LATERAL generate_series(1, n) p
ORDER BY r, p;

ANALYZE medium, release;

-- Tracks in medium order; the first 8,000 tracks introduce recordings 1..8000, later
-- tracks (reissues, compilations) mostly reuse popular recordings.
CREATE TEMP TABLE trk AS
SELECT row_number() OVER (ORDER BY m.id, p) AS t, m.id AS medium, p, rel.artist_credit, rel.name AS release_name
FROM medium m JOIN release rel ON rel.id = m.release CROSS JOIN LATERAL generate_series(1, m.track_count) p;

INSERT INTO recording (gid, name, artist_credit, length, comment, edits_pending, last_updated, video)
SELECT pg_temp.uuid('recording' || t), initcap(pg_temp.words('rn' || t, 3)), artist_credit,
  CASE WHEN pg_temp.r('rlen' || t, 20) > 0 THEN 90000 + pg_temp.r('rlm' || t, 300000)::int END,
  CASE WHEN pg_temp.r('rcm' || t, 25) = 0 THEN pg_temp.pick('rcmt' || t, ARRAY['live','demo','radio edit','instrumental','remix']) ELSE '' END,
  0, pg_temp.ts('reclu' || t, timestamp '2011-05-16', 4700), pg_temp.r('vid' || t, 50) = 0
FROM trk WHERE t <= 8000 ORDER BY t;

INSERT INTO recording_meta (id, rating, rating_count)
SELECT r, CASE WHEN pg_temp.r('rmr' || r, 4) = 0 THEN 20 * (1 + pg_temp.r('rmv' || r, 5)) END,
  CASE WHEN pg_temp.r('rmr' || r, 4) = 0 THEN 1 + pg_temp.skew('rmc' || r, 50) END
FROM generate_series(1, 8000) r;

INSERT INTO track (gid, recording, medium, position, number, name, artist_credit, length, edits_pending, last_updated, is_data_track)
SELECT pg_temp.uuid('track' || trk.t), rec.id, trk.medium, trk.p, trk.p::text, rec.name, trk.artist_credit, rec.length, 0,
  pg_temp.ts('tlu' || trk.t, timestamp '2011-05-16', 4700), false
FROM trk JOIN recording rec ON rec.id = CASE WHEN trk.t <= 8000 THEN trk.t ELSE pg_temp.skew('trr' || trk.t, 8000) END
ORDER BY trk.t;

-- ISRCs: about half the recordings have one; a few codes were attached to two
-- recordings by mistake (isrc_idx_isrc_recording allows it).
INSERT INTO isrc (recording, isrc, edits_pending, created)
SELECT rec, code, 0, pg_temp.ts('isrcc' || i || '-' || rec, timestamp '2011-05-16', 4700)
FROM (SELECT i, pg_temp.pick('icc' || i, ARRAY['US','GB','DE','JP','FR','SE','NL','CA']) || upper(substr(md5('ireg' || (i % 300)), 1, 3)) ||
    lpad((i % 100)::text, 2, '0') || lpad(pg_temp.r('isn' || i, 100000)::text, 5, '0') AS code
  FROM generate_series(1, 8000, 2) i) x
CROSS JOIN LATERAL (SELECT i AS rec UNION ALL SELECT i + 1 WHERE i % 97 = 0) r
ORDER BY i, rec;

INSERT INTO work (gid, name, type, comment, edits_pending, last_updated)
SELECT pg_temp.uuid('work' || w), initcap(pg_temp.words('wn' || w, 3)), CASE WHEN pg_temp.r('wt' || w, 10) < 8 THEN 17 ELSE 1 + pg_temp.r('wtt' || w, 20)::int END,
  '', 0, pg_temp.ts('wlu' || w, timestamp '2011-05-16', 4700)
FROM generate_series(1, 3000) w ORDER BY w;

INSERT INTO tag (name, ref_count)
SELECT n, 0 FROM (SELECT DISTINCT ON (n) n, i FROM (SELECT i, CASE WHEN i <= 40 THEN (ARRAY['rock','pop','electronic','jazz','hip hop','classical','folk','metal',
    'punk','soul','blues','country','reggae','ambient','house','techno','indie','alternative','experimental','funk','disco','soundtrack',
    'singer-songwriter','hard rock','death metal','black metal','drum and bass','dubstep','trance','synth-pop','new wave','post-punk',
    'psychedelic','progressive rock','j-pop','k-pop','latin','world','gospel','opera'])[i]
  ELSE pg_temp.words('tg' || i, 2) || ' ' || i END AS n FROM generate_series(1, 200) i) x
  ORDER BY n, i) y
ORDER BY i;

INSERT INTO artist_tag (artist, tag, count, last_updated)
SELECT DISTINCT ON (a, t) a, t, 1 + pg_temp.skew('atc' || i, 30), pg_temp.ts('atlu' || i, timestamp '2011-05-16', 4700)
FROM (SELECT i, 1 + pg_temp.skew('ata' || i, 2000) AS a, pg_temp.skew('att' || i, 200) AS t FROM generate_series(1, 4500) i) x
ORDER BY a, t;

UPDATE tag SET ref_count = s.n FROM (SELECT tag, count(*) AS n FROM artist_tag GROUP BY tag) s WHERE s.tag = tag.id;

INSERT INTO editor (name, privs, email, website, bio, member_since, email_confirm_date, last_login_date, last_updated, birth_date, gender, area,
  password, ha1, deleted)
SELECT nm, CASE WHEN e <= 5 THEN 2 ELSE 0 END, lower(nm) || '@example.org', CASE WHEN pg_temp.r('ew' || e, 5) = 0 THEN 'https://' || lower(nm) || '.example.net' END,
  CASE WHEN pg_temp.r('eb' || e, 3) = 0 THEN pg_temp.words('ebio' || e, 15) END, ms, ms + interval '1 hour', ms + pg_temp.r('ell' || e, 3000) * interval '1 day',
  ms + pg_temp.r('ell' || e, 3000) * interval '1 day', CASE WHEN pg_temp.r('ebd' || e, 4) = 0 THEN date '1960-01-01' + pg_temp.r('ebdd' || e, 15000)::int END,
  CASE WHEN pg_temp.r('eg' || e, 3) = 0 THEN 1 + pg_temp.r('egg' || e, 2)::int END, CASE WHEN pg_temp.r('ea' || e, 3) = 0 THEN pg_temp.skew2('eaa' || e, 100) END,
  '{CLEARTEXT}' || substr(md5('pw' || e), 1, 12), md5('ha1' || e), e % 50 = 0
FROM (SELECT e, lower(pg_temp.first_name('efn' || e)) || '_' || e AS nm, pg_temp.ts('ems' || e, timestamp '2003-01-01', 7500) AS ms
  FROM generate_series(1, 500) e) x
ORDER BY e;

-- Ratings: active editors rate many artists, popular artists are rated often.
INSERT INTO artist_rating_raw (artist, editor, rating)
SELECT DISTINCT ON (a, e) a, e, 20 * (1 + pg_temp.r('rtv' || i, 5))
FROM (SELECT i, 1 + pg_temp.skew('rta' || i, 1999) AS a, pg_temp.skew2('rte' || i, 500) AS e FROM generate_series(1, 3200) i) x
ORDER BY a, e;

UPDATE artist_credit ac SET ref_count = s.n FROM (SELECT artist_credit, count(*) AS n FROM (SELECT artist_credit FROM release_group
  UNION ALL SELECT artist_credit FROM release UNION ALL SELECT artist_credit FROM recording UNION ALL SELECT artist_credit FROM track) u
  GROUP BY artist_credit) s WHERE s.artist_credit = ac.id;

DROP TABLE trk;
