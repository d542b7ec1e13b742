-- Deterministic data for Vaultwarden: one self-hosted instance of a mid-sized company with
-- 800 users and 40 organizations (the company itself, its departments and a few families and
-- side projects). Every id is an application-made uuid (Vaultwarden calls
-- uuid::Uuid::new_v4 for every row), here pg_temp.uuid of a tag and the row's number, so a
-- row's references are computed with the same formula instead of looked up. Organization 1
-- (the company) is far the biggest: most users belong to it and most of its events are its.
-- Personal ciphers belong to a user (organization_uuid NULL), shared ones to an organization
-- (user_uuid NULL). Encrypted fields are Bitwarden cipher strings ("2.<iv>|<data>|<mac>").

-- Users: first.last<n>@ a company or a mail provider; a tenth use Argon2id (kdf type 1).
INSERT INTO users (uuid, created_at, updated_at, email, name, password_hash, salt, password_iterations, password_hint, akey,
  private_key, public_key, totp_secret, totp_recover, security_stamp, equivalent_domains, excluded_globals, client_kdf_type,
  client_kdf_iter, verified_at, last_verifying_at, login_verify_count, email_new, email_new_token, enabled, stamp_exception,
  api_key, avatar_color, client_kdf_memory, client_kdf_parallelism, external_id)
SELECT pg_temp.uuid('vu' || u), c, c + pg_temp.r('uu' || u, 300 * 86400) * interval '1 second',
  lower(fn) || '.' || lower(ln) || u || '@' || pg_temp.pick2('dom' || u, ARRAY['acme-corp.com','gmail.com','outlook.com','proton.me','fastmail.com','yahoo.com']),
  fn || ' ' || ln, sha256(convert_to('pw' || u, 'UTF8')), decode(md5('salt' || u) || md5('salt2' || u), 'hex'), 600000,
  CASE WHEN u % 9 = 0 THEN 'the usual one' END,
  '2.' || encode(decode(md5('iv' || u), 'hex'), 'base64') || '|' || encode(sha256(convert_to('ak' || u, 'UTF8')), 'base64') || '|' || encode(decode(md5('mac' || u), 'hex'), 'base64'),
  '2.' || encode(sha256(convert_to('pk' || u, 'UTF8')), 'base64'), 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' || encode(sha256(convert_to('pub' || u, 'UTF8')), 'base64'),
  NULL, CASE WHEN u % 4 = 0 THEN upper(substr(md5('rc' || u), 1, 32)) END, pg_temp.uuid('ss' || u)::text, '[]', '[]',
  CASE WHEN u % 10 = 0 THEN 1 ELSE 0 END, CASE WHEN u % 10 = 0 THEN 3 ELSE 600000 END,
  CASE WHEN u % 20 = 0 THEN NULL ELSE c + interval '10 minutes' END, NULL, 0,
  NULL, NULL, u % 97 <> 0, NULL,
  CASE WHEN u % 6 = 0 THEN substr(md5('api' || u) || md5('api2' || u), 1, 30) END,
  CASE WHEN u % 3 = 0 THEN '#' || substr(md5('col' || u), 1, 6) END,
  CASE WHEN u % 10 = 0 THEN 64 END, CASE WHEN u % 10 = 0 THEN 4 END, NULL
FROM generate_series(1, 800) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('fn' || u) AS fn, pg_temp.last_name('ln' || u) AS ln,
  timestamp '2022-01-01 00:00:00' + (u * 86400 + pg_temp.r('uc' || u, 86400)) * interval '1 second' AS c) x
ORDER BY u;

-- Organizations: the company, its departments, families and side projects.
INSERT INTO organizations (uuid, name, billing_email, private_key, public_key)
SELECT pg_temp.uuid('vo' || o),
  CASE WHEN o = 1 THEN 'Acme Corp' WHEN o <= 12 THEN 'Acme ' || (ARRAY['Engineering','Finance','Sales','Support','IT','Legal','Marketing','HR','Research','Ops','Security'])[o - 1]
    ELSE pg_temp.last_name('on' || o) || ' ' || pg_temp.pick('ok' || o, ARRAY['Family','Team','Club','Project','Household']) END,
  'billing' || o || '@' || CASE WHEN o <= 12 THEN 'acme-corp.com' ELSE 'gmail.com' END,
  '2.' || encode(sha256(convert_to('opk' || o, 'UTF8')), 'base64'), 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' || encode(sha256(convert_to('opub' || o, 'UTF8')), 'base64')
FROM generate_series(1, 40) o
ORDER BY o;

-- Memberships: every user is in one to three organizations, the company most often; the
-- organization is UNIQUE per user. A tenth are still invited or accepted, not confirmed.
INSERT INTO users_organizations (uuid, user_uuid, org_uuid, access_all, akey, status, atype, reset_password_key, external_id, invited_by_email)
SELECT pg_temp.uuid('vm' || u || '-' || o), pg_temp.uuid('vu' || u), pg_temp.uuid('vo' || o),
  pg_temp.r('aa' || u || '-' || o, 5) = 0,
  '4.' || encode(sha256(convert_to('mk' || u || '-' || o, 'UTF8')), 'base64'),
  CASE WHEN pg_temp.r('ms' || u || '-' || o, 20) = 0 THEN 0 WHEN pg_temp.r('ms' || u || '-' || o, 20) = 1 THEN 1 ELSE 2 END,
  CASE WHEN u = o THEN 0 WHEN pg_temp.r('mt' || u || '-' || o, 15) = 0 THEN 1 WHEN pg_temp.r('mt' || u || '-' || o, 15) = 1 THEN 3 ELSE 2 END,
  CASE WHEN o = 1 AND u % 3 = 0 THEN '4.' || encode(sha256(convert_to('rp' || u, 'UTF8')), 'base64') END,
  NULL, NULL
FROM (SELECT DISTINCT u, o FROM generate_series(1, 800) u
  CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('no' || u, 3)::int) k
  CROSS JOIN LATERAL (SELECT CASE WHEN k = 1 AND u % 5 <> 0 THEN 1 ELSE pg_temp.skew2('mo' || u || '-' || k, 40) END AS o) z) m
ORDER BY u, o;

-- Ciphers: 3,000 vault items; every fifth belongs to an organization, the others to a user
-- (busy users hold hundreds). Logins are most common; 3 % are in the trash.
INSERT INTO ciphers (uuid, created_at, updated_at, user_uuid, organization_uuid, atype, name, notes, fields, data, password_history,
  deleted_at, reprompt, key)
SELECT pg_temp.uuid('vc' || c), t, t + pg_temp.r('cu' || c, 200 * 86400) * interval '1 second',
  CASE WHEN c % 5 <> 0 THEN pg_temp.uuid('vu' || pg_temp.skew2('co' || c, 800)) END,
  CASE WHEN c % 5 = 0 THEN pg_temp.uuid('vo' || pg_temp.skew2('cg' || c, 40)) END,
  a, '2.' || encode(decode(md5('cn' || c), 'hex'), 'base64') || '|' || encode(decode(md5('cn2' || c), 'hex'), 'base64'),
  CASE WHEN c % 7 = 0 THEN '2.' || encode(decode(md5('nt' || c), 'hex'), 'base64') END,
  CASE WHEN c % 11 = 0 THEN '[{"Name":"2.' || md5('fn' || c) || '","Value":"2.' || md5('fv' || c) || '","Type":0}]' END,
  '{"Name":"2.' || md5('cn' || c) || '","Username":"2.' || md5('un' || c) || '","Password":"2.' || md5('pw' || c) || '","Uris":[{"Uri":"2.' || md5('ur' || c) || '","Match":null}]}',
  CASE WHEN c % 6 = 0 THEN '[{"LastUsedDate":"2024-03-01T10:00:00Z","Password":"2.' || md5('ph' || c) || '"}]' END,
  CASE WHEN pg_temp.r('cd' || c, 33) = 0 THEN t + interval '400 days' END,
  CASE WHEN c % 25 = 0 THEN 1 ELSE 0 END,
  CASE WHEN c % 8 = 0 THEN '2.' || encode(sha256(convert_to('ck' || c, 'UTF8')), 'base64') END
FROM generate_series(1, 3000) c
CROSS JOIN LATERAL (SELECT timestamp '2022-02-01 00:00:00' + (c * 9000 + pg_temp.r('ct' || c, 9000)) * interval '1 second' AS t,
  (ARRAY[1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4])[1 + pg_temp.r('ca' || c, 11)] AS a) x
ORDER BY c;

-- Attachments: files on a fifth of the ciphers; the id is Vaultwarden's 20 hex characters.
INSERT INTO attachments (id, cipher_uuid, file_name, file_size, akey)
SELECT substr(md5('att' || a), 1, 20), pg_temp.uuid('vc' || (1 + pg_temp.r('ac' || a, 3000))),
  '2.' || encode(decode(md5('af' || a), 'hex'), 'base64'), 1024 + pg_temp.r('as' || a, 5000000),
  '2.' || encode(sha256(convert_to('ak' || a, 'UTF8')), 'base64')
FROM generate_series(1, 700) a
ORDER BY a;

-- Folders: zero to five per user (nf = r('nf' || u, 6)).
INSERT INTO folders (uuid, created_at, updated_at, user_uuid, name)
SELECT pg_temp.uuid('vf' || u || '-' || k), timestamp '2022-01-05 00:00:00' + (u * 86400 + k * 3600) * interval '1 second',
  timestamp '2022-06-01 00:00:00' + (u * 86400 + k * 3600) * interval '1 second', pg_temp.uuid('vu' || u),
  '2.' || encode(decode(md5('fo' || u || '-' || k), 'hex'), 'base64')
FROM generate_series(1, 800) u
CROSS JOIN LATERAL generate_series(1, pg_temp.r('nf' || u, 6)::int) k
ORDER BY u, k;

-- Folder links: two thirds of a personal cipher's items sit in one of its owner's folders.
INSERT INTO folders_ciphers (cipher_uuid, folder_uuid)
SELECT pg_temp.uuid('vc' || c), pg_temp.uuid('vf' || u || '-' || (1 + pg_temp.r('fk' || c, nf)))
FROM generate_series(1, 3000) c
CROSS JOIN LATERAL (SELECT pg_temp.skew2('co' || c, 800) AS u) o
CROSS JOIN LATERAL (SELECT pg_temp.r('nf' || o.u, 6) AS nf) f
WHERE c % 5 <> 0 AND f.nf > 0 AND c % 3 <> 0
ORDER BY c;

-- Collections: one to twelve per organization (nc = 1 + r('nc' || o, 12)); the company has 30.
INSERT INTO collections (uuid, org_uuid, name, external_id)
SELECT pg_temp.uuid('vl' || o || '-' || k), pg_temp.uuid('vo' || o), '2.' || encode(decode(md5('cl' || o || '-' || k), 'hex'), 'base64'),
  CASE WHEN o = 1 THEN 'ad-group-' || k END
FROM generate_series(1, 40) o
CROSS JOIN LATERAL generate_series(1, CASE WHEN o = 1 THEN 30 ELSE 1 + pg_temp.r('nc' || o, 12)::int END) k
ORDER BY o, k;

-- Every organization cipher is in one collection of its organization, a third in two.
INSERT INTO ciphers_collections (cipher_uuid, collection_uuid)
SELECT DISTINCT pg_temp.uuid('vc' || c), pg_temp.uuid('vl' || o || '-' || (1 + pg_temp.r('cc' || c || '-' || j, nc)))
FROM generate_series(5, 3000, 5) c
CROSS JOIN LATERAL (SELECT pg_temp.skew2('cg' || c, 40) AS o) g
CROSS JOIN LATERAL (SELECT CASE WHEN g.o = 1 THEN 30 ELSE 1 + pg_temp.r('nc' || g.o, 12) END AS nc) n
CROSS JOIN LATERAL generate_series(1, CASE WHEN c % 3 = 0 THEN 2 ELSE 1 END) j
ORDER BY 1, 2;

-- Direct collection access for members without access to all: one to four collections.
INSERT INTO users_collections (user_uuid, collection_uuid, read_only, hide_passwords, manage)
SELECT DISTINCT ON (m.user_uuid, l) m.user_uuid, l, pg_temp.r('ro' || m.uuid || j, 4) = 0, pg_temp.r('hp' || m.uuid || j, 10) = 0,
  pg_temp.r('mg' || m.uuid || j, 12) = 0
FROM users_organizations m
CROSS JOIN LATERAL (SELECT o FROM generate_series(1, 40) o WHERE pg_temp.uuid('vo' || o)::text = m.org_uuid) g
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nu' || m.uuid, 4)::int) j
CROSS JOIN LATERAL (SELECT pg_temp.uuid('vl' || g.o || '-' || (1 + pg_temp.r('uc' || m.uuid || j,
  CASE WHEN g.o = 1 THEN 30 ELSE 1 + pg_temp.r('nc' || g.o, 12) END)))::text AS l) c
WHERE NOT m.access_all
ORDER BY m.user_uuid, l;

-- Devices: one to four per user (browser extension, phone, desktop, web vault); the refresh
-- token is a random 88-character value, push tokens only for phones.
INSERT INTO devices (uuid, created_at, updated_at, user_uuid, name, atype, push_token, refresh_token, twofactor_remember, push_uuid)
SELECT pg_temp.uuid('vd' || u || '-' || d), t, t + pg_temp.r('du' || u || '-' || d, 300 * 86400) * interval '1 second', pg_temp.uuid('vu' || u),
  (ARRAY['firefox','chrome','android','iphone','windows','macos','web'])[1 + a], (ARRAY[3, 2, 0, 1, 6, 7, 9])[1 + a],
  CASE WHEN a IN (2, 3) THEN md5('pt' || u || '-' || d) || md5('pt2' || u || '-' || d) END,
  encode(sha256(convert_to('rt' || u || '-' || d, 'UTF8')), 'base64') || encode(decode(md5('rt2' || u || '-' || d), 'hex'), 'base64'),
  CASE WHEN pg_temp.r('tr' || u || '-' || d, 5) = 0 THEN encode(decode(md5('rem' || u || '-' || d), 'hex'), 'base64') END,
  CASE WHEN a IN (2, 3) THEN pg_temp.uuid('pu' || u || '-' || d)::text END
FROM generate_series(1, 800) u
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nd' || u, 4)::int) d
CROSS JOIN LATERAL (SELECT pg_temp.r('da' || u || '-' || d, 7)::int AS a,
  timestamp '2022-01-02 00:00:00' + (u * 86400 + d * 40000) * interval '1 second' AS t) x
ORDER BY u, d;

-- Two-factor providers: authenticator for half the users, e-mail, WebAuthn and recovery
-- codes for fewer; at most one row per (user, type).
INSERT INTO twofactor (uuid, user_uuid, atype, enabled, data, last_used)
SELECT pg_temp.uuid('v2' || u || '-' || t), pg_temp.uuid('vu' || u), t, pg_temp.r('te' || u || '-' || t, 12) <> 0,
  CASE t WHEN 0 THEN upper(substr(md5('totp' || u), 1, 32)) WHEN 1 THEN '{"email":"user' || u || '@acme-corp.com","last_token":null,"token_sent":0,"attempts":0}'
    WHEN 7 THEN '[{"id":1,"name":"YubiKey","migrated":false}]' ELSE '{"codes":"' || md5('rcd' || u) || '"}' END,
  CASE WHEN t = 0 THEN 1700000000 + pg_temp.r('lu' || u, 50000000) / 30 ELSE 0 END
FROM generate_series(1, 800) u
CROSS JOIN unnest(ARRAY[0, 1, 7, 8]) t
WHERE pg_temp.r('tf' || u || '-' || t, 100) < CASE t WHEN 0 THEN 55 WHEN 1 THEN 25 WHEN 7 THEN 15 ELSE 20 END
ORDER BY u, t;

-- Favorites: a third of the personal ciphers are their owner's favorites.
INSERT INTO favorites (user_uuid, cipher_uuid)
SELECT pg_temp.uuid('vu' || pg_temp.skew2('co' || c, 800)), pg_temp.uuid('vc' || c)
FROM generate_series(1, 3000) c
WHERE c % 5 <> 0 AND pg_temp.r('fv' || c, 3) = 0
ORDER BY c;

-- Sends: text and file shares by busy users, deleted after a week to a month.
INSERT INTO sends (uuid, user_uuid, organization_uuid, name, notes, atype, data, akey, password_hash, password_salt, password_iter,
  max_access_count, access_count, creation_date, revision_date, expiration_date, deletion_date, disabled, hide_email)
SELECT pg_temp.uuid('vs' || s), pg_temp.uuid('vu' || pg_temp.skew('su' || s, 800)), NULL,
  '2.' || encode(decode(md5('sn' || s), 'hex'), 'base64'), NULL, s % 4 / 3,
  CASE WHEN s % 4 = 3 THEN '{"fileName":"2.' || md5('sf' || s) || '","size":"' || (1000 + s * 37) || '"}' ELSE '{"text":"2.' || md5('st' || s) || '","hidden":false}' END,
  '2.' || encode(sha256(convert_to('sk' || s, 'UTF8')), 'base64'),
  CASE WHEN s % 5 = 0 THEN sha256(convert_to('sp' || s, 'UTF8')) END, CASE WHEN s % 5 = 0 THEN decode(md5('ss' || s), 'hex') END,
  CASE WHEN s % 5 = 0 THEN 600000 END, CASE WHEN s % 3 = 0 THEN 5 END, pg_temp.r('sa' || s, 6)::int,
  t, t, CASE WHEN s % 2 = 0 THEN t + interval '7 days' END, t + (7 + pg_temp.r('sd' || s, 24)) * interval '1 day', s % 40 = 0, s % 9 = 0
FROM generate_series(1, 600) s
CROSS JOIN LATERAL (SELECT timestamp '2024-01-01 00:00:00' + (s * 50000) * interval '1 second' AS t) x
ORDER BY s;

-- Groups: zero to seven per organization, 20 in the company (ng = r('ng' || o, 8)).
INSERT INTO groups (uuid, organizations_uuid, name, access_all, external_id, creation_date, revision_date)
SELECT pg_temp.uuid('vg' || o || '-' || k), pg_temp.uuid('vo' || o),
  pg_temp.pick('gn' || o || '-' || k, ARRAY['Admins','Developers','Support','Finance','Contractors','Managers','Interns','On call']) || ' ' || k,
  k = 1 AND o % 3 = 0, CASE WHEN o = 1 THEN 'cn=group' || k || ',ou=groups,dc=acme' END,
  timestamp '2023-01-01 00:00:00' + (o * 86400 + k * 600) * interval '1 second', timestamp '2023-06-01 00:00:00' + (o * 86400 + k * 600) * interval '1 second'
FROM generate_series(1, 40) o
CROSS JOIN LATERAL generate_series(1, CASE WHEN o = 1 THEN 20 ELSE pg_temp.r('ng' || o, 8)::int END) k
ORDER BY o, k;

-- Group members: confirmed members in zero to two of their organization's groups
-- (ng = 20 for the company, r('ng' || o, 8) for the others).
INSERT INTO groups_users (groups_uuid, users_organizations_uuid)
SELECT DISTINCT pg_temp.uuid('vg' || g.o || '-' || (1 + pg_temp.r('gp' || m.uuid || j, n.ng))), m.uuid
FROM users_organizations m
CROSS JOIN LATERAL (SELECT o FROM generate_series(1, 40) o WHERE pg_temp.uuid('vo' || o)::text = m.org_uuid) g
CROSS JOIN LATERAL (SELECT CASE WHEN g.o = 1 THEN 20 ELSE pg_temp.r('ng' || g.o, 8) END AS ng) n
CROSS JOIN LATERAL generate_series(1, pg_temp.r('gm' || m.uuid, 3)::int) j
WHERE m.status = 2 AND n.ng > 0
ORDER BY 1, 2;

-- Group collection access: one to four collections of the group's organization.
INSERT INTO collections_groups (collections_uuid, groups_uuid, read_only, hide_passwords, manage)
SELECT DISTINCT ON (l, gu) l, gu, pg_temp.r('gr' || gu || j, 3) = 0, false, pg_temp.r('gx' || gu || j, 8) = 0
FROM generate_series(1, 40) o
CROSS JOIN LATERAL generate_series(1, CASE WHEN o = 1 THEN 20 ELSE pg_temp.r('ng' || o, 8)::int END) k
CROSS JOIN LATERAL (SELECT pg_temp.uuid('vg' || o || '-' || k)::text AS gu) g
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('gc' || gu, 4)::int) j
CROSS JOIN LATERAL (SELECT pg_temp.uuid('vl' || o || '-' || (1 + pg_temp.r('gl' || gu || j,
  CASE WHEN o = 1 THEN 30 ELSE 1 + pg_temp.r('nc' || o, 12) END)))::text AS l) c
ORDER BY l, gu;

-- Policies: each organization enables a few of the twelve policy types, once each.
INSERT INTO org_policies (uuid, org_uuid, atype, enabled, data)
SELECT pg_temp.uuid('vp' || o || '-' || t), pg_temp.uuid('vo' || o), t, pg_temp.r('pe' || o || '-' || t, 6) <> 0,
  CASE t WHEN 1 THEN '{"minLength":12,"requireUpper":true,"requireNumbers":true}' WHEN 4 THEN '{"autoEnrollEnabled":false}' ELSE '{}' END
FROM generate_series(1, 40) o
CROSS JOIN generate_series(0, 11) t
WHERE o = 1 OR pg_temp.r('po' || o || '-' || t, 3) = 0
ORDER BY o, t;

-- Emergency access: a user names a trusted contact (usually another user of the instance,
-- sometimes only invited by e-mail, grantee still NULL).
INSERT INTO emergency_access (uuid, grantor_uuid, grantee_uuid, email, key_encrypted, atype, status, wait_time_days, recovery_initiated_at,
  last_notification_at, updated_at, created_at)
SELECT pg_temp.uuid('ve' || e), pg_temp.uuid('vu' || g), CASE WHEN e % 6 <> 0 THEN pg_temp.uuid('vu' || (1 + (g + 1 + pg_temp.r('eg' || e, 798)) % 800)) END,
  CASE WHEN e % 6 = 0 THEN 'contact' || e || '@gmail.com' END,
  CASE WHEN e % 6 <> 0 AND e % 4 <> 0 THEN '4.' || encode(sha256(convert_to('ek' || e, 'UTF8')), 'base64') END,
  e % 2, CASE WHEN e % 6 = 0 THEN 0 WHEN e % 4 = 0 THEN 1 WHEN e % 17 = 0 THEN 3 ELSE 2 END, (ARRAY[1, 2, 7, 14, 30])[1 + pg_temp.r('ew' || e, 5)],
  CASE WHEN e % 17 = 0 THEN t + interval '90 days' END, CASE WHEN e % 17 = 0 THEN t + interval '91 days' END, t + interval '1 day', t
FROM generate_series(1, 500) e
CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('eo' || e, 800) AS g, timestamp '2023-01-01 00:00:00' + (e * 40000) * interval '1 second' AS t) x
ORDER BY e;

-- Events: the organizations' event log (Vaultwarden logs only organization events), the
-- company's far the busiest: logins, item views, copies and edits, collection and member
-- changes, in time order.
INSERT INTO event (uuid, event_type, user_uuid, org_uuid, cipher_uuid, collection_uuid, group_uuid, org_user_uuid, act_user_uuid, device_type,
  ip_address, event_date, policy_uuid, provider_uuid, provider_user_uuid, provider_org_uuid)
SELECT pg_temp.uuid('vv' || e), et, CASE WHEN et = 1000 THEN pg_temp.uuid('vu' || au) END, pg_temp.uuid('vo' || o),
  CASE WHEN et BETWEEN 1100 AND 1199 THEN pg_temp.uuid('vc' || (5 * (1 + pg_temp.r('ec' || e, 600)))) END,
  CASE WHEN et BETWEEN 1300 AND 1399 THEN pg_temp.uuid('vl' || o || '-1') END, NULL,
  CASE WHEN et BETWEEN 1500 AND 1599 THEN pg_temp.uuid('vm' || au || '-' || o) END,
  pg_temp.uuid('vu' || au), (ARRAY[3, 2, 0, 1, 9])[1 + pg_temp.r('ed' || e, 5)],
  '10.' || pg_temp.r('i1' || au, 256) || '.' || pg_temp.r('i2' || au, 256) || '.' || (1 + pg_temp.r('i3' || e, 254)),
  timestamp '2024-01-01 00:00:00' + (e * 2500 + pg_temp.r('et' || e, 2500)) * interval '1 second', NULL, NULL, NULL, NULL
FROM generate_series(1, 12000) e
CROSS JOIN LATERAL (SELECT CASE WHEN e % 3 <> 0 THEN 1 ELSE pg_temp.skew2('eo' || e, 40) END AS o, 1 + pg_temp.r('ea' || e, 800) AS au,
  (ARRAY[1000, 1000, 1107, 1107, 1107, 1111, 1111, 1112, 1100, 1101, 1101, 1102, 1300, 1301, 1500, 1502, 1503])[1 + pg_temp.r('ey' || e, 17)] AS et) x
ORDER BY e;
