-- Deterministic data for the Lago cut: one Lago installation billing for 12 organizations
-- (organization 1 a big SaaS vendor, a long tail of small ones), their billing entities,
-- API keys, taxes, billable metrics, plans and charges, 2,000 customers with their
-- subscriptions (an upgrade replaces one in six), usage events, monthly invoices with their
-- invoice subscriptions and fees, wallets with their transactions, coupons applied to
-- customers and credit notes. Every id is a uuid made by pg_temp.uuid from the row's
-- natural number (what gen_random_uuid() would have made, but reproducible); every other
-- value is a function of the row number.

CREATE TEMP TABLE lg_org AS
SELECT o, pg_temp.uuid('org' || o) AS id, nm, lower(replace(nm, ' ', '-')) AS sl,
  timestamp '2023-01-10 09:00:00' + o * interval '11 days' AS t,
  (ARRAY['USD','EUR','USD','GBP','EUR','USD'])[1 + o % 6] AS cur
FROM generate_series(1, 12) o
CROSS JOIN LATERAL (SELECT CASE WHEN o = 1 THEN 'Cloudburst' ELSE pg_temp.last_name('on' || o) || ' ' || (ARRAY['AI','Cloud','Data','Mail','Maps','Pay'])[1 + o % 6] END AS nm) x;

INSERT INTO organizations (id, name, created_at, updated_at, api_key, webhook_url, country, email, city, legal_name, timezone, default_currency, hmac_key, slug)
SELECT id, nm, t, t + interval '5 days', NULL, 'https://hooks.' || sl || '.example.com/lago', (ARRAY['US','FR','DE','GB','NL'])[1 + o % 5],
  'billing@' || sl || '.example.com', pg_temp.city('oc' || o), nm || ' Inc.', (ARRAY['UTC','Europe/Paris','America/New_York'])[1 + o % 3], cur,
  md5('hmac' || o), sl || '-' || substr(md5('os' || o), 1, 6)
FROM lg_org ORDER BY o;

-- Billing entities: every organization has its default entity; organization 1 two more.
CREATE TEMP TABLE lg_be AS
SELECT b, CASE WHEN b <= 12 THEN b ELSE 1 END AS o, CASE WHEN b <= 12 THEN 'default' WHEN b = 13 THEN 'eu' ELSE 'us' END AS code, pg_temp.uuid('be' || b) AS id
FROM generate_series(1, 14) b;

INSERT INTO billing_entities (id, organization_id, country, timezone, default_currency, document_number_prefix, email, legal_name, name, code, created_at, updated_at)
SELECT be.id, og.id, (ARRAY['US','FR','DE','GB','NL'])[1 + be.b % 5], 'UTC', og.cur, upper(substr(og.sl, 1, 3)) || '-' || upper(substr(md5('bp' || be.b), 1, 4)),
  'billing@' || og.sl || '.example.com', og.nm || ' ' || upper(be.code), og.nm || CASE WHEN be.code = 'default' THEN '' ELSE ' ' || upper(be.code) END, be.code,
  og.t + be.b * interval '1 hour', og.t + be.b * interval '1 hour'
FROM lg_be be JOIN lg_org og ON og.o = be.o ORDER BY be.b;

INSERT INTO api_keys (id, organization_id, value, created_at, updated_at, expires_at, last_used_at, name, permissions)
SELECT pg_temp.uuid('ak' || a), og.id, pg_temp.uuid('akv' || a)::text, og.t + a * interval '3 days', og.t + a * interval '3 days',
  NULL, og.t + interval '300 days', CASE WHEN a > 12 THEN 'CI key ' || a END, '{"customer": ["read", "write"], "event": ["write"]}'::jsonb
FROM generate_series(1, 20) a JOIN lg_org og ON og.o = (a - 1) % 12 + 1 ORDER BY a;

INSERT INTO taxes (id, organization_id, description, code, name, rate, created_at, updated_at, applied_to_organization)
SELECT pg_temp.uuid('tx' || x), og.id, NULL, (ARRAY['vat_standard','vat_reduced','sales_tax'])[k], (ARRAY['VAT 20%','VAT 5.5%','Sales tax'])[k],
  (ARRAY[20.0, 5.5, 8.25])[k], og.t, og.t, k = 1
FROM generate_series(1, 30) x CROSS JOIN LATERAL (SELECT (x - 1) % 12 + 1 AS o, (x - 1) / 12 + 1 AS k) y JOIN lg_org og ON og.o = y.o ORDER BY x;

-- Billable metrics: six or seven per organization, codes scoped to the organization.
CREATE TEMP TABLE lg_bm AS
SELECT m, (m - 1) % 12 + 1 AS o, (m - 1) / 12 + 1 AS k, pg_temp.uuid('bm' || m) AS id,
  (ARRAY['api_calls','storage_gb','seats','compute_hours','emails_sent','transactions','bandwidth_gb'])[(m - 1) / 12 + 1] AS code
FROM generate_series(1, 80) m;

INSERT INTO billable_metrics (id, organization_id, name, code, description, properties, aggregation_type, created_at, updated_at, field_name, recurring)
SELECT bm.id, og.id, initcap(replace(bm.code, '_', ' ')), bm.code, NULL, '{}'::jsonb, (ARRAY[0, 1, 3, 1, 0, 1, 2])[bm.k],
  og.t + bm.k * interval '1 day', og.t + bm.k * interval '1 day', CASE WHEN bm.k IN (2, 3, 4, 6, 7) THEN 'value' END, bm.k = 3
FROM lg_bm bm JOIN lg_org og ON og.o = bm.o ORDER BY bm.m;

-- Plans: five per organization.
CREATE TEMP TABLE lg_plan AS
SELECT p, (p - 1) % 12 + 1 AS o, (p - 1) / 12 + 1 AS k, pg_temp.uuid('pl' || p) AS id,
  (ARRAY['starter','growth','pro','enterprise','pay_as_you_go'])[(p - 1) / 12 + 1] AS code
FROM generate_series(1, 60) p;

INSERT INTO plans (id, organization_id, name, created_at, updated_at, code, "interval", description, amount_cents, amount_currency, trial_period, pay_in_advance, invoice_display_name)
SELECT pl.id, og.id, initcap(replace(pl.code, '_', ' ')), og.t + pl.k * interval '2 days', og.t + pl.k * interval '2 days', pl.code, CASE WHEN pl.k = 4 THEN 4 ELSE 2 END,
  NULL, (ARRAY[1900, 4900, 19900, 99900, 0])[pl.k], og.cur, CASE WHEN pl.k <= 2 THEN 14 END, pl.k <> 5, NULL
FROM lg_plan pl JOIN lg_org og ON og.o = pl.o ORDER BY pl.p;

-- Charges: each plan charges one to four of its organization's metrics (code = metric code).
CREATE TEMP TABLE lg_charge AS
SELECT row_number() OVER (ORDER BY pl.p, bm.k) AS ch, pl.p, pl.o, bm.m, bm.code, pg_temp.uuid('ch' || pl.p || '-' || bm.k) AS id
FROM lg_plan pl JOIN lg_bm bm ON bm.o = pl.o AND bm.k <= 1 + pl.p % 4;

INSERT INTO charges (id, billable_metric_id, created_at, updated_at, plan_id, amount_currency, charge_model, properties, pay_in_advance, min_amount_cents, invoiceable, prorated, organization_id, code)
SELECT c.id, bm.id, og.t + interval '20 days', og.t + interval '20 days', pl.id, og.cur, (ARRAY[0, 1, 2, 0, 4])[1 + c.ch % 5],
  jsonb_build_object('amount', ((1 + c.ch % 9) * 0.01)::text), c.ch % 11 = 0, 0, true, false, og.id, c.code
FROM lg_charge c JOIN lg_bm bm ON bm.m = c.m JOIN lg_plan pl ON pl.p = c.p JOIN lg_org og ON og.o = c.o ORDER BY c.ch;

-- Customers: organization 1 has a third of them; external ids are the organizations' own
-- customer numbers (they repeat across organizations), sequential_id numbers them per organization.
CREATE TEMP TABLE lg_cust AS
SELECT c, o, row_number() OVER (PARTITION BY o ORDER BY c) AS seq, pg_temp.uuid('cu' || c) AS id,
  CASE WHEN o = 1 THEN 12 + pg_temp.r('cbe' || c, 3) + CASE WHEN pg_temp.r('cbe' || c, 3) = 0 THEN -11 ELSE 0 END ELSE o END AS b
FROM generate_series(1, 2000) c CROSS JOIN LATERAL (SELECT CASE WHEN c <= 12 THEN c ELSE pg_temp.skew2('co' || c, 12) END AS o) x;

INSERT INTO customers (id, external_id, name, organization_id, created_at, updated_at, country, email, city, currency, sequential_id, deleted_at, firstname, lastname,
  customer_type, billing_entity_id, slug)
SELECT cu.id, 'cus_' || lpad(cu.seq::text, 5, '0'), fn || ' ' || ln, og.id, ts, ts, (ARRAY['US','FR','DE','GB','NL','ES'])[1 + cu.c % 6],
  lower(fn || '.' || ln) || cu.c || '@customer.example.com', pg_temp.city('cc' || cu.c), og.cur, cu.seq, CASE WHEN cu.c % 50 = 0 THEN ts + interval '200 days' END,
  fn, ln, CASE WHEN cu.c % 3 = 0 THEN 'company'::public.customer_type ELSE 'individual'::public.customer_type END, be.id, upper(substr(og.sl, 1, 3)) || '-' || lpad(cu.seq::text, 4, '0')
FROM lg_cust cu JOIN lg_org og ON og.o = cu.o JOIN lg_be be ON be.b = cu.b
CROSS JOIN LATERAL (SELECT pg_temp.first_name('cf' || cu.c) AS fn, pg_temp.last_name('cl' || cu.c) AS ln,
  og.t + interval '30 days' + (cu.c * 7200) * interval '1 second' AS ts) x
ORDER BY cu.c;

-- Subscriptions: one per customer; one customer in six upgraded, which terminated the first
-- (previous_subscription_id links the upgrade, which keeps the external_id, as Lago does).
CREATE TEMP TABLE lg_sub AS
SELECT row_number() OVER (ORDER BY c, k) AS s, c, o, k, seq, b, pg_temp.uuid('su' || c || '-' || k) AS id,
  CASE WHEN k = 2 THEN pg_temp.uuid('su' || c || '-1') END AS prev,
  (o - 1) + 12 * (CASE WHEN k = 2 THEN 3 ELSE pg_temp.skew2('sp' || c, 5) - 1 END) + 1 AS p,
  CASE WHEN k = 1 AND c % 6 = 0 THEN 2 WHEN c % 29 = 0 THEN 3 ELSE 1 END AS status,
  timestamp '2024-01-01 00:00:00' + (pg_temp.r('sst' || c, 180) + (k - 1) * 60) * interval '1 day' AS st
FROM lg_cust CROSS JOIN generate_series(1, 2) k WHERE k = 1 OR c % 6 = 0;

INSERT INTO subscriptions (id, customer_id, plan_id, status, canceled_at, terminated_at, started_at, created_at, updated_at, previous_subscription_id, name, external_id,
  billing_time, subscription_at, ending_at, organization_id, billing_entity_id)
SELECT su.id, cu.id, pl.id, su.status, CASE WHEN su.status = 3 THEN su.st + interval '10 days' END, CASE WHEN su.status = 2 THEN su.st + interval '60 days' END,
  su.st, su.st, su.st, su.prev, NULL, 'sub_' || lpad(su.seq::text, 5, '0'), su.c % 3, su.st, NULL, og.id, be.id
FROM lg_sub su JOIN lg_cust cu ON cu.c = su.c JOIN lg_plan pl ON pl.p = su.p JOIN lg_org og ON og.o = su.o JOIN lg_be be ON be.b = su.b
ORDER BY su.s;

-- Usage events of active subscriptions (busy customers send most), codes of the plan's charges.
INSERT INTO events (id, organization_id, customer_id, transaction_id, code, properties, "timestamp", created_at, updated_at, metadata, subscription_id,
  external_customer_id, external_subscription_id)
SELECT pg_temp.uuid('ev' || e), og.id, cu.id, 'tr_' || substr(md5('evt' || e), 1, 16), ch.code, jsonb_build_object('value', 1 + pg_temp.r('ev' || e, 500)),
  ts, ts + interval '2 seconds', ts + interval '2 seconds', '{}'::jsonb, su.id, 'cus_' || lpad(su.seq::text, 5, '0'), 'sub_' || lpad(su.seq::text, 5, '0')
FROM generate_series(1, 8000) e
JOIN lg_sub su ON su.s = pg_temp.skew('es' || e, 2333)
JOIN lg_cust cu ON cu.c = su.c JOIN lg_org og ON og.o = su.o
CROSS JOIN LATERAL (SELECT * FROM lg_charge c WHERE c.p = su.p ORDER BY c.ch OFFSET pg_temp.r('ec' || e, 1 + su.p % 4) LIMIT 1) ch
CROSS JOIN LATERAL (SELECT su.st + (pg_temp.r('et' || e, 60 * 86400)) * interval '1 second' AS ts) x
ORDER BY e;

-- Invoices: one or two monthly invoices per subscription, numbered per customer.
CREATE TEMP TABLE lg_inv AS
SELECT row_number() OVER (ORDER BY su.st + g.k * interval '1 month', su.s) AS i, su.s, su.c, su.o, su.b, su.p, g.k,
  row_number() OVER (PARTITION BY su.c ORDER BY su.k, g.k) AS cseq, pg_temp.uuid('in' || su.s || '-' || g.k) AS id,
  date_trunc('day', su.st) + (g.k - 1) * interval '1 month' AS pfrom
FROM lg_sub su CROSS JOIN generate_series(1, 2) g(k) WHERE g.k <= 1 + su.s % 2 AND su.status <> 3;

INSERT INTO invoices (id, created_at, updated_at, issuing_date, taxes_amount_cents, total_amount_cents, invoice_type, payment_status, number, sequential_id, customer_id,
  taxes_rate, status, organization_id, currency, fees_amount_cents, sub_total_excluding_taxes_amount_cents, sub_total_including_taxes_amount_cents, payment_due_date,
  organization_sequential_id, billing_entity_id, billing_entity_sequential_id, finalized_at)
SELECT iv.id, ts, ts, ts::date, amt / 5, amt + amt / 5, 0, CASE WHEN iv.i % 9 = 0 THEN 2 WHEN iv.i % 4 = 0 THEN 0 ELSE 1 END,
  upper(substr(og.sl, 1, 3)) || '-' || lpad(cu.seq::text, 3, '0') || '-' || lpad(iv.cseq::text, 3, '0'), iv.cseq, cu.id, 20.0, 1, og.id, og.cur, amt, amt, amt + amt / 5,
  ts::date + 30, row_number() OVER (PARTITION BY iv.o ORDER BY iv.i), be.id, row_number() OVER (PARTITION BY iv.b ORDER BY iv.i), ts
FROM lg_inv iv JOIN lg_cust cu ON cu.c = iv.c JOIN lg_org og ON og.o = iv.o JOIN lg_be be ON be.b = iv.b
CROSS JOIN LATERAL (SELECT iv.pfrom + interval '1 month' AS ts, (ARRAY[1900, 4900, 19900, 99900, 0])[(iv.p - 1) / 12 + 1] + pg_temp.r('ia' || iv.i, 20000) AS amt) x
ORDER BY iv.i;

INSERT INTO invoice_subscriptions (id, invoice_id, subscription_id, created_at, updated_at, recurring, "timestamp", from_datetime, to_datetime, charges_from_datetime,
  charges_to_datetime, invoicing_reason, organization_id)
SELECT pg_temp.uuid('is' || iv.i), iv.id, su.id, iv.pfrom + interval '1 month', iv.pfrom + interval '1 month', iv.k > 1, iv.pfrom + interval '1 month',
  iv.pfrom, iv.pfrom + interval '1 month' - interval '1 second', iv.pfrom, iv.pfrom + interval '1 month' - interval '1 second',
  CASE WHEN iv.k = 1 THEN 'subscription_starting' ELSE 'subscription_periodic' END::public.subscription_invoicing_reason, og.id
FROM lg_inv iv JOIN lg_sub su ON su.s = iv.s JOIN lg_org og ON og.o = iv.o
ORDER BY iv.i;

-- Fees: the subscription fee of every invoice and a fee per charge of the plan (up to two).
INSERT INTO fees (id, invoice_id, charge_id, subscription_id, amount_cents, amount_currency, taxes_amount_cents, taxes_rate, created_at, updated_at, units, properties,
  fee_type, invoiceable_type, invoiceable_id, events_count, payment_status, unit_amount_cents, organization_id, billing_entity_id)
SELECT pg_temp.uuid('fe' || iv.i || '-' || n), iv.id, ch.id, su.id, amt, og.cur, amt / 5, 20.0, iv.pfrom + interval '1 month', iv.pfrom + interval '1 month',
  CASE WHEN ch.id IS NULL THEN 1 ELSE 1 + pg_temp.r('fu' || iv.i || n, 5000) END,
  jsonb_build_object('from_datetime', iv.pfrom, 'to_datetime', iv.pfrom + interval '1 month'),
  CASE WHEN ch.id IS NULL THEN 2 ELSE 0 END, CASE WHEN ch.id IS NULL THEN 'Subscription' ELSE 'Charge' END, COALESCE(ch.id, su.id),
  CASE WHEN ch.id IS NOT NULL THEN 1 + pg_temp.r('fc' || iv.i || n, 400)::int END, 0, amt, og.id, be.id
FROM lg_inv iv JOIN lg_sub su ON su.s = iv.s JOIN lg_org og ON og.o = iv.o JOIN lg_be be ON be.b = iv.b
CROSS JOIN generate_series(0, 2) n
LEFT JOIN LATERAL (SELECT c.id FROM lg_charge c WHERE c.p = iv.p AND n > 0 ORDER BY c.ch OFFSET greatest(n - 1, 0) LIMIT 1) ch ON true
CROSS JOIN LATERAL (SELECT CASE WHEN n = 0 THEN (ARRAY[1900, 4900, 19900, 99900, 0])[(iv.p - 1) / 12 + 1] ELSE pg_temp.r('fa' || iv.i || n, 20000) END AS amt) x
WHERE n = 0 OR ch.id IS NOT NULL
ORDER BY iv.i, n;

-- Prepaid wallets of one customer in seven; a terminated wallet leaves its code free.
CREATE TEMP TABLE lg_wal AS
SELECT row_number() OVER (ORDER BY c) AS w, c, o, b, pg_temp.uuid('wa' || c) AS id, CASE WHEN c % 5 = 0 THEN 1 ELSE 0 END AS status
FROM lg_cust WHERE c % 7 = 0;

INSERT INTO wallets (id, customer_id, status, name, rate_amount, credits_balance, consumed_credits, terminated_at, created_at, updated_at, balance_cents, balance_currency,
  consumed_amount_cents, consumed_amount_currency, organization_id, code, billing_entity_id)
SELECT wa.id, cu.id, wa.status, 'Prepaid credits', 1.0, bal, 0, CASE WHEN wa.status = 1 THEN ts + interval '90 days' END, ts, ts, (bal * 100)::bigint, og.cur,
  0, og.cur, og.id, 'prepaid', be.id
FROM lg_wal wa JOIN lg_cust cu ON cu.c = wa.c JOIN lg_org og ON og.o = wa.o JOIN lg_be be ON be.b = wa.b
CROSS JOIN LATERAL (SELECT timestamp '2024-02-01 00:00:00' + wa.w * interval '13 hours' AS ts, (pg_temp.r('wb' || wa.c, 500) * 10)::numeric AS bal) x
ORDER BY wa.w;

INSERT INTO wallet_transactions (id, wallet_id, transaction_type, status, amount, credit_amount, settled_at, created_at, updated_at, source, transaction_status, organization_id, name)
SELECT pg_temp.uuid('wt' || wa.w || '-' || n), wa.id, CASE WHEN n = 1 OR n % 3 = 0 THEN 0 ELSE 1 END, CASE WHEN (wa.w + n) % 17 = 0 THEN 0 ELSE 1 END, amt, amt,
  CASE WHEN (wa.w + n) % 17 <> 0 THEN ts END, ts, ts, CASE WHEN n = 1 THEN 0 ELSE 1 END, CASE WHEN n = 1 THEN 1 ELSE 0 END, og.id, NULL
FROM lg_wal wa JOIN lg_org og ON og.o = wa.o CROSS JOIN generate_series(1, 12) n
CROSS JOIN LATERAL (SELECT timestamp '2024-02-01 00:00:00' + wa.w * interval '13 hours' + n * interval '9 days' AS ts, (10 * (1 + pg_temp.r('wx' || wa.w || n, 50)))::numeric AS amt) x
WHERE n <= pg_temp.skew2('wn' || wa.w, 12)
ORDER BY ts, wa.w, n;

INSERT INTO coupons (id, organization_id, name, code, status, amount_cents, amount_currency, expiration, created_at, updated_at, coupon_type, percentage_rate, frequency, frequency_duration)
SELECT pg_temp.uuid('cp' || q), og.id, initcap(lower(code)), code, CASE WHEN q % 9 = 0 THEN 1 ELSE 0 END, CASE WHEN k % 2 = 1 THEN 1000 * k END, CASE WHEN k % 2 = 1 THEN og.cur END,
  CASE WHEN k = 2 THEN 1 ELSE 0 END, og.t + k * interval '40 days', og.t + k * interval '40 days', (k + 1) % 2, CASE WHEN k % 2 = 0 THEN 10.0 * k END,
  CASE WHEN k = 4 THEN 1 ELSE 0 END, CASE WHEN k = 4 THEN 3 END
FROM generate_series(1, 40) q CROSS JOIN LATERAL (SELECT (q - 1) % 12 + 1 AS o, (q - 1) / 12 + 1 AS k) y
CROSS JOIN LATERAL (SELECT (ARRAY['WELCOME','BLACKFRIDAY','PARTNER10','STARTUP50'])[y.k] AS code) z
JOIN lg_org og ON og.o = y.o ORDER BY q;

INSERT INTO applied_coupons (id, coupon_id, customer_id, status, amount_cents, amount_currency, created_at, updated_at, terminated_at, percentage_rate, frequency, frequency_duration,
  frequency_duration_remaining, organization_id)
SELECT pg_temp.uuid('ac' || n), pg_temp.uuid('cp' || ((k - 1) * 12 + cu.o)), cu.id, CASE WHEN n % 4 = 0 THEN 1 ELSE 0 END, CASE WHEN k % 2 = 1 THEN 1000 * k END,
  CASE WHEN k % 2 = 1 THEN og.cur END, ts, ts, CASE WHEN n % 4 = 0 THEN ts + interval '30 days' END, CASE WHEN k % 2 = 0 THEN 10.0 * k END,
  CASE WHEN k = 4 THEN 1 ELSE 0 END, CASE WHEN k = 4 THEN 3 END, CASE WHEN k = 4 THEN 3 - n % 4 END, og.id
FROM generate_series(1, 400) n JOIN lg_cust cu ON cu.c = n * 5 JOIN lg_org og ON og.o = cu.o
CROSS JOIN LATERAL (SELECT 1 + n % CASE WHEN cu.o <= 4 THEN 4 ELSE 3 END AS k, timestamp '2024-01-15 00:00:00' + n * interval '11 hours' AS ts) x
ORDER BY n;

INSERT INTO credit_notes (id, customer_id, invoice_id, sequential_id, number, credit_amount_cents, credit_amount_currency, credit_status, balance_amount_cents,
  balance_amount_currency, reason, created_at, updated_at, total_amount_cents, total_amount_currency, issuing_date, status, organization_id)
SELECT pg_temp.uuid('cn' || iv.i), cu.id, iv.id, 1, upper(substr(og.sl, 1, 3)) || '-' || lpad(cu.seq::text, 3, '0') || '-' || lpad(iv.cseq::text, 3, '0') || '-CN001',
  amt, og.cur, CASE WHEN iv.i % 3 = 0 THEN 1 ELSE 0 END, amt, og.cur, iv.i % 6, ts, ts, amt, og.cur, ts::date, 1, og.id
FROM lg_inv iv JOIN lg_cust cu ON cu.c = iv.c JOIN lg_org og ON og.o = iv.o
CROSS JOIN LATERAL (SELECT iv.pfrom + interval '1 month' + interval '5 days' AS ts, 100 * (1 + pg_temp.r('cna' || iv.i, 90)) AS amt) x
WHERE iv.i % 12 = 0
ORDER BY iv.i;

DROP TABLE lg_org, lg_be, lg_bm, lg_plan, lg_charge, lg_cust, lg_sub, lg_inv, lg_wal;
