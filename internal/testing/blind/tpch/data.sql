-- Deterministic data following TPC-H's dbgen rules at a tiny scale: the 5 regions and 25
-- nations of the specification, 40 suppliers, 800 parts with 4 suppliers each, 600
-- customers (those whose key is a multiple of 3 never order, as in dbgen), 3,000
-- orders with sparse keys (8 used in every 32) and 1 to 7 line items each. Unlike
-- dbgen's uniform draws, customers and parts are mildly skewed (some order more, some
-- sell more).

INSERT INTO region (r_regionkey, r_name, r_comment)
SELECT k, n, left(pg_temp.words('rc' || k, 12), 152) FROM (VALUES (0,'AFRICA'),(1,'AMERICA'),(2,'ASIA'),(3,'EUROPE'),(4,'MIDDLE EAST')) v(k, n);

INSERT INTO nation (n_nationkey, n_name, n_regionkey, n_comment)
SELECT k, n, r, left(pg_temp.words('nc' || k, 14), 152) FROM (VALUES (0,'ALGERIA',0),(1,'ARGENTINA',1),(2,'BRAZIL',1),(3,'CANADA',1),
  (4,'EGYPT',4),(5,'ETHIOPIA',0),(6,'FRANCE',3),(7,'GERMANY',3),(8,'INDIA',2),(9,'INDONESIA',2),(10,'IRAN',4),(11,'IRAQ',4),(12,'JAPAN',2),
  (13,'JORDAN',4),(14,'KENYA',0),(15,'MOROCCO',0),(16,'MOZAMBIQUE',0),(17,'PERU',1),(18,'CHINA',2),(19,'ROMANIA',3),(20,'SAUDI ARABIA',4),
  (21,'VIETNAM',2),(22,'RUSSIA',3),(23,'UNITED KINGDOM',3),(24,'UNITED STATES',1)) v(k, n, r);

INSERT INTO supplier (s_suppkey, s_name, s_address, s_nationkey, s_phone, s_acctbal, s_comment)
SELECT s, 'Supplier#' || lpad(s::text, 9, '0'), left(md5('sa' || s), 10 + pg_temp.r('sal' || s, 20)::int), nk,
  (10 + nk) || '-' || (100 + pg_temp.r('sp1' || s, 900)) || '-' || (100 + pg_temp.r('sp2' || s, 900)) || '-' || (1000 + pg_temp.r('sp3' || s, 9000)),
  (pg_temp.r('sb' || s, 1099999) - 99999) / 100.0, left(pg_temp.words('sc' || s, 10), 101)
FROM generate_series(1, 40) s CROSS JOIN LATERAL (SELECT pg_temp.r('sn' || s, 25)::int AS nk) x ORDER BY s;

INSERT INTO part (p_partkey, p_name, p_mfgr, p_brand, p_type, p_size, p_container, p_retailprice, p_comment)
SELECT p, (SELECT string_agg((ARRAY['almond','antique','aquamarine','azure','beige','bisque','black','blanched','blue','blush','brown',
    'burlywood','burnished','chartreuse','chiffon','chocolate','coral','cornflower','cornsilk','cream','cyan','dark','deep','dim','dodger',
    'drab','firebrick','floral','forest','frosted','gainsboro','ghost','goldenrod','green','grey','honeydew','hot','indian','ivory','khaki',
    'lace','lavender','lawn','lemon','light','lime','linen','magenta','maroon','medium','metallic','midnight','mint','misty','moccasin',
    'navajo','navy','olive','orange','orchid','pale','papaya','peach','peru','pink','plum','powder','puff','purple','red','rose','rosy',
    'royal','saddle','salmon','sandy','seashell','sienna','sky','slate','smoke','snow','spring','steel','tan','thistle','tomato',
    'turquoise','violet','wheat','white','yellow'])[1 + pg_temp.r('pn' || p || '-' || w, 92)], ' ' ORDER BY w) FROM generate_series(1, 5) w),
  'Manufacturer#' || m, 'Brand#' || m || (1 + pg_temp.r('pb' || p, 5)),
  pg_temp.pick('pt1' || p, ARRAY['STANDARD','SMALL','MEDIUM','LARGE','ECONOMY','PROMO']) || ' ' ||
    pg_temp.pick('pt2' || p, ARRAY['ANODIZED','BURNISHED','PLATED','POLISHED','BRUSHED']) || ' ' ||
    pg_temp.pick('pt3' || p, ARRAY['TIN','NICKEL','BRASS','STEEL','COPPER']),
  1 + pg_temp.r('ps' || p, 50),
  pg_temp.pick('pc1' || p, ARRAY['SM','LG','MED','JUMBO','WRAP']) || ' ' || pg_temp.pick('pc2' || p, ARRAY['CASE','BOX','BAG','JAR','PKG','PACK','CAN','DRUM']),
  (90000 + ((p / 10) % 20001) + 100 * (p % 1000)) / 100.0, left(pg_temp.words('pcm' || p, 4), 23)
FROM generate_series(1, 800) p CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('pm' || p, 5) AS m) x ORDER BY p;

-- Every part has four suppliers, a quarter of the supplier range apart (dbgen's bridge).
INSERT INTO partsupp (ps_partkey, ps_suppkey, ps_availqty, ps_supplycost, ps_comment)
SELECT p, 1 + (p + i * 10) % 40, 1 + pg_temp.r('pa' || p || '-' || i, 9999), (100 + pg_temp.r('pcost' || p || '-' || i, 99901)) / 100.0,
  left(pg_temp.words('psc' || p || '-' || i, 20), 199)
FROM generate_series(1, 800) p CROSS JOIN generate_series(0, 3) i ORDER BY p, i;

INSERT INTO customer (c_custkey, c_name, c_address, c_nationkey, c_phone, c_acctbal, c_mktsegment, c_comment)
SELECT c, 'Customer#' || lpad(c::text, 9, '0'), left(md5('ca' || c), 10 + pg_temp.r('cal' || c, 20)::int), nk,
  (10 + nk) || '-' || (100 + pg_temp.r('cp1' || c, 900)) || '-' || (100 + pg_temp.r('cp2' || c, 900)) || '-' || (1000 + pg_temp.r('cp3' || c, 9000)),
  (pg_temp.r('cb' || c, 1099999) - 99999) / 100.0,
  pg_temp.pick('seg' || c, ARRAY['AUTOMOBILE','BUILDING','FURNITURE','MACHINERY','HOUSEHOLD']), left(pg_temp.words('cc' || c, 14), 117)
FROM generate_series(1, 600) c CROSS JOIN LATERAL (SELECT pg_temp.r('cn' || c, 25)::int AS nk) x ORDER BY c;

-- Orders: sparse keys; the customer is one of the 400 whose key is not a multiple of 3.
INSERT INTO orders (o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate, o_orderpriority, o_clerk, o_shippriority, o_comment)
SELECT ((i - 1) / 8) * 32 + (i - 1) % 8 + 1, ck + (ck - 1) / 2, 'O', 0, date '1992-01-01' + pg_temp.r('od' || i, 2405)::int,
  pg_temp.pick('op' || i, ARRAY['1-URGENT','2-HIGH','3-MEDIUM','4-NOT SPECIFIED','5-LOW']), 'Clerk#' || lpad((1 + pg_temp.r('ck' || i, 4))::text, 9, '0'),
  0, left(pg_temp.words('oc' || i, 10), 79)
FROM generate_series(1, 3000) i CROSS JOIN LATERAL (SELECT pg_temp.skew2('oc' || i, 400) AS ck) x ORDER BY i;

-- ck + (ck - 1) / 2 maps 1..400 onto the keys 1, 2, 4, 5, 7, ... that are not multiples of 3.

ANALYZE orders, part;

INSERT INTO lineitem (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_extendedprice, l_discount, l_tax, l_returnflag,
  l_linestatus, l_shipdate, l_commitdate, l_receiptdate, l_shipinstruct, l_shipmode, l_comment)
SELECT o.o_orderkey, l.pk, 1 + (l.pk + l.si * 10) % 40, l.n, l.q, l.q * p.p_retailprice, pg_temp.r('ld' || o.o_orderkey || l.n, 11) / 100.0,
  pg_temp.r('lt' || o.o_orderkey || l.n, 9) / 100.0,
  CASE WHEN l.rd <= date '1995-06-17' THEN (ARRAY['R','A'])[1 + pg_temp.r('rf' || o.o_orderkey || l.n, 2)] ELSE 'N' END,
  CASE WHEN l.sd > date '1995-06-17' THEN 'O' ELSE 'F' END,
  l.sd, o.o_orderdate + 30 + pg_temp.r('lc' || o.o_orderkey || l.n, 61)::int, l.rd,
  pg_temp.pick('lsi' || o.o_orderkey || l.n, ARRAY['DELIVER IN PERSON','COLLECT COD','NONE','TAKE BACK RETURN']),
  pg_temp.pick('lsm' || o.o_orderkey || l.n, ARRAY['REG AIR','AIR','RAIL','SHIP','TRUCK','MAIL','FOB']),
  left(pg_temp.words('lcm' || o.o_orderkey || l.n, 6), 44)
FROM orders o
CROSS JOIN LATERAL (
  SELECT n, pg_temp.skew2('lp' || o.o_orderkey || '-' || n, 800)::int AS pk, pg_temp.r('ls' || o.o_orderkey || '-' || n, 4)::int AS si,
    (1 + pg_temp.r('lq' || o.o_orderkey || '-' || n, 50))::numeric AS q, sd, sd + 1 + pg_temp.r('lr' || o.o_orderkey || '-' || n, 30)::int AS rd
  FROM generate_series(1, 1 + pg_temp.r('nl' || o.o_orderkey, 7)::int) n
  CROSS JOIN LATERAL (SELECT o.o_orderdate + 1 + pg_temp.r('lsd' || o.o_orderkey || '-' || n, 121)::int AS sd) d
) l
JOIN part p ON p.p_partkey = l.pk
ORDER BY o.o_orderkey, l.n;

UPDATE orders o SET o_totalprice = s.total, o_orderstatus = s.status
FROM (SELECT l_orderkey, sum(l_extendedprice * (1 + l_tax) * (1 - l_discount)) AS total,
    CASE WHEN bool_and(l_linestatus = 'F') THEN 'F' WHEN bool_and(l_linestatus = 'O') THEN 'O' ELSE 'P' END AS status
  FROM lineitem GROUP BY l_orderkey) s
WHERE s.l_orderkey = o.o_orderkey;
