-- Deterministic data for the Supabase Auth cut: one project (instance_id is the nil uuid in
-- every row, as GoTrue writes it; auth.instances holds the one legacy instance row) with
-- 5,000 users (e-mail and password, Google/GitHub/Apple sign-in, phone, anonymous and SAML
-- SSO users of 20 identity providers), their identities, sessions with refresh token
-- rotation chains and authentication method claims, MFA factors and challenges, passkeys,
-- PKCE flow states and SAML relay states, one-time tokens, OAuth server clients and
-- consents, and 10,000 audit log entries. Every uuid is one the application (gofrs/uuid V4)
-- or a gen_random_uuid() default would have made, derived from the row number; refresh token
-- ids are filled by their sequence in the ORDER BY order. Unused token columns hold '' as
-- GoTrue writes them.

INSERT INTO auth.instances (id, uuid, raw_base_config, created_at, updated_at)
VALUES ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000', NULL,
  timestamptz '2021-07-10 03:54:47+00', timestamptz '2021-07-10 03:54:47+00');

-- SSO identity providers 1..20 (one SAML connection each) and their e-mail domains.
CREATE TEMP TABLE sa_sso AS
SELECT k, pg_temp.uuid('sso' || k) AS id, co, co || '.com' AS dom, pg_temp.pick('idp' || k, ARRAY['okta','azure','google','onelogin','jumpcloud']) AS idp
FROM generate_series(1, 20) k
CROSS JOIN LATERAL (SELECT (ARRAY['northwind','contoso','fabrikam','tailspin','wingtip','adatum','litware','proseware','fourthcoffee','lucerne',
  'margie','alpine','blueyonder','coho','humongous','trey','woodgrove','wideworld','relecloud','munson'])[k] AS co) c;

INSERT INTO auth.sso_providers (id, resource_id, created_at, updated_at, disabled)
SELECT id, CASE WHEN k % 5 <> 0 THEN idp || '-' || co END, t, t + interval '30 days', CASE WHEN k = 17 THEN true WHEN k % 3 = 0 THEN false END
FROM sa_sso CROSS JOIN LATERAL (SELECT timestamptz '2022-11-01 10:00:00+00' + k * interval '21 days' AS t) x ORDER BY k;

INSERT INTO auth.sso_domains (id, sso_provider_id, domain, created_at, updated_at)
SELECT pg_temp.uuid('dom' || k || '-' || j), id, CASE WHEN j = 1 THEN dom ELSE co || '.' || (ARRAY['co.uk','de','io'])[1 + k % 3] END,
  timestamptz '2022-11-01 10:05:00+00' + k * interval '21 days', timestamptz '2022-11-01 10:05:00+00' + k * interval '21 days'
FROM sa_sso CROSS JOIN generate_series(1, 2) j WHERE j = 1 OR k % 2 = 0 ORDER BY k, j;

INSERT INTO auth.saml_providers (id, sso_provider_id, entity_id, metadata_xml, metadata_url, attribute_mapping, created_at, updated_at, name_id_format)
SELECT pg_temp.uuid('saml' || k), id, ent,
  '<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="' || ent || '"><md:IDPSSODescriptor WantAuthnRequestsSigned="false">'
    || '<md:KeyDescriptor use="signing"><ds:X509Certificate>' || encode(sha256(('cert' || k)::bytea), 'base64') || '</ds:X509Certificate></md:KeyDescriptor>'
    || '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://' || idp || '.' || dom || '/sso/saml"/></md:IDPSSODescriptor></md:EntityDescriptor>',
  CASE WHEN k % 2 = 0 THEN 'https://' || idp || '.' || dom || '/app/metadata' END,
  CASE WHEN k % 3 = 0 THEN '{"keys": {"email": {"name": "mail"}, "name": {"name": "displayName"}}}'::jsonb END,
  timestamptz '2022-11-01 10:05:00+00' + k * interval '21 days', timestamptz '2022-11-01 10:05:00+00' + k * interval '21 days',
  CASE WHEN k % 4 = 0 THEN 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' END
FROM sa_sso CROSS JOIN LATERAL (SELECT 'https://' || idp || '.' || dom || '/saml/metadata/' || k AS ent) e ORDER BY k;

-- Users: 5 % anonymous, 8 % phone-only, 2 % SAML SSO (half of them with the address of an
-- existing e-mail user: SSO accounts may repeat an e-mail), the rest e-mail users, a third
-- of them signed up with Google, GitHub or Apple and without a password.
CREATE TEMP TABLE sa_user AS
SELECT u, pg_temp.uuid('u' || u) AS id, kind, prov, sso, fn, ln,
  CASE WHEN kind IN ('anon', 'phone') THEN NULL
       WHEN kind = 'sso' AND u % 2 = 1 THEN lower(pg_temp.first_name('uf' || (u - 20)) || '.' || pg_temp.last_name('ul' || (u - 20))) || (u - 20) || '@' || pg_temp.pick2('ud' || (u - 20), ARRAY['gmail.com','outlook.com','yahoo.com','icloud.com','proton.me','hey.com'])
       WHEN kind = 'sso' THEN lower(fn || '.' || ln) || u || '@' || (SELECT dom FROM sa_sso WHERE k = sso)
       ELSE lower(fn || '.' || ln) || u || '@' || pg_temp.pick2('ud' || u, ARRAY['gmail.com','outlook.com','yahoo.com','icloud.com','proton.me','hey.com']) END AS email,
  CASE WHEN kind = 'phone' OR (kind = 'email' AND u % 20 = 0) THEN '1555' || lpad((u * 7919 % 10000000)::text, 7, '0') END AS phone,
  timestamptz '2022-01-15 08:00:00+00' + (u * 5 * 3600 + pg_temp.r('uc' || u, 3600)) * interval '1 second' AS t
FROM (SELECT u, CASE WHEN u % 100 < 5 THEN 'anon' WHEN u % 100 < 13 THEN 'phone' WHEN u % 100 < 15 THEN 'sso' ELSE 'email' END AS kind,
        CASE WHEN u % 100 >= 15 AND u % 3 = 0 THEN pg_temp.pick2('up' || u, ARRAY['google','github','apple']) END AS prov,
        CASE WHEN u % 100 IN (13, 14) THEN pg_temp.skew2('us' || u, 20) END AS sso,
        pg_temp.first_name('uf' || u) AS fn, pg_temp.last_name('ul' || u) AS ln
      FROM generate_series(1, 5000) u) a;

INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token, confirmation_sent_at,
  recovery_token, recovery_sent_at, email_change_token_new, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  is_super_admin, created_at, updated_at, phone, phone_confirmed_at, phone_change, phone_change_token, phone_change_sent_at, email_change_token_current,
  email_change_confirm_status, banned_until, reauthentication_token, reauthentication_sent_at, is_sso_user, deleted_at, is_anonymous)
SELECT '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
  CASE WHEN kind = 'email' AND prov IS NULL THEN '$2a$10$' || substr(translate(encode(sha256(('pw' || u)::bytea), 'base64'), '+=', './'), 1, 53) ELSE '' END,
  CASE WHEN email IS NOT NULL AND NOT unconf THEN t + interval '3 minutes' END, CASE WHEN kind = 'email' AND u % 50 = 17 THEN t - interval '1 day' END,
  CASE WHEN unconf THEN encode(sha224(('ct' || u)::bytea), 'hex') ELSE '' END, CASE WHEN email IS NOT NULL THEN t END,
  CASE WHEN rec THEN encode(sha224(('rt' || u)::bytea), 'hex') ELSE '' END, CASE WHEN rec THEN t + interval '200 days' END,
  CASE WHEN chg THEN encode(sha224(('ecn' || u)::bytea), 'hex') ELSE '' END, CASE WHEN chg THEN 'new.' || email ELSE '' END, CASE WHEN chg THEN t + interval '100 days' END,
  CASE WHEN NOT unconf THEN t + pg_temp.r('ls' || u, 400) * interval '1 day' END,
  jsonb_build_object('provider', pv, 'providers', CASE WHEN kind = 'email' AND prov IS NULL AND u % 5 = 0 THEN jsonb_build_array('email', 'google') ELSE jsonb_build_array(pv) END),
  CASE WHEN prov IS NOT NULL THEN jsonb_build_object('full_name', fn || ' ' || ln, 'avatar_url', 'https://avatars.example.com/' || md5('av' || u), 'email_verified', true)
       WHEN kind = 'email' THEN jsonb_build_object('email_verified', NOT unconf) ELSE '{}'::jsonb END,
  NULL, t, t + pg_temp.r('uu' || u, 300) * interval '1 day', phone, CASE WHEN phone IS NOT NULL THEN t + interval '2 minutes' END, '', '', NULL,
  CASE WHEN chg THEN encode(sha224(('ecc' || u)::bytea), 'hex') ELSE '' END, 0, CASE WHEN u % 211 = 0 THEN timestamptz '2099-01-01 00:00:00+00' END,
  CASE WHEN u % 97 = 0 AND kind <> 'anon' THEN encode(sha224(('ra' || u)::bytea), 'hex') ELSE '' END, CASE WHEN u % 97 = 0 AND kind <> 'anon' THEN t + interval '300 days' END,
  kind = 'sso', CASE WHEN u % 113 = 0 THEN t + interval '400 days' END, kind = 'anon'
FROM sa_user
CROSS JOIN LATERAL (SELECT kind = 'email' AND u % 11 = 4 AS unconf, kind = 'email' AND u % 37 = 5 AS rec, kind = 'email' AND u % 101 = 9 AS chg,
  CASE kind WHEN 'anon' THEN 'anonymous' WHEN 'phone' THEN 'phone' WHEN 'sso' THEN 'sso:' || pg_temp.uuid('sso' || sso) ELSE COALESCE(prov, 'email') END AS pv) f
ORDER BY u;

-- Identities: the e-mail identity of password users (provider_id the user id), the OAuth
-- identities (provider_id the provider's subject; a fifth of the password users linked
-- Google too), phone identities and SSO identities (provider 'sso:<provider id>', the NameID).
INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, id)
SELECT pid, id, jsonb_build_object('sub', pid, 'email', iemail, 'email_verified', true, 'phone_verified', phone IS NOT NULL AND p = 'phone', 'phone', CASE WHEN p = 'phone' THEN phone END),
  p, t + pg_temp.r('il' || u || p, 300) * interval '1 day', t + o * interval '1 hour', t + o * interval '1 hour', pg_temp.uuid('ident' || u || '-' || o)
FROM sa_user
CROSS JOIN LATERAL (
  SELECT 1 AS o, 'email' AS p, id::text AS pid, email AS iemail WHERE kind = 'email' AND prov IS NULL
  UNION ALL SELECT 2, COALESCE(prov, 'google'),
    CASE COALESCE(prov, 'google') WHEN 'google' THEN (100000000000000000000 + pg_temp.hn('gs' || u))::text WHEN 'github' THEN (1000000 + pg_temp.r('gh' || u, 90000000))::text
      ELSE '001' || lpad(pg_temp.r('ap' || u, 999999)::text, 6, '0') || '.' || substr(md5('ap' || u), 1, 32) || '.' || lpad((u % 10000)::text, 4, '0') END,
    email WHERE kind = 'email' AND (prov IS NOT NULL OR u % 5 = 0)
  UNION ALL SELECT 3, 'phone', id::text, NULL WHERE kind = 'phone'
  UNION ALL SELECT 4, 'sso:' || pg_temp.uuid('sso' || sso), email, email WHERE kind = 'sso'
) i
ORDER BY u, o;

-- MFA factors: TOTP for one user in eight, a phone factor for one in forty, WebAuthn for one
-- in fifty; friendly names unique per user where given.
INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone, last_challenged_at, web_authn_credential, web_authn_aaguid)
SELECT pg_temp.uuid('mf' || u || '-' || o), id, fname, ft::auth.factor_type, CASE WHEN (u + o) % 10 = 3 THEN 'unverified' ELSE 'verified' END::auth.factor_status,
  t + (30 + o) * interval '1 day', t + (31 + o) * interval '1 day', CASE WHEN ft = 'totp' THEN upper(substr(translate(encode(sha256(('ts' || u)::bytea), 'base64'), '+/=', 'ABC'), 1, 32)) END,
  CASE WHEN ft = 'phone' THEN COALESCE(phone, '1555' || lpad((u * 104729 % 10000000)::text, 7, '0')) END,
  CASE WHEN (u + o) % 2 = 0 THEN timestamptz '2024-01-01 00:00:00+00' + (u * 1000 + o) * interval '1 second' END,
  CASE WHEN ft = 'webauthn' THEN jsonb_build_object('id', encode(sha256(('wa' || u)::bytea), 'base64'), 'attestationType', 'none') END,
  CASE WHEN ft = 'webauthn' THEN pg_temp.uuid('aag' || (u % 5)) END
FROM sa_user
CROSS JOIN LATERAL (
  SELECT 1 AS o, 'totp' AS ft, CASE WHEN u % 3 = 0 THEN 'Authenticator app' WHEN u % 3 = 1 THEN '' END AS fname WHERE u % 8 = 0
  UNION ALL SELECT 2, 'phone', CASE WHEN u % 2 = 0 THEN 'My phone' END WHERE u % 40 = 0
  UNION ALL SELECT 3, 'webauthn', CASE WHEN u % 4 = 0 THEN 'YubiKey' ELSE 'Touch ID' END WHERE u % 50 = 0
) f
WHERE kind <> 'anon'
ORDER BY u, o;

-- Challenges: a few per factor, most verified.
INSERT INTO auth.mfa_challenges (id, factor_id, created_at, verified_at, ip_address, otp_code, web_authn_session_data)
SELECT pg_temp.uuid('mc' || f.id || '-' || k), f.id, ct, CASE WHEN (k + f.created_at::date - date '2020-01-01') % 5 <> 0 THEN ct + interval '25 seconds' END,
  ('10.' || (pg_temp.r('ci' || f.id, 250)) || '.' || k || '.' || (1 + pg_temp.r('cj' || f.id || k, 250)))::inet,
  CASE WHEN f.factor_type = 'phone' THEN encode(sha256(('otp' || f.id || k)::bytea), 'hex') END,
  CASE WHEN f.factor_type = 'webauthn' THEN jsonb_build_object('challenge', md5('ch' || f.id || k), 'user_id', f.user_id) END
FROM auth.mfa_factors f
CROSS JOIN LATERAL generate_series(1, pg_temp.skew2('mcn' || f.id, 9)::int) k
CROSS JOIN LATERAL (SELECT f.created_at + (k * 11 + pg_temp.r('mct' || f.id || k, 10)) * interval '1 day' AS ct) x
ORDER BY f.id, k;

-- Passkeys (webauthn_credentials): one user in twelve, some with two.
INSERT INTO auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up,
  friendly_name, created_at, updated_at, last_used_at)
SELECT pg_temp.uuid('pk' || u || '-' || j), id, sha256(('cred' || u || '-' || j)::bytea),
  '\xa5010203262001215820'::bytea || sha256(('pkx' || u || j)::bytea) || '\x225820'::bytea || sha256(('pky' || u || j)::bytea),
  CASE WHEN j = 2 THEN 'packed' ELSE 'none' END, CASE WHEN j = 1 THEN pg_temp.uuid('aag' || (u % 7)) END, pg_temp.r('sc' || u || j, 200),
  CASE WHEN j = 1 THEN '["internal", "hybrid"]' ELSE '["usb"]' END::jsonb, j = 1, j = 1 AND u % 2 = 0,
  CASE WHEN u % 3 = 0 THEN '' WHEN j = 1 THEN pg_temp.pick('pkn' || u, ARRAY['iCloud Keychain','Chrome on Mac','Windows Hello','Google Password Manager']) ELSE 'YubiKey 5' END,
  ct, ct, CASE WHEN u % 4 <> 0 THEN ct + pg_temp.r('plu' || u, 90) * interval '1 day' END
FROM sa_user CROSS JOIN generate_series(1, 2) j
CROSS JOIN LATERAL (SELECT timestamptz '2026-03-05 00:00:00+00' + (u * 900 + j * 60) * interval '1 second' AS ct) x
WHERE kind <> 'anon' AND u % 12 = 0 AND (j = 1 OR u % 60 = 0)
ORDER BY u, j;

-- OAuth server clients and user consents.
INSERT INTO auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at,
  deleted_at, client_type, token_endpoint_auth_method)
SELECT pg_temp.uuid('oc' || c), CASE WHEN c % 3 <> 0 THEN '$2a$10$' || substr(translate(encode(sha256(('cs' || c)::bytea), 'base64'), '+=', './'), 1, 53) END,
  CASE WHEN c % 4 = 0 THEN 'dynamic' ELSE 'manual' END::auth.oauth_registration_type,
  'https://app' || c || '.example.com/callback' || CASE WHEN c % 2 = 0 THEN ',http://localhost:3000/callback' ELSE '' END,
  'authorization_code,refresh_token', pg_temp.pick('ocn' || c, ARRAY['Dashboard','CLI','MCP server','Zapier','Analytics','Mobile app']) || ' ' || c,
  'https://app' || c || '.example.com', CASE WHEN c % 2 = 1 THEN 'https://app' || c || '.example.com/logo.png' END,
  ct, ct + interval '5 days', CASE WHEN c % 19 = 0 THEN ct + interval '90 days' END,
  CASE WHEN c % 3 = 0 THEN 'public' ELSE 'confidential' END::auth.oauth_client_type, CASE WHEN c % 3 = 0 THEN 'none' WHEN c % 3 = 1 THEN 'client_secret_basic' ELSE 'client_secret_post' END
FROM generate_series(1, 40) c CROSS JOIN LATERAL (SELECT timestamptz '2025-08-01 09:00:00+00' + c * interval '3 days' AS ct) x ORDER BY c;

INSERT INTO auth.oauth_consents (id, user_id, client_id, scopes, granted_at, revoked_at)
SELECT pg_temp.uuid('cons' || u || '-' || c), pg_temp.uuid('u' || u), pg_temp.uuid('oc' || c), pg_temp.pick('csc' || u || c, ARRAY['openid email profile','openid email','openid profile offline_access']),
  gt, CASE WHEN (u + c) % 10 = 0 THEN gt + interval '40 days' END
FROM (SELECT DISTINCT u, pg_temp.skew2('ccl' || n, 40)::int AS c FROM generate_series(1, 700) n CROSS JOIN LATERAL (SELECT 15 + pg_temp.skew2('ccu' || n, 4985)::int AS u) y) p
CROSS JOIN LATERAL (SELECT timestamptz '2025-08-15 00:00:00+00' + (c * 86400 + u * 600) * interval '1 second' AS gt) x
WHERE u % 100 >= 15
ORDER BY u, c;

-- Sessions: 8,000 on skewed users (the most active user has dozens); AAL2 for users with a
-- verified TOTP factor on every third session; OAuth server sessions carry their client and
-- scopes; sessions since October 2025 sign refresh tokens with an HMAC key and counter
-- instead of storing them.
CREATE TEMP TABLE sa_sess AS
SELECT s, pg_temp.uuid('s' || s) AS id, u, pg_temp.uuid('u' || u) AS user_id, ct
FROM generate_series(1, 8000) s
CROSS JOIN LATERAL (SELECT pg_temp.skew('su' || s, 5000)::int AS u,
  timestamptz '2022-09-01 00:00:00+00' + (s * 13000 + pg_temp.r('sct' || s, 3600)) * interval '1 second' AS ct) x;

INSERT INTO auth.sessions (id, user_id, created_at, updated_at, factor_id, aal, not_after, refreshed_at, user_agent, ip, tag, oauth_client_id,
  refresh_token_hmac_key, refresh_token_counter, scopes)
SELECT s.id, s.user_id, s.ct, s.ct + pg_temp.r('sup' || s.s, 30) * interval '1 hour', f.id, CASE WHEN f.id IS NOT NULL THEN 'aal2' ELSE 'aal1' END::auth.aal_level,
  CASE WHEN s.s % 53 = 0 THEN s.ct + interval '7 days' END, (s.ct + pg_temp.r('sup' || s.s, 30) * interval '1 hour')::timestamp,
  pg_temp.pick2('sua' || s.s, ARRAY['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'okhttp/4.12.0', 'Dart/3.2 (dart:io)', 'supabase-js/2.39.0']),
  ('172.' || (16 + pg_temp.r('sip' || s.u, 16)) || '.' || pg_temp.r('sip2' || s.u, 256) || '.' || (1 + pg_temp.r('sip3' || s.s, 254)))::inet, NULL,
  CASE WHEN s.s % 40 = 0 AND s.ct > timestamptz '2025-09-04 00:00:00+00' THEN pg_temp.uuid('oc' || pg_temp.skew2('soc' || s.s, 40)) END,
  CASE WHEN s.ct >= timestamptz '2025-10-07 00:00:00+00' THEN encode(sha256(('hk' || s.s)::bytea), 'base64') END,
  CASE WHEN s.ct >= timestamptz '2025-10-07 00:00:00+00' THEN 1 + pg_temp.r('rc' || s.s, 20) END,
  CASE WHEN s.s % 40 = 0 AND s.ct > timestamptz '2025-09-04 00:00:00+00' THEN 'openid email profile' END
FROM sa_sess s
LEFT JOIN auth.mfa_factors f ON f.user_id = s.user_id AND f.factor_type = 'totp' AND f.status = 'verified' AND s.s % 3 = 0
ORDER BY s.s;

-- Authentication method claims: how each session signed in, plus totp for AAL2 sessions.
INSERT INTO auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
SELECT s.id, s.created_at + o * interval '20 seconds', s.created_at + o * interval '20 seconds', m, pg_temp.uuid('amr' || s.id || '-' || o)
FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
CROSS JOIN LATERAL (
  SELECT 1 AS o, CASE WHEN u.is_anonymous THEN 'anonymous' WHEN u.is_sso_user THEN 'sso/saml' WHEN u.phone IS NOT NULL AND u.email IS NULL THEN 'otp'
    WHEN u.raw_app_meta_data->>'provider' <> 'email' THEN 'oauth' WHEN s.oauth_client_id IS NOT NULL THEN 'oauth_provider/authorization_code'
    WHEN pg_temp.r('am' || s.id, 10) < 2 THEN 'magiclink' ELSE 'password' END AS m
  UNION ALL SELECT 2, 'totp' WHERE s.aal = 'aal2'
) a
ORDER BY s.created_at, s.id, o;

-- Refresh tokens: a rotation chain per session before HMAC-signed tokens (each token's parent
-- is the one it replaced, all but the last revoked); 300 legacy tokens from before sessions
-- existed have no session. user_id is the user's uuid as text.
INSERT INTO auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
SELECT '00000000-0000-0000-0000-000000000000', tok, user_id::text, k < n, tt, tt + CASE WHEN k < n THEN interval '1 hour' ELSE interval '0' END,
  CASE WHEN k > 1 THEN prev END, sid
FROM (
  SELECT s.s AS g, s.user_id, s.id AS sid, s.ct, n, k FROM sa_sess s
  CROSS JOIN LATERAL (SELECT pg_temp.skew2('rn' || s.s, 5)::int AS n) c CROSS JOIN LATERAL generate_series(1, n) k
  WHERE s.ct < timestamptz '2025-10-07 00:00:00+00'
  UNION ALL
  SELECT 100000 + l, pg_temp.uuid('u' || pg_temp.skew('rlu' || l, 5000)), NULL, timestamptz '2022-01-20 00:00:00+00' + l * interval '4 hours', 1, 1
  FROM generate_series(1, 300) l
) r
CROSS JOIN LATERAL (SELECT substr(translate(encode(sha256(('rt' || g || '-' || k)::bytea), 'base64'), '+/=', '-_x'), 1, 22) AS tok,
  substr(translate(encode(sha256(('rt' || g || '-' || (k - 1))::bytea), 'base64'), '+/=', '-_x'), 1, 22) AS prev,
  ct + (k - 1) * interval '1 hour' AS tt) x
ORDER BY tt, g, k;

-- PKCE flow states: OAuth, magic link, sign-up, recovery and SSO flows; the user is known once
-- the flow completed or when the flow started from an existing account.
INSERT INTO auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, provider_access_token, provider_refresh_token,
  created_at, updated_at, authentication_method, auth_code_issued_at, invite_token, referrer, oauth_client_state_id, linking_target_id, email_optional)
SELECT pg_temp.uuid('fs' || f), CASE WHEN done THEN pg_temp.uuid('u' || fu) END, pg_temp.uuid('ac' || f)::text,
  CASE WHEN f % 10 = 0 THEN 'plain' ELSE 's256' END::auth.code_challenge_method, substr(translate(encode(sha256(('cc' || f)::bytea), 'base64'), '+/=', '-_x'), 1, 43),
  pt, CASE WHEN pt IN ('google', 'github', 'apple') AND done THEN 'ya29.' || md5('pat' || f) END, CASE WHEN pt = 'google' AND done THEN '1//' || md5('prt' || f) END,
  ct, ct + interval '30 seconds', am, CASE WHEN done THEN ct + interval '20 seconds' END, NULL,
  pg_temp.pick2('fr' || f, ARRAY['https://app.example.com/auth/callback','http://localhost:3000/auth/callback','com.example.app://login-callback']), NULL, NULL, false
FROM generate_series(1, 3000) f
CROSS JOIN LATERAL (SELECT pg_temp.pick2('fp' || f, ARRAY['google','email','github','sso/saml','apple']) AS pt, 15 + pg_temp.skew2('fu' || f, 4985)::int AS fu,
  f % 4 <> 0 AS done, timestamptz '2023-03-22 00:00:00+00' + (f * 13000 + pg_temp.r('fct' || f, 3600)) * interval '1 second' AS ct) x
CROSS JOIN LATERAL (SELECT CASE pt WHEN 'email' THEN pg_temp.pick('fam' || f, ARRAY['magiclink','email/signup','recovery','email_change']) WHEN 'sso/saml' THEN 'sso/saml' ELSE 'oauth' END AS am) y
ORDER BY f;

-- SAML relay states of service-provider initiated logins; PKCE logins point to their flow.
INSERT INTO auth.saml_relay_states (id, sso_provider_id, request_id, for_email, redirect_to, created_at, updated_at, flow_state_id)
SELECT pg_temp.uuid('rs' || r), pg_temp.uuid('sso' || pg_temp.skew2('rsp' || r, 20)), 'id-' || md5('req' || r),
  CASE WHEN r % 5 <> 0 THEN 'user' || r || '@' || (SELECT dom FROM sa_sso WHERE k = pg_temp.skew2('rsp' || r, 20)) END,
  CASE WHEN r % 3 = 0 THEN 'https://app.example.com/dashboard' END, ct, ct, fs.id
FROM generate_series(1, 600) r
CROSS JOIN LATERAL (SELECT timestamptz '2023-08-20 00:00:00+00' + r * interval '19 hours' AS ct) x
LEFT JOIN (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM auth.flow_state WHERE provider_type = 'sso/saml') fs ON r % 5 < 2 AND fs.n = r
ORDER BY r;

-- One-time tokens: the hashed confirmation, recovery, e-mail change and reauthentication
-- tokens of the users that have one pending, one per (user, type).
INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
SELECT pg_temp.uuid('ott' || u.id || tt), u.id, tt::auth.one_time_token_type, h, rel, (u.created_at + d)::timestamp, (u.created_at + d)::timestamp
FROM auth.users u
CROSS JOIN LATERAL (
  SELECT 'confirmation_token' AS tt, u.confirmation_token AS h, u.email AS rel, interval '1 minute' AS d WHERE u.confirmation_token <> ''
  UNION ALL SELECT 'recovery_token', u.recovery_token, u.email, interval '200 days' WHERE u.recovery_token <> ''
  UNION ALL SELECT 'email_change_token_new', u.email_change_token_new, u.email_change, interval '100 days' WHERE u.email_change_token_new <> ''
  UNION ALL SELECT 'email_change_token_current', u.email_change_token_current, u.email, interval '100 days' WHERE u.email_change_token_current <> ''
  UNION ALL SELECT 'reauthentication_token', u.reauthentication_token, COALESCE(u.email, u.phone), interval '300 days' WHERE u.reauthentication_token <> ''
) t
ORDER BY u.created_at, u.id, tt;

-- Audit log: sign-ups, logins, token refreshes and revocations, recoveries, modifications;
-- the ip_address column came in mid-2022 and is '' before it.
INSERT INTO auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
SELECT '00000000-0000-0000-0000-000000000000', pg_temp.uuid('al' || a),
  json_build_object('action', act, 'actor_id', pg_temp.uuid('u' || au), 'actor_username', COALESCE(u.email, u.phone, ''), 'actor_via_sso', u.kind = 'sso',
    'log_type', CASE WHEN act IN ('token_refreshed', 'token_revoked') THEN 'token' WHEN act IN ('user_signedup', 'user_modified', 'user_deleted') THEN 'user' ELSE 'account' END,
    'traits', json_build_object('provider', COALESCE(u.prov, CASE WHEN u.kind = 'phone' THEN 'phone' ELSE 'email' END))),
  ct, CASE WHEN ct < timestamptz '2022-06-14 07:42:23+00' THEN '' ELSE '192.0.2.' || (1 + pg_temp.r('aip' || au, 254)) END
FROM generate_series(1, 10000) a
CROSS JOIN LATERAL (SELECT pg_temp.skew('aau' || a, 5000)::int AS au,
  pg_temp.pick2('aac' || a, ARRAY['token_refreshed','login','token_revoked','logout','user_signedup','user_recovery_requested','user_modified','user_confirmation_requested']) AS act,
  timestamptz '2022-01-20 00:00:00+00' + (a * 4000 + pg_temp.r('act' || a, 3600)) * interval '1 second' AS ct) x
JOIN sa_user u ON u.u = x.au
ORDER BY a;

DROP TABLE sa_sso, sa_user, sa_sess;
