-- Deterministic data for the AdventureWorks cut. Serial columns are filled by
-- their defaults (inserts are ordered, so the ids are the row numbers);
-- every other value is a function of the row number (pg_temp helpers of
-- common.sql). Business entities: people 1..2500 (employees 1..150, of whom
-- 134..150 sell; store contacts 151..450; vendor contacts 451..530;
-- individual customers 531..2450; general contacts 2451..2500), stores
-- 2501..2800, vendors 2801..2880.

-- Person ---------------------------------------------------------------

INSERT INTO person.countryregion (countryregioncode, name, modifieddate)
SELECT c, n, timestamp '2008-04-30 00:00:00' FROM (VALUES
  ('AU','Australia'),('CA','Canada'),('DE','Germany'),('FR','France'),('GB','United Kingdom'),('US','United States'),
  ('AS','American Samoa'),('FM','Micronesia'),('MH','Marshall Islands'),('MP','Northern Mariana Islands'),('PW','Palau'),
  ('VI','Virgin Islands, U.S.'),('NL','Netherlands'),('IT','Italy'),('ES','Spain'),('JP','Japan'),('MX','Mexico'),
  ('BR','Brazil'),('IN','India'),('CN','China')) v(c, n);

INSERT INTO sales.salesterritory (name, countryregioncode, "group", salesytd, saleslastyear, costytd, costlastyear, rowguid, modifieddate)
SELECT n, c, g, 5000000 + pg_temp.r('sty' || o, 5000000), 3000000 + pg_temp.r('sly' || o, 4000000), 0, 0,
       pg_temp.uuid('territory' || o), timestamp '2008-04-30 00:00:00'
FROM (VALUES (1,'Northwest','US','North America'),(2,'Northeast','US','North America'),(3,'Central','US','North America'),
  (4,'Southwest','US','North America'),(5,'Southeast','US','North America'),(6,'Canada','CA','North America'),
  (7,'France','FR','Europe'),(8,'Germany','DE','Europe'),(9,'Australia','AU','Pacific'),(10,'United Kingdom','GB','Europe')) v(o, n, c, g)
ORDER BY o;

-- States and provinces: the code is unique only within its country (WA is
-- Washington and Western Australia).
INSERT INTO person.stateprovince (stateprovincecode, countryregioncode, isonlystateprovinceflag, name, territoryid, rowguid, modifieddate)
SELECT code, cc, isonly, n, t, pg_temp.uuid('state' || o), timestamp '2014-02-08 10:17:21.587'
FROM (VALUES
  (1,'WA','US',false,'Washington',1),(2,'OR','US',false,'Oregon',1),(3,'ID','US',false,'Idaho',1),(4,'MT','US',false,'Montana',1),
  (5,'WY','US',false,'Wyoming',1),(6,'AK','US',false,'Alaska',1),(7,'HI','US',false,'Hawaii',1),
  (8,'CA','US',false,'California',4),(9,'NV','US',false,'Nevada',4),(10,'UT','US',false,'Utah',4),(11,'AZ','US',false,'Arizona',4),
  (12,'NM','US',false,'New Mexico',4),(13,'CO','US',false,'Colorado',4),(14,'TX','US',false,'Texas',4),(15,'OK','US',false,'Oklahoma',4),
  (16,'ME','US',false,'Maine',2),(17,'NH','US',false,'New Hampshire',2),(18,'VT','US',false,'Vermont',2),(19,'MA','US',false,'Massachusetts',2),
  (20,'RI','US',false,'Rhode Island',2),(21,'CT','US',false,'Connecticut',2),(22,'NY','US',false,'New York',2),(23,'NJ','US',false,'New Jersey',2),
  (24,'PA','US',false,'Pennsylvania',2),(25,'DE','US',false,'Delaware',2),(26,'MD','US',false,'Maryland',2),
  (27,'ND','US',false,'North Dakota',3),(28,'SD','US',false,'South Dakota',3),(29,'NE','US',false,'Nebraska',3),(30,'KS','US',false,'Kansas',3),
  (31,'MN','US',false,'Minnesota',3),(32,'IA','US',false,'Iowa',3),(33,'MO','US',false,'Missouri',3),(34,'WI','US',false,'Wisconsin',3),
  (35,'IL','US',false,'Illinois',3),(36,'IN','US',false,'Indiana',3),(37,'MI','US',false,'Michigan',3),(38,'OH','US',false,'Ohio',3),
  (39,'AR','US',false,'Arkansas',5),(40,'LA','US',false,'Louisiana',5),(41,'MS','US',false,'Mississippi',5),(42,'AL','US',false,'Alabama',5),
  (43,'TN','US',false,'Tennessee',5),(44,'KY','US',false,'Kentucky',5),(45,'WV','US',false,'West Virginia',5),(46,'VA','US',false,'Virginia',5),
  (47,'NC','US',false,'North Carolina',5),(48,'SC','US',false,'South Carolina',5),(49,'GA','US',false,'Georgia',5),(50,'FL','US',false,'Florida',5),
  (51,'BC','CA',false,'British Columbia',6),(52,'AB','CA',false,'Alberta',6),(53,'ON','CA',false,'Ontario',6),(54,'QC','CA',false,'Quebec',6),
  (55,'MB','CA',false,'Manitoba',6),(56,'SK','CA',false,'Saskatchewan',6),(57,'NS','CA',false,'Nova Scotia',6),(58,'NB','CA',false,'Brunswick',6),
  (59,'NF','CA',false,'Newfoundland',6),(60,'PE','CA',false,'Prince Edward Island',6),(61,'YT','CA',false,'Yukon Territory',6),
  (62,'NT','CA',false,'Northwest Territories',6),(63,'NU','CA',false,'Nunavut',6),
  (64,'75','FR',false,'Seine (Paris)',7),(65,'33','FR',false,'Gironde',7),(66,'69','FR',false,'Rhone',7),(67,'13','FR',false,'Bouches du Rhone',7),
  (68,'59','FR',false,'Nord',7),(69,'BY','DE',false,'Bayern',8),(70,'HE','DE',false,'Hessen',8),(71,'HH','DE',false,'Hamburg',8),
  (72,'NW','DE',false,'Nordrhein-Westfalen',8),(73,'BB','DE',false,'Brandenburg',8),(74,'NSW','AU',false,'New South Wales',9),
  (75,'VIC','AU',false,'Victoria',9),(76,'QLD','AU',false,'Queensland',9),(77,'SA','AU',false,'South Australia',9),
  (78,'WA','AU',false,'Western Australia',9),(79,'TAS','AU',false,'Tasmania',9),(80,'ENG','GB',true,'England',10),
  (81,'AS','AS',true,'American Samoa',1),(82,'FM','FM',true,'Micronesia',1),(83,'MH','MH',true,'Marshall Islands',1),
  (84,'MP','MP',true,'Northern Mariana Islands',1),(85,'PW','PW',true,'Palau',1),(86,'VI','VI',true,'Virgin Islands',5)
) v(o, code, cc, isonly, n, t)
ORDER BY o;

INSERT INTO person.businessentity (rowguid, modifieddate)
SELECT pg_temp.uuid('be' || i), pg_temp.ts('bem' || i, timestamp '2006-06-23', 2900)
FROM generate_series(1, 2880) i ORDER BY i;

INSERT INTO person.person (businessentityid, persontype, namestyle, title, firstname, middlename, lastname, suffix,
  emailpromotion, additionalcontactinfo, demographics, rowguid, modifieddate)
SELECT i,
  CASE WHEN i <= 133 THEN 'EM' WHEN i <= 150 THEN 'SP' WHEN i <= 450 THEN 'SC' WHEN i <= 530 THEN 'VC' WHEN i <= 2450 THEN 'IN' ELSE 'GC' END,
  false,
  CASE pg_temp.r('title' || i, 10) WHEN 0 THEN 'Mr.' WHEN 1 THEN 'Ms.' WHEN 2 THEN 'Mrs.' ELSE NULL END,
  pg_temp.first_name('fn' || i),
  CASE WHEN pg_temp.r('mn' || i, 2) = 0 THEN chr(65 + pg_temp.r('mi' || i, 26)::int) ELSE NULL END,
  pg_temp.last_name('ln' || i),
  CASE WHEN pg_temp.r('sfx' || i, 60) = 0 THEN 'Jr.' ELSE NULL END,
  pg_temp.r('ep' || i, 3),
  NULL,
  CASE WHEN i BETWEEN 531 AND 2450 THEN
    ('<IndividualSurvey><TotalPurchaseYTD>' || (pg_temp.r('ytd' || i, 900000) / 100.0) || '</TotalPurchaseYTD><YearlyIncome>' ||
     pg_temp.pick('inc' || i, ARRAY['0-25000','25001-50000','50001-75000','75001-100000','greater than 100000']) ||
     '</YearlyIncome><TotalChildren>' || pg_temp.r('ch' || i, 5) || '</TotalChildren></IndividualSurvey>')::xml END,
  pg_temp.uuid('person' || i), pg_temp.ts('pm' || i, timestamp '2006-06-23', 2900)
FROM generate_series(1, 2500) i ORDER BY i;

-- Addresses: 1..2500 the home of person i, 2501..2800 the main office of
-- store i, 2801..2880 of vendor i, 2881..3000 a shipping address of stores
-- 2501..2620. Most addresses are in Washington, California and England.
INSERT INTO person.address (addressline1, addressline2, city, stateprovinceid, postalcode, spatiallocation, rowguid, modifieddate)
SELECT pg_temp.street('a1' || i),
  CASE WHEN pg_temp.r('a2' || i, 8) = 0 THEN 'Suite ' || (100 + pg_temp.r('ste' || i, 800)) ELSE NULL END,
  CASE sp.countryregioncode
    WHEN 'US' THEN sp.name || ' ' || pg_temp.pick('uc' || i, ARRAY['City','Springs','Falls','Heights','Park','Valley'])
    WHEN 'GB' THEN pg_temp.pick('gc' || i, ARRAY['London','Oxford','Cambridge','Leeds','Bristol','York','Bath','Reading'])
    WHEN 'AU' THEN pg_temp.pick('ac' || i, ARRAY['Sydney','Melbourne','Brisbane','Perth','Hobart','Adelaide'])
    WHEN 'FR' THEN pg_temp.pick('fc' || i, ARRAY['Paris','Bordeaux','Lyon','Marseille','Lille','Versailles'])
    WHEN 'DE' THEN pg_temp.pick('dc' || i, ARRAY['Muenchen','Frankfurt','Hamburg','Koeln','Berlin','Potsdam'])
    WHEN 'CA' THEN pg_temp.pick('cc' || i, ARRAY['Vancouver','Burnaby','Calgary','Toronto','Ottawa','Montreal'])
    ELSE sp.name END,
  sp.stateprovinceid,
  CASE sp.countryregioncode WHEN 'US' THEN lpad((10000 + pg_temp.r('zip' || i, 89999))::text, 5, '0')
    WHEN 'GB' THEN pg_temp.pick('pc' || i, ARRAY['SW8 4BG','W1N 9FA','OX1 2EE','LS1 4DL','BS1 5AA','YO1 7HH'])
    WHEN 'CA' THEN 'V' || pg_temp.r('cz' || i, 10) || chr(65 + pg_temp.r('cl' || i, 26)::int) || ' ' || pg_temp.r('cx' || i, 10) || 'B' || pg_temp.r('cy' || i, 10)
    ELSE (1000 + pg_temp.r('z' || i, 8999))::text END,
  NULL, pg_temp.uuid('address' || i), pg_temp.ts('am' || i, timestamp '2006-06-23', 2900)
FROM generate_series(1, 3000) i
JOIN person.stateprovince sp ON sp.stateprovinceid = CASE WHEN pg_temp.r('cty' || i, 10) < 6 THEN pg_temp.skew2('st' || i, 80)
  ELSE 1 + pg_temp.r('stu' || i, 86) END
ORDER BY i;

INSERT INTO person.addresstype (name, rowguid, modifieddate)
SELECT n, pg_temp.uuid('addresstype' || o), timestamp '2008-04-30 00:00:00'
FROM (VALUES (1,'Billing'),(2,'Home'),(3,'Main Office'),(4,'Primary'),(5,'Shipping'),(6,'Archive')) v(o, n) ORDER BY o;

INSERT INTO person.businessentityaddress (businessentityid, addressid, addresstypeid, rowguid, modifieddate)
SELECT i, i, CASE WHEN i <= 2500 THEN 2 ELSE 3 END, pg_temp.uuid('bea' || i), pg_temp.ts('beam' || i, timestamp '2008-10-13', 2000)
FROM generate_series(1, 2880) i
UNION ALL
SELECT 2500 + k, 2880 + k, 5, pg_temp.uuid('beas' || k), pg_temp.ts('beasm' || k, timestamp '2008-10-13', 2000)
FROM generate_series(1, 120) k;

-- E-mail addresses are the first name and a number that keeps them apart
-- (ken0@adventure-works.com); the id is a serial within the person.
INSERT INTO person.emailaddress (businessentityid, emailaddress, rowguid, modifieddate)
SELECT businessentityid,
  lower(firstname) || (row_number() OVER (PARTITION BY lower(firstname) ORDER BY businessentityid) - 1) || '@adventure-works.com',
  pg_temp.uuid('email' || businessentityid), modifieddate
FROM person.person ORDER BY businessentityid;

INSERT INTO person.phonenumbertype (name, modifieddate)
SELECT n, timestamp '2017-12-13 13:19:22.273' FROM (VALUES (1,'Cell'),(2,'Home'),(3,'Work')) v(o, n) ORDER BY o;

INSERT INTO person.personphone (businessentityid, phonenumber, phonenumbertypeid, modifieddate)
SELECT i, (200 + pg_temp.r('ph' || i, 799)) || '-555-0' || lpad(pg_temp.r('pn' || i, 1000)::text, 3, '0'),
  1 + pg_temp.skew2('pt' || i, 3), pg_temp.ts('ppm' || i, timestamp '2008-10-13', 2000)
FROM generate_series(1, 2500) i
UNION ALL
SELECT i, (200 + pg_temp.r('ph2' || i, 799)) || '-555-0' || lpad(pg_temp.r('pn2' || i, 1000)::text, 3, '0'), 3,
  pg_temp.ts('ppm2' || i, timestamp '2008-10-13', 2000)
FROM generate_series(10, 2500, 10) i;

-- HumanResources --------------------------------------------------------

INSERT INTO humanresources.department (name, groupname, modifieddate)
SELECT n, g, timestamp '2008-04-30 00:00:00' FROM (VALUES
  (1,'Engineering','Research and Development'),(2,'Tool Design','Research and Development'),(3,'Sales','Sales and Marketing'),
  (4,'Marketing','Sales and Marketing'),(5,'Purchasing','Inventory Management'),(6,'Research and Development','Research and Development'),
  (7,'Production','Manufacturing'),(8,'Production Control','Manufacturing'),(9,'Human Resources','Executive General and Administration'),
  (10,'Finance','Executive General and Administration'),(11,'Information Services','Executive General and Administration'),
  (12,'Document Control','Quality Assurance'),(13,'Quality Assurance','Quality Assurance'),
  (14,'Facilities and Maintenance','Executive General and Administration'),(15,'Shipping and Receiving','Inventory Management'),
  (16,'Executive','Executive General and Administration')) v(o, n, g) ORDER BY o;

INSERT INTO humanresources.shift (name, starttime, endtime, modifieddate)
SELECT n, s, e, timestamp '2008-04-30 00:00:00' FROM (VALUES (1,'Day',time '07:00',time '15:00'),(2,'Evening',time '15:00',time '23:00'),
  (3,'Night',time '23:00',time '07:00')) v(o, n, s, e) ORDER BY o;

-- Employees 1..150: 1 is the CEO, 2..6 vice presidents, 20..31 purchasing,
-- 134..150 sales; most of the rest work in production.
CREATE TEMP TABLE emp_dept AS
SELECT i AS be, CASE WHEN i = 1 THEN 16 WHEN i <= 6 THEN (ARRAY[3,6,10,7,9])[i - 1] WHEN i BETWEEN 20 AND 31 THEN 5
  WHEN i >= 134 THEN 3 WHEN i <= 19 THEN (ARRAY[1,2,4,8,11,12,13,14,15,10,9,11,1])[i - 6]
  WHEN pg_temp.r('dep' || i, 10) < 7 THEN 7 ELSE (ARRAY[1,2,4,6,8,10,11,12,13,14,15])[1 + pg_temp.r('dp' || i, 11)] END AS dept
FROM generate_series(1, 150) i;

INSERT INTO humanresources.employee (businessentityid, nationalidnumber, loginid, jobtitle, birthdate, maritalstatus, gender, hiredate,
  salariedflag, vacationhours, sickleavehours, currentflag, rowguid, modifieddate, organizationnode)
SELECT e.be, (100000000 + e.be * 5003977)::text,
  'adventure-works\' || lower(p.firstname) || (row_number() OVER (PARTITION BY lower(p.firstname) ORDER BY e.be) - 1),
  CASE WHEN e.be = 1 THEN 'Chief Executive Officer' WHEN e.be <= 6 THEN 'Vice President of ' || d.name
    WHEN e.be >= 137 THEN 'Sales Representative' WHEN e.be >= 134 THEN 'Sales Manager'
    WHEN d.departmentid = 7 THEN pg_temp.pick('jt' || e.be, ARRAY['Production Technician - WC10','Production Technician - WC20',
      'Production Technician - WC30','Production Technician - WC40','Production Technician - WC50','Production Supervisor - WC10'])
    WHEN d.departmentid = 5 THEN pg_temp.pick('jt' || e.be, ARRAY['Buyer','Purchasing Assistant','Purchasing Manager'])
    ELSE d.name || ' ' || pg_temp.pick('jt' || e.be, ARRAY['Specialist','Assistant','Manager','Technician']) END,
  date '1952-01-01' + pg_temp.r('bd' || e.be, 13000)::int,
  pg_temp.pick('ms' || e.be, ARRAY['M','S']), pg_temp.pick('g' || e.be, ARRAY['M','F']),
  date '2006-06-30' + pg_temp.r('hd' || e.be, 2500)::int,
  d.departmentid <> 7, pg_temp.r('vh' || e.be, 100), 20 + pg_temp.r('sl' || e.be, 50), true,
  pg_temp.uuid('employee' || e.be), pg_temp.ts('em' || e.be, timestamp '2014-06-30', 10),
  CASE WHEN e.be = 1 THEN '/' WHEN e.be <= 6 THEN '/' || (e.be - 1) || '/' ELSE '/' || (1 + e.be % 5) || '/' || (e.be / 5) || '/' END
FROM emp_dept e JOIN person.person p ON p.businessentityid = e.be JOIN humanresources.department d ON d.departmentid = e.dept
ORDER BY e.be;

-- Department history: the current assignment, and for every seventh
-- employee an earlier one.
INSERT INTO humanresources.employeedepartmenthistory (businessentityid, departmentid, shiftid, startdate, enddate, modifieddate)
SELECT e.businessentityid, d.dept, CASE WHEN d.dept = 7 THEN 1 + pg_temp.r('sh' || e.businessentityid, 3) ELSE 1 END,
  CASE WHEN e.businessentityid % 7 = 0 THEN e.hiredate + 400 + pg_temp.r('mv' || e.businessentityid, 300)::int ELSE e.hiredate END,
  NULL, e.hiredate + 1
FROM humanresources.employee e JOIN emp_dept d ON d.be = e.businessentityid
UNION ALL
SELECT e.businessentityid, CASE WHEN d.dept = 7 THEN 8 ELSE 7 END, 1, e.hiredate,
  e.hiredate + 399 + pg_temp.r('mv' || e.businessentityid, 300)::int, e.hiredate + 400
FROM humanresources.employee e JOIN emp_dept d ON d.be = e.businessentityid WHERE e.businessentityid % 7 = 0;

-- Pay history: the starting rate, a raise for every third employee and a
-- second one for every ninth.
INSERT INTO humanresources.employeepayhistory (businessentityid, ratechangedate, rate, payfrequency, modifieddate)
SELECT e.businessentityid, e.hiredate + (n * 365), round((CASE WHEN e.businessentityid = 1 THEN 125.5 WHEN e.businessentityid <= 6 THEN 60
  WHEN e.salariedflag THEN 25 + pg_temp.r('rate' || e.businessentityid, 2500) / 100.0 ELSE 9.5 + pg_temp.r('rate' || e.businessentityid, 800) / 100.0 END)
  * (1 + 0.08 * n), 4),
  CASE WHEN e.salariedflag THEN 2 ELSE 1 END, e.hiredate + (n * 365) + 7
FROM humanresources.employee e CROSS JOIN generate_series(0, 2) n
WHERE n = 0 OR (n = 1 AND e.businessentityid % 3 = 0) OR (n = 2 AND e.businessentityid % 9 = 0);

-- Production ------------------------------------------------------------

INSERT INTO production.unitmeasure (unitmeasurecode, name, modifieddate)
SELECT c, n, timestamp '2008-04-30 00:00:00' FROM (VALUES ('BOX','Boxes'),('BTL','Bottle'),('C','Celsius'),('CAN','Canister'),
  ('CM','Centimeter'),('CM3','Cubic centimeters'),('CTN','Carton'),('DZ','Dozen'),('EA','Each'),('FT','Foot'),('G','Gram'),
  ('IN','Inch'),('KG','Kilogram'),('L','Liter'),('LB','US pound'),('M','Meter'),('OZ','Ounces'),('PC','Piece'),('PCT','Percentage'),
  ('PT','Pint, US liquid')) v(c, n);

INSERT INTO production.productcategory (name, rowguid, modifieddate)
SELECT n, pg_temp.uuid('pcat' || o), timestamp '2008-04-30 00:00:00'
FROM (VALUES (1,'Bikes'),(2,'Components'),(3,'Clothing'),(4,'Accessories')) v(o, n) ORDER BY o;

INSERT INTO production.productsubcategory (productcategoryid, name, rowguid, modifieddate)
SELECT c, n, pg_temp.uuid('psub' || o), timestamp '2008-04-30 00:00:00' FROM (VALUES
  (1,1,'Mountain Bikes'),(2,1,'Road Bikes'),(3,1,'Touring Bikes'),(4,2,'Handlebars'),(5,2,'Bottom Brackets'),(6,2,'Brakes'),
  (7,2,'Chains'),(8,2,'Cranksets'),(9,2,'Derailleurs'),(10,2,'Forks'),(11,2,'Headsets'),(12,2,'Mountain Frames'),(13,2,'Pedals'),
  (14,2,'Road Frames'),(15,2,'Saddles'),(16,2,'Touring Frames'),(17,2,'Wheels'),(18,3,'Bib-Shorts'),(19,3,'Caps'),(20,3,'Gloves'),
  (21,3,'Jerseys'),(22,3,'Shorts'),(23,3,'Socks'),(24,3,'Tights'),(25,3,'Vests'),(26,4,'Bike Racks'),(27,4,'Bike Stands'),
  (28,4,'Bottles and Cages'),(29,4,'Cleaners'),(30,4,'Fenders'),(31,4,'Helmets'),(32,4,'Hydration Packs'),(33,4,'Lights'),
  (34,4,'Locks'),(35,4,'Panniers'),(36,4,'Pumps'),(37,4,'Tires and Tubes')) v(o, c, n) ORDER BY o;

-- Product models 1..120: model m belongs to subcategory 1 + (m-1) % 37.
INSERT INTO production.productmodel (name, catalogdescription, instructions, rowguid, modifieddate)
SELECT (ARRAY['Mountain','Road','Touring','HL Handlebars','LL Bottom Bracket','Rear Brakes','Chain','HL Crankset','Front Derailleur',
    'HL Fork','HL Headset','HL Mountain Frame','Touring Pedal','HL Road Frame','ML Road Seat','HL Touring Frame','Road Wheel',
    'Men''s Bib-Shorts','Cycling Cap','Full-Finger Gloves','Long-Sleeve Logo Jersey','Men''s Sports Shorts','Racing Socks',
    'Women''s Tights','Classic Vest','Hitch Rack','All-Purpose Bike Stand','Water Bottle','Bike Wash','Fender Set','Sport',
    'Hydration Pack','Headlights','Cable Lock','Touring-Panniers','Minipump','Patch kit'])[1 + (m - 1) % 37] || '-' || (100 * (1 + (m - 1) / 37) + (m * 7) % 50),
  CASE WHEN m % 20 = 0 THEN ('<ProductDescription ProductModelID="' || m || '"><Summary>' || pg_temp.words('pmd' || m, 12) || '</Summary></ProductDescription>')::xml END,
  NULL, pg_temp.uuid('pmodel' || m), pg_temp.ts('pmm' || m, timestamp '2011-05-01', 1000)
FROM generate_series(1, 120) m ORDER BY m;

-- Products 1..100 are parts that are bought or made but not sold; 101..500
-- are finished goods of model 1 + (p-101) % 120 in up to four variants.
INSERT INTO production.product (name, productnumber, makeflag, finishedgoodsflag, color, safetystocklevel, reorderpoint, standardcost,
  listprice, size, sizeunitmeasurecode, weightunitmeasurecode, weight, daystomanufacture, productline, class, style,
  productsubcategoryid, productmodelid, sellstartdate, sellenddate, discontinueddate, rowguid, modifieddate)
SELECT
  CASE WHEN p <= 100 THEN (ARRAY['Adjustable Race','Bearing Ball','BB Ball Bearing','Headset Ball Bearings','Blade','LL Crankarm',
      'ML Crankarm','HL Crankarm','Chainring Bolts','Chainring Nut','Chainring','Crown Race','Chain Stays','Decal','Down Tube',
      'Mountain End Caps','Road End Caps','Touring End Caps','Fork End','Freewheel','Flat Washer','Front Derailleur Cage',
      'Front Derailleur Linkage','Guide Pulley','LL Grip Tape','ML Grip Tape','HL Grip Tape','Thin-Jam Hex Nut','Hex Nut',
      'Internal Lock Washer','Keyed Washer','External Lock Washer','Lock Ring','Lock Nut','Lower Head Race','Metal Angle',
      'Metal Bar','Metal Plate','Metal Sheet','Spokes'])[1 + (p - 1) % 40] || ' ' || (1 + (p - 1) / 40)
    ELSE pm.name || CASE WHEN ps.productcategoryid IN (1, 3) OR ps.productsubcategoryid IN (12, 14, 16)
      THEN ' ' || (ARRAY['Black','Red','Silver','Blue'])[1 + (p - 101) / 120] || ', ' || sz.size
      ELSE ' ' || (ARRAY['Standard','Pro','Sport','Classic'])[1 + (p - 101) / 120] END END,
  CASE WHEN p <= 100 THEN (ARRAY['AR','BA','BB','BE','BL','CA','CA','CA','CB','CN','CR','CR','CS','DC','DT','EC','EC','EC','FE','FH'])[1 + (p - 1) % 20]
    ELSE (ARRAY['BK','BK','BK','HB','BB','BR','CH','CS','FD','FK','HS','FR','PD','FR','SE','FR','WH','SB','CA','GL','LJ','SH',
      'SO','TG','VE','RA','ST','WB','CL','FE','HL','HY','LT','LO','PA','PU','PK'])[1 + (pm.productmodelid - 1) % 37] END
    || '-' || chr(65 + (p % 26)) || lpad(((p * 37) % 1000)::text, 3, '0') || CASE WHEN p > 100 AND sz.size IS NOT NULL THEN '-' || trim(sz.size) ELSE '' END,
  p <= 40 OR coalesce(ps.productcategoryid = 1 OR ps.productsubcategoryid IN (12, 14, 16, 17), false),
  p > 100,
  CASE WHEN p > 100 THEN (ARRAY['Black','Red','Silver','Blue','Yellow','Multi','White','Grey'])[1 + pg_temp.r('col' || p, 8)] END,
  (ARRAY[4, 100, 500, 800, 1000])[1 + pg_temp.r('ss' || p, 5)],
  (ARRAY[3, 75, 375, 600, 750])[1 + pg_temp.r('ss' || p, 5)],
  round(pr.cost, 4), CASE WHEN p <= 100 THEN 0 ELSE round(pr.cost * (1.6 + pg_temp.r('mk' || p, 20) / 100.0), 4) END,
  sz.size, CASE WHEN sz.size ~ '^[0-9]+$' THEN 'CM' END,
  CASE WHEN ps.productcategoryid = 1 OR ps.productsubcategoryid IN (12, 14, 16) THEN 'LB' END,
  CASE WHEN ps.productcategoryid = 1 OR ps.productsubcategoryid IN (12, 14, 16) THEN 13 + pg_temp.r('w' || p, 1800) / 100.0 END,
  CASE WHEN ps.productcategoryid = 1 THEN 4 WHEN ps.productsubcategoryid IN (12, 14, 16, 17) THEN 1 ELSE 0 END,
  CASE WHEN p > 100 THEN (ARRAY['R','M','T','S'])[1 + pg_temp.r('pl' || p, 4)] END,
  CASE WHEN p > 100 AND pg_temp.r('cl' || p, 3) > 0 THEN (ARRAY['L','M','H'])[1 + pg_temp.r('cls' || p, 3)] END,
  CASE WHEN ps.productcategoryid = 3 THEN (ARRAY['W','M','U'])[1 + pg_temp.r('sty' || p, 3)] END,
  ps.productsubcategoryid, pm.productmodelid,
  st.d, CASE WHEN p > 100 AND st.d < timestamp '2013-05-30' AND pg_temp.r('se' || p, 4) = 0 THEN st.d + interval '365 days' END,
  NULL, pg_temp.uuid('product' || p), st.d + interval '10 days'
FROM generate_series(1, 500) p
LEFT JOIN production.productmodel pm ON p > 100 AND pm.productmodelid = 1 + (p - 101) % 120
LEFT JOIN production.productsubcategory ps ON p > 100 AND ps.productsubcategoryid = 1 + (pm.productmodelid - 1) % 37
CROSS JOIN LATERAL (SELECT CASE WHEN p <= 100 THEN NULL WHEN ps.productcategoryid = 3 THEN (ARRAY['S','M','L','XL'])[1 + (p - 101) / 120]
  WHEN ps.productcategoryid = 1 OR ps.productsubcategoryid IN (12, 14, 16) THEN (ARRAY['38','42','48','52'])[1 + (p - 101) / 120] END AS size) sz
CROSS JOIN LATERAL (SELECT CASE WHEN p <= 100 THEN 0.5 + pg_temp.r('c' || p, 5000) / 100.0
  WHEN ps.productcategoryid = 1 THEN 500 + pg_temp.r('c' || p, 150000) / 100.0
  WHEN ps.productcategoryid = 2 THEN 20 + pg_temp.r('c' || p, 60000) / 100.0
  WHEN ps.productcategoryid = 3 THEN 8 + pg_temp.r('c' || p, 5000) / 100.0
  ELSE 2 + pg_temp.r('c' || p, 9000) / 100.0 END AS cost) pr
CROSS JOIN LATERAL (SELECT (ARRAY[timestamp '2008-04-30', timestamp '2011-05-31', timestamp '2012-05-30', timestamp '2013-05-30'])
  [CASE WHEN p <= 100 THEN 1 ELSE 2 + pg_temp.r('ssd' || p, 3) END] AS d) st
ORDER BY p;

-- Cost and list price history: one period per yearly price review since the
-- product went on sale.
INSERT INTO production.productcosthistory (productid, startdate, enddate, standardcost, modifieddate)
SELECT p.productid, s.d, lead(s.d) OVER w - interval '1 day', round(p.standardcost * (0.9 + 0.05 * row_number() OVER w), 4), s.d + interval '11 days'
FROM production.product p
JOIN (VALUES (timestamp '2011-05-31'), (timestamp '2012-05-30'), (timestamp '2013-05-30')) s(d) ON s.d >= p.sellstartdate
WHERE p.finishedgoodsflag
WINDOW w AS (PARTITION BY p.productid ORDER BY s.d);

INSERT INTO production.productlistpricehistory (productid, startdate, enddate, listprice, modifieddate)
SELECT p.productid, s.d, lead(s.d) OVER w - interval '1 day', round(p.listprice * (0.9 + 0.05 * row_number() OVER w), 4), s.d + interval '11 days'
FROM production.product p
JOIN (VALUES (timestamp '2011-05-31'), (timestamp '2012-05-30'), (timestamp '2013-05-30')) s(d) ON s.d >= p.sellstartdate
WHERE p.finishedgoodsflag
WINDOW w AS (PARTITION BY p.productid ORDER BY s.d);

INSERT INTO production.location (name, costrate, availability, modifieddate)
SELECT n, c, a, timestamp '2008-04-30 00:00:00' FROM (VALUES (1,'Tool Crib',0,0),(2,'Sheet Metal Racks',0,0),(3,'Paint Shop',0,0),
  (4,'Paint Storage',0,0),(5,'Metal Storage',0,0),(6,'Miscellaneous Storage',0,0),(7,'Finished Goods Storage',0,0),
  (8,'Frame Forming',22.5,96),(9,'Frame Welding',25,108),(10,'Debur and Polish',14.5,120),(11,'Paint',15.75,120),
  (12,'Specialized Paint',18,80),(13,'Subassembly',12.25,120),(14,'Final Assembly',12.25,120)) v(o, n, c, a) ORDER BY o;

-- Inventory: every product on one to three shelves of different locations.
INSERT INTO production.productinventory (productid, locationid, shelf, bin, quantity, rowguid, modifieddate)
SELECT p, loc, CASE WHEN pg_temp.r('nsh' || p || '-' || loc, 12) = 0 THEN 'N/A' ELSE chr(65 + pg_temp.r('sh' || p || '-' || loc, 25)::int) END,
  pg_temp.r('bin' || p || '-' || loc, 101), pg_temp.r('q' || p || '-' || loc, 1000),
  pg_temp.uuid('inv' || p || '-' || loc), pg_temp.ts('invm' || p || '-' || loc, timestamp '2014-08-08', 30)
FROM generate_series(1, 500) p
CROSS JOIN LATERAL (SELECT DISTINCT CASE WHEN p > 100 THEN (ARRAY[7, 6, 1])[k] ELSE (ARRAY[1, 5, 6, 2, 4])[1 + (p + k) % 5] END AS loc
  FROM generate_series(1, 1 + pg_temp.r('nloc' || p, 3)::int) k) l;

-- Reviews: a handful of products collect most of them.
INSERT INTO production.productreview (productid, reviewername, reviewdate, emailaddress, rating, comments, modifieddate)
SELECT 100 + pg_temp.skew('rv' || i, 400), pg_temp.first_name('rvf' || i) || ' ' || pg_temp.last_name('rvl' || i), d,
  lower(pg_temp.first_name('rvf' || i)) || '@' || pg_temp.pick('rvd' || i, ARRAY['fourthcoffee.com','adventure-works.com','example.com','contoso.com']),
  (ARRAY[5, 5, 4, 4, 4, 3, 2, 1])[1 + pg_temp.r('rt' || i, 8)], pg_temp.words('rvc' || i, 8 + pg_temp.r('rvn' || i, 25)::int), d
FROM generate_series(1, 60) i CROSS JOIN LATERAL (SELECT timestamp '2013-09-18' + (i * 5) * interval '1 day' AS d) x
ORDER BY i;

-- Bill of materials: the 180 manufactured finished goods, each a top-level
-- row (no assembly) and 8 to 19 distinct components.
INSERT INTO production.billofmaterials (productassemblyid, componentid, startdate, enddate, unitmeasurecode, bomlevel, perassemblyqty, modifieddate)
SELECT asm, comp, sd, ed, um, lvl, qty, md FROM (
  SELECT NULL::int AS asm, p.productid AS comp, timestamp '2010-05-26' AS sd, NULL::timestamp AS ed, 'EA' AS um, 0 AS lvl, 1.00 AS qty,
    timestamp '2010-05-12' AS md, p.productid AS o1, 0 AS o2
  FROM production.product p WHERE p.makeflag AND p.finishedgoodsflag
  UNION ALL
  SELECT p.productid, 1 + (p.productid * 7 + j * 13) % 100,
    CASE WHEN j % 6 = 0 THEN timestamp '2010-07-08' ELSE timestamp '2010-05-26' END,
    CASE WHEN j % 11 = 0 THEN timestamp '2010-08-05' END,
    CASE WHEN j % 9 = 0 THEN 'OZ' WHEN j % 13 = 0 THEN 'IN' ELSE 'EA' END, 1 + (j % 4), 1 + pg_temp.r('bq' || p.productid || '-' || j, 10),
    timestamp '2010-05-12', p.productid, j
  FROM production.product p CROSS JOIN generate_series(1, 8 + (p.productid % 12)) j
  WHERE p.makeflag AND p.finishedgoodsflag
) b ORDER BY o1, o2;

-- Purchasing ------------------------------------------------------------

INSERT INTO purchasing.shipmethod (name, shipbase, shiprate, rowguid, modifieddate)
SELECT n, b, r, pg_temp.uuid('ship' || o), timestamp '2008-04-30 00:00:00' FROM (VALUES (1,'XRQ - TRUCK GROUND',3.95,0.99),
  (2,'ZY - EXPRESS',9.95,1.99),(3,'OVERSEAS - DELUXE',29.95,2.99),(4,'OVERNIGHT J-FAST',21.95,1.29),(5,'CARGO TRANSPORT 5',8.99,1.49)) v(o, n, b, r)
ORDER BY o;

-- Vendors: the account number is the upper-case name cut to eight letters
-- and a counter (AUSTRALI0001).
INSERT INTO purchasing.vendor (businessentityid, accountnumber, name, creditrating, preferredvendorstatus, activeflag, purchasingwebserviceurl, modifieddate)
SELECT be, upper(left(regexp_replace(n, '[^A-Za-z]', '', 'g'), 8)) || lpad((row_number() OVER (PARTITION BY upper(left(regexp_replace(n, '[^A-Za-z]', '', 'g'), 8)) ORDER BY be))::text, 4, '0'),
  n, 1 + pg_temp.skew2('cr' || be, 5)::int - 1, pg_temp.r('pv' || be, 5) > 0, pg_temp.r('av' || be, 12) > 0,
  CASE WHEN pg_temp.r('url' || be, 4) = 0 THEN 'www.' || lower(regexp_replace(n, '[^A-Za-z]', '', 'g')) || '.com/' END,
  pg_temp.ts('vm' || be, timestamp '2011-04-25', 1200)
FROM (SELECT 2800 + i AS be, (ARRAY['Advanced','Allenson','American','Australia','Bergeron','Bicycle','Compete','Comfort','Consumer',
    'Continental','Custom','Electronic','Expert','First','Fitness','Green','Hill','Integrated','International','Jackson','Legend',
    'Light','Mountain','National','Premier','Pro','Proseware','Signature','Sport','Superior','Trey','Vision','Wide World','Wood',
    'Zephyr'])[1 + (i - 1) % 35] || ' ' || (ARRAY['Bicycles','Bike Works','Cycles'])[1 + (i - 1) / 35] AS n
  FROM generate_series(1, 80) i) v
ORDER BY be;

-- Product vendors: parts 1..100 and the accessories are bought from one to
-- three vendors; a few vendors supply most of them.
INSERT INTO purchasing.productvendor (productid, businessentityid, averageleadtime, standardprice, lastreceiptcost, lastreceiptdate,
  minorderqty, maxorderqty, onorderqty, unitmeasurecode, modifieddate)
SELECT DISTINCT ON (p.productid, v.vendor) p.productid, v.vendor, 15 + pg_temp.r('lt' || p.productid, 20),
  round(greatest(p.standardcost, 0.2) * 0.9, 4), round(greatest(p.standardcost, 0.2) * 0.95, 4),
  timestamp '2014-07-01' + pg_temp.r('lrd' || p.productid || v.vendor, 60) * interval '1 day',
  (ARRAY[1, 100, 500])[1 + pg_temp.r('mq' || p.productid, 3)], (ARRAY[5, 1000, 2000])[1 + pg_temp.r('mq' || p.productid, 3)],
  CASE WHEN pg_temp.r('oo' || p.productid, 3) = 0 THEN 3 * (1 + pg_temp.r('ooq' || p.productid, 100)) END,
  CASE WHEN p.productid <= 100 THEN 'EA' ELSE 'CTN' END, timestamp '2014-08-11'
FROM production.product p
CROSS JOIN LATERAL (SELECT 2800 + pg_temp.skew2('pv' || p.productid || '-' || k, 80) AS vendor
  FROM generate_series(1, 1 + pg_temp.r('npv' || p.productid, 3)::int) k) v
LEFT JOIN production.productsubcategory ps ON ps.productsubcategoryid = p.productsubcategoryid
WHERE p.productid <= 100 OR ps.productcategoryid = 4
ORDER BY p.productid, v.vendor;

ANALYZE production.product, purchasing.productvendor;

-- Purchase orders: 1,500 in date order by purchasing staff (employees
-- 20..31), each for one to five of the vendor's products.
INSERT INTO purchasing.purchaseorderheader (revisionnumber, status, employeeid, vendorid, shipmethodid, orderdate, shipdate,
  subtotal, taxamt, freight, modifieddate)
SELECT CASE WHEN i > 1400 THEN 6 ELSE 4 END, CASE WHEN i > 1480 THEN 1 + pg_temp.r('pst' || i, 3) ELSE 4 END,
  20 + pg_temp.r('pe' || i, 12), v.businessentityid, 1 + pg_temp.r('psm' || i, 5), od, od + interval '9 days', 0, 0, 0, od + interval '9 days'
FROM generate_series(1, 1500) i
CROSS JOIN LATERAL (SELECT timestamp '2011-04-16' + (i * 1255 / 1500) * interval '1 day' AS od) d
JOIN LATERAL (SELECT pv.businessentityid FROM purchasing.productvendor pv GROUP BY pv.businessentityid
  ORDER BY pg_temp.hn('pov' || i || '-' || pv.businessentityid) LIMIT 1) v ON true
ORDER BY i;

INSERT INTO purchasing.purchaseorderdetail (purchaseorderid, duedate, orderqty, productid, unitprice, receivedqty, rejectedqty, modifieddate)
SELECT h.purchaseorderid, h.orderdate + interval '14 days', q.qty, pv.productid, pv.standardprice, q.qty,
  CASE WHEN pg_temp.r('rj' || h.purchaseorderid || pv.productid, 20) = 0 THEN least(q.qty, 1 + pg_temp.r('rq' || h.purchaseorderid, 10)) ELSE 0 END,
  h.orderdate + interval '9 days'
FROM purchasing.purchaseorderheader h
CROSS JOIN LATERAL (SELECT p.productid, p.standardprice FROM purchasing.productvendor p WHERE p.businessentityid = h.vendorid
  ORDER BY pg_temp.hn('pol' || h.purchaseorderid || '-' || p.productid) LIMIT pg_temp.skew2('nl' || h.purchaseorderid, 5)) pv
CROSS JOIN LATERAL (SELECT (3 * (1 + pg_temp.r('pq' || h.purchaseorderid || '-' || pv.productid, 200)))::smallint AS qty) q
ORDER BY h.purchaseorderid, pv.productid;

UPDATE purchasing.purchaseorderheader h SET subtotal = s.sub, taxamt = round(s.sub * 0.08, 4), freight = round(s.sub * 0.025, 4)
FROM (SELECT purchaseorderid, sum(orderqty * unitprice) AS sub FROM purchasing.purchaseorderdetail GROUP BY purchaseorderid) s
WHERE s.purchaseorderid = h.purchaseorderid;

-- Sales -----------------------------------------------------------------

INSERT INTO sales.currency (currencycode, name, modifieddate)
SELECT c, n, timestamp '2008-04-30 00:00:00' FROM (VALUES ('USD','US Dollar'),('EUR','EURO'),('GBP','United Kingdom Pound'),
  ('CAD','Canadian Dollar'),('AUD','Australian Dollar'),('JPY','Japanese Yen'),('MXN','Mexican Peso'),('BRL','Brazilian Real'),
  ('INR','Indian Rupee'),('CNY','Yuan Renminbi'),('CHF','Swiss Franc'),('SEK','Swedish Krona'),('NOK','Norwegian Krone'),
  ('DKK','Danish Krone'),('NZD','New Zealand Dollar'),('ZAR','Rand'),('KRW','Won'),('SGD','Singapore Dollar'),('HKD','Hong Kong Dollar'),
  ('ARS','Argentine Peso'),('DEM','Deutsche Mark'),('FRF','French Franc')) v(c, n);

INSERT INTO sales.countryregioncurrency (countryregioncode, currencycode, modifieddate)
SELECT cc, cur, timestamp '2014-02-08 10:17:21.51' FROM (VALUES ('AU','AUD'),('CA','CAD'),('DE','DEM'),('DE','EUR'),('FR','EUR'),
  ('FR','FRF'),('GB','GBP'),('US','USD'),('AS','USD'),('FM','USD'),('MH','USD'),('MP','USD'),('PW','USD'),('VI','USD'),('NL','EUR'),
  ('IT','EUR'),('ES','EUR'),('JP','JPY'),('MX','MXN'),('BR','BRL'),('IN','INR'),('CN','CNY')) v(cc, cur);

-- Daily exchange rates from USD for the four foreign currencies orders are
-- paid in, in date order.
INSERT INTO sales.currencyrate (currencyratedate, fromcurrencycode, tocurrencycode, averagerate, endofdayrate, modifieddate)
SELECT d, 'USD', c, round(base * (0.95 + pg_temp.r('cra' || c || d, 1000) / 10000.0), 4),
  round(base * (0.95 + pg_temp.r('cre' || c || d, 1000) / 10000.0), 4), d
FROM generate_series(timestamp '2011-05-31', timestamp '2014-06-30', interval '1 day') d
CROSS JOIN (VALUES (1, 'CAD', 1.0), (2, 'EUR', 0.75), (3, 'GBP', 0.62), (4, 'AUD', 1.05)) c(o, c, base)
ORDER BY d, o;

INSERT INTO sales.salesperson (businessentityid, territoryid, salesquota, bonus, commissionpct, salesytd, saleslastyear, rowguid, modifieddate)
SELECT i, CASE WHEN i <= 136 THEN NULL ELSE 1 + (i - 137) % 10 END,
  CASE WHEN i <= 136 THEN NULL ELSE 250000 + 50000 * pg_temp.r('sq' || i, 3) END,
  CASE WHEN i <= 136 THEN 0 ELSE 500 * pg_temp.r('bo' || i, 12) END,
  CASE WHEN i <= 136 THEN 0 ELSE 0.01 * (1 + pg_temp.r('cp' || i, 2)) END,
  100000 + pg_temp.r('ytd' || i, 4000000), pg_temp.r('sly' || i, 2000000), pg_temp.uuid('salesperson' || i),
  timestamp '2010-12-28' + pg_temp.r('spm' || i, 800) * interval '1 day'
FROM generate_series(134, 150) i ORDER BY i;

INSERT INTO sales.salespersonquotahistory (businessentityid, quotadate, salesquota, rowguid, modifieddate)
SELECT sp.businessentityid, q, 50000 + 1000 * pg_temp.r('qh' || sp.businessentityid || q, 1000), pg_temp.uuid('sqh' || sp.businessentityid || q),
  q - interval '14 days'
FROM sales.salesperson sp
CROSS JOIN generate_series(timestamp '2011-05-31', timestamp '2014-03-01', interval '3 months') q
WHERE sp.territoryid IS NOT NULL AND q >= timestamp '2011-05-31' + ((sp.businessentityid % 4) * interval '3 months');

INSERT INTO sales.store (businessentityid, name, salespersonid, demographics, rowguid, modifieddate)
SELECT be, n, 137 + pg_temp.skew2('ssp' || be, 14), ('<StoreSurvey><AnnualSales>' || (300000 * (1 + pg_temp.r('as' || be, 10))) ||
  '</AnnualSales><YearOpened>' || (1970 + pg_temp.r('yo' || be, 35)) || '</YearOpened><NumberEmployees>' || (2 + pg_temp.r('ne' || be, 98)) ||
  '</NumberEmployees></StoreSurvey>')::xml, pg_temp.uuid('store' || be), pg_temp.ts('stm' || be, timestamp '2014-09-12', 2)
FROM (SELECT 2500 + i AS be, (ARRAY['Next-Door','Professional','Riders','Neighborhood','Trail','Urban','Metro','Valley','Coastal','Alpine',
    'Friendly','Family','Downtown','Village','Summit','Pedal','Spoke','Chain','Wheel','Gear'])[1 + (i - 1) % 20] || ' ' ||
    (ARRAY['Bike Store','Cycle Shop','Sporting Goods','Bicycle Supply','Bike Rentals','Outdoor Outfitters','Cycles','Parts and Service',
    'Bike Company','Wholesale','Distributors','Sales and Service','Equipment','Toy Store','Department Store'])[1 + ((i - 1) / 20) % 15] AS n
  FROM generate_series(1, 300) i) s
ORDER BY be;

-- Customers 1..300 are the stores, 301..600 a contact person at each store,
-- 601..2520 the individual customers (people 531..2450).
INSERT INTO sales.customer (personid, storeid, territoryid, rowguid, modifieddate)
SELECT c.personid, c.storeid, sp.territoryid, pg_temp.uuid('customer' || c.o), pg_temp.ts('cm' || c.o, timestamp '2014-09-12', 2)
FROM (SELECT i AS o, NULL::int AS personid, 2500 + i AS storeid, 2500 + i AS addr FROM generate_series(1, 300) i
  UNION ALL SELECT 300 + i, 150 + i, 2500 + i, 2500 + i FROM generate_series(1, 300) i
  UNION ALL SELECT 600 + i, 530 + i, NULL, 530 + i FROM generate_series(1, 1920) i) c
JOIN person.address a ON a.addressid = c.addr JOIN person.stateprovince sp ON sp.stateprovinceid = a.stateprovinceid
ORDER BY c.o;

INSERT INTO sales.creditcard (cardtype, cardnumber, expmonth, expyear, modifieddate)
SELECT (ARRAY['SuperiorCard','Distinguish','ColonialVoice','Vista'])[1 + pg_temp.r('ct' || i, 4)],
  (ARRAY['3333','5555','7777','1111'])[1 + pg_temp.r('ct' || i, 4)] || lpad(((i::bigint * 7919 * 104729) % 10000000000)::text, 10, '0'),
  1 + pg_temp.r('em' || i, 12), 2015 + pg_temp.r('ey' || i, 5), pg_temp.ts('ccm' || i, timestamp '2011-05-31', 1100)
FROM generate_series(1, 1600) i ORDER BY i;

INSERT INTO sales.personcreditcard (businessentityid, creditcardid, modifieddate)
SELECT 530 + i, i, c.modifieddate FROM generate_series(1, 1600) i JOIN sales.creditcard c ON c.creditcardid = i;

INSERT INTO sales.specialoffer (description, discountpct, type, category, startdate, enddate, minqty, maxqty, rowguid, modifieddate)
SELECT d, pct, t, c, sd, ed, mn, mx, pg_temp.uuid('offer' || o), sd - interval '14 days' FROM (VALUES
  (1,'No Discount',0.00,'No Discount','No Discount',timestamp '2011-05-01',timestamp '2014-11-30',0,NULL),
  (2,'Volume Discount 11 to 14',0.02,'Volume Discount','Reseller',timestamp '2011-05-31',timestamp '2014-05-30',11,14),
  (3,'Volume Discount 15 to 24',0.05,'Volume Discount','Reseller',timestamp '2011-05-31',timestamp '2014-05-30',15,24),
  (4,'Volume Discount 25 to 40',0.10,'Volume Discount','Reseller',timestamp '2011-05-31',timestamp '2014-05-30',25,40),
  (5,'Volume Discount 41 to 60',0.15,'Volume Discount','Reseller',timestamp '2011-05-31',timestamp '2014-05-30',41,60),
  (6,'Volume Discount over 60',0.20,'Volume Discount','Reseller',timestamp '2011-05-31',timestamp '2014-05-30',61,NULL),
  (7,'Mountain-100 Clearance Sale',0.35,'Discontinued Product','Reseller',timestamp '2012-04-13',timestamp '2012-05-29',0,NULL),
  (8,'Sport Helmet Discount-2002',0.10,'Seasonal Discount','Reseller',timestamp '2012-05-30',timestamp '2012-06-29',0,NULL),
  (9,'Road-650 Overstock',0.30,'Excess Inventory','Reseller',timestamp '2012-05-30',timestamp '2012-07-30',0,NULL),
  (10,'Mountain Tire Sale',0.50,'Excess Inventory','Customer',timestamp '2013-05-14',timestamp '2013-07-29',0,NULL),
  (11,'Sport Helmet Discount-2003',0.15,'Seasonal Discount','Reseller',timestamp '2013-05-30',timestamp '2013-06-29',0,NULL),
  (12,'LL Road Frame Sale',0.35,'Excess Inventory','Reseller',timestamp '2013-05-30',timestamp '2013-07-14',0,NULL),
  (13,'Touring-3000 Promotion',0.15,'New Product','Reseller',timestamp '2013-05-30',timestamp '2013-08-29',0,NULL),
  (14,'Touring-1000 Promotion',0.20,'New Product','Reseller',timestamp '2013-05-30',timestamp '2013-08-29',0,NULL),
  (15,'Half-Price Pedal Sale',0.50,'Seasonal Discount','Customer',timestamp '2013-07-14',timestamp '2013-08-14',0,NULL),
  (16,'Mountain-500 Silver Clearance Sale',0.40,'Discontinued Product','Reseller',timestamp '2014-03-31',timestamp '2014-05-30',0,NULL)
) v(o, d, pct, t, c, sd, ed, mn, mx) ORDER BY o;

-- Every finished good is on offer 1 (no discount) and on the five volume
-- discounts; the promotions cover a few products each.
INSERT INTO sales.specialofferproduct (specialofferid, productid, rowguid, modifieddate)
SELECT o, p.productid, pg_temp.uuid('sop' || o || '-' || p.productid), timestamp '2011-04-01'
FROM production.product p CROSS JOIN generate_series(1, 6) o WHERE p.finishedgoodsflag
UNION ALL
SELECT o, p.productid, pg_temp.uuid('sop' || o || '-' || p.productid), timestamp '2012-04-01'
FROM production.product p CROSS JOIN generate_series(7, 16) o WHERE p.finishedgoodsflag AND (p.productid * 7 + o) % 53 = 0;

ANALYZE person.person, person.address, person.stateprovince, production.product, purchasing.productvendor, sales.customer,
  sales.store, sales.personcreditcard, sales.currencyrate, sales.specialofferproduct;

-- Sales orders 1..5000 in date order. About one in six is a reseller order
-- of a store customer (a few big resellers place most of them, 5 to 29
-- lines each); the others are internet orders of individuals (1 to 4 lines).
CREATE TEMP TABLE so AS
SELECT i, od, reseller,
  CASE WHEN reseller THEN pg_temp.skew('sc' || i, 300) ELSE 600 + pg_temp.skew2('ic' || i, 1920) END AS customerid
FROM generate_series(1, 5000) i
CROSS JOIN LATERAL (SELECT timestamp '2011-05-31' + (i * 1125 / 5000) * interval '1 day' AS od, pg_temp.r('res' || i, 100) < 16 AS reseller) x;

INSERT INTO sales.salesorderheader (revisionnumber, orderdate, duedate, shipdate, status, onlineorderflag, purchaseordernumber, accountnumber,
  customerid, salespersonid, territoryid, billtoaddressid, shiptoaddressid, shipmethodid, creditcardid, creditcardapprovalcode,
  currencyrateid, subtotal, taxamt, freight, totaldue, comment, rowguid, modifieddate)
SELECT 8, so.od, so.od + interval '12 days', so.od + interval '7 days', 5, NOT so.reseller,
  CASE WHEN so.reseller THEN 'PO' || lpad(pg_temp.r('po' || so.i, 100000000000)::text, 11, '0') END,
  '10-4020-' || lpad(so.customerid::text, 6, '0'),
  so.customerid, st.salespersonid, c.territoryid,
  coalesce(c.personid, c.storeid), CASE WHEN so.reseller AND c.storeid <= 2620 AND so.i % 3 = 0 THEN c.storeid + 380 ELSE coalesce(c.personid, c.storeid) END,
  CASE WHEN so.reseller THEN 5 ELSE 1 END,
  pcc.creditcardid, CASE WHEN pcc.creditcardid IS NOT NULL THEN (100000 + pg_temp.r('ap' || so.i, 900000)) || 'Vi' || (1000 + pg_temp.r('apv' || so.i, 90000)) END,
  cr.currencyrateid, 0, 0, 0, 0, NULL, pg_temp.uuid('soh' || so.i), so.od + interval '7 days'
FROM so
JOIN sales.customer c ON c.customerid = so.customerid
LEFT JOIN sales.store st ON st.businessentityid = c.storeid
LEFT JOIN sales.personcreditcard pcc ON NOT so.reseller AND pcc.businessentityid = c.personid
LEFT JOIN sales.currencyrate cr ON cr.currencyratedate = so.od
  AND cr.tocurrencycode = CASE c.territoryid WHEN 6 THEN 'CAD' WHEN 7 THEN 'EUR' WHEN 8 THEN 'EUR' WHEN 9 THEN 'AUD' WHEN 10 THEN 'GBP' END
ORDER BY so.i;

ANALYZE so, sales.salesorderheader;

INSERT INTO sales.salesorderdetail (salesorderid, carriertrackingnumber, orderqty, productid, specialofferid, unitprice, unitpricediscount,
  rowguid, modifieddate)
SELECT h.salesorderid,
  CASE WHEN NOT h.onlineorderflag THEN upper(substr(md5('ctn' || h.salesorderid), 1, 4) || '-' || substr(md5('ctn' || h.salesorderid), 5, 4) || '-' || substr(md5('ctn' || h.salesorderid), 9, 2)) END,
  l.qty, l.productid, l.offer, round(p.listprice * CASE WHEN h.onlineorderflag THEN 1 ELSE 0.6 END, 4),
  CASE l.offer WHEN 2 THEN 0.02 WHEN 3 THEN 0.05 WHEN 4 THEN 0.10 WHEN 5 THEN 0.15 ELSE 0 END,
  pg_temp.uuid('sod' || h.salesorderid || '-' || l.j), h.modifieddate
FROM sales.salesorderheader h
CROSS JOIN LATERAL (
  SELECT j, 101 + (pg_temp.skew('sp' || h.salesorderid, 400) - 1 + j * 37) % 400 AS productid, q.qty,
    CASE WHEN q.qty >= 41 THEN 5 WHEN q.qty >= 25 THEN 4 WHEN q.qty >= 15 THEN 3 WHEN q.qty >= 11 THEN 2 ELSE 1 END AS offer
  FROM generate_series(0, CASE WHEN h.onlineorderflag THEN pg_temp.skew2('nl' || h.salesorderid, 4) - 1
    ELSE 4 + pg_temp.r('nl' || h.salesorderid, 25) END) j
  CROSS JOIN LATERAL (SELECT (CASE WHEN h.onlineorderflag THEN 1 ELSE pg_temp.skew('q' || h.salesorderid || '-' || j, 50) END)::smallint AS qty) q
) l
JOIN production.product p ON p.productid = l.productid
ORDER BY h.salesorderid, l.j;

ANALYZE sales.salesorderdetail;

UPDATE sales.salesorderheader h SET subtotal = s.sub, taxamt = round(s.sub * 0.08, 4), freight = round(s.sub * 0.025, 4),
  totaldue = round(s.sub * 1.105, 4)
FROM (SELECT salesorderid, sum(orderqty * unitprice * (1 - unitpricediscount)) AS sub FROM sales.salesorderdetail GROUP BY salesorderid) s
WHERE s.salesorderid = h.salesorderid;

-- Shopping carts of the web shop: 40 items in 18 carts.
INSERT INTO sales.shoppingcartitem (shoppingcartid, quantity, productid, datecreated, modifieddate)
SELECT (14951 + (i / 3) * 397)::text, 1 + pg_temp.skew2('scq' || i, 7), 100 + pg_temp.skew('scp' || i, 400), d, d
FROM generate_series(1, 40) i CROSS JOIN LATERAL (SELECT timestamp '2013-11-09 17:54:07' + (i * 1327) * interval '1 minute' AS d) x
WHERE i % 3 <> 2 OR i % 9 = 2
ORDER BY i;

-- Inventory transactions of the last year, in date order: sales (S) from the
-- order lines, purchases (P) from the purchase order lines, work orders (W)
-- for the manufactured goods.
INSERT INTO production.transactionhistory (productid, referenceorderid, referenceorderlineid, transactiondate, transactiontype, quantity,
  actualcost, modifieddate)
SELECT productid, ref, line, d, t, q, c, d FROM (
  SELECT d.productid, d.salesorderid AS ref, d.salesorderdetailid AS line, h.orderdate AS d, 'S' AS t, d.orderqty::int AS q,
    d.unitprice AS c, 1 AS k
  FROM sales.salesorderdetail d JOIN sales.salesorderheader h ON h.salesorderid = d.salesorderid WHERE h.orderdate >= timestamp '2013-06-01'
  UNION ALL
  SELECT d.productid, d.purchaseorderid, d.purchaseorderdetailid, h.orderdate, 'P', d.orderqty::int, d.unitprice, 2
  FROM purchasing.purchaseorderdetail d JOIN purchasing.purchaseorderheader h ON h.purchaseorderid = d.purchaseorderid
  WHERE h.orderdate >= timestamp '2013-06-01'
  UNION ALL
  SELECT p.productid, 70000 + w, 0, timestamp '2013-06-01' + (w * 7) * interval '1 hour', 'W', 1 + pg_temp.r('wq' || w, 40)::int, 0, 3
  FROM generate_series(1, 1200) w JOIN production.product p ON p.productid = 101 + (pg_temp.skew('wp' || w, 400) - 1)
) t ORDER BY d, k, ref, line;

DROP TABLE emp_dept, so;
