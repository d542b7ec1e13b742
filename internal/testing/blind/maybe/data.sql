-- Deterministic data for the Maybe cut: one hosted installation with 300 families (family 1
-- a heavy user with many accounts, a long tail of one- and two-account households), 450
-- users and their sessions, 1,200 accounts (seven in ten depository accounts, three in ten
-- investment accounts, each with its delegated depositories or investments row), 8,000
-- entries with their delegated transactions, valuations and trades, daily balances and
-- holdings, 300 securities with price histories, exchange rates, per-family categories,
-- merchants and tags, imports with their raw rows, Plaid connections and transfers. Every
-- uuid primary key is pg_temp.uuid of a name and the row number (the DDL keeps the
-- gen_random_uuid() defaults, which would not be reproducible); references are computed
-- with the same formula. Every value is a function of the row number.

CREATE TEMP TABLE mb_family AS
SELECT f, pg_temp.uuid('fam' || f) AS id, CASE WHEN f = 1 THEN 'USD' ELSE pg_temp.pick2('fc' || f, ARRAY['USD','EUR','GBP','CAD','AUD']) END AS cur,
  3 + pg_temp.r('cn' || f, 6)::int AS ncat, 1 + pg_temp.r('mn' || f, 4)::int AS nmer, pg_temp.r('tn' || f, 4)::int AS ntag,
  timestamp '2024-01-01 09:00:00' + (f * 50000) * interval '1 second' AS t
FROM generate_series(1, 300) f;

INSERT INTO families (id, name, created_at, updated_at, currency, locale, stripe_customer_id, date_format, country, timezone, data_enrichment_enabled, early_access,
  auto_sync_on_login, latest_sync_activity_at, latest_sync_completed_at)
SELECT id, pg_temp.last_name('fn' || f) || ' Family', t, t + interval '1 day', cur, CASE cur WHEN 'EUR' THEN 'de' ELSE 'en' END,
  CASE WHEN f % 3 <> 0 THEN 'cus_' || substr(md5('cus' || f), 1, 14) END, CASE cur WHEN 'USD' THEN '%m-%d-%Y' ELSE '%d-%m-%Y' END,
  CASE cur WHEN 'USD' THEN 'US' WHEN 'EUR' THEN 'DE' WHEN 'GBP' THEN 'GB' WHEN 'CAD' THEN 'CA' ELSE 'AU' END,
  pg_temp.pick2('tz' || f, ARRAY['America/New_York','Europe/Berlin','Europe/London','America/Toronto','Australia/Sydney']), f % 4 = 0, f % 10 = 0, f % 7 <> 0,
  t + interval '200 days', t + interval '200 days' + interval '3 minutes'
FROM mb_family ORDER BY f;

-- Users: the first of each family is its admin; 150 more members join the bigger families.
CREATE TEMP TABLE mb_user AS
SELECT u, pg_temp.uuid('usr' || u) AS id, CASE WHEN u <= 300 THEN u ELSE pg_temp.skew('uf' || u, 300) END AS f FROM generate_series(1, 450) u;

INSERT INTO users (id, family_id, first_name, last_name, email, password_digest, created_at, updated_at, role, active, onboarded_at, unconfirmed_email, otp_secret,
  otp_required, otp_backup_codes, default_period, last_viewed_chat_id, ai_enabled, theme, rule_prompts_disabled, goals, set_onboarding_preferences_at)
SELECT u.id, fa.id, fn, ln, lower(fn || '.' || ln) || u.u || '@example.com', '$2a$12$' || substr(md5('pw' || u.u) || md5('pw2' || u.u), 1, 53),
  fa.t + (u.u * 600) * interval '1 second', fa.t + (u.u * 600) * interval '1 second', CASE WHEN u.u <= 300 THEN 'admin' WHEN u.u = 301 THEN 'super_admin' ELSE 'member' END,
  u.u % 37 <> 0, CASE WHEN u.u % 9 <> 0 THEN fa.t + interval '1 hour' END, CASE WHEN u.u % 29 = 0 THEN 'new.' || u.u || '@example.org' END,
  CASE WHEN u.u % 6 = 0 THEN upper(substr(md5('otp' || u.u), 1, 32)) END, u.u % 6 = 0,
  CASE WHEN u.u % 6 = 0 THEN ARRAY[substr(md5('bc1' || u.u), 1, 10), substr(md5('bc2' || u.u), 1, 10)] ELSE '{}' END, 'last_30_days', NULL, u.u % 5 = 0,
  pg_temp.pick('th' || u.u, ARRAY['system','light','dark']), false, CASE WHEN u.u % 3 = 0 THEN ARRAY['budget','net_worth'] ELSE '{}' END, fa.t + interval '2 hours'
FROM mb_user u JOIN mb_family fa ON fa.f = u.f
CROSS JOIN LATERAL (SELECT pg_temp.first_name('ufn' || u.u) AS fn, pg_temp.last_name('fn' || u.f) AS ln) x
ORDER BY u.u;

INSERT INTO sessions (id, user_id, user_agent, ip_address, created_at, updated_at, active_impersonator_session_id, subscribed_at, prev_transaction_page_params, data)
SELECT pg_temp.uuid('ses' || x), u.id, pg_temp.pick2('ua' || x, ARRAY['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15','Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0','Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Mobile/15E148']),
  '203.0.' || (x % 250) || '.' || (x % 200 + 1), t, t + interval '30 minutes', NULL, CASE WHEN x % 11 = 0 THEN t END, '{}'::jsonb, '{}'::jsonb
FROM generate_series(1, 1500) x
JOIN mb_user u ON u.u = pg_temp.skew2('su' || x, 450)
CROSS JOIN LATERAL (SELECT timestamp '2024-03-01 00:00:00' + (x * 20000) * interval '1 second' AS t) y
ORDER BY x;

-- Plaid: 120 connections (items) in every other family up to 240, 300 linked bank accounts.
INSERT INTO plaid_items (id, family_id, access_token, plaid_id, name, next_cursor, scheduled_for_deletion, created_at, updated_at, available_products, billed_products,
  plaid_region, institution_url, institution_id, institution_color, status, raw_payload, raw_institution_payload)
SELECT pg_temp.uuid('pi' || i), fa.id, 'access-production-' || pg_temp.uuid('pat' || i), substr(md5('pid' || i), 1, 24) || substr(md5('pid2' || i), 1, 13), inst,
  substr(md5('cur' || i), 1, 32), i % 40 = 0, fa.t + interval '1 day', fa.t + interval '1 day', '{transactions,investments}', '{transactions}',
  CASE WHEN fa.cur = 'EUR' THEN 'eu' ELSE 'us' END, 'https://www.' || lower(replace(inst, ' ', '')) || '.example.com', 'ins_' || (1 + pg_temp.r('ii' || i, 40)), '#004977',
  CASE WHEN i % 15 = 0 THEN 'requires_update' ELSE 'good' END, '{}'::jsonb, '{}'::jsonb
FROM generate_series(1, 120) i
JOIN mb_family fa ON fa.f = 2 * i
CROSS JOIN LATERAL (SELECT pg_temp.pick2('in' || i, ARRAY['Chase','Bank of America','Wells Fargo','Capital One','Ally Bank','Schwab','Fidelity','Vanguard']) AS inst) x
ORDER BY i;

INSERT INTO plaid_accounts (id, plaid_item_id, plaid_id, plaid_type, plaid_subtype, current_balance, available_balance, currency, name, mask, created_at, updated_at)
SELECT pg_temp.uuid('pa' || p), pg_temp.uuid('pi' || (1 + (p - 1) % 120)), substr(md5('pap' || p), 1, 24) || substr(md5('pap2' || p), 1, 13),
  CASE WHEN p % 10 < 3 THEN 'investment' ELSE 'depository' END, CASE WHEN p % 10 < 3 THEN 'brokerage' ELSE 'checking' END,
  (pg_temp.r('pb' || p, 5000000) / 100.0), (pg_temp.r('pb' || p, 5000000) / 100.0), 'USD', pg_temp.pick('pn' || p, ARRAY['Checking','Savings','Brokerage','Total Checking','Joint Savings']),
  lpad((pg_temp.r('pm' || p, 10000))::text, 4, '0'), timestamp '2024-02-01' + (p * 3600) * interval '1 second', timestamp '2024-02-01' + (p * 3600) * interval '1 second'
FROM generate_series(1, 300) p ORDER BY p;

-- Imports of CSV files and their raw rows (a few big ones).
INSERT INTO imports (id, column_mappings, status, raw_file_str, normalized_csv_str, created_at, updated_at, col_sep, family_id, account_id, type, date_col_label,
  amount_col_label, name_col_label, category_col_label, tags_col_label, account_col_label, qty_col_label, ticker_col_label, price_col_label, date_format, signage_convention,
  error, number_format)
SELECT pg_temp.uuid('imp' || i), NULL, CASE WHEN i % 9 = 0 THEN 'failed' WHEN i % 5 = 0 THEN 'pending' ELSE 'complete' END, 'date,name,amount', 'date,name,amount',
  x.ti, x.ti, ',', fa.id, NULL, ty, 'date', 'amount', 'name', CASE WHEN ty = 'TransactionImport' THEN 'category' END, CASE WHEN ty = 'TransactionImport' THEN 'tags' END,
  'account', CASE WHEN ty = 'TradeImport' THEN 'qty' END, CASE WHEN ty = 'TradeImport' THEN 'ticker' END, CASE WHEN ty = 'TradeImport' THEN 'price' END,
  '%m/%d/%Y', 'inflows_positive', CASE WHEN i % 9 = 0 THEN 'Invalid date format' END, '1,234.56'
FROM generate_series(1, 200) i
JOIN mb_family fa ON fa.f = pg_temp.skew('if' || i, 300)
CROSS JOIN LATERAL (SELECT pg_temp.pick2('it' || i, ARRAY['TransactionImport','TradeImport','AccountImport','MintImport']) AS ty,
  fa.t + (i * 30000) * interval '1 second' AS ti) x
ORDER BY i;

INSERT INTO import_rows (id, import_id, account, date, qty, ticker, price, amount, currency, name, category, tags, entity_type, notes, created_at, updated_at)
SELECT pg_temp.uuid('ir' || x), i.id, 'Checking', to_char(date '2024-01-01' + (x % 365), 'MM/DD/YYYY'), NULL, NULL, NULL,
  (pg_temp.r('ira' || x, 40000) / 100.0 - 200)::text, 'USD', pg_temp.pick('irn' || x, ARRAY['Starbucks','Amazon','Whole Foods','Shell','Netflix','Uber','Rent','Payroll']),
  pg_temp.pick('irc' || x, ARRAY['Food & Drink','Shopping','Transportation','Income','Housing']), NULL, NULL, NULL, i.created_at, i.created_at
FROM generate_series(1, 4000) x
JOIN imports i ON i.id = pg_temp.uuid('imp' || pg_temp.skew('iri' || x, 200))
ORDER BY x;

-- Accounts: a <= 300 is family a's first account; the rest go to the bigger families. Three in
-- ten are investment accounts. Every fourth is linked to a Plaid account; some came from an
-- account import.
CREATE TEMP TABLE mb_account AS
SELECT a, pg_temp.uuid('acc' || a) AS id, CASE WHEN a <= 300 THEN a ELSE pg_temp.skew('af' || a, 300) END AS f,
  CASE WHEN a % 10 < 3 THEN 'Investment' ELSE 'Depository' END AS typ, pg_temp.uuid('acct-able' || a) AS able
FROM generate_series(1, 1200) a;

INSERT INTO depositories (id, created_at, updated_at, locked_attributes)
SELECT able, timestamp '2024-01-01' + (a * 25000) * interval '1 second', timestamp '2024-01-01' + (a * 25000) * interval '1 second', '{}'::jsonb
FROM mb_account WHERE typ = 'Depository' ORDER BY a;

INSERT INTO investments (id, created_at, updated_at, locked_attributes)
SELECT able, timestamp '2024-01-01' + (a * 25000) * interval '1 second', timestamp '2024-01-01' + (a * 25000) * interval '1 second', '{}'::jsonb
FROM mb_account WHERE typ = 'Investment' ORDER BY a;

INSERT INTO accounts (id, subtype, family_id, name, created_at, updated_at, accountable_type, accountable_id, balance, currency, import_id, plaid_account_id, cash_balance,
  locked_attributes, status)
SELECT ac.id, CASE WHEN ac.typ = 'Investment' THEN pg_temp.pick('ais' || ac.a, ARRAY['brokerage','401k','roth_ira','ira']) ELSE pg_temp.pick('ads' || ac.a, ARRAY['checking','savings','hsa']) END,
  fa.id, CASE WHEN ac.typ = 'Investment' THEN 'Brokerage ' ELSE 'Checking ' END || ac.a, x.t, x.t, ac.typ, ac.able, bal, fa.cur,
  CASE WHEN ac.a % 25 = 0 THEN pg_temp.uuid('imp' || (1 + pg_temp.r('aim' || ac.a, 200))) END, CASE WHEN ac.a % 4 = 0 THEN pg_temp.uuid('pa' || (ac.a / 4)) END,
  CASE WHEN ac.typ = 'Investment' THEN round(bal / 10, 4) ELSE bal END, '{}'::jsonb,
  CASE WHEN ac.a % 31 = 0 THEN 'disabled' WHEN ac.a % 53 = 0 THEN 'pending_deletion' ELSE 'active' END
FROM mb_account ac JOIN mb_family fa ON fa.f = ac.f
CROSS JOIN LATERAL (SELECT timestamp '2024-01-01' + (ac.a * 25000) * interval '1 second' AS t, (pg_temp.r('ab' || ac.a, 10000000) / 100.0)::numeric(19,4) AS bal) x
ORDER BY ac.a;

-- Entries (the ledger): busy accounts hold most of them. An investment account's entries are
-- trades, transactions and valuations; a depository's transactions and valuations.
CREATE TEMP TABLE mb_entry AS
SELECT e, pg_temp.uuid('ent' || e) AS id, ac.a, ac.id AS account_id, ac.f,
  CASE WHEN pg_temp.r('ek' || e, 20) = 0 THEN 'Valuation' WHEN ac.typ = 'Investment' AND pg_temp.r('ek' || e, 20) < 8 THEN 'Trade' ELSE 'Transaction' END AS typ,
  pg_temp.uuid('ent-able' || e) AS able, date '2024-01-01' + pg_temp.r('ed' || e, 540)::int AS d
FROM generate_series(1, 8000) e JOIN mb_account ac ON ac.a = pg_temp.skew('ea' || e, 1200);

INSERT INTO entries (id, account_id, entryable_type, entryable_id, amount, currency, date, name, created_at, updated_at, import_id, notes, excluded, plaid_id, locked_attributes)
SELECT en.id, en.account_id, en.typ, en.able,
  CASE WHEN en.typ = 'Valuation' THEN pg_temp.r('ev' || e, 5000000) / 100.0 ELSE (pg_temp.r('eam' || e, 60000) - 50000) / 100.0 END, fa.cur, en.d,
  CASE en.typ WHEN 'Valuation' THEN 'Manual balance update' WHEN 'Trade' THEN pg_temp.pick('etn' || e, ARRAY['Buy AAPL','Sell MSFT','Buy VTI','Buy VOO','Sell TSLA'])
    ELSE pg_temp.pick2('enm' || e, ARRAY['Starbucks','Amazon','Whole Foods','Shell','Netflix','Uber','Rent','Payroll','Target','Costco','Spotify','Delta Air Lines']) END,
  en.d + interval '10 hours', en.d + interval '10 hours', CASE WHEN e % 13 = 0 THEN pg_temp.uuid('imp' || pg_temp.skew('eim' || e, 200)) END,
  CASE WHEN e % 17 = 0 THEN pg_temp.words('eno' || e, 6) END, e % 41 = 0, CASE WHEN en.a % 4 = 0 AND en.typ = 'Transaction' THEN substr(md5('epl' || e), 1, 24) || substr(md5('epl2' || e), 1, 13) END,
  '{}'::jsonb
FROM mb_entry en JOIN mb_family fa ON fa.f = en.f
ORDER BY en.d, e;

INSERT INTO transactions (id, created_at, updated_at, category_id, merchant_id, locked_attributes, kind)
SELECT en.able, en.d + interval '10 hours', en.d + interval '10 hours',
  CASE WHEN e % 6 = 0 THEN NULL ELSE pg_temp.uuid('cat' || en.f || '-' || (1 + pg_temp.r('tc' || e, fa.ncat))) END,
  CASE WHEN e % 4 = 0 THEN NULL WHEN e % 3 = 0 THEN pg_temp.uuid('pm' || pg_temp.skew('tpm' || e, 200)) ELSE pg_temp.uuid('fm' || en.f || '-' || (1 + pg_temp.r('tm' || e, fa.nmer))) END,
  '{}'::jsonb, CASE WHEN e % 19 = 0 THEN 'funds_movement' WHEN e % 23 = 0 THEN 'cc_payment' ELSE 'standard' END
FROM mb_entry en JOIN mb_family fa ON fa.f = en.f WHERE en.typ = 'Transaction' ORDER BY en.d, e;

INSERT INTO valuations (id, created_at, updated_at, locked_attributes, kind)
SELECT able, d + interval '10 hours', d + interval '10 hours', '{}'::jsonb, CASE WHEN e % 5 = 0 THEN 'opening_anchor' ELSE 'reconciliation' END
FROM mb_entry WHERE typ = 'Valuation' ORDER BY d, e;

-- Securities: tickers on US and European exchanges; a few tickers are listed on two.
INSERT INTO securities (id, ticker, name, created_at, updated_at, country_code, exchange_mic, exchange_acronym, logo_url, exchange_operating_mic, offline, failed_fetch_at,
  failed_fetch_count, last_health_check_at)
SELECT pg_temp.uuid('sec' || s), tk, initcap(pg_temp.words('sn' || s, 2)) || ' Inc', timestamp '2024-01-01' + s * interval '1 hour', timestamp '2024-01-01' + s * interval '1 hour',
  CASE mic WHEN 'XETR' THEN 'DE' WHEN 'XLON' THEN 'GB' ELSE 'US' END, mic, CASE mic WHEN 'XNAS' THEN 'NASDAQ' WHEN 'XNYS' THEN 'NYSE' WHEN 'XETR' THEN 'XETRA' ELSE 'LSE' END,
  'https://logos.example.com/' || tk || '.png', mic, s % 47 = 0, CASE WHEN s % 47 = 0 THEN timestamp '2025-01-01' END, CASE WHEN s % 47 = 0 THEN 3 ELSE 0 END, timestamp '2025-06-01'
FROM generate_series(1, 300) s
CROSS JOIN LATERAL (SELECT CASE WHEN s > 280 THEN s - 280 ELSE s END AS s2) s2
CROSS JOIN LATERAL (SELECT chr(65 + (s2 * 7) % 26) || chr(65 + (s2 / 26) % 26) || CASE WHEN s2 % 3 = 0 THEN chr(65 + (s2 * 11) % 26) ELSE '' END AS tk,
  CASE WHEN s > 280 THEN 'XETR' ELSE pg_temp.pick2('mic' || s, ARRAY['XNAS','XNYS','XLON']) END AS mic) x
ORDER BY s;

-- Price histories: the 20 most held securities have 100 days, the rest a few weeks.
INSERT INTO security_prices (id, date, price, currency, created_at, updated_at, security_id)
SELECT pg_temp.uuid('sp' || s || '-' || d), date '2024-06-01' + d, (1000 + pg_temp.r('spp' || s, 40000) + d * (s % 7 - 3)) / 100.0,
  CASE WHEN s > 280 THEN 'EUR' ELSE 'USD' END, timestamp '2024-06-01' + d * interval '1 day', timestamp '2024-06-01' + d * interval '1 day', pg_temp.uuid('sec' || s)
FROM generate_series(1, 300) s CROSS JOIN LATERAL generate_series(0, CASE WHEN s <= 20 THEN 99 ELSE 4 + pg_temp.r('spn' || s, 30)::int END) d
ORDER BY s, d;

INSERT INTO trades (id, security_id, qty, price, created_at, updated_at, currency, locked_attributes)
SELECT able, pg_temp.uuid('sec' || pg_temp.skew('ts' || e, 300)), (1 + pg_temp.r('tq' || e, 200)) * CASE WHEN e % 4 = 0 THEN -1 ELSE 1 END, (1000 + pg_temp.r('tp' || e, 40000)) / 100.0,
  d + interval '10 hours', d + interval '10 hours', 'USD', '{}'::jsonb
FROM mb_entry WHERE typ = 'Trade' ORDER BY d, e;

-- Holdings: a daily snapshot per investment account and security it holds.
INSERT INTO holdings (id, account_id, security_id, date, qty, price, amount, currency, created_at, updated_at)
SELECT pg_temp.uuid('ho' || h.a || '-' || h.s || '-' || d), h.id, pg_temp.uuid('sec' || h.s), date '2025-01-01' + d, q, pr, q * pr, 'USD',
  timestamp '2025-01-01' + d * interval '1 day', timestamp '2025-01-01' + d * interval '1 day'
FROM (SELECT DISTINCT ac.a, ac.id, pg_temp.skew('hs' || ac.a || '-' || k, 300) AS s
      FROM mb_account ac CROSS JOIN LATERAL generate_series(0, pg_temp.r('hk' || ac.a, 4)::int) k WHERE ac.typ = 'Investment') h
CROSS JOIN LATERAL generate_series(0, pg_temp.r('hd' || h.a, 9)::int) d
CROSS JOIN LATERAL (SELECT (1 + pg_temp.r('hq' || h.a || '-' || h.s, 500))::numeric(19,4) AS q, ((1000 + pg_temp.r('hp' || h.s, 40000) + d) / 100.0)::numeric(19,4) AS pr) x
ORDER BY h.a, h.s, d;

-- Daily balances of every account, for a few days to two weeks.
INSERT INTO balances (id, account_id, date, balance, currency, created_at, updated_at, cash_balance, start_cash_balance, start_non_cash_balance, cash_inflows, cash_outflows,
  non_cash_inflows, non_cash_outflows, net_market_flows, cash_adjustments, non_cash_adjustments, flows_factor)
SELECT pg_temp.uuid('bal' || ac.a || '-' || d), ac.id, date '2025-05-01' + d, b, fa.cur, timestamp '2025-05-01' + d * interval '1 day', timestamp '2025-05-01' + d * interval '1 day',
  CASE WHEN ac.typ = 'Investment' THEN round(b / 10, 4) ELSE b END, b, 0, (pg_temp.r('bi' || ac.a || '-' || d, 50000) / 100.0), (pg_temp.r('bo' || ac.a || '-' || d, 50000) / 100.0),
  0, 0, CASE WHEN ac.typ = 'Investment' THEN (pg_temp.r('bm' || ac.a || '-' || d, 20000) - 10000) / 100.0 ELSE 0 END, 0, 0, 1
FROM mb_account ac JOIN mb_family fa ON fa.f = ac.f
CROSS JOIN LATERAL generate_series(0, 1 + pg_temp.r('bn' || ac.a, 8)::int + CASE WHEN ac.f = 1 THEN 6 ELSE 0 END) d
CROSS JOIN LATERAL (SELECT (pg_temp.r('bb' || ac.a, 10000000) / 100.0 + d * 10)::numeric(19,4) AS b) x
ORDER BY ac.a, d;

INSERT INTO exchange_rates (id, from_currency, to_currency, rate, date, created_at, updated_at)
SELECT pg_temp.uuid('fx' || fr || to_c || d), fr, to_c, round((0.5 + pg_temp.r('fx' || fr || to_c, 1500) / 1000.0 + d / 10000.0)::numeric, 6), date '2025-03-01' + d,
  timestamp '2025-03-01' + d * interval '1 day', timestamp '2025-03-01' + d * interval '1 day'
FROM unnest(ARRAY['USD','EUR','GBP','CAD','AUD','JPY']) fr CROSS JOIN unnest(ARRAY['USD','EUR','GBP','CAD','AUD','JPY']) to_c
CROSS JOIN generate_series(0, 79) d
WHERE fr <> to_c
ORDER BY fr, to_c, d;

-- Categories per family (the default set's first ncat names; a few are subcategories),
-- family merchants, provider (shared) merchants and tags.
INSERT INTO categories (id, name, color, family_id, created_at, updated_at, parent_id, classification, lucide_icon)
SELECT pg_temp.uuid('cat' || fa.f || '-' || k), (ARRAY['Income','Housing','Food & Drink','Transportation','Shopping','Groceries','Restaurants','Utilities','Entertainment'])[k],
  (ARRAY['#e99537','#4da568','#6471eb','#db5a54','#df4e92','#c44fe9'])[1 + k % 6], fa.id, fa.t, fa.t,
  CASE WHEN k = 6 THEN pg_temp.uuid('cat' || fa.f || '-3') WHEN k = 7 THEN pg_temp.uuid('cat' || fa.f || '-3') END, CASE WHEN k = 1 THEN 'income' ELSE 'expense' END,
  (ARRAY['circle-dollar-sign','house','utensils','bus','shopping-cart','apple','pizza','lightbulb','drama'])[k]
FROM mb_family fa CROSS JOIN LATERAL generate_series(1, fa.ncat) k
ORDER BY fa.f, k;

INSERT INTO merchants (id, name, color, family_id, created_at, updated_at, logo_url, website_url, type, source, provider_merchant_id)
SELECT pg_temp.uuid('fm' || fa.f || '-' || k), (ARRAY['Corner Cafe','Local Gym','Farmers Market','Landlord'])[k], '#e99537', fa.id, fa.t, fa.t, NULL, NULL, 'FamilyMerchant', NULL, NULL
FROM mb_family fa CROSS JOIN LATERAL generate_series(1, fa.nmer) k
UNION ALL
SELECT pg_temp.uuid('pm' || j), initcap(pg_temp.words('pmn' || j, 2)) || ' ' || j, NULL, NULL, timestamp '2024-01-01' + j * interval '1 hour', timestamp '2024-01-01' + j * interval '1 hour',
  'https://logo.example.com/' || j || '.png', 'merchant' || j || '.example.com', 'ProviderMerchant', CASE WHEN j % 3 = 0 THEN 'ai' ELSE 'synth' END, 'mch_' || substr(md5('pmi' || j), 1, 16)
FROM generate_series(1, 200) j;

INSERT INTO tags (id, name, color, family_id, created_at, updated_at)
SELECT pg_temp.uuid('tag' || fa.f || '-' || k), (ARRAY['tax-deductible','vacation','reimbursable'])[k], '#e99537', fa.id, fa.t, fa.t
FROM mb_family fa CROSS JOIN LATERAL generate_series(1, fa.ntag) k
ORDER BY fa.f, k;

INSERT INTO taggings (id, tag_id, taggable_type, taggable_id, created_at, updated_at)
SELECT pg_temp.uuid('tgg' || en.e), pg_temp.uuid('tag' || en.f || '-' || (1 + pg_temp.r('tgk' || en.e, fa.ntag))), 'Transaction', en.able, en.d + interval '11 hours', en.d + interval '11 hours'
FROM mb_entry en JOIN mb_family fa ON fa.f = en.f
WHERE en.typ = 'Transaction' AND fa.ntag > 0 AND en.e % 3 = 0
ORDER BY en.e;

-- Transfers pair two transactions (an outflow from one account, an inflow to another).
INSERT INTO transfers (id, inflow_transaction_id, outflow_transaction_id, status, notes, created_at, updated_at)
SELECT pg_temp.uuid('trf' || k), i.able, o.able, CASE WHEN k % 4 = 0 THEN 'pending' ELSE 'confirmed' END, CASE WHEN k % 7 = 0 THEN 'Monthly savings' END,
  i.d + interval '12 hours', i.d + interval '12 hours'
FROM (SELECT able, d, row_number() OVER (ORDER BY e) AS n FROM mb_entry WHERE typ = 'Transaction') i
JOIN (SELECT able, row_number() OVER (ORDER BY e) AS n FROM mb_entry WHERE typ = 'Transaction') o ON o.n = i.n + 1
CROSS JOIN LATERAL (SELECT i.n / 2 AS k) kk
WHERE i.n % 2 = 0 AND i.n <= 600
ORDER BY k;

DROP TABLE mb_family, mb_user, mb_account, mb_entry;
