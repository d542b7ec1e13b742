-- Deterministic data for the airlines demo: the nine aircraft and their 1,339 seats as in
-- the demo, 60 airports, 100 routes flown over 60 days around bookings.now()
-- (2017-08-15 18:00 Moscow time), 5,000 bookings of one to four passengers who travel
-- together on one to four flights, and boarding passes for the flights that have
-- boarded. flight_id is filled by its sequence, in departure order.

INSERT INTO bookings.aircrafts_data (aircraft_code, model, range)
SELECT c, jsonb_build_object('en', en, 'ru', ru), r FROM (VALUES
  ('773','Boeing 777-300','Боинг 777-300',11100),('763','Boeing 767-300','Боинг 767-300',7900),
  ('SU9','Sukhoi Superjet-100','Сухой Суперджет-100',3000),('320','Airbus A320-200','Аэробус A320-200',5700),
  ('321','Airbus A321-200','Аэробус A321-200',5600),('319','Airbus A319-100','Аэробус A319-100',6700),
  ('733','Boeing 737-300','Боинг 737-300',4200),('CN1','Cessna 208 Caravan','Сессна 208 Караван',1200),
  ('CR2','Bombardier CRJ-200','Бомбардье CRJ-200',2700)) v(c, en, ru, r);

-- Seats: n seats, w to a row; the first rows are Business, on the wide bodies a few
-- Comfort rows follow.
INSERT INTO bookings.seats (aircraft_code, seat_no, fare_conditions)
SELECT a.c, (1 + (k - 1) / a.w) || substr('ABCDEFGHK', 1 + (k - 1) % a.w, 1),
  CASE WHEN 1 + (k - 1) / a.w <= a.biz THEN 'Business' WHEN 1 + (k - 1) / a.w <= a.biz + a.comfort THEN 'Comfort' ELSE 'Economy' END
FROM (VALUES ('773',402,9,4,3),('763',222,7,4,0),('SU9',97,5,3,0),('320',140,6,4,0),('321',170,6,4,0),('319',116,6,3,0),
  ('733',130,6,3,0),('CN1',12,2,0,0),('CR2',50,4,0,0)) a(c, n, w, biz, comfort)
CROSS JOIN LATERAL generate_series(1, a.n) k;

INSERT INTO bookings.airports_data (airport_code, airport_name, city, coordinates, timezone)
SELECT c, jsonb_build_object('en', n, 'ru', n), jsonb_build_object('en', city, 'ru', city), point(lon, lat), tz FROM (VALUES
  ('SVO','Sheremetyevo International Airport','Moscow',37.4146,55.9726,'Europe/Moscow'),
  ('DME','Domodedovo International Airport','Moscow',37.9063,55.4088,'Europe/Moscow'),
  ('VKO','Vnukovo International Airport','Moscow',37.2615,55.5915,'Europe/Moscow'),
  ('LED','Pulkovo Airport','St. Petersburg',30.2625,59.8003,'Europe/Moscow'),
  ('SVX','Koltsovo Airport','Yekaterinburg',60.8027,56.7431,'Asia/Yekaterinburg'),
  ('OVB','Tolmachevo Airport','Novosibirsk',82.6507,55.0126,'Asia/Novosibirsk'),
  ('KJA','Yemelyanovo Airport','Krasnoyarsk',92.4933,56.1729,'Asia/Krasnoyarsk'),
  ('AER','Sochi International Airport','Sochi',39.9566,43.4499,'Europe/Moscow'),
  ('KRR','Krasnodar International Airport','Krasnodar',39.1705,45.0347,'Europe/Moscow'),
  ('ROV','Rostov-on-Don Airport','Rostov',39.8181,47.2582,'Europe/Moscow'),
  ('KZN','Kazan Airport','Kazan',49.2787,55.6062,'Europe/Moscow'),
  ('UFA','Ufa International Airport','Ufa',55.8744,54.5575,'Asia/Yekaterinburg'),
  ('KUF','Kurumoch International Airport','Samara',50.1643,53.5049,'Europe/Samara'),
  ('PEE','Bolshoye Savino Airport','Perm',56.0212,57.9145,'Asia/Yekaterinburg'),
  ('CEK','Chelyabinsk Balandino Airport','Chelyabinsk',61.5033,55.3058,'Asia/Yekaterinburg'),
  ('OMS','Omsk Central Airport','Omsk',73.3105,54.967,'Asia/Omsk'),
  ('TJM','Roshchino International Airport','Tyumen',65.3243,57.1896,'Asia/Yekaterinburg'),
  ('IKT','Irkutsk Airport','Irkutsk',104.389,52.268,'Asia/Irkutsk'),
  ('VVO','Vladivostok International Airport','Vladivostok',132.148,43.399,'Asia/Vladivostok'),
  ('KHV','Khabarovsk-Novy Airport','Khabarovsk',135.188,48.528,'Asia/Vladivostok'),
  ('YKS','Yakutsk Airport','Yakutsk',129.771,62.0933,'Asia/Yakutsk'),
  ('MMK','Murmansk Airport','Murmansk',32.7508,68.7817,'Europe/Moscow'),
  ('ARH','Talagi Airport','Arkhangelsk',40.7167,64.6003,'Europe/Moscow'),
  ('KGD','Khrabrovo Airport','Kaliningrad',20.5926,54.89,'Europe/Kaliningrad'),
  ('MRV','Mineralnyye Vody Airport','Mineralnye Vody',43.0819,44.2251,'Europe/Moscow'),
  ('AAQ','Anapa Vityazevo Airport','Anapa',37.3473,45.0021,'Europe/Moscow'),
  ('GOJ','Nizhny Novgorod Strigino International Airport','Nizhniy Novgorod',43.7898,56.2301,'Europe/Moscow'),
  ('VOZ','Voronezh International Airport','Voronezh',39.2296,51.8142,'Europe/Moscow'),
  ('BAX','Barnaul Airport','Barnaul',83.5385,53.3638,'Asia/Krasnoyarsk'),
  ('TOF','Bogashevo Airport','Tomsk',85.2083,56.3803,'Asia/Krasnoyarsk'),
  ('NJC','Nizhnevartovsk Airport','Nizhnevartovsk',76.4836,60.9493,'Asia/Yekaterinburg'),
  ('SGC','Surgut Airport','Surgut',73.4018,61.3437,'Asia/Yekaterinburg'),
  ('NUX','Novy Urengoy Airport','Novy Urengoy',76.5203,66.0694,'Asia/Yekaterinburg'),
  ('NOZ','Spichenkovo Airport','Novokuznetsk',86.8772,53.8114,'Asia/Novokuznetsk'),
  ('KEJ','Kemerovo Airport','Kemorovo',86.1072,55.2701,'Asia/Novokuznetsk'),
  ('ABA','Abakan Airport','Abakan',91.385,53.74,'Asia/Krasnoyarsk'),
  ('UUD','Ulan-Ude Airport (Mukhino)','Ulan-ude',107.438,51.8078,'Asia/Irkutsk'),
  ('HTA','Chita-Kadala Airport','Chita',113.306,52.0263,'Asia/Chita'),
  ('PKC','Yelizovo Airport','Petropavlovsk',158.454,53.1679,'Asia/Kamchatka'),
  ('UUS','Yuzhno-Sakhalinsk Airport','Yuzhno-Sakhalinsk',142.718,46.8887,'Asia/Sakhalin'),
  ('GDX','Sokol Airport','Magadan',150.72,59.9110,'Asia/Magadan'),
  ('NSK','Norilsk-Alykel Airport','Norilsk',87.3322,69.3111,'Asia/Krasnoyarsk'),
  ('SCW','Syktyvkar Airport','Syktyvkar',50.8451,61.6470,'Europe/Moscow'),
  ('KGP','Kogalym International Airport','Kogalym',74.5338,62.1904,'Asia/Yekaterinburg'),
  ('ASF','Astrakhan Airport','Astrakhan',48.006,46.2833,'Europe/Samara'),
  ('VOG','Volgograd International Airport','Volgograd',44.3455,48.7825,'Europe/Volgograd'),
  ('STW','Stavropol Shpakovskoye Airport','Stavropol',42.1128,45.1092,'Europe/Moscow'),
  ('MCX','Uytash Airport','Makhachkala',47.6523,42.8168,'Europe/Moscow'),
  ('GRV','Grozny North Airport','Grozny',45.7841,43.3883,'Europe/Moscow'),
  ('NAL','Nalchik Airport','Nalchik',43.6366,43.5129,'Europe/Moscow'),
  ('OGZ','Beslan Airport','Beslan',44.6066,43.2051,'Europe/Moscow'),
  ('KLF','Grabtsevo Airport','Kaluga',36.3667,54.55,'Europe/Moscow'),
  ('BZK','Bryansk Airport','Bryansk',34.1764,53.2142,'Europe/Moscow'),
  ('EGO','Belgorod International Airport','Belgorod',36.5901,50.6438,'Europe/Moscow'),
  ('KVX','Pobedilovo Airport','Kirov',49.3483,58.5033,'Europe/Moscow'),
  ('IJK','Izhevsk Airport','Izhevsk',53.4575,56.8281,'Europe/Samara'),
  ('ULV','Ulyanovsk Baratayevka Airport','Ulyanovsk',48.2267,54.2683,'Europe/Samara'),
  ('PEZ','Penza Airport','Penza',45.0211,53.1106,'Europe/Moscow'),
  ('SKX','Saransk Airport','Saransk',45.2123,54.1251,'Europe/Moscow'),
  ('CSY','Cheboksary Airport','Cheboksary',47.3473,56.0903,'Europe/Moscow')
) v(c, n, city, lon, lat, tz);

-- Routes: 100 flight numbers, most of them from or to the Moscow airports, each flown
-- every period days at a fixed time of day.
CREATE TEMP TABLE route AS
SELECT r, 'PG' || lpad(r::text, 4, '0') AS flight_no, dep, arr,
  CASE WHEN dist > 5000 THEN (ARRAY['773','763'])[1 + r % 2] WHEN dist > 2500 THEN (ARRAY['320','321','319','733'])[1 + r % 4]
    WHEN dist > 800 THEN (ARRAY['SU9','CR2','733','319'])[1 + r % 4] ELSE (ARRAY['CN1','CR2','SU9'])[1 + r % 3] END AS aircraft,
  (50 + dist / 12) * interval '1 minute' AS duration,
  (ARRAY[2, 3, 5, 7, 7])[1 + pg_temp.r('per' || r, 5)] AS period,
  (360 + 15 * pg_temp.r('hr' || r, 64)) * interval '1 minute' AS dep_time,
  (1000 + dist * 4)::numeric AS base_fare
FROM (
  SELECT r, d.airport_code AS dep, a.airport_code AS arr,
    (6371 * 2 * asin(sqrt(power(sin(radians((a.coordinates[1] - d.coordinates[1]) / 2)), 2) +
      cos(radians(d.coordinates[1])) * cos(radians(a.coordinates[1])) * power(sin(radians((a.coordinates[0] - d.coordinates[0]) / 2)), 2))))::int AS dist
  FROM generate_series(1, 100) r
  CROSS JOIN LATERAL (SELECT CASE WHEN r % 3 = 0 THEN 1 + pg_temp.r('dep' || r, 60) ELSE 1 + r % 4 END AS di,
    2 + (r * 7 + pg_temp.r('arr' || r, 55)) % 58 AS ai) x
  JOIN (SELECT airport_code, coordinates, row_number() OVER (ORDER BY CASE airport_code WHEN 'SVO' THEN 1 WHEN 'DME' THEN 2
      WHEN 'VKO' THEN 3 WHEN 'LED' THEN 4 ELSE 5 END, airport_code) AS n FROM bookings.airports_data) d ON d.n = x.di
  JOIN (SELECT airport_code, coordinates, row_number() OVER (ORDER BY airport_code) AS n FROM bookings.airports_data) a
    ON a.n = x.ai
) s
WHERE dep <> arr;

INSERT INTO bookings.flights (flight_no, scheduled_departure, scheduled_arrival, departure_airport, arrival_airport, status, aircraft_code,
  actual_departure, actual_arrival)
SELECT flight_no, sd, sd + duration, dep, arr, st, aircraft,
  CASE WHEN st IN ('Departed', 'Arrived') THEN sd + delay END,
  CASE WHEN st = 'Arrived' THEN sd + delay + duration + (pg_temp.r('ad' || flight_no || sd, 21) - 10) * interval '1 minute' END
FROM (
  SELECT r.*, sd, delay,
    CASE WHEN pg_temp.r('cx' || r.flight_no || day, 100) = 0 THEN 'Cancelled'
      WHEN sd + delay + r.duration + interval '10 minutes' < timestamptz '2017-08-15 18:00:00+03' THEN 'Arrived'
      WHEN sd + delay < timestamptz '2017-08-15 18:00:00+03' THEN 'Departed'
      WHEN sd < timestamptz '2017-08-16 18:00:00+03' THEN CASE WHEN delay > interval '30 minutes' THEN 'Delayed' ELSE 'On Time' END
      ELSE 'Scheduled' END AS st
  FROM route r
  CROSS JOIN generate_series(0, 59) day
  CROSS JOIN LATERAL (SELECT (timestamp '2017-07-16' + day * interval '1 day' + r.dep_time) AT TIME ZONE 'Europe/Moscow' AS sd,
    (CASE WHEN pg_temp.r('dl' || r.flight_no || day, 10) = 0 THEN 20 + pg_temp.r('dm' || r.flight_no || day, 120) ELSE pg_temp.r('dm' || r.flight_no || day, 8) END)
      * interval '1 minute' AS delay) t
  WHERE (day + r.r) % r.period = 0
) f
ORDER BY sd, flight_no;

ANALYZE bookings.flights, bookings.seats;

-- Bookings: the party of a booking flies together on one to four flights (a journey
-- out and, often, back), booked one to 40 days ahead. A few flights are much
-- fuller than the rest.
CREATE TEMP TABLE journey AS
SELECT b, pax, legs, f0, step, f.scheduled_departure - (1 + pg_temp.r('lead' || b, 40)) * interval '1 day'
  - pg_temp.r('leadm' || b, 1440) * interval '1 minute' AS book_date
FROM (
  SELECT b, 1 + pg_temp.skew2('pax' || b, 4)::int - 1 AS pax, (ARRAY[1, 2, 2, 2, 3, 4])[1 + pg_temp.r('legs' || b, 6)] AS legs,
    CASE WHEN pg_temp.r('hot' || b, 20) < 3 THEN 1 + (pg_temp.skew2('hf' || b, 80) * 29) % (n.n - 200)
      ELSE 1 + pg_temp.r('f0' || b, n.n - 200) END AS f0,
    20 + pg_temp.r('step' || b, 40) AS step
  FROM generate_series(1, 5000) b CROSS JOIN (SELECT count(*)::int AS n FROM bookings.flights) n
) j JOIN bookings.flights f ON f.flight_id = j.f0;

INSERT INTO bookings.bookings (book_ref, book_date, total_amount)
SELECT upper(lpad(to_hex(((b::bigint * 1103515245) % 16777216)::int), 6, '0')), book_date, 0
FROM journey ORDER BY b;

CREATE TEMP TABLE ticket AS
SELECT j.b, p, '0005432' || lpad((100000 + 3 * (row_number() OVER (ORDER BY j.b, p)) + pg_temp.r('tn' || j.b || p, 3))::text, 6, '0') AS ticket_no
FROM journey j CROSS JOIN LATERAL generate_series(1, j.pax) p;

INSERT INTO bookings.tickets (ticket_no, book_ref, passenger_id, passenger_name, contact_data)
SELECT t.ticket_no, upper(lpad(to_hex(((t.b::bigint * 1103515245) % 16777216)::int), 6, '0')),
  lpad(pg_temp.r('ps' || t.b || t.p, 10000)::text, 4, '0') || ' ' || lpad(pg_temp.r('pn' || t.b || t.p, 1000000)::text, 6, '0'),
  upper(pg_temp.first_name('fn' || t.b || t.p) || ' ' || CASE WHEN t.p > 1 AND pg_temp.r('fam' || t.b, 3) > 0 THEN pg_temp.last_name('ln' || t.b)
    ELSE pg_temp.last_name('ln' || t.b || t.p) END),
  CASE WHEN pg_temp.r('cd' || t.b || t.p, 10) = 0 THEN NULL
    WHEN pg_temp.r('ce' || t.b || t.p, 3) = 0 THEN jsonb_build_object('phone', '+70' || lpad(pg_temp.r('tel' || t.b || t.p, 1000000000)::text, 9, '0'))
    ELSE jsonb_build_object('email', lower(pg_temp.first_name('fn' || t.b || t.p)) || '.' || pg_temp.r('em' || t.b || t.p, 1000) || '@postgrespro.ru',
      'phone', '+70' || lpad(pg_temp.r('tel' || t.b || t.p, 1000000000)::text, 9, '0')) END
FROM ticket t ORDER BY t.ticket_no;

INSERT INTO bookings.ticket_flights (ticket_no, flight_id, fare_conditions, amount)
SELECT t.ticket_no, f.flight_id, fc.fare, round(r.base_fare * CASE fc.fare WHEN 'Business' THEN 3 WHEN 'Comfort' THEN 1.6 ELSE 1 END
  * (0.9 + pg_temp.r('am' || j.b || l, 30) / 100.0) / 100) * 100
FROM journey j
JOIN ticket t ON t.b = j.b
CROSS JOIN generate_series(0, j.legs - 1) l
JOIN bookings.flights f ON f.flight_id = j.f0 + l * j.step
JOIN route r ON r.flight_no = f.flight_no
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('fc' || j.b, 10) = 0 THEN 'Business' WHEN pg_temp.r('fc' || j.b, 20) = 1 AND f.aircraft_code = '773'
  THEN 'Comfort' ELSE 'Economy' END AS fare) fc
ORDER BY t.ticket_no, f.flight_id;

UPDATE bookings.bookings b SET total_amount = s.total
FROM (SELECT t.book_ref, sum(tf.amount) AS total FROM bookings.tickets t JOIN bookings.ticket_flights tf ON tf.ticket_no = t.ticket_no
  GROUP BY t.book_ref) s
WHERE s.book_ref = b.book_ref;

-- Boarding passes for the flights that have boarded (or are boarding): passengers in
-- ticket order get consecutive boarding numbers and distinct seats, as long as seats
-- last.
INSERT INTO bookings.boarding_passes (ticket_no, flight_id, boarding_no, seat_no)
SELECT tf.ticket_no, tf.flight_id, tf.rn, s.seat_no
FROM (SELECT t.ticket_no, t.flight_id, f.aircraft_code, row_number() OVER (PARTITION BY t.flight_id ORDER BY t.ticket_no) AS rn
  FROM bookings.ticket_flights t JOIN bookings.flights f ON f.flight_id = t.flight_id
  WHERE f.status IN ('Arrived', 'Departed') OR (f.status IN ('On Time', 'Delayed') AND f.scheduled_departure < timestamptz '2017-08-15 20:00:00+03')) tf
JOIN (SELECT aircraft_code, seat_no, row_number() OVER (PARTITION BY aircraft_code ORDER BY md5('seat' || seat_no)) AS sn FROM bookings.seats) s
  ON s.aircraft_code = tf.aircraft_code AND s.sn = tf.rn
ORDER BY tf.flight_id, tf.rn;

DROP TABLE route, journey, ticket;
