-- Deterministic data for listmonk: one organisation's mailing-list server over 900 days.
-- 10,000 subscribers (one big newsletter list holds three quarters of them), 40 lists,
-- 300 campaigns (the last twenty not finished), their lists, views, link clicks, media
-- and bounces, the installer's settings and templates, roles, users and sessions.
-- serial and bigserial ids are filled by their defaults; every timestamp is explicit
-- (the source's DEFAULT NOW() would differ between builds).

-- Subscribers: e-mail addresses from names; a few have no name (imports without one), most
-- have no attributes; a few are blocklisted or disabled.
INSERT INTO subscribers (uuid, email, name, attribs, status, created_at, updated_at)
SELECT pg_temp.uuid('sub' || s),
  lower(fn) || '.' || lower(ln) || s || '@' || pg_temp.pick2('dom' || s, ARRAY['gmail.com','outlook.com','yahoo.com','hotmail.com',
    'icloud.com','proton.me','gmx.de','web.de','fastmail.com','blind-corp.example','orange.fr','free.fr']),
  CASE WHEN pg_temp.r('nn' || s, 40) = 0 THEN '' ELSE fn || ' ' || ln END,
  CASE WHEN pg_temp.r('at' || s, 5) < 3 THEN '{}'::jsonb
    ELSE jsonb_build_object('city', pg_temp.city('ac' || s), 'plan', pg_temp.pick2('ap' || s, ARRAY['free','pro','team','enterprise'])) END,
  (CASE WHEN pg_temp.r('st' || s, 100) < 4 THEN 'blocklisted' WHEN pg_temp.r('st' || s, 100) < 7 THEN 'disabled' ELSE 'enabled' END)::subscriber_status,
  c, c + pg_temp.r('up' || s, 200) * interval '1 day'
FROM generate_series(1, 10000) s
CROSS JOIN LATERAL (SELECT pg_temp.first_name('fn' || s) AS fn, pg_temp.last_name('ln' || s) AS ln,
  timestamptz '2023-01-01 00:00:00+00' + (s * 7776) * interval '1 second' AS c) x
ORDER BY s;

-- Lists: list 1 is the newsletter almost everybody is on; a few public topic lists, private
-- customer segments and temporary event lists.
INSERT INTO lists (uuid, name, type, optin, status, tags, description, created_at, updated_at)
SELECT pg_temp.uuid('list' || l), n,
  (CASE WHEN l <= 6 THEN 'public' WHEN n LIKE 'Webinar%' OR n LIKE 'Event%' THEN 'temporary' ELSE 'private' END)::list_type,
  (CASE WHEN l IN (1, 3, 5) THEN 'double' ELSE 'single' END)::list_optin,
  (CASE WHEN l % 9 = 0 THEN 'archived' ELSE 'active' END)::list_status,
  CASE WHEN l % 3 = 0 THEN NULL WHEN l <= 6 THEN ARRAY['newsletter'] ELSE ARRAY['segment', 'crm'] END::varchar(100)[],
  CASE WHEN l % 4 = 0 THEN '' ELSE pg_temp.words('ld' || l, 8) END,
  timestamptz '2023-01-01 00:00:00+00' + (l * 20) * interval '1 day', timestamptz '2023-01-01 00:00:00+00' + (l * 20 + 5) * interval '1 day'
FROM (SELECT l, (ARRAY['Weekly newsletter','Product updates','Engineering blog','Release notes','Security advisories','Community digest',
  'Customers EU','Customers US','Customers APAC','Trial users','Churned users','Enterprise admins','Partners','Press','Investors',
  'Beta testers','Webinar 2023-03','Webinar 2023-06','Webinar 2023-09','Webinar 2024-01','Event Berlin 2023','Event Paris 2024',
  'Event Austin 2024','Free plan','Pro plan','Team plan','Developers','Designers','Students','Nonprofits','Customers LATAM',
  'Customers Africa','Reseller program','Affiliates','Alumni','Webinar 2024-05','Webinar 2024-09','Event Tokyo 2025','Legacy import','Staff'])[l] AS n
  FROM generate_series(1, 40) l) x
ORDER BY l;

-- Subscriptions: three quarters of the subscribers are on the newsletter, and each is on up
-- to two more lists, the topic lists more often than the segments.
INSERT INTO subscriber_lists (subscriber_id, list_id, meta, status, created_at, updated_at)
SELECT DISTINCT ON (s.id, l) s.id, l,
  CASE WHEN pg_temp.r('sm' || s.id || '-' || l, 20) = 0 THEN jsonb_build_object('optin_ip', '10.0.' || pg_temp.r('ip' || s.id, 255) || '.' || pg_temp.r('ip2' || s.id, 255)) ELSE '{}'::jsonb END,
  (CASE WHEN pg_temp.r('ss' || s.id || '-' || l, 100) < 6 THEN 'unsubscribed'
    WHEN l IN (1, 3, 5) AND pg_temp.r('sc' || s.id || '-' || l, 100) < 90 THEN 'confirmed' ELSE 'unconfirmed' END)::subscription_status,
  s.created_at + pg_temp.r('slc' || s.id || '-' || l, 30) * interval '1 day', s.created_at + pg_temp.r('slu' || s.id || '-' || l, 90) * interval '1 day'
FROM subscribers s
CROSS JOIN LATERAL (SELECT 1 AS l WHERE pg_temp.r('nl' || s.id, 4) > 0
  UNION ALL SELECT 1 + pg_temp.skew2('xl' || s.id || '-' || i, 39)::int FROM generate_series(1, pg_temp.r('nx' || s.id, 3)::int) i) x
ORDER BY s.id, l;

-- Templates: the installer's three, then a brand template, a visual one and a transactional one.
INSERT INTO templates (name, type, subject, body, body_source, is_default, created_at, updated_at)
SELECT n, t::template_type, sbj, '<!doctype html><html><body>{{ template "content" . }}<p>' || pg_temp.words('tb' || i, 20) || '</p></body></html>',
  CASE WHEN t = 'campaign_visual' THEN '{"blocks":[]}' END, i = 1,
  timestamptz '2023-01-02 09:00:00+00' + (i * i * 30) * interval '1 day', timestamptz '2023-01-02 09:00:00+00' + (i * i * 31) * interval '1 day'
FROM (VALUES (1, 'Default campaign template', 'campaign', ''), (2, 'Default archive template', 'campaign', ''),
  (3, 'Sample transactional template', 'tx', 'Welcome {{ .Subscriber.Name }}'), (4, 'Brand 2024', 'campaign', ''),
  (5, 'Visual newsletter', 'campaign_visual', ''), (6, 'Password reset', 'tx', 'Reset your password')) v(i, n, t, sbj)
ORDER BY i;

-- Campaigns: a weekly newsletter and occasional announcements over 900 days; the last twenty
-- are drafts, scheduled, running or paused; a few were cancelled; some are in the public archive.
INSERT INTO campaigns (uuid, name, subject, from_email, body, body_source, altbody, content_type, send_at, headers, attribs, status, tags, type,
  messenger, template_id, to_send, sent, max_subscriber_id, last_subscriber_id, archive, archive_slug, archive_template_id, archive_meta,
  started_at, created_at, updated_at)
SELECT pg_temp.uuid('camp' || c), n, n || ': ' || initcap(pg_temp.words('cs' || c, 6)), 'Blind Corp <news@blind-corp.example>',
  '<p>' || pg_temp.words('cb' || c, 60) || '</p>', NULL, CASE WHEN c % 5 = 0 THEN pg_temp.words('ca' || c, 30) END,
  (CASE WHEN c % 10 = 0 THEN 'markdown' WHEN c % 17 = 0 THEN 'html' ELSE 'richtext' END)::content_type,
  CASE WHEN st IN ('scheduled', 'finished') AND c % 3 = 0 THEN t END,
  CASE WHEN c % 8 = 0 THEN '[{"X-Campaign": "blind"}]'::jsonb ELSE '[]'::jsonb END, '{}'::jsonb, st::campaign_status,
  CASE WHEN weekly THEN ARRAY['newsletter'] WHEN c % 2 = 0 THEN ARRAY['announcement', 'product'] ELSE NULL END::varchar(100)[],
  (CASE WHEN c % 50 = 7 THEN 'optin' ELSE 'regular' END)::campaign_type, 'email',
  CASE WHEN c % 11 = 0 THEN 4 WHEN c % 23 = 0 THEN 5 ELSE 1 END,
  ts, CASE WHEN st = 'finished' THEN ts - pg_temp.r('fail' || c, 20)::int ELSE 0 END, 10000, CASE WHEN st = 'finished' THEN 10000 ELSE 0 END,
  archived, CASE WHEN archived THEN lower(regexp_replace(n, '[^A-Za-z0-9]+', '-', 'g')) || '-' || c END, CASE WHEN archived THEN 2 END, '{}'::jsonb,
  CASE WHEN st IN ('finished', 'running', 'paused', 'cancelled') THEN t END, t - interval '3 days', t + interval '2 hours'
FROM generate_series(1, 300) c
CROSS JOIN LATERAL (SELECT c % 4 <> 0 AS weekly,
  timestamptz '2023-01-09 08:00:00+00' + (c * 3) * interval '1 day' + pg_temp.r('ct' || c, 36000) * interval '1 second' AS t,
  CASE WHEN c > 295 THEN 'draft' WHEN c > 292 THEN 'scheduled' WHEN c = 292 THEN 'running' WHEN c > 285 THEN 'paused'
    WHEN c % 37 = 0 THEN 'cancelled' WHEN c > 280 THEN 'draft' ELSE 'finished' END AS st,
  c % 4 <> 3 AND c % 3 = 0 AS archived,
  CASE WHEN pg_temp.r('tsz' || c, 4) = 0 THEN 500 + pg_temp.r('tsz2' || c, 2000)::int ELSE 7000 + pg_temp.r('tsz3' || c, 1000)::int END AS ts) x
CROSS JOIN LATERAL (SELECT CASE WHEN weekly THEN 'Newsletter #' || c ELSE pg_temp.pick('cn' || c, ARRAY['Product launch','Price change',
  'Security notice','Webinar invitation','Event invitation','Survey','Year in review','Feature spotlight']) || ' ' || to_char(t, 'YYYY-MM') END AS n) y
ORDER BY c;

-- A campaign's lists: the newsletter goes to list 1, announcements to a few topic lists or
-- segments. Lists deleted since keep their name with a NULL list_id (early campaigns went to
-- an import list that no longer exists).
INSERT INTO campaign_lists (campaign_id, list_id, list_name)
SELECT c.id, l, coalesce(li.name, 'Old import 2022')
FROM campaigns c
CROSS JOIN LATERAL (SELECT DISTINCT l FROM (
  SELECT CASE WHEN c.tags = ARRAY['newsletter']::varchar(100)[] OR pg_temp.r('cl1' || c.id, 3) = 0 THEN 1 ELSE 2 + pg_temp.r('cl2' || c.id, 39)::int END AS l
  UNION ALL SELECT 2 + pg_temp.skew2('cl3' || c.id || '-' || i, 39)::int FROM generate_series(1, pg_temp.r('cln' || c.id, 3)::int) i
  UNION ALL SELECT NULL WHERE c.id <= 24 AND c.id % 2 = 0) z) x
LEFT JOIN lists li ON li.id = x.l
ORDER BY c.id, l NULLS LAST;

-- Views: a tracking pixel per opened message; big campaigns are opened most. Before
-- individual tracking was switched on, views were recorded without the subscriber.
INSERT INTO campaign_views (campaign_id, subscriber_id, created_at)
SELECT c.id, CASE WHEN c.id < 90 OR pg_temp.r('vn' || v, 10) = 0 THEN NULL ELSE pg_temp.skew2('vs' || v, 10000) END,
  c.started_at + pg_temp.r('vt' || v, 14 * 86400) * interval '1 second'
FROM generate_series(1, 10000) v
JOIN campaigns c ON c.id = 1 + (pg_temp.skew('vc' || v, 280) * 97) % 280
WHERE c.status = 'finished'
ORDER BY v;

-- Media: uploads, first on the filesystem, later in S3.
INSERT INTO media (uuid, provider, filename, content_type, thumb, meta, created_at)
SELECT pg_temp.uuid('media' || m), CASE WHEN m <= 90 THEN 'filesystem' ELSE 's3' END, f,
  CASE WHEN f LIKE '%.png' THEN 'image/png' WHEN f LIKE '%.jpg' THEN 'image/jpeg' WHEN f LIKE '%.gif' THEN 'image/gif' ELSE 'application/pdf' END,
  'thumb_' || f, jsonb_build_object('width', 200 + pg_temp.r('mw' || m, 1800), 'height', 100 + pg_temp.r('mh' || m, 1200)),
  timestamptz '2023-01-05 10:00:00+00' + (m * 6) * interval '1 day'
FROM generate_series(1, 150) m
CROSS JOIN LATERAL (SELECT pg_temp.pick('mf' || m, ARRAY['header','banner','logo','product','team','chart','invoice','photo']) || '-' || m ||
  pg_temp.pick2('me' || m, ARRAY['.png','.jpg','.gif','.pdf']) AS f) x
ORDER BY m;

-- A campaign's attachments and inline images; deleted media keep their file name.
INSERT INTO campaign_media (campaign_id, media_id, filename)
SELECT DISTINCT ON (c, f) c, CASE WHEN m % 13 = 0 THEN NULL ELSE m END, f
FROM generate_series(1, 300) c
CROSS JOIN LATERAL generate_series(1, pg_temp.r('nm' || c, 3)::int) i
CROSS JOIN LATERAL (SELECT least(150, greatest(1, c / 2 + pg_temp.r('mm' || c || '-' || i, 10)::int - 4)) AS m) x
JOIN media md ON md.id = x.m
CROSS JOIN LATERAL (SELECT md.filename AS f) y
ORDER BY c, f;

-- Links: the URLs campaigns track.
INSERT INTO links (uuid, url, created_at)
SELECT pg_temp.uuid('link' || k),
  'https://' || pg_temp.pick2('lh' || k, ARRAY['blind-corp.example','docs.blind-corp.example','shop.blind-corp.example','github.com','youtube.com']) ||
  '/' || pg_temp.pick('lp' || k, ARRAY['blog','release','docs','events','pricing','careers','watch','p']) || '/' || k || '-' ||
  replace(pg_temp.words('lw' || k, 3), ' ', '-') || CASE WHEN k % 3 = 0 THEN '?utm_source=listmonk&utm_medium=email' ELSE '' END,
  timestamptz '2023-01-09 08:00:00+00' + (k * 27 / 24) * interval '1 day'
FROM generate_series(1, 800) k
ORDER BY k;

-- Clicks: campaigns link to the links made around their time; the first link of a
-- newsletter draws most clicks.
INSERT INTO link_clicks (campaign_id, link_id, subscriber_id, created_at)
SELECT c.id, least(800, greatest(1, (c.id * 8) / 3 + pg_temp.skew2('kl' || k, 6)::int - 1)),
  CASE WHEN c.id < 90 OR pg_temp.r('kn' || k, 10) = 0 THEN NULL ELSE pg_temp.skew2('ks' || k, 10000) END,
  c.started_at + pg_temp.r('kt' || k, 10 * 86400) * interval '1 second'
FROM generate_series(1, 7000) k
JOIN campaigns c ON c.id = 1 + (pg_temp.skew('kc' || k, 280) * 97) % 280
WHERE c.status = 'finished'
ORDER BY k;

-- The installer's settings, verbatim from schema.sql (updated_at fixed instead of NOW()), then
-- what the administrator changed since.
INSERT INTO settings (key, value, updated_at)
SELECT k, v::jsonb, timestamptz '2023-01-02 09:00:00+00' FROM (VALUES
    ('app.site_name', '"Mailing list"'),
    ('app.root_url', '"http://localhost:9000"'),
    ('app.favicon_url', '""'),
    ('app.from_email', '"listmonk <noreply@listmonk.yoursite.com>"'),
    ('app.logo_url', '""'),
    ('app.concurrency', '10'),
    ('app.message_rate', '10'),
    ('app.batch_size', '1000'),
    ('app.max_send_errors', '1000'),
    ('app.message_sliding_window', 'false'),
    ('app.message_sliding_window_duration', '"1h"'),
    ('app.message_sliding_window_rate', '10000'),
    ('app.cache_slow_queries', 'false'),
    ('app.cache_slow_queries_interval', '"0 3 * * *"'),
    ('app.enable_public_archive', 'true'),
    ('app.enable_public_subscription_page', 'true'),
    ('app.show_optin_page', 'true'),
    ('app.enable_public_archive_rss_content', 'true'),
    ('app.send_optin_confirmation', 'true'),
    ('app.check_updates', 'true'),
    ('app.notify_emails', '[]'),
    ('app.lang', '"en"'),
    ('privacy.individual_tracking', 'false'),
    ('privacy.disable_tracking', 'false'),
    ('privacy.unsubscribe_header', 'true'),
    ('privacy.allow_blocklist', 'true'),
    ('privacy.allow_export', 'true'),
    ('privacy.allow_wipe', 'true'),
    ('privacy.allow_preferences', 'true'),
    ('privacy.exportable', '["profile", "subscriptions", "campaign_views", "link_clicks"]'),
    ('privacy.domain_blocklist', '[]'),
    ('privacy.domain_allowlist', '[]'),
    ('privacy.record_optin_ip', 'false'),
    ('security.captcha', '{"altcha": {"enabled": false, "complexity": 300000}, "hcaptcha": {"enabled": false, "key": "", "secret": ""}}'),
    ('security.oidc', '{"enabled": false, "provider_url": "", "provider_name": "", "client_id": "", "client_secret": "", "auto_create_users": false, "default_user_role_id": null, "default_list_role_id": null}'),
    ('security.trusted_urls', '[]'),
    ('upload.provider', '"filesystem"'),
    ('upload.max_file_size', '5000'),
    ('upload.extensions', '["jpg","jpeg","png","gif","svg","*"]'),
    ('upload.filesystem.upload_path', '"uploads"'),
    ('upload.filesystem.upload_uri', '"/uploads"'),
    ('upload.s3.url', '"https://ap-south-1.s3.amazonaws.com"'),
    ('upload.s3.public_url', '""'),
    ('upload.s3.aws_access_key_id', '""'),
    ('upload.s3.aws_secret_access_key', '""'),
    ('upload.s3.aws_default_region', '"ap-south-1"'),
    ('upload.s3.bucket', '""'),
    ('upload.s3.bucket_domain', '""'),
    ('upload.s3.bucket_path', '"/"'),
    ('upload.s3.bucket_type', '"public"'),
    ('upload.s3.expiry', '"167h"'),
    ('smtp',
        '[{"enabled":true, "host":"smtp.yoursite.com","port":25,"auth_protocol":"cram","username":"username","password":"password","hello_hostname":"","max_conns":10,"idle_timeout":"15s","wait_timeout":"5s","max_msg_retries":2,"msg_retry_delay":"10ms","tls_type":"STARTTLS","tls_skip_verify":false,"email_headers":[], "from_addresses":[]},
          {"enabled":false, "host":"smtp.gmail.com","port":465,"auth_protocol":"login","username":"username@gmail.com","password":"password","hello_hostname":"","max_conns":10,"idle_timeout":"15s","wait_timeout":"5s","max_msg_retries":2,"msg_retry_delay":"10ms","tls_type":"TLS","tls_skip_verify":false,"email_headers":[], "from_addresses":[]}]'),
    ('messengers', '[]'),
    ('bounce.enabled', 'false'),
    ('bounce.webhooks_enabled', 'false'),
    ('bounce.actions', '{"soft": {"count": 2, "action": "none"}, "hard": {"count": 1, "action": "blocklist"}, "complaint" : {"count": 1, "action": "blocklist"}}'),
    ('bounce.ses_enabled', 'false'),
    ('bounce.azure', '{"enabled": false, "shared_secret": "", "shared_secret_header": ""}'),
    ('bounce.sendgrid_enabled', 'false'),
    ('bounce.sendgrid_key', '""'),
    ('bounce.postmark', '{"enabled": false, "username": "", "password": ""}'),
    ('bounce.forwardemail', '{"enabled": false, "key": ""}'),
    ('bounce.lettermint', '{"enabled": false, "key": ""}'),
    ('bounce.mailboxes',
        '[{"enabled":false, "type": "pop", "host":"pop.yoursite.com","port":995,"auth_protocol":"userpass","username":"username","password":"password","return_path": "bounce@listmonk.yoursite.com","scan_interval":"15m","tls_enabled":true,"tls_skip_verify":false}]'),
    ('appearance.admin.custom_css', '""'),
    ('appearance.admin.custom_js', '""'),
    ('appearance.public.custom_css', '""'),
    ('appearance.public.custom_js', '""'),
    ('maintenance.db', '{"vacuum": false, "vacuum_cron_interval": "0 2 * * *"}')
) s(k, v);

UPDATE settings SET value = v, updated_at = timestamptz '2023-02-01 10:00:00+00' + i * interval '17 days'
FROM (VALUES (1, 'app.site_name', '"Blind Corp newsletters"'::jsonb), (2, 'app.root_url', '"https://lists.blind-corp.example"'),
  (3, 'app.from_email', '"Blind Corp <news@blind-corp.example>"'), (4, 'privacy.individual_tracking', 'true'),
  (5, 'upload.provider', '"s3"'), (6, 'bounce.enabled', 'true'), (7, 'app.concurrency', '20')) u(i, k, v)
WHERE key = u.k;

-- Bounces: a few bad addresses bounce again and again; some come from transactional mail
-- (no campaign).
INSERT INTO bounces (subscriber_id, campaign_id, type, source, meta, created_at)
SELECT s, CASE WHEN pg_temp.r('bn' || b, 7) = 0 THEN NULL ELSE 1 + (pg_temp.r('bc' || b, 280) * 97) % 280 END,
  (CASE WHEN pg_temp.r('bt' || b, 10) < 6 THEN 'soft' WHEN pg_temp.r('bt' || b, 10) < 9 THEN 'hard' ELSE 'complaint' END)::bounce_type,
  pg_temp.pick2('bs' || b, ARRAY['ses','pop','api','webhook','sendgrid']),
  CASE WHEN pg_temp.r('bm' || b, 3) = 0 THEN '{}'::jsonb ELSE jsonb_build_object('smtp', '550 5.1.1 mailbox unavailable') END,
  timestamptz '2023-02-01 00:00:00+00' + (b * 25920) * interval '1 second'
FROM generate_series(1, 1200) b
CROSS JOIN LATERAL (SELECT 1 + (pg_temp.skew('bsub' || b, 2000) * 4999) % 10000 AS s) x
ORDER BY b;

-- Roles: the installer's Super Admin, three more user roles, two list roles and their
-- per-list permissions (children with the list and no name).
INSERT INTO roles (type, parent_id, list_id, permissions, name, created_at, updated_at)
SELECT t::role_type, NULL, NULL, p, n, timestamptz '2023-01-02 09:00:00+00' + i * interval '40 days', timestamptz '2023-01-02 09:00:00+00' + i * interval '41 days'
FROM (VALUES (1, 'user', 'Super Admin', ARRAY['admin:*']), (2, 'user', 'Editor', ARRAY['campaigns:get','campaigns:manage','templates:get','media:get','media:manage']),
  (3, 'user', 'Viewer', ARRAY['campaigns:get','subscribers:get']), (4, 'user', 'Analyst', ARRAY['campaigns:get','campaigns:get_analytics','subscribers:get']),
  (5, 'list', 'Newsletter managers', '{}'::text[]), (6, 'list', 'Regional editors', '{}'::text[])) v(i, t, n, p)
ORDER BY i;
INSERT INTO roles (type, parent_id, list_id, permissions, name, created_at, updated_at)
SELECT 'list', r, l, CASE WHEN (r + l) % 3 = 0 THEN ARRAY['list:get'] ELSE ARRAY['list:get','list:manage'] END, NULL,
  timestamptz '2023-07-01 09:00:00+00' + l * interval '1 day', timestamptz '2023-07-01 09:00:00+00' + l * interval '2 days'
FROM (SELECT 5 AS r, l FROM generate_series(1, 10) l UNION ALL SELECT 6, l FROM generate_series(7, 31) l) x
ORDER BY r, l;

-- Users: the admin, API users of integrations, and staff.
INSERT INTO users (username, password_login, password, email, name, avatar, type, user_role_id, list_role_id, status, twofa_type, twofa_key,
  loggedin_at, created_at, updated_at)
SELECT un, NOT api, CASE WHEN api THEN NULL ELSE '$2a$10$' || md5('upw' || u) || substr(md5('upw2' || u), 1, 21) END,
  CASE WHEN api THEN un || '@api.blind-corp.example' ELSE un || '@blind-corp.example' END, nm,
  CASE WHEN u % 4 = 0 THEN '/uploads/avatar-' || u || '.png' END, (CASE WHEN api THEN 'api' ELSE 'user' END)::user_type,
  CASE WHEN u = 1 THEN 1 ELSE 2 + u % 3 END, CASE WHEN u = 1 OR api THEN NULL WHEN u % 4 = 0 THEN 6 ELSE 5 END,
  (CASE WHEN u % 9 = 0 THEN 'disabled' ELSE 'enabled' END)::user_status,
  (CASE WHEN u % 5 = 1 THEN 'totp' ELSE 'none' END)::twofa_type, CASE WHEN u % 5 = 1 THEN upper(substr(md5('tf' || u), 1, 32)) END,
  CASE WHEN u % 7 <> 0 THEN timestamptz '2025-05-01 09:00:00+00' + pg_temp.r('li' || u, 90 * 86400) * interval '1 second' END,
  timestamptz '2023-01-02 09:00:00+00' + (u * u) * interval '1 day', timestamptz '2023-01-02 09:00:00+00' + (u * u + 3) * interval '1 day'
FROM generate_series(1, 25) u
CROSS JOIN LATERAL (SELECT u IN (6, 13, 20) AS api) a
CROSS JOIN LATERAL (SELECT CASE WHEN u = 1 THEN 'admin' WHEN api THEN pg_temp.pick('api' || u, ARRAY['zapier','crm-sync','webshop']) || '-' || u
  ELSE lower(pg_temp.first_name('uf' || u)) || '.' || lower(pg_temp.last_name('ul' || u)) END AS un,
  CASE WHEN u = 1 THEN 'Administrator' WHEN api THEN 'API ' || u ELSE pg_temp.first_name('uf' || u) || ' ' || pg_temp.last_name('ul' || u) END AS nm) n
ORDER BY u;

-- Sessions: the web sessions of the last month (the session library's random ids).
INSERT INTO sessions (id, data, created_at)
SELECT md5('sess' || i) || substr(md5('sess2' || i), 1, 8), jsonb_build_object('user_id', 1 + pg_temp.skew2('su' || i, 25), 'oidc_state', ''),
  timestamp '2025-07-01 00:00:00' + (i * 6480) * interval '1 second'
FROM generate_series(1, 400) i
ORDER BY i;
