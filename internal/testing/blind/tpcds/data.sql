-- Deterministic data for TPC-DS at a tiny scale, following dsdgen's conventions: surrogate
-- keys (*_sk) numbered 1..N (dates and times: the Julian day number and the second of the
-- day), business keys (*_id) of 16 characters encoding the entity number ('AAAAAAAA' and
-- eight letters A..P, least significant first, as dsdgen writes them), slowly changing
-- dimensions (item, store, call_center, web_page, web_site) with one to three revisions per
-- business key, each revision a row of its own with rec_start_date / rec_end_date, and sales
-- facts grouped in tickets or orders of several lines, some of them returned.

CREATE FUNCTION pg_temp.bkey(n bigint) RETURNS char(16) LANGUAGE sql IMMUTABLE
AS $$ SELECT 'AAAAAAAA' || chr(65 + (n & 15)::int) || chr(65 + ((n >> 4) & 15)::int) || chr(65 + ((n >> 8) & 15)::int) ||
  chr(65 + ((n >> 12) & 15)::int) || chr(65 + ((n >> 16) & 15)::int) || chr(65 + ((n >> 20) & 15)::int) ||
  chr(65 + ((n >> 24) & 15)::int) || chr(65 + ((n >> 28) & 15)::int) $$;

-- dsk: the date_dim surrogate of a date (its Julian day number).
CREATE FUNCTION pg_temp.dsk(d date) RETURNS integer LANGUAGE sql IMMUTABLE
AS $$ SELECT (d - date '1900-01-02') + 2415022 $$;

INSERT INTO dbgen_version (dv_version, dv_create_date, dv_create_time, dv_cmdline_args)
VALUES ('2.13.0', date '2020-03-11', time '12:44:24', '-SCALE 1 -DIR /tmp/tpcds -PARALLEL 1');

-- Dates 1998-01-01 .. 2003-12-31.
INSERT INTO date_dim
SELECT pg_temp.dsk(d), pg_temp.bkey(pg_temp.dsk(d)), d,
  (extract(year FROM d)::int - 1900) * 12 + extract(month FROM d)::int - 1,
  (d - date '1900-01-01') / 7 + 1,
  (extract(year FROM d)::int - 1900) * 4 + extract(quarter FROM d)::int - 1,
  extract(year FROM d), extract(dow FROM d), extract(month FROM d), extract(day FROM d), extract(quarter FROM d),
  extract(year FROM d), (extract(year FROM d)::int - 1900) * 4 + extract(quarter FROM d)::int - 1, (d - date '1900-01-01') / 7 + 1,
  to_char(d, 'FMDay'), extract(year FROM d) || 'Q' || extract(quarter FROM d),
  CASE WHEN to_char(d, 'MM-DD') IN ('01-01','07-04','12-25','11-25','05-30','09-05') THEN 'Y' ELSE 'N' END,
  CASE WHEN extract(dow FROM d) IN (0, 6) THEN 'Y' ELSE 'N' END,
  CASE WHEN to_char(d - 1, 'MM-DD') IN ('01-01','07-04','12-25','11-25','05-30','09-05') THEN 'Y' ELSE 'N' END,
  pg_temp.dsk(date_trunc('month', d)::date), pg_temp.dsk((date_trunc('month', d) + interval '1 month - 1 day')::date),
  pg_temp.dsk(d) - 365, pg_temp.dsk(d) - 91, 'N', 'N', 'N', 'N', 'N'
FROM generate_series(date '1998-01-01', date '2003-12-31', interval '1 day') g CROSS JOIN LATERAL (SELECT g::date AS d) x
ORDER BY d;

-- One row per minute of the day; t_time_sk and t_time are the second of the day.
INSERT INTO time_dim
SELECT m * 60, pg_temp.bkey(m * 60), m * 60, m / 60, m % 60, 0, CASE WHEN m < 720 THEN 'AM' ELSE 'PM' END,
  CASE WHEN m / 60 BETWEEN 8 AND 15 THEN 'first' WHEN m / 60 BETWEEN 16 AND 23 THEN 'second' ELSE 'third' END,
  CASE WHEN m / 60 < 6 THEN 'night' WHEN m / 60 < 12 THEN 'morning' WHEN m / 60 < 18 THEN 'afternoon' ELSE 'evening' END,
  CASE WHEN m / 60 BETWEEN 6 AND 8 THEN 'breakfast' WHEN m / 60 BETWEEN 11 AND 13 THEN 'lunch' WHEN m / 60 BETWEEN 17 AND 19 THEN 'dinner' END
FROM generate_series(0, 1439) m ORDER BY m;

INSERT INTO income_band SELECT b, (b - 1) * 10000 + CASE WHEN b > 1 THEN 1 ELSE 0 END, b * 10000 FROM generate_series(1, 20) b;

INSERT INTO household_demographics
SELECT row_number() OVER (ORDER BY vc, dc, bp, ib), ib,
  (ARRAY['0-500','501-1000','1001-5000','5001-10000','>10000','Unknown'])[bp], dc, vc
FROM generate_series(1, 20) ib, generate_series(1, 6) bp, generate_series(0, 4) dc, generate_series(0, 1) vc;

INSERT INTO customer_demographics
SELECT row_number() OVER (ORDER BY ce, pe, ed, ms, g), (ARRAY['M','F'])[g], (ARRAY['M','S','D','W','U'])[ms],
  (ARRAY['Primary','Secondary','College','2 yr Degree','4 yr Degree','Advanced Degree','Unknown'])[ed], 500 * pe,
  (ARRAY['Good','High Risk','Low Risk','Unknown'])[ce], (g + ms + ed) % 7, (pe + ce) % 7, (ed + ce) % 7
FROM generate_series(1, 2) g, generate_series(1, 5) ms, generate_series(1, 7) ed, generate_series(1, 4) pe, generate_series(1, 4) ce;

INSERT INTO reason SELECT r, pg_temp.bkey(r), d FROM (SELECT r, d FROM unnest(ARRAY['Package was damaged',
  'Stopped working','Did not get it on time','Not the product that was ordred','Parts missing','Does not work with a product that I have',
  'Gift exchange','Did not like the color','Did not like the model','Did not like the make','Did not like the warranty',
  'No service location in my area','Found a better price in a store','Found a better extended warranty in a store','Not working any more',
  'Did not fit','Wrong size','Lost my job','unauthoized purchase','duplicate purchase','its is a boy','it is a girl','reason 23',
  'reason 24','reason 25','reason 26','reason 27','reason 28','reason 29','reason 30','reason 31','reason 32','reason 33','reason 34',
  'reason 35']) WITH ORDINALITY u(d, r)) x;

INSERT INTO ship_mode SELECT s, pg_temp.bkey(s), t, c, carrier, 'contract-' || lower(substr(md5('smc' || s), 1, 10))
FROM (SELECT row_number() OVER (ORDER BY t, c) AS s, t, c FROM unnest(ARRAY['EXPRESS','NEXT DAY','OVERNIGHT','REGULAR','TWO DAY','LIBRARY']) t,
  unnest(ARRAY['AIR','SURFACE','SEA','BIKE']) c WHERE (t, c) NOT IN (('LIBRARY','SEA'),('LIBRARY','BIKE'),('OVERNIGHT','SEA'),('EXPRESS','SEA'))) x
CROSS JOIN LATERAL (SELECT (ARRAY['UPS','FEDEX','AIRBORNE','USPS','DHL','TBS','ZHOU','ZOUROS','MSC','LATVIAN','ALLIANCE','ORIENTAL',
  'BARIAN','BOXBUNDLES','GREAT EASTERN','DIAMOND','RUPEKSA','GERMA','HARMSTORF','PRIVATECARRIER'])[s] AS carrier) y;

INSERT INTO warehouse
SELECT w, pg_temp.bkey(w), (ARRAY['Conventional childr','Important issues liv','Doors canno','Bad cards must make.','Operations'])[w],
  100000 + pg_temp.r('wsq' || w, 900000), (100 + pg_temp.r('wsn' || w, 900))::text, pg_temp.pick('wst' || w, ARRAY['Main','Oak','Park','Ridge','Lake']) || ' ' || pg_temp.pick('wsu' || w, ARRAY['Elm','Cedar','View','Hill']),
  pg_temp.pick('wty' || w, ARRAY['Street','Avenue','Boulevard','Parkway','Drive']), 'Suite ' || (10 * w), (ARRAY['Fairview','Midway','Oak Grove','Pleasant Hill','Five Points'])[w],
  'Williamson County', (ARRAY['TN','GA','IL','SD','TX'])[w], lpad((30000 + 997 * w)::text, 5, '0'), 'United States', -5 - (w % 2)
FROM generate_series(1, 5) w;

-- Items: 300 business keys, a third of them revised once and a sixth twice (dsdgen's slowly
-- changing dimension); each revision has its own i_item_sk.
INSERT INTO item
SELECT row_number() OVER (ORDER BY n, v), pg_temp.bkey(n),
  (ARRAY[date '1997-10-27', date '1999-10-28', date '2001-10-27'])[v],
  CASE WHEN v < nv THEN (ARRAY[date '1999-10-27', date '2001-10-26'])[v] END,
  pg_temp.words('idesc' || n || v, 12), round((1 + pg_temp.r('ip' || n || v, 9900) / 100.0) * CASE WHEN cat = 1 THEN 5 ELSE 1 END, 2),
  round((0.5 + pg_temp.r('iw' || n, 5000) / 100.0), 2), 1000000 + cat * 1000 + (n % 20), pg_temp.pick('ib' || n, ARRAY['amalgimporto #1',
  'edu packscholar #1','exportiunivamalg #9','scholaramalgamalg #14','importoamalg #2','corpbrand #4','brandbrand #3','univmaxi #7']),
  cat * 10 + n % 8, (ARRAY['accent','athletic','bathroom','classical','computers','dresses','fiction','pants','pop','rock','shirts','sports'])[1 + (n % 12)],
  cat, (ARRAY['Jewelry','Home','Electronics','Books','Women','Music','Shoes','Men','Sports','Children'])[cat],
  1 + n % 1000, pg_temp.pick('imf' || n, ARRAY['ationeseought','oughtbarable','ableeseeing','priantiese','eingoughtought']),
  pg_temp.pick('isz' || n, ARRAY['petite','small','medium','large','extra large','economy','N/A']),
  lower(substr(md5('ifm' || n), 1, 16)), pg_temp.pick('icl' || n, ARRAY['red','navy','khaki','tan','slate','plum','lime','ivory']),
  pg_temp.pick('iun' || n, ARRAY['Each','Dozen','Case','Pound','Ounce','Box','Unknown']), 'Unknown', 1 + pg_temp.r('imgr' || n, 100),
  lower(substr(md5('ipn' || n), 1, 20))
FROM generate_series(1, 300) n
CROSS JOIN LATERAL (SELECT CASE WHEN n % 6 = 0 THEN 3 WHEN n % 3 = 0 THEN 2 ELSE 1 END AS nv, 1 + pg_temp.r('icat' || n, 10) AS cat) x
CROSS JOIN LATERAL generate_series(1, nv) v;

INSERT INTO store
SELECT row_number() OVER (ORDER BY n, v), pg_temp.bkey(n), (ARRAY[date '1997-03-13', date '2000-03-13'])[v],
  CASE WHEN v = 1 AND n % 2 = 0 THEN date '2000-03-12' END, CASE WHEN n = 5 AND v = 2 THEN pg_temp.dsk(date '2002-06-30') END,
  (ARRAY['ought','able','ese','anti','cally','bar'])[n], 200 + pg_temp.r('se' || n || v, 100), 5000000 + pg_temp.r('sf' || n || v, 5000000),
  '8AM-4PM', pg_temp.first_name('sm' || n || v) || ' ' || pg_temp.last_name('sml' || n || v), 1 + n % 10, 'Unknown',
  pg_temp.words('smd' || n, 10), pg_temp.first_name('smm' || n) || ' ' || pg_temp.last_name('smml' || n), 1, 'Unknown', 1, 'Unknown',
  (100 + pg_temp.r('ssn' || n, 900))::text, pg_temp.pick('sst' || n, ARRAY['Main','Oak','Park','Ridge','Lake']) || ' ' || pg_temp.pick('ssu' || n, ARRAY['Elm','Cedar','View','Hill']),
  pg_temp.pick('sty' || n, ARRAY['Street','Avenue','Boulevard','Parkway','Drive']), 'Suite ' || (100 + n), (ARRAY['Midway','Fairview','Oak Grove','Pleasant Hill','Five Points','Riverside'])[n],
  'Williamson County', 'TN', lpad((31904 + n)::text, 5, '0'), 'United States', -5, round(pg_temp.r('stx' || n, 12) / 100.0, 2)
FROM generate_series(1, 6) n CROSS JOIN generate_series(1, 2) v;

INSERT INTO call_center
SELECT row_number() OVER (ORDER BY n, v), pg_temp.bkey(n), (ARRAY[date '1998-01-01', date '2000-01-02'])[v],
  CASE WHEN v = 1 THEN date '2000-01-01' END, NULL, pg_temp.dsk(date '1998-01-01') + 30 * n,
  (ARRAY['NY Metro','Mid Atlantic','North Midwest'])[n], (ARRAY['large','medium','small'])[n], 1000 * (1 + pg_temp.r('cce' || n || v, 60)),
  100000 * (1 + pg_temp.r('ccs' || n || v, 30)), '8AM-4PM', pg_temp.first_name('ccm' || n || v) || ' ' || pg_temp.last_name('ccml' || n || v),
  n, pg_temp.words('ccmc' || n, 6), pg_temp.words('ccmd' || n, 12), pg_temp.first_name('ccmm' || n) || ' ' || pg_temp.last_name('ccmml' || n),
  n, (ARRAY['pri','anti','able'])[n], 1 + n % 2, (ARRAY['ought','able'])[1 + n % 2], (100 + pg_temp.r('ccsn' || n, 900))::text,
  pg_temp.pick('ccst' || n, ARRAY['Main','Oak','Park']) || ' Street', 'Street', 'Suite ' || n, (ARRAY['Midway','Fairview','Five Points'])[n],
  'Williamson County', 'TN', lpad((31904 + n)::text, 5, '0'), 'United States', -5, round(pg_temp.r('cctx' || n, 12) / 100.0, 2)
FROM generate_series(1, 3) n CROSS JOIN generate_series(1, 2) v;

INSERT INTO web_site
SELECT row_number() OVER (ORDER BY n, v), pg_temp.bkey(n), (ARRAY[date '1997-08-16', date '1999-08-17'])[v],
  CASE WHEN v = 1 THEN date '1999-08-16' END, 'site_' || (n - 1), pg_temp.dsk(date '1998-01-01') + 100 * n, NULL, 'Unknown',
  pg_temp.first_name('wsm' || n || v) || ' ' || pg_temp.last_name('wsml' || n || v), n, pg_temp.words('wsc' || n, 6), pg_temp.words('wsd' || n, 12),
  pg_temp.first_name('wsmm' || n) || ' ' || pg_temp.last_name('wsmml' || n), 1 + n % 2, (ARRAY['pri','anti','able'])[n],
  (100 + pg_temp.r('wssn' || n, 900))::text, pg_temp.pick('wsst' || n, ARRAY['Main','Oak','Park']) || ' Street', 'Street', 'Suite ' || n,
  (ARRAY['Midway','Fairview','Five Points'])[n], 'Williamson County', 'TN', lpad((35709 + n)::text, 5, '0'), 'United States', -5,
  round(pg_temp.r('wstx' || n, 12) / 100.0, 2)
FROM generate_series(1, 3) n CROSS JOIN generate_series(1, 2) v;

INSERT INTO customer_address
SELECT a, pg_temp.bkey(a), (1 + pg_temp.r('can' || a, 999))::text, pg_temp.pick('cast' || a, ARRAY['Main','Oak','Park','Ridge','Lake','Hill','Cedar',
  'Spring','Maple','Elm','Sunset','Lincoln','Washington','Jackson','Church']) || ' ' || pg_temp.pick('casu' || a, ARRAY['','View','Hill','Wood']),
  pg_temp.pick('caty' || a, ARRAY['Street','Avenue','Boulevard','Parkway','Drive','Lane','Court','Road','Way','Circle']),
  CASE WHEN pg_temp.r('cas' || a, 3) = 0 THEN 'Suite ' || (10 * pg_temp.r('casn' || a, 50)) END,
  pg_temp.city('cac' || a), pg_temp.pick('caco' || a, ARRAY['Williamson County','Franklin Parish','Bronx County','Orange County','Walker County',
  'Richland County','Ziebach County','Luce County']), st, lpad(pg_temp.r('caz' || a, 99999)::text, 5, '0'), 'United States',
  CASE WHEN st IN ('CA','WA','OR','NV') THEN -8 WHEN st IN ('TX','IL','MN','MO') THEN -6 ELSE -5 END,
  pg_temp.pick('calt' || a, ARRAY['single family','apartment','condo'])
FROM generate_series(1, 1500) a CROSS JOIN LATERAL (SELECT pg_temp.pick2('cast8' || a, ARRAY['TX','GA','VA','KY','MO','IL','OH','NC','TN',
  'IA','CA','WA','OR','NV','MN','NY','FL','PA','MI','IN']) AS st) x;

INSERT INTO customer
SELECT c, pg_temp.bkey(c), 1 + pg_temp.r('ccd' || c, 1120), 1 + pg_temp.r('chd' || c, 1200), c,
  pg_temp.dsk(date '1998-01-01') + 30 + pg_temp.r('cfsd' || c, 1500)::int, pg_temp.dsk(date '1998-01-01') + pg_temp.r('cfs' || c, 1500)::int,
  pg_temp.pick('csal' || c, ARRAY['Mr.','Mrs.','Ms.','Miss','Dr.','Sir']), pg_temp.first_name('cfn' || c), pg_temp.last_name('cln' || c),
  pg_temp.pick('cpf' || c, ARRAY['Y','N']), 1 + pg_temp.r('cbd' || c, 28), 1 + pg_temp.r('cbm' || c, 12), 1924 + pg_temp.r('cby' || c, 69),
  pg_temp.pick('cbc' || c, ARRAY['UNITED STATES','CANADA','MEXICO','GERMANY','FRANCE','INDIA','CHINA','BRAZIL']), NULL,
  pg_temp.first_name('cfn' || c) || '.' || pg_temp.last_name('cln' || c) || '@' || lower(substr(md5('cem' || c), 1, 8)) || '.com',
  pg_temp.dsk(date '2002-01-01') + pg_temp.r('clr' || c, 700)::int
FROM generate_series(1, 1500) c ORDER BY c;

INSERT INTO promotion
SELECT p, pg_temp.bkey(p), sd, sd + 30 + pg_temp.r('ped' || p, 60)::int, 1 + pg_temp.r('pi' || p, 450), 1000.00, 1,
  (ARRAY['ought','able','pri','ese','anti','cally','ation','eing','bar','n st'])[1 + p % 10], pg_temp.pick('pd' || p, ARRAY['Y','N']),
  pg_temp.pick('pe' || p, ARRAY['Y','N']), 'N', pg_temp.pick('pt' || p, ARRAY['Y','N']), 'N', 'N', 'N', 'N', pg_temp.words('pcd' || p, 10),
  'Unknown', 'N'
FROM generate_series(1, 30) p CROSS JOIN LATERAL (SELECT pg_temp.dsk(date '1998-01-01') + pg_temp.r('psd' || p, 1700)::int AS sd) x;

-- Catalog pages: eleven catalogs (one every 180 days) of 30 pages.
INSERT INTO catalog_page
SELECT row_number() OVER (ORDER BY c, pg), pg_temp.bkey((c - 1) * 30 + pg), pg_temp.dsk(date '1998-01-01') + 180 * (c - 1),
  pg_temp.dsk(date '1998-01-01') + 180 * c - 1, 'DEPARTMENT', c, pg, pg_temp.words('cpd' || c || '-' || pg, 12),
  (ARRAY['bi-annual','quarterly','monthly'])[1 + c % 3]
FROM generate_series(1, 11) c, generate_series(1, 30) pg;

INSERT INTO web_page
SELECT row_number() OVER (ORDER BY n, v), pg_temp.bkey(n), (ARRAY[date '1997-09-03', date '2000-09-03'])[v],
  CASE WHEN v = 1 THEN date '2000-09-02' END, pg_temp.dsk(date '1998-01-01') + pg_temp.r('wpc' || n, 1000)::int,
  pg_temp.dsk(date '2002-01-01') + pg_temp.r('wpa' || n || v, 300)::int, pg_temp.pick('wpf' || n, ARRAY['Y','N']),
  CASE WHEN pg_temp.r('wpcu' || n, 4) = 0 THEN 1 + pg_temp.r('wpcc' || n, 1500) END, 'http://www.foo.com',
  pg_temp.pick('wpt' || n, ARRAY['ad','bio','dynamic','feedback','general','order','protected','welcome']),
  1000 + pg_temp.r('wpch' || n || v, 6000), 2 + pg_temp.r('wpl' || n || v, 24), 1 + pg_temp.r('wpi' || n || v, 7), pg_temp.r('wpm' || n || v, 5)
FROM generate_series(1, 15) n CROSS JOIN generate_series(1, 2) v;

ANALYZE item, customer, date_dim;

-- Inventory: 100 items in the five warehouses, counted every week for eight weeks.
INSERT INTO inventory
SELECT pg_temp.dsk(date '2002-01-03') + 7 * wk, i, w, pg_temp.r('inv' || wk || '-' || i || '-' || w, 1000)::int
FROM generate_series(0, 7) wk, generate_series(1, 100) i, generate_series(1, 5) w ORDER BY 1, 2, 3;

-- Store sales: 2,000 tickets of 1 to 15 line items (distinct items), most by known
-- customers (a few regulars shop often); about one line in ten is returned later.
CREATE TEMP TABLE ss_line AS
SELECT t, l, 1 + (pg_temp.skew('ssi' || t, 450) - 1 + l * 37) % 450 AS item, sd, 28800 + 60 * pg_temp.r('sst' || t, 720)::int AS st,
  CASE WHEN pg_temp.r('ssc' || t, 25) = 0 THEN NULL ELSE pg_temp.skew2('ssc' || t, 1500) END AS cust, 1 + pg_temp.r('sss' || t, 12) AS store,
  1 + pg_temp.r('ssq' || t || '-' || l, 100) AS qty, 1 + pg_temp.r('ssw' || t || '-' || l, 10000) / 100.0 AS wholesale,
  1 + pg_temp.r('ssm' || t || '-' || l, 100) / 100.0 AS markup, pg_temp.r('ssd' || t || '-' || l, 50) / 100.0 AS disc,
  CASE WHEN pg_temp.r('ssp' || t || '-' || l, 4) = 0 THEN 1 + pg_temp.r('sspr' || t, 30) END AS promo
FROM generate_series(1, 2000) t
CROSS JOIN LATERAL (SELECT pg_temp.dsk(date '1998-01-02') + (t * 1826 / 2000) AS sd) x
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('ssn' || t, 15)::int) l;

INSERT INTO store_sales
SELECT sd, st, item, cust, c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, store, promo, t, qty,
  round(wholesale, 2), round(wholesale * markup, 2), round(wholesale * markup * (1 - disc), 2), round(qty * wholesale * markup * disc, 2),
  round(qty * wholesale * markup * (1 - disc), 2), round(qty * wholesale, 2), round(qty * wholesale * markup, 2),
  round(qty * wholesale * markup * (1 - disc) * 0.08, 2), 0, round(qty * wholesale * markup * (1 - disc), 2),
  round(qty * wholesale * markup * (1 - disc) * 1.08, 2), round(qty * wholesale * markup * (1 - disc) - qty * wholesale, 2)
FROM ss_line s LEFT JOIN customer c ON c.c_customer_sk = s.cust
ORDER BY t, l;

INSERT INTO store_returns
SELECT sd + 3 + pg_temp.r('srd' || t || '-' || l, 60)::int, 28800 + 60 * pg_temp.r('srt' || t || '-' || l, 720)::int, item, cust,
  c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, store, 1 + pg_temp.r('srr' || t || '-' || l, 35), t, rq,
  round(rq * wholesale * markup * (1 - disc), 2), round(rq * wholesale * markup * (1 - disc) * 0.08, 2),
  round(rq * wholesale * markup * (1 - disc) * 1.08, 2), round(0.5 + pg_temp.r('srf' || t || '-' || l, 9950) / 100.0, 2),
  round(rq * 0.5, 2), round(rq * wholesale * markup * (1 - disc) * 0.5, 2), round(rq * wholesale * markup * (1 - disc) * 0.25, 2),
  round(rq * wholesale * markup * (1 - disc) * 0.25, 2), round(rq * wholesale * 0.1, 2)
FROM ss_line s LEFT JOIN customer c ON c.c_customer_sk = s.cust
CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('srq' || t || '-' || l, s.qty) AS rq) q
WHERE pg_temp.r('sret' || t || '-' || l, 10) = 0
ORDER BY t, l;

-- Catalog and web sales: orders of 1 to 15 lines shipped from a warehouse a few days later.
CREATE TEMP TABLE cs_line AS
SELECT o, l, 1 + (pg_temp.skew('csi' || o, 450) - 1 + l * 41) % 450 AS item, sd, 60 * pg_temp.r('cst' || o, 1440)::int AS st,
  pg_temp.skew2('csc' || o, 1500) AS cust, 1 + pg_temp.r('csw' || o || '-' || l, 5) AS wh, 1 + pg_temp.r('cssm' || o, 20) AS sm,
  1 + pg_temp.r('cscc' || o, 6) AS cc, 1 + ((sd - pg_temp.dsk(date '1998-01-01')) / 180) * 30 + pg_temp.r('cscp' || o || '-' || l, 30) AS cp,
  1 + pg_temp.r('csq' || o || '-' || l, 100) AS qty, 1 + pg_temp.r('csw' || o || '-' || l, 10000) / 100.0 AS wholesale,
  1 + pg_temp.r('csm' || o || '-' || l, 100) / 100.0 AS markup, pg_temp.r('csd' || o || '-' || l, 50) / 100.0 AS disc,
  CASE WHEN pg_temp.r('csp' || o || '-' || l, 4) = 0 THEN 1 + pg_temp.r('cspr' || o, 30) END AS promo
FROM generate_series(1, 1000) o
CROSS JOIN LATERAL (SELECT pg_temp.dsk(date '1998-01-02') + (o * 1826 / 1000) AS sd) x
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('csn' || o, 15)::int) l;

INSERT INTO catalog_sales
SELECT sd, st, sd + 2 + pg_temp.r('csh' || o, 90)::int, cust, c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, cust,
  c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, cc, cp, sm, wh, item, promo, o, qty, round(wholesale, 2),
  round(wholesale * markup, 2), round(wholesale * markup * (1 - disc), 2), round(qty * wholesale * markup * disc, 2),
  round(qty * wholesale * markup * (1 - disc), 2), round(qty * wholesale, 2), round(qty * wholesale * markup, 2),
  round(qty * wholesale * markup * (1 - disc) * 0.08, 2), 0, round(qty * 1.5, 2), round(qty * wholesale * markup * (1 - disc), 2),
  round(qty * wholesale * markup * (1 - disc) * 1.08, 2), round(qty * wholesale * markup * (1 - disc) + qty * 1.5, 2),
  round(qty * wholesale * markup * (1 - disc) * 1.08 + qty * 1.5, 2), round(qty * wholesale * markup * (1 - disc) - qty * wholesale, 2)
FROM cs_line s JOIN customer c ON c.c_customer_sk = s.cust
ORDER BY o, l;

INSERT INTO catalog_returns
SELECT sd + 10 + pg_temp.r('crd' || o || '-' || l, 60)::int, 60 * pg_temp.r('crt' || o || '-' || l, 1440)::int, item, cust,
  c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, cust, c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk,
  cc, cp, sm, wh, 1 + pg_temp.r('crr' || o || '-' || l, 35), o, rq, round(rq * wholesale * markup * (1 - disc), 2),
  round(rq * wholesale * markup * (1 - disc) * 0.08, 2), round(rq * wholesale * markup * (1 - disc) * 1.08, 2),
  round(0.5 + pg_temp.r('crf' || o || '-' || l, 9950) / 100.0, 2), round(rq * 1.5, 2), round(rq * wholesale * markup * (1 - disc) * 0.5, 2),
  round(rq * wholesale * markup * (1 - disc) * 0.25, 2), round(rq * wholesale * markup * (1 - disc) * 0.25, 2), round(rq * wholesale * 0.1, 2)
FROM cs_line s JOIN customer c ON c.c_customer_sk = s.cust
CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('crq' || o || '-' || l, s.qty) AS rq) q
WHERE pg_temp.r('cret' || o || '-' || l, 10) = 0
ORDER BY o, l;

CREATE TEMP TABLE ws_line AS
SELECT o, l, 1 + (pg_temp.skew('wsi' || o, 450) - 1 + l * 43) % 450 AS item, sd, 60 * pg_temp.r('wst' || o, 1440)::int AS st,
  pg_temp.skew2('wsc' || o, 1500) AS cust, 1 + pg_temp.r('wsw' || o || '-' || l, 5) AS wh, 1 + pg_temp.r('wssm' || o, 20) AS sm,
  1 + pg_temp.r('wsp' || o, 30) AS page, 1 + pg_temp.r('wsst' || o, 6) AS site,
  1 + pg_temp.r('wsq' || o || '-' || l, 100) AS qty, 1 + pg_temp.r('wsw' || o || '-' || l, 10000) / 100.0 AS wholesale,
  1 + pg_temp.r('wsm' || o || '-' || l, 100) / 100.0 AS markup, pg_temp.r('wsd' || o || '-' || l, 50) / 100.0 AS disc,
  CASE WHEN pg_temp.r('wspm' || o || '-' || l, 4) = 0 THEN 1 + pg_temp.r('wspr' || o, 30) END AS promo
FROM generate_series(1, 600) o
CROSS JOIN LATERAL (SELECT pg_temp.dsk(date '1998-01-02') + (o * 1826 / 600) AS sd) x
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('wsn' || o, 15)::int) l;

INSERT INTO web_sales
SELECT sd, st, sd + 1 + pg_temp.r('wsh' || o, 120)::int, item, cust, c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, cust,
  c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, page, site, sm, wh, promo, o, qty, round(wholesale, 2),
  round(wholesale * markup, 2), round(wholesale * markup * (1 - disc), 2), round(qty * wholesale * markup * disc, 2),
  round(qty * wholesale * markup * (1 - disc), 2), round(qty * wholesale, 2), round(qty * wholesale * markup, 2),
  round(qty * wholesale * markup * (1 - disc) * 0.08, 2), 0, round(qty * 2.5, 2), round(qty * wholesale * markup * (1 - disc), 2),
  round(qty * wholesale * markup * (1 - disc) * 1.08, 2), round(qty * wholesale * markup * (1 - disc) + qty * 2.5, 2),
  round(qty * wholesale * markup * (1 - disc) * 1.08 + qty * 2.5, 2), round(qty * wholesale * markup * (1 - disc) - qty * wholesale, 2)
FROM ws_line s JOIN customer c ON c.c_customer_sk = s.cust
ORDER BY o, l;

INSERT INTO web_returns
SELECT sd + 10 + pg_temp.r('wrd' || o || '-' || l, 60)::int, 60 * pg_temp.r('wrt' || o || '-' || l, 1440)::int, item, cust,
  c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk, cust, c.c_current_cdemo_sk, c.c_current_hdemo_sk, c.c_current_addr_sk,
  page, 1 + pg_temp.r('wrr' || o || '-' || l, 35), o, rq, round(rq * wholesale * markup * (1 - disc), 2),
  round(rq * wholesale * markup * (1 - disc) * 0.08, 2), round(rq * wholesale * markup * (1 - disc) * 1.08, 2),
  round(0.5 + pg_temp.r('wrf' || o || '-' || l, 9950) / 100.0, 2), round(rq * 2.5, 2), round(rq * wholesale * markup * (1 - disc) * 0.5, 2),
  round(rq * wholesale * markup * (1 - disc) * 0.25, 2), round(rq * wholesale * markup * (1 - disc) * 0.25, 2), round(rq * wholesale * 0.1, 2)
FROM ws_line s JOIN customer c ON c.c_customer_sk = s.cust
CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('wrq' || o || '-' || l, s.qty) AS rq) q
WHERE pg_temp.r('wret' || o || '-' || l, 10) = 0
ORDER BY o, l;

DROP TABLE ss_line, cs_line, ws_line;
DROP FUNCTION pg_temp.bkey(bigint), pg_temp.dsk(date);
