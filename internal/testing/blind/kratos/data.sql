-- Deterministic data for the Kratos cut: one multi-tenant deployment (as Ory Network runs it)
-- with 25 projects (networks; project 1 a big consumer app, a long tail of small ones), 3,000
-- identities with their credentials and login identifiers, verifiable and recovery addresses,
-- 5,000 sessions and their devices, the self-service flows (login, settings, recovery,
-- verification) with their one-time codes, and the courier's outgoing e-mails and SMS. Every id
-- is a uuid made from the row number, as Kratos makes its ids in the application; the
-- credential types are the rows the migrations insert, with their fixed ids.

INSERT INTO networks (id, created_at, updated_at)
SELECT pg_temp.uuid('net' || n), t, t
FROM generate_series(1, 25) n CROSS JOIN LATERAL (SELECT timestamp '2023-06-01 00:00:00' + (n * 9 * 86400) * interval '1 second' AS t) x
ORDER BY n;

INSERT INTO identity_credential_types (id, name) VALUES
  ('78c1b41d-8341-4507-aa60-aff1d4369670', 'password'),
  ('6fa5e2e0-bfce-4631-b62b-cf2b0252b289', 'oidc'),
  ('5e29b036-aa47-457f-9fe6-aa8b854a752b', 'totp'),
  ('567a0730-7f48-4dd7-a13d-df87a51c245f', 'lookup_secret'),
  ('6b213fa0-e6ad-46cb-8878-b088d2ce2e3c', 'webauthn'),
  ('14f3b7e2-8725-4068-be39-8a796485fd97', 'code'),
  ('8d0ca544-9bf6-45d3-bd75-0bbb3aeba3c7', 'passkey'),
  ('7bddcf6c-f50e-4a18-9b0f-429114c33419', 'saml'),
  ('26433aa2-c33a-4870-85dc-230af354e0bf', 'deviceauthn');

-- Identities: identity i <= 25 belongs to project i, the rest mostly to the first projects.
CREATE TEMP TABLE kr_ident AS
SELECT i, n, pg_temp.uuid('id' || i) AS id, pg_temp.uuid('net' || n) AS nid, lower(fn || '.' || ln) || i || '@' || dom AS email, fn, ln,
  timestamp '2023-07-01 00:00:00' + (i * 8000 + pg_temp.r('it' || i, 8000)) * interval '1 second' AS t
FROM generate_series(1, 3000) i
CROSS JOIN LATERAL (SELECT CASE WHEN i <= 25 THEN i ELSE pg_temp.skew('in' || i, 25) END AS n, pg_temp.first_name('if' || i) AS fn, pg_temp.last_name('il' || i) AS ln,
  pg_temp.pick2('id' || i, ARRAY['gmail.com','outlook.com','yahoo.com','icloud.com','proton.me','example.org']) AS dom) x;

INSERT INTO identities (id, schema_id, traits, created_at, updated_at, nid, state, state_changed_at, metadata_public, metadata_admin, available_aal, organization_id, external_id)
SELECT id, CASE WHEN n <= 3 AND i % 10 = 0 THEN 'employee' WHEN n % 4 = 0 THEN 'preset://email' ELSE 'default' END,
  jsonb_build_object('email', email, 'name', jsonb_build_object('first', fn, 'last', ln)), t, t + interval '10 days', nid,
  CASE WHEN i % 31 = 0 THEN 'inactive' ELSE 'active' END, CASE WHEN i % 31 = 0 THEN t + interval '40 days' END,
  CASE WHEN i % 6 = 0 THEN jsonb_build_object('plan', pg_temp.pick('ip' || i, ARRAY['free','pro','team'])) END, NULL,
  CASE WHEN i % 10 IN (3, 7) THEN 'aal2' ELSE 'aal1' END,
  CASE WHEN n <= 3 AND i % 10 = 0 THEN pg_temp.uuid('org' || n || '-' || (i % 7)) END,
  CASE WHEN i % 5 = 0 THEN 'cust-' || (100000 + i * 7) END
FROM kr_ident ORDER BY i;

-- Credentials: a password for most, a social sign-in for a third (some without password),
-- passwordless codes for those without password, TOTP and WebAuthn as second factors.
CREATE TEMP TABLE kr_cred AS
SELECT ki.*, c.typ, pg_temp.uuid('cred' || ki.i || '-' || c.typ) AS cid
FROM kr_ident ki CROSS JOIN LATERAL (VALUES ('password'), ('oidc'), ('code'), ('totp'), ('webauthn')) c(typ)
WHERE (c.typ = 'password' AND ki.i % 7 <> 0) OR (c.typ = 'oidc' AND ki.i % 3 = 0) OR (c.typ = 'code' AND ki.i % 7 = 0 AND ki.i % 3 <> 0)
   OR (c.typ = 'totp' AND ki.i % 10 IN (3, 7)) OR (c.typ = 'webauthn' AND ki.i % 20 = 7);

INSERT INTO identity_credentials (id, config, identity_credential_type_id, identity_id, created_at, updated_at, nid, version)
SELECT cid, CASE typ WHEN 'password' THEN jsonb_build_object('hashed_password', '$2a$12$' || substr(md5('hp' || i) || md5('hq' || i), 1, 53))
    WHEN 'oidc' THEN jsonb_build_object('providers', jsonb_build_array(jsonb_build_object('provider', CASE WHEN i % 2 = 0 THEN 'google' ELSE 'github' END, 'subject', (100000000 + i * 37)::text)))
    WHEN 'totp' THEN jsonb_build_object('totp_url', 'otpauth://totp/' || email || '?secret=' || upper(substr(md5('totp' || i), 1, 16)))
    ELSE '{}'::jsonb END,
  ct.id, ki.id, ki.t + CASE typ WHEN 'totp' THEN interval '20 days' WHEN 'webauthn' THEN interval '30 days' ELSE interval '0' END, ki.t + interval '1 day', ki.nid,
  CASE WHEN typ = 'password' AND i % 9 = 0 THEN 1 ELSE 0 END
FROM kr_cred ki JOIN identity_credential_types ct ON ct.name = ki.typ
ORDER BY ki.i, ki.typ;

-- One identifier per credential: the e-mail for password, code and WebAuthn, provider:subject
-- for social sign-in, the identity's id for TOTP (as Kratos writes them).
INSERT INTO identity_credential_identifiers (id, identifier, identity_credential_id, created_at, updated_at, nid, identity_credential_type_id, identity_id)
SELECT pg_temp.uuid('cid' || i || '-' || typ), CASE typ WHEN 'oidc' THEN CASE WHEN i % 2 = 0 THEN 'google' ELSE 'github' END || ':' || (100000000 + i * 37)::text
    WHEN 'totp' THEN kc.id::text ELSE email END,
  cid, t, t, nid, ct.id, kc.id
FROM kr_cred kc JOIN identity_credential_types ct ON ct.name = typ
ORDER BY i, typ;

-- Addresses: every identity's e-mail, a phone number for one in ten.
INSERT INTO identity_verifiable_addresses (id, status, via, verified, value, verified_at, identity_id, created_at, updated_at, nid)
SELECT pg_temp.uuid('va' || i || via), CASE WHEN ok THEN 'completed' WHEN i % 4 = 1 THEN 'sent' ELSE 'pending' END, via, ok, val,
  CASE WHEN ok THEN t + interval '10 minutes' END, id, t, t + interval '10 minutes', nid
FROM kr_ident CROSS JOIN LATERAL (VALUES ('email', email), ('sms', '+4915' || (10000000 + i * 13)::text)) a(via, val)
CROSS JOIN LATERAL (SELECT i % 4 <> 1 AND i % 6 <> 5 AS ok) v
WHERE via = 'email' OR i % 10 = 4
ORDER BY i, via;

INSERT INTO identity_recovery_addresses (id, via, value, identity_id, created_at, updated_at, nid, break_glass_for_organization)
SELECT pg_temp.uuid('ra' || i), 'email', email, id, t, t, nid, NULL
FROM kr_ident ORDER BY i;

-- Sessions: the active users sign in often (skewed over the identities).
CREATE TEMP TABLE kr_sess AS
SELECT s, ki.id AS identity_id, ki.nid, ki.i, pg_temp.uuid('sess' || s) AS id,
  greatest(ki.t, timestamp '2024-01-01 00:00:00' + (s * 3000) * interval '1 second') + pg_temp.r('st' || s, 3000) * interval '1 second' AS t,
  CASE WHEN ki.i % 3 = 0 AND s % 2 = 0 THEN 'oidc' WHEN ki.i % 7 = 0 THEN 'code' ELSE 'password' END AS method
FROM generate_series(1, 5000) s JOIN kr_ident ki ON ki.i = pg_temp.skew2('si' || s, 3000);

INSERT INTO sessions (id, issued_at, expires_at, authenticated_at, identity_id, created_at, updated_at, token, active, nid, logout_token, aal, authentication_methods)
SELECT id, t, t + interval '3 days', t, identity_id, t, t + interval '1 hour', 'ory_st_' || md5('tok' || s), s > 4200 OR s % 5 = 0, nid,
  'ory_lo_' || md5('lo' || s), CASE WHEN i % 10 IN (3, 7) AND s % 2 = 0 THEN 'aal2' ELSE 'aal1' END,
  jsonb_build_array(jsonb_build_object('method', method, 'aal', 'aal1', 'completed_at', to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
FROM kr_sess ORDER BY s;

INSERT INTO session_devices (id, ip_address, user_agent, location, nid, session_id, created_at, updated_at, identity_id)
SELECT pg_temp.uuid('dev' || s), '203.0.' || (i % 200) || '.' || (s % 250 + 1),
  pg_temp.pick2('ua' || i, ARRAY['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0','Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) Safari/604.1',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Safari/605.1','Mozilla/5.0 (Linux; Android 14) Chrome/124.0','okhttp/4.12.0']),
  pg_temp.city('loc' || i) || ', ' || pg_temp.pick2('lcc' || i, ARRAY['US','DE','GB','FR','IN']), nid, id, t, t, identity_id
FROM kr_sess WHERE s % 10 <> 0 ORDER BY s;

-- Login flows: one behind every session in the first 3,000, and 2,000 more that were
-- abandoned or failed (no method chosen yet: active_method '').
INSERT INTO selfservice_login_flows (id, request_url, issued_at, expires_at, active_method, csrf_token, created_at, updated_at, forced, type, ui, nid, requested_aal,
  internal_context, oauth2_login_challenge, oauth2_login_challenge_data, state, submit_count, organization_id, identity_schema_id, test_flow)
SELECT pg_temp.uuid('lf' || f), 'https://auth.project' || pn || '.example.com/self-service/login/' || ty || CASE WHEN f % 4 = 0 THEN '?return_to=%2Fdashboard' ELSE '' END,
  t, t + interval '1 hour', am, substr(md5('csrf' || f) || md5('csrf2' || f), 1, 44), t, t + interval '1 minute', f % 23 = 0, ty,
  '{"method": "POST", "nodes": []}'::jsonb, pg_temp.uuid('net' || pn), CASE WHEN f % 17 = 0 THEN 'aal2' ELSE 'aal1' END, '{}'::jsonb,
  CASE WHEN f % 13 = 0 THEN pg_temp.uuid('oc' || f) END, NULL, CASE WHEN am = '' THEN 'choose_method' ELSE 'passed_challenge' END,
  CASE WHEN am = '' THEN 0 ELSE 1 + (f % 3) END, NULL, NULL, NULL
FROM (
  SELECT s AS f, ks.i, (SELECT n FROM kr_ident WHERE i = ks.i) AS pn, ks.method AS am, ks.t - interval '40 seconds' AS t, CASE WHEN s % 6 = 0 THEN 'api' ELSE 'browser' END AS ty
  FROM kr_sess ks WHERE s <= 3000
  UNION ALL
  SELECT f, NULL, pg_temp.skew('lfn' || f, 25), '', timestamp '2024-01-01 00:00:00' + (f * 5000) * interval '1 second', 'browser'
  FROM generate_series(3001, 5000) f
) x
ORDER BY f;

INSERT INTO selfservice_settings_flows (id, request_url, issued_at, expires_at, identity_id, created_at, updated_at, active_method, state, type, ui, nid, internal_context, organization_id)
SELECT pg_temp.uuid('sf' || f), 'https://auth.project' || ki.n || '.example.com/self-service/settings/browser', t, t + interval '1 hour', ki.id, t, t,
  CASE WHEN f % 3 = 0 THEN NULL ELSE pg_temp.pick2('sm' || f, ARRAY['profile','password','totp','webauthn','oidc']) END,
  CASE WHEN f % 3 = 0 THEN 'show_form' ELSE 'success' END, 'browser', '{"method": "POST", "nodes": []}'::jsonb, ki.nid, '{}'::jsonb, NULL
FROM generate_series(1, 1200) f JOIN (SELECT i, id, nid, n, email, t AS it FROM kr_ident) ki ON ki.i = pg_temp.skew2('sfi' || f, 3000)
CROSS JOIN LATERAL (SELECT greatest(ki.it, timestamp '2024-01-01 00:00:00') + (f * 7000) * interval '1 second' AS t) x
ORDER BY f;

-- Recovery: 700 flows, 600 of which sent a code (by e-mail to the recovery address, or made by
-- an admin: code_type 1, no address); 400 of those were used.
INSERT INTO selfservice_recovery_flows (id, request_url, issued_at, expires_at, active_method, csrf_token, state, recovered_identity_id, created_at, updated_at, type, ui, nid,
  submit_count, skip_csrf_check, internal_context)
SELECT pg_temp.uuid('rf' || f), 'https://auth.project' || ki.n || '.example.com/self-service/recovery/browser', t, t + interval '1 hour', CASE WHEN f <= 600 THEN 'code' END,
  substr(md5('rcsrf' || f) || md5('rcsrf2' || f), 1, 44), CASE WHEN f <= 400 THEN 'passed_challenge' WHEN f <= 600 THEN 'sent_email' ELSE 'choose_method' END,
  CASE WHEN f <= 400 THEN ki.id END, t, t, 'browser', '{"method": "POST", "nodes": []}'::jsonb, ki.nid, CASE WHEN f <= 600 THEN 1 ELSE 0 END, f % 50 = 0, '{}'::jsonb
FROM generate_series(1, 700) f JOIN (SELECT i, id, nid, n, email, t AS it FROM kr_ident) ki ON ki.i = pg_temp.skew2('rfi' || f, 3000)
CROSS JOIN LATERAL (SELECT greatest(ki.it, timestamp '2024-01-01 00:00:00') + (f * 12000) * interval '1 second' AS t) x
ORDER BY f;

INSERT INTO identity_recovery_codes (id, code, used_at, identity_recovery_address_id, code_type, expires_at, issued_at, selfservice_recovery_flow_id, created_at, updated_at, nid, identity_id)
SELECT pg_temp.uuid('rc' || f), encode(sha256(('rcode' || f)::bytea), 'hex'), CASE WHEN f <= 400 THEN t + interval '3 minutes' END,
  CASE WHEN f % 25 = 0 THEN NULL ELSE pg_temp.uuid('ra' || ki.i) END, CASE WHEN f % 25 = 0 THEN 1 ELSE 2 END, t + interval '1 hour', t,
  pg_temp.uuid('rf' || f), t, t, ki.nid, ki.id
FROM generate_series(1, 600) f JOIN (SELECT i, id, nid, n, email, t AS it FROM kr_ident) ki ON ki.i = pg_temp.skew2('rfi' || f, 3000)
CROSS JOIN LATERAL (SELECT greatest(ki.it, timestamp '2024-01-01 00:00:00') + (f * 12000 + 30) * interval '1 second' AS t) x
ORDER BY f;

-- Verification: 2,500 flows (after registration, or asked for again), 2,000 of which sent a code
-- to a verifiable address.
CREATE TEMP TABLE kr_vf AS
SELECT f, ki.*, va.id AS va_id, va.value AS addr, va.via,
  greatest(ki.t, timestamp '2024-01-01 00:00:00') + (f * 3300) * interval '1 second' AS ft
FROM generate_series(1, 2500) f JOIN kr_ident ki ON ki.i = CASE WHEN f <= 1500 THEN 1 + (f * 2) % 3000 ELSE pg_temp.skew2('vfi' || f, 3000) END
JOIN identity_verifiable_addresses va ON va.identity_id = ki.id AND va.via = CASE WHEN ki.i % 10 = 4 AND f % 2 = 0 THEN 'sms' ELSE 'email' END;

INSERT INTO selfservice_verification_flows (id, request_url, issued_at, expires_at, csrf_token, created_at, updated_at, type, state, active_method, ui, nid, submit_count,
  oauth2_login_challenge, session_id, identity_id, authentication_methods, internal_context)
SELECT pg_temp.uuid('vf' || f), 'https://auth.project' || n || '.example.com/self-service/verification/browser', ft, ft + interval '1 hour',
  substr(md5('vcsrf' || f) || md5('vcsrf2' || f), 1, 44), ft, ft, 'browser',
  CASE WHEN f % 5 = 0 THEN 'choose_method' WHEN f % 3 = 0 THEN 'sent_email' ELSE 'passed_challenge' END, CASE WHEN f % 5 = 0 THEN NULL ELSE 'code' END,
  '{"method": "POST", "nodes": []}'::jsonb, nid, CASE WHEN f % 5 = 0 THEN 0 ELSE 1 END, NULL, NULL, CASE WHEN f % 2 = 0 THEN id END, NULL, '{}'::jsonb
FROM kr_vf ORDER BY f;

INSERT INTO identity_verification_codes (id, code_hmac, used_at, identity_verifiable_address_id, expires_at, issued_at, selfservice_verification_flow_id, created_at, updated_at, nid)
SELECT pg_temp.uuid('vc' || f), encode(sha256(('vcode' || f)::bytea), 'hex'), CASE WHEN f % 3 <> 0 THEN ft + interval '2 minutes' END, va_id,
  ft + interval '1 hour', ft + interval '5 seconds', pg_temp.uuid('vf' || f), ft + interval '5 seconds', ft + interval '5 seconds', nid
FROM kr_vf WHERE f % 5 <> 0 ORDER BY f;

-- The courier's messages: one per verification and recovery code sent, queued, sent or given
-- up; SMS for phone addresses.
INSERT INTO courier_messages (id, type, status, body, subject, recipient, created_at, updated_at, template_type, template_data, nid, send_count, channel, request_headers)
SELECT pg_temp.uuid('cm' || k || '-' || f), CASE WHEN via = 'sms' THEN 2 ELSE 1 END, st, 'Your code is: ' || (100000 + pg_temp.r('code' || k || f, 900000)),
  CASE WHEN k = 1 THEN 'Please verify your email address' ELSE 'Recover access to your account' END, addr, t, t + interval '5 seconds',
  CASE WHEN k = 1 THEN 'verification_code_valid' ELSE 'recovery_code_valid' END, convert_to('{"to": "' || addr || '"}', 'UTF8'), nid,
  CASE st WHEN 1 THEN 0 WHEN 4 THEN 10 ELSE 1 END, CASE WHEN via = 'sms' THEN 'sms' ELSE 'email' END, NULL
FROM (
  SELECT 1 AS k, f, via, addr, ft + interval '5 seconds' AS t, nid FROM kr_vf WHERE f % 5 <> 0
  UNION ALL
  SELECT 2, f, 'email', ki.email, greatest(ki.t, timestamp '2024-01-01 00:00:00') + (f * 12000 + 30) * interval '1 second', ki.nid
  FROM generate_series(1, 600) f JOIN kr_ident ki ON ki.i = pg_temp.skew2('rfi' || f, 3000) WHERE f % 25 <> 0
) m
CROSS JOIN LATERAL (SELECT CASE WHEN f > 2300 AND f % 3 = 0 THEN 1 WHEN f % 61 = 0 THEN 4 ELSE 2 END AS st) s
ORDER BY t, k, f;

DROP TABLE kr_vf, kr_sess, kr_cred, kr_ident;
