-- Deterministic data for the Mastodon cut: a server (blind.social) with 1,000 local
-- accounts and users and 2,000 remote accounts from 150 other servers, 10,000 statuses
-- (threads, replies, boosts; a few accounts post most), and the favourites, follows,
-- notifications, media, polls, tags and lists around them. bigserial ids are filled by
-- their sequences. Ids filled by timestamp_id() (accounts, statuses, media attachments)
-- are computed as Mastodon computes the id of an imported or remote object
-- (Mastodon::Snowflake.id_at): the creation time in milliseconds shifted by 16 bits, plus
-- 16 low bits (here a hash of the row number, there a random number); timestamp_id()
-- itself would use now().

-- sf: a Mastodon snowflake id for a moment.
CREATE FUNCTION pg_temp.sf(ts timestamp, s text) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT ((extract(epoch FROM ts) * 1000)::bigint << 16) | (pg_temp.hn(s) & 65535) $$;

INSERT INTO user_roles (name, color, position, permissions, highlighted, created_at, updated_at)
VALUES ('Moderator', '', 10, 1308, true, timestamp '2022-09-08 22:48:07', timestamp '2022-09-08 22:48:07'),
       ('Admin', '', 100, 983036, true, timestamp '2022-09-08 22:48:07', timestamp '2022-09-08 22:48:07'),
       ('Owner', '', 1000, 1, true, timestamp '2022-09-08 22:48:07', timestamp '2022-09-08 22:48:07');

-- Accounts 1..1000 are local, 1001..3000 remote; mastodon.social and a few other big
-- servers hold most remote accounts. Usernames repeat across servers (alice@a, alice@b);
-- lower(username) and lower(domain) together are unique.
CREATE TEMP TABLE acc AS
SELECT a, dom, uname || CASE WHEN row_number() OVER (PARTITION BY lower(uname), dom ORDER BY a) > 1
    THEN (row_number() OVER (PARTITION BY lower(uname), dom ORDER BY a))::text ELSE '' END AS username, created_at,
  pg_temp.sf(created_at, 'acc' || a) AS id
FROM (SELECT a, CASE WHEN a <= 1000 THEN NULL ELSE (ARRAY['mastodon.social','mastodon.online','fosstodon.org','hachyderm.io','mstdn.social',
    'infosec.exchange','mas.to','chaos.social','mastodon.world','techhub.social','social.vivaldi.net','mstdn.jp','pawoo.net','universeodon.com',
    'mastodon.art','aus.social','mastodon.scot','sfba.social','kolektiva.social','troet.cafe'])[pg_temp.skew2('dom' || a, 20)]
    END AS dom,
    CASE WHEN pg_temp.r('un' || a, 3) = 0 THEN lower(pg_temp.first_name('ufn' || a))
      ELSE lower(pg_temp.first_name('ufn' || a)) || pg_temp.pick('usep' || a, ARRAY['','_','']) || lower(left(pg_temp.last_name('uln' || a), 1 + pg_temp.r('ull' || a, 8)::int)) END AS uname,
    timestamp '2017-04-01' + pg_temp.r('acat' || a, 2990 * 86400) * interval '1 second' AS created_at
  FROM generate_series(1, 3000) a) x;

CREATE INDEX ON acc (a);

-- Remote accounts beyond the big servers come from 130 small ones.
UPDATE acc SET dom = 'node' || (1 + pg_temp.r('small' || a, 130)) || '.' || pg_temp.pick('tld' || a, ARRAY['social','xyz','net','org','town','cafe'])
WHERE a > 1000 AND pg_temp.r('smallp' || a, 3) = 0;

-- Names stay unique per server after the move to small servers.
UPDATE acc SET username = username || a WHERE a IN (SELECT a FROM (SELECT a, row_number() OVER (PARTITION BY lower(username), coalesce(dom, '') ORDER BY a) AS n FROM acc) d WHERE n > 1);

INSERT INTO accounts (id, username, domain, private_key, public_key, created_at, updated_at, note, display_name, uri, url, avatar_file_name,
  avatar_content_type, avatar_file_size, avatar_updated_at, header_file_name, header_content_type, header_file_size, header_updated_at,
  avatar_remote_url, locked, header_remote_url, last_webfingered_at, inbox_url, outbox_url, shared_inbox_url, followers_url, protocol, memorial,
  moved_to_account_id, featured_collection_url, fields, actor_type, discoverable, also_known_as, silenced_at, suspended_at, hide_collections,
  avatar_storage_schema_version, header_storage_schema_version, sensitized_at, suspension_origin, trendable, reviewed_at, requested_review_at,
  indexable, attribution_domains, following_url, id_scheme, feature_approval_policy)
SELECT id, username, dom,
  CASE WHEN dom IS NULL THEN '-----BEGIN RSA PRIVATE KEY-----' || md5('pk' || a) || '-----END RSA PRIVATE KEY-----' END,
  '-----BEGIN PUBLIC KEY-----' || md5('pub' || a) || '-----END PUBLIC KEY-----',
  created_at, created_at + pg_temp.r('aup' || a, 400) * interval '1 day', '<p>' || pg_temp.words('note' || a, 10) || '</p>',
  initcap(pg_temp.first_name('ufn' || a)) || CASE WHEN pg_temp.r('dn' || a, 2) = 0 THEN ' ' || pg_temp.last_name('uln' || a) ELSE '' END,
  CASE WHEN dom IS NULL THEN '' ELSE 'https://' || dom || '/users/' || username END,
  'https://' || coalesce(dom, 'blind.social') || '/@' || username,
  CASE WHEN pg_temp.r('av' || a, 5) > 0 THEN 'avatar.png' END, CASE WHEN pg_temp.r('av' || a, 5) > 0 THEN 'image/png' END,
  CASE WHEN pg_temp.r('av' || a, 5) > 0 THEN 20000 + pg_temp.r('avs' || a, 300000)::int END,
  CASE WHEN pg_temp.r('av' || a, 5) > 0 THEN created_at + interval '1 hour' END, NULL, NULL, NULL, NULL,
  CASE WHEN dom IS NOT NULL AND pg_temp.r('av' || a, 5) > 0 THEN 'https://' || dom || '/system/accounts/avatars/' || substr(md5('avu' || a), 1, 12) || '.png' END,
  pg_temp.r('lock' || a, 12) = 0, '', CASE WHEN dom IS NOT NULL THEN created_at + interval '1 day' END,
  CASE WHEN dom IS NULL THEN '' ELSE 'https://' || dom || '/users/' || username || '/inbox' END,
  CASE WHEN dom IS NULL THEN '' ELSE 'https://' || dom || '/users/' || username || '/outbox' END,
  CASE WHEN dom IS NULL THEN '' ELSE 'https://' || dom || '/inbox' END,
  CASE WHEN dom IS NULL THEN '' ELSE 'https://' || dom || '/users/' || username || '/followers' END,
  CASE WHEN dom IS NULL THEN 0 ELSE 1 END, false, NULL,
  CASE WHEN dom IS NOT NULL THEN 'https://' || dom || '/users/' || username || '/collections/featured' END,
  CASE WHEN pg_temp.r('fld' || a, 4) = 0 THEN jsonb_build_array(jsonb_build_object('name', 'Website', 'value', 'https://' || username || '.example.net')) END,
  CASE WHEN pg_temp.r('bot' || a, 30) = 0 THEN 'Service' ELSE 'Person' END, pg_temp.r('disc' || a, 3) > 0, NULL,
  CASE WHEN pg_temp.r('sil' || a, 200) = 0 THEN created_at + interval '30 days' END,
  CASE WHEN pg_temp.r('sus' || a, 150) = 0 THEN created_at + interval '60 days' END, NULL, 1, 1, NULL, NULL, NULL, NULL, NULL,
  pg_temp.r('idx' || a, 2) = 0, '{}', CASE WHEN dom IS NULL THEN '' ELSE 'https://' || dom || '/users/' || username || '/following' END, 1, 0
FROM acc ORDER BY a;

-- Eleven accounts moved to another account.
UPDATE accounts ac SET moved_to_account_id = t.id FROM acc s JOIN acc t ON t.a = s.a + 1000 WHERE ac.id = s.id AND s.a % 271 = 0;

INSERT INTO oauth_applications (name, uid, secret, redirect_uri, scopes, created_at, updated_at, superapp, website, owner_type, owner_id, confidential)
SELECT n, replace(replace(encode(decode(md5('uid' || o) || md5('uid2' || o), 'hex'), 'base64'), '/', '_'), '+', '-'),
  replace(replace(encode(decode(md5('sec' || o) || md5('sec2' || o), 'hex'), 'base64'), '/', '_'), '+', '-'),
  CASE WHEN o = 1 THEN 'urn:ietf:wg:oauth:2.0:oob' ELSE 'https://' || lower(replace(n, ' ', '')) || '.example/callback' END,
  CASE WHEN o = 1 THEN 'read write follow push' ELSE pg_temp.pick('sc' || o, ARRAY['read','read write','read write follow','read write follow push']) END,
  timestamp '2017-04-01' + o * interval '60 days', timestamp '2017-04-01' + o * interval '60 days', o = 1,
  CASE WHEN o > 1 THEN 'https://' || lower(replace(n, ' ', '')) || '.example' END,
  CASE WHEN o > 24 THEN 'User' END, CASE WHEN o > 24 THEN o - 20 END, o > 1
FROM (SELECT o, n FROM unnest(ARRAY['Web','Tusky','Ivory','Elk','Phanpy','Ice Cubes','Mona','Toot!','Fedilab',
  'Megalodon','Pinafore','Tokodon','Whalebird','Mastodon for iOS','Mastodon for Android','Moshidon','Trunks','Mastodeck','Tootle',
  'Sengi','Subway Tooter','Mastonaut','Metatext','Feditext','TheDesk','blind-bot','dice-roller','rss-to-toot','weather-bot','crossposter']) WITH ORDINALITY u(n, o)) x
ORDER BY o;

-- Users 1..1000 are the local accounts 1..1000; user 1 owns the server.
INSERT INTO users (email, created_at, updated_at, encrypted_password, reset_password_token, reset_password_sent_at, sign_in_count, current_sign_in_at,
  last_sign_in_at, confirmation_token, confirmed_at, confirmation_sent_at, unconfirmed_email, locale, consumed_timestep, otp_required_for_login,
  last_emailed_at, otp_backup_codes, account_id, disabled, invite_id, chosen_languages, created_by_application_id, approved, sign_in_token,
  sign_in_token_sent_at, webauthn_id, sign_up_ip, skip_sign_in_token, role_id, settings, time_zone, otp_secret, age_verified_at, require_tos_interstitial)
SELECT acc.username || '@' || pg_temp.pick('em' || a, ARRAY['example.com','mail.example.org','posteo.example','proton.example']),
  acc.created_at, acc.created_at + pg_temp.r('uup' || a, 600) * interval '1 day', '$2a$10$' || md5('pw' || a) || substr(md5('pw2' || a), 1, 21),
  CASE WHEN pg_temp.r('rpt' || a, 40) = 0 THEN md5('rpt' || a) END, CASE WHEN pg_temp.r('rpt' || a, 40) = 0 THEN acc.created_at + interval '100 days' END,
  pg_temp.skew('sic' || a, 500)::int, acc.created_at + pg_temp.r('csi' || a, 900) * interval '1 day', acc.created_at + pg_temp.r('lsi' || a, 800) * interval '1 day',
  CASE WHEN pg_temp.r('conf' || a, 20) = 0 THEN md5('ct' || a) END, CASE WHEN pg_temp.r('conf' || a, 20) > 0 THEN acc.created_at + interval '10 minutes' END,
  acc.created_at, CASE WHEN pg_temp.r('uem' || a, 60) = 0 THEN acc.username || '@new.example' END,
  pg_temp.pick('loc' || a, ARRAY['en','en','en','de','ja','fr','es','nl']), NULL, pg_temp.r('otp' || a, 8) = 0, NULL, NULL, acc.id,
  pg_temp.r('dis' || a, 100) = 0, NULL, CASE WHEN pg_temp.r('chl' || a, 5) = 0 THEN ARRAY['en'] END,
  CASE WHEN pg_temp.r('cba' || a, 10) = 0 THEN 2 + pg_temp.r('cbaa' || a, 5) END, true, NULL, NULL, NULL,
  ('10.' || pg_temp.r('ip1' || a, 256) || '.' || pg_temp.r('ip2' || a, 256) || '.' || pg_temp.r('ip3' || a, 256))::inet, NULL,
  CASE WHEN a = 1 THEN 3 WHEN a <= 4 THEN 2 WHEN a <= 10 THEN 1 END,
  '{"default_privacy":"' || pg_temp.pick('dp' || a, ARRAY['public','unlisted','private']) || '","theme":"default"}',
  pg_temp.pick('tz' || a, ARRAY['Europe/Berlin','America/New_York','Asia/Tokyo','Europe/London','UTC']), NULL, NULL, false
FROM acc WHERE a <= 1000 ORDER BY a;

INSERT INTO invites (user_id, code, expires_at, max_uses, uses, created_at, updated_at, autofollow, comment)
SELECT 1 + pg_temp.skew('iu' || i, 50), substr(md5('inv' || i), 1, 8), timestamp '2018-01-01' + i * interval '20 days' + interval '7 days',
  (ARRAY[1, 5, 10, 25, NULL])[1 + pg_temp.r('imu' || i, 5)], pg_temp.r('ius' || i, 5), timestamp '2018-01-01' + i * interval '20 days',
  timestamp '2018-01-01' + i * interval '20 days', pg_temp.r('iaf' || i, 3) = 0, CASE WHEN pg_temp.r('icm' || i, 4) = 0 THEN pg_temp.words('icmt' || i, 5) END
FROM generate_series(1, 100) i ORDER BY i;

UPDATE users SET invite_id = 1 + pg_temp.r('uinv' || id, 100) WHERE pg_temp.r('hasinv' || id, 4) = 0 AND id > 1;

INSERT INTO oauth_access_tokens (token, refresh_token, expires_in, revoked_at, created_at, scopes, application_id, resource_owner_id, last_used_at, last_used_ip)
SELECT replace(replace(encode(decode(md5('tok' || t) || md5('tok2' || t), 'hex'), 'base64'), '/', '_'), '+', '-'),
  CASE WHEN pg_temp.r('rt' || t, 4) = 0 THEN replace(replace(encode(decode(md5('rtk' || t) || md5('rtk2' || t), 'hex'), 'base64'), '/', '_'), '+', '-') END,
  NULL, CASE WHEN pg_temp.r('rv' || t, 10) = 0 THEN ca + interval '90 days' END, ca, 'read write follow push',
  CASE WHEN pg_temp.r('tapp' || t, 2) = 0 THEN 1 ELSE 1 + pg_temp.skew2('tapp2' || t, 29) END, pg_temp.skew('town' || t, 1000),
  ca + pg_temp.r('tlu' || t, 200) * interval '1 day', ('10.0.' || pg_temp.r('tip' || t, 256) || '.' || pg_temp.r('tip2' || t, 256))::inet
FROM generate_series(1, 1500) t CROSS JOIN LATERAL (SELECT timestamp '2019-01-01' + pg_temp.r('tca' || t, 2300 * 86400) * interval '1 second' AS ca) x
ORDER BY t;

INSERT INTO web_settings (data, created_at, updated_at, user_id)
SELECT ('{"onboarded":true,"columns":[{"id":"COMPOSE"},{"id":"HOME"},{"id":"NOTIFICATIONS"}],"notifications":{"alerts":{"follow":' ||
  CASE WHEN pg_temp.r('ws' || u, 2) = 0 THEN 'true' ELSE 'false' END || '}}}')::json, timestamp '2019-01-01' + u * interval '2 days',
  timestamp '2019-01-01' + u * interval '3 days', u
FROM generate_series(1, 800) u ORDER BY u;

INSERT INTO login_activities (user_id, authentication_method, provider, success, failure_reason, ip, user_agent, created_at)
SELECT pg_temp.skew('lu' || l, 1000), m, NULL, ok, CASE WHEN NOT ok THEN 'Invalid Email or password.' END,
  ('10.' || pg_temp.r('lip1' || l, 256) || '.' || pg_temp.r('lip2' || l, 256) || '.' || pg_temp.r('lip3' || l, 256))::inet,
  pg_temp.pick('lua' || l, ARRAY['Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0','Mozilla/5.0 (Macintosh) Safari/605.1.15','Tusky/25.2 Android/14','Ivory/1.9 iOS/17']),
  timestamp '2023-01-01' + pg_temp.r('lca' || l, 900 * 86400) * interval '1 second'
FROM generate_series(1, 1500) l
CROSS JOIN LATERAL (SELECT pg_temp.pick('lm' || l, ARRAY['password','password','password','otp','webauthn','sign_in_token']) AS m,
  pg_temp.r('lok' || l, 12) > 0 AS ok) x
ORDER BY l;

-- Statuses 1..10000 in time order: originals start a conversation, replies join the
-- conversation of an earlier original, boosts point at an earlier original. The most
-- active accounts (low numbers of the skew) post most.
CREATE TEMP TABLE st AS
SELECT s, a, created_at, pg_temp.sf(created_at, 'st' || s) AS id,
  CASE WHEN pg_temp.r('kind' || s, 20) < 3 THEN 'boost' WHEN pg_temp.r('kind' || s, 20) < 7 THEN 'reply' ELSE 'original' END AS kind
FROM (SELECT s, CASE WHEN pg_temp.r('loc' || s, 5) < 2 THEN pg_temp.skew('sa' || s, 1000) ELSE 1000 + pg_temp.skew('sr' || s, 2000) END AS a,
  timestamp '2022-11-01' + (s::bigint * 2764800 / 1000) * interval '1 second' + pg_temp.r('sj' || s, 60) * interval '1 second' AS created_at
  FROM generate_series(1, 10000) s) x;
UPDATE st SET kind = 'original' WHERE s <= 50;
ALTER TABLE st ADD COLUMN orank bigint;
UPDATE st SET orank = o.r FROM (SELECT s, row_number() OVER (ORDER BY s) AS r FROM st WHERE kind = 'original') o WHERE o.s = st.s;
ALTER TABLE st ADD COLUMN target bigint;
UPDATE st SET target = o.s
FROM (SELECT s, kind, greatest(1, count(*) FILTER (WHERE kind = 'original') OVER (ORDER BY s) - pg_temp.skew2('tg' || s, 300) + 1) AS tr FROM st) t
JOIN st o ON o.orank = t.tr
WHERE t.s = st.s AND t.kind <> 'original';
CREATE INDEX ON st (s);
CREATE INDEX ON st (orank);
ANALYZE st, acc;

-- One conversation per original status; those started on other servers carry a uri.
INSERT INTO conversations (uri, created_at, updated_at, parent_status_id, parent_account_id)
SELECT CASE WHEN st.a > 1000 THEN 'tag:' || acc.dom || ',' || to_char(st.created_at, 'YYYY-MM-DD') || ':objectId=' || st.s || ':objectType=Conversation' END,
  st.created_at, st.created_at, CASE WHEN st.a <= 1000 THEN st.id END, CASE WHEN st.a <= 1000 THEN acc.id END
FROM st JOIN acc ON acc.a = st.a WHERE st.kind = 'original' ORDER BY st.s;

INSERT INTO statuses (id, uri, text, created_at, updated_at, in_reply_to_id, reblog_of_id, url, sensitive, visibility, spoiler_text, reply, language,
  conversation_id, local, account_id, application_id, in_reply_to_account_id, poll_id, deleted_at, edited_at, trendable, ordered_media_attachment_ids,
  fetched_replies_at, quote_approval_policy)
SELECT st.id, 'https://' || coalesce(acc.dom, 'blind.social') || '/users/' || acc.username || '/statuses/' || st.id || CASE WHEN st.kind = 'boost' THEN '/activity' ELSE '' END,
  CASE WHEN st.kind = 'boost' THEN '' ELSE '<p>' || pg_temp.words('txt' || st.s, 6 + pg_temp.r('tl' || st.s, 20)::int) || '</p>' END,
  st.created_at, st.created_at + CASE WHEN pg_temp.r('ed' || st.s, 20) = 0 THEN interval '2 hours' ELSE interval '0' END,
  CASE WHEN st.kind = 'reply' THEN t.id END, CASE WHEN st.kind = 'boost' THEN t.id END,
  CASE WHEN st.kind <> 'boost' THEN 'https://' || coalesce(acc.dom, 'blind.social') || '/@' || acc.username || '/' || st.id END,
  pg_temp.r('sens' || st.s, 15) = 0, CASE WHEN st.kind = 'boost' THEN 0 ELSE (ARRAY[0, 0, 0, 0, 0, 0, 1, 1, 2, 3])[1 + pg_temp.r('vis' || st.s, 10)] END,
  CASE WHEN st.kind <> 'boost' AND pg_temp.r('cw' || st.s, 25) = 0 THEN pg_temp.pick('cwt' || st.s, ARRAY['politics','food','spoilers','long post','mental health']) ELSE '' END,
  st.kind = 'reply', CASE WHEN st.kind = 'boost' THEN NULL ELSE pg_temp.pick('lang' || st.s, ARRAY['en','en','en','en','de','ja','fr','es']) END,
  CASE WHEN st.kind = 'original' THEN st.orank WHEN st.kind = 'reply' THEN t.orank END,
  CASE WHEN st.a <= 1000 THEN true END, acc.id, CASE WHEN st.a <= 1000 THEN 1 + pg_temp.skew2('sapp' || st.s, 30) END,
  CASE WHEN st.kind = 'reply' THEN tacc.id END, NULL, CASE WHEN pg_temp.r('del' || st.s, 50) = 0 THEN st.created_at + interval '3 days' END,
  CASE WHEN pg_temp.r('ed' || st.s, 20) = 0 THEN st.created_at + interval '2 hours' END, NULL, NULL, NULL, 0
FROM st JOIN acc ON acc.a = st.a LEFT JOIN st t ON t.s = st.target LEFT JOIN acc tacc ON tacc.a = t.a
ORDER BY st.s;

ANALYZE statuses;

INSERT INTO mentions (status_id, created_at, updated_at, account_id, silent)
SELECT DISTINCT ON (r.id, ta.id) r.id, r.created_at, r.created_at, ta.id, false
FROM statuses r JOIN statuses t ON t.id = r.in_reply_to_id JOIN accounts ta ON ta.id = t.account_id
WHERE r.account_id <> t.account_id
UNION ALL
SELECT DISTINCT ON (st.id, acc.id) st.id, st.created_at, st.created_at, acc.id, false
FROM st JOIN acc ON acc.a = pg_temp.skew('men' || st.s, 3000)
WHERE st.kind = 'original' AND pg_temp.r('hasmen' || st.s, 8) = 0 AND acc.a <> st.a;

-- Favourites: popular statuses collect most (skew over the originals).
INSERT INTO favourites (created_at, updated_at, account_id, status_id)
SELECT ca, ca, fa, fs FROM (
  SELECT DISTINCT ON (acc.id, st.id) acc.id AS fa, st.id AS fs, st.created_at + pg_temp.r('fd' || f, 72 * 3600) * interval '1 second' AS ca
  FROM generate_series(1, 9000) f
  JOIN acc ON acc.a = CASE WHEN pg_temp.r('fl' || f, 2) = 0 THEN pg_temp.skew('fa' || f, 1000) ELSE 1000 + pg_temp.skew('far' || f, 2000) END
  JOIN st ON st.orank = 1 + (pg_temp.skew('fs' || f, 7000) * 7919) % (SELECT max(orank) FROM st)
  ORDER BY acc.id, st.id, f
) x ORDER BY ca, fa, fs;

INSERT INTO bookmarks (account_id, status_id, created_at, updated_at)
SELECT DISTINCT ON (acc.id, st.id) acc.id, st.id, st.created_at + interval '1 hour', st.created_at + interval '1 hour'
FROM generate_series(1, 1600) b JOIN acc ON acc.a = pg_temp.skew2('ba' || b, 1000)
JOIN st ON st.orank = 1 + (pg_temp.skew2('bs' || b, 7000) * 6151) % (SELECT max(orank) FROM st)
ORDER BY acc.id, st.id;

INSERT INTO status_pins (account_id, status_id, created_at, updated_at)
SELECT DISTINCT ON (s.account_id, s.id) s.account_id, s.id, s.created_at + interval '1 day', s.created_at + interval '1 day'
FROM statuses s WHERE s.reblog_of_id IS NULL AND s.in_reply_to_id IS NULL AND s.local AND pg_temp.r('pin' || s.id, 12) = 0
ORDER BY s.account_id, s.id;

-- Media: about a quarter of the originals carry one to four attachments; a few uploads
-- were never attached. Local media have a shortcode, remote media a remote URL.
INSERT INTO media_attachments (id, status_id, file_file_name, file_content_type, file_file_size, file_updated_at, remote_url, created_at, updated_at,
  shortcode, type, file_meta, account_id, description, scheduled_status_id, blurhash, processing, file_storage_schema_version, thumbnail_file_name,
  thumbnail_content_type, thumbnail_file_size, thumbnail_updated_at, thumbnail_remote_url, thumbnail_storage_schema_version)
SELECT pg_temp.sf(st.created_at - interval '1 minute' + k * interval '1 second', 'ma' || st.s || '-' || k),
  CASE WHEN pg_temp.r('unatt' || st.s, 40) = 0 THEN NULL ELSE st.id END, substr(md5('mf' || st.s || k), 1, 16) || '.' || ext,
  (ARRAY['image/jpeg','image/png','video/mp4','audio/mpeg'])[1 + ty], 40000 + pg_temp.r('ms' || st.s || k, 4000000)::int, st.created_at,
  CASE WHEN st.a > 1000 THEN 'https://' || acc.dom || '/media/' || substr(md5('mr' || st.s || k), 1, 20) || '.' || ext ELSE '' END,
  st.created_at - interval '1 minute', st.created_at,
  CASE WHEN st.a <= 1000 THEN substr(md5('msc' || st.s || '-' || k), 1, 20) END, CASE ty WHEN 0 THEN 0 WHEN 1 THEN 0 WHEN 2 THEN 2 ELSE 4 END,
  ('{"original":{"width":' || (640 + 64 * pg_temp.r('mw' || st.s || k, 20)) || ',"height":' || (480 + 48 * pg_temp.r('mh' || st.s || k, 20)) || '}}')::json,
  acc.id, CASE WHEN pg_temp.r('alt' || st.s || k, 3) > 0 THEN pg_temp.words('altt' || st.s || k, 8) END, NULL,
  'U' || substr(md5('bh' || st.s || k), 1, 27), 2, 1, NULL, NULL, NULL, NULL, NULL, NULL
FROM st JOIN acc ON acc.a = st.a
CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r('hasm' || st.s, 4) = 0 THEN pg_temp.skew2('nm' || st.s, 4)::int ELSE 0 END) k
CROSS JOIN LATERAL (SELECT (ARRAY[0, 0, 0, 0, 0, 1, 2, 3])[1 + pg_temp.r('mt' || st.s || k, 8)] AS ty) y
CROSS JOIN LATERAL (SELECT (ARRAY['jpeg','png','mp4','mp3'])[1 + ty] AS ext) z
WHERE st.kind = 'original'
ORDER BY st.s, k;

UPDATE statuses s SET ordered_media_attachment_ids = m.ids
FROM (SELECT status_id, array_agg(id ORDER BY id) AS ids FROM media_attachments WHERE status_id IS NOT NULL GROUP BY status_id) m
WHERE m.status_id = s.id;

INSERT INTO polls (account_id, status_id, expires_at, options, cached_tallies, multiple, hide_totals, votes_count, last_fetched_at, created_at,
  updated_at, lock_version, voters_count)
SELECT s.account_id, s.id, s.created_at + interval '1 day', o.opts, array_fill(0::bigint, ARRAY[array_length(o.opts, 1)]), pg_temp.r('mult' || s.id, 4) = 0,
  false, 0, NULL, s.created_at, s.created_at, 0, 0
FROM statuses s CROSS JOIN LATERAL (SELECT CASE pg_temp.r('po' || s.id, 5) WHEN 0 THEN ARRAY['Yes','No'] WHEN 1 THEN ARRAY['Tabs','Spaces']
  WHEN 2 THEN ARRAY['Cats','Dogs','Both','Neither'] WHEN 3 THEN ARRAY['Vim','Emacs','Nano'] ELSE ARRAY['Morning','Evening'] END::varchar[] AS opts) o
WHERE s.reblog_of_id IS NULL AND s.in_reply_to_id IS NULL AND pg_temp.r('poll' || s.id, 25) = 0
ORDER BY s.id;

UPDATE statuses s SET poll_id = p.id FROM polls p WHERE p.status_id = s.id;

INSERT INTO poll_votes (account_id, poll_id, choice, created_at, updated_at, uri)
SELECT DISTINCT ON (p.id, acc.id, ch) acc.id, p.id, ch, p.created_at + interval '2 hours', p.created_at + interval '2 hours',
  CASE WHEN acc.a > 1000 THEN 'https://' || acc.dom || '/users/' || acc.username || '#votes/' || v END
FROM generate_series(1, 1700) v
JOIN polls p ON p.id = pg_temp.skew2('pv' || v, (SELECT count(*) FROM polls))
JOIN acc ON acc.a = pg_temp.skew2('pva' || v, 3000)
CROSS JOIN LATERAL (SELECT pg_temp.r('pvc' || v, array_length(p.options, 1))::int AS ch) c
ORDER BY p.id, acc.id, ch;

UPDATE polls p SET votes_count = v.n, voters_count = v.voters, cached_tallies = v.tallies
FROM (SELECT poll_id, count(*) AS n, count(DISTINCT account_id) AS voters,
    (SELECT array_agg((SELECT count(*) FROM poll_votes pv2 WHERE pv2.poll_id = pv.poll_id AND pv2.choice = g) ORDER BY g)
      FROM generate_series(0, 3) g) AS tallies
  FROM poll_votes pv GROUP BY poll_id) v
WHERE v.poll_id = p.id;
UPDATE polls SET cached_tallies = cached_tallies[1:array_length(options, 1)];

-- Follows: active accounts follow many, popular accounts are followed by many.
INSERT INTO follows (created_at, updated_at, account_id, target_account_id, show_reblogs, uri, notify, languages)
SELECT ca, ca, fa, ta, sr, uri, nt, NULL FROM (
  SELECT DISTINCT ON (f1.id, f2.id) f1.id AS fa, f2.id AS ta, greatest(f1.created_at, f2.created_at) + pg_temp.r('fc' || i, 300) * interval '1 day' AS ca,
    pg_temp.r('fsr' || i, 10) > 0 AS sr, 'https://' || coalesce(f1.dom, 'blind.social') || '/' || md5('fu' || i) AS uri, pg_temp.r('fnt' || i, 15) = 0 AS nt
  FROM generate_series(1, 7500) i
  JOIN acc f1 ON f1.a = CASE WHEN pg_temp.r('ff' || i, 3) > 0 THEN pg_temp.skew2('ffa' || i, 1000) ELSE 1000 + pg_temp.skew2('ffr' || i, 2000) END
  JOIN acc f2 ON f2.a = pg_temp.skew('fta' || i, 3000)
  WHERE f1.a <> f2.a
  ORDER BY f1.id, f2.id, i
) x ORDER BY ca, fa, ta;

INSERT INTO follow_requests (created_at, updated_at, account_id, target_account_id, show_reblogs, uri, notify, languages)
SELECT DISTINCT ON (f1.id, f2.id) f1.created_at + interval '400 days', f1.created_at + interval '400 days', f1.id, f2.id, true,
  'https://' || coalesce(f1.dom, 'blind.social') || '/' || md5('fr' || i), false, NULL
FROM generate_series(1, 330) i JOIN acc f1 ON f1.a = pg_temp.skew2('fra' || i, 3000)
JOIN (SELECT a.*, row_number() OVER (ORDER BY acc_id) AS n FROM (SELECT acc.*, accounts.id AS acc_id FROM acc JOIN accounts ON accounts.id = acc.id WHERE accounts.locked) a) f2
  ON f2.n = pg_temp.skew2('frt' || i, (SELECT count(*) FROM accounts WHERE locked))
WHERE f1.a <> f2.a AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.account_id = f1.id AND f.target_account_id = f2.id)
ORDER BY f1.id, f2.id;

INSERT INTO blocks (created_at, updated_at, account_id, target_account_id, uri)
SELECT DISTINCT ON (b1.id, b2.id) b1.created_at + interval '200 days', b1.created_at + interval '200 days', b1.id, b2.id,
  CASE WHEN b1.dom IS NOT NULL THEN 'https://' || b1.dom || '/' || md5('bl' || i) END
FROM generate_series(1, 420) i JOIN acc b1 ON b1.a = pg_temp.skew2('bla' || i, 3000) JOIN acc b2 ON b2.a = 1000 + pg_temp.skew('blt' || i, 2000)
WHERE b1.a <> b2.a ORDER BY b1.id, b2.id;

INSERT INTO mutes (created_at, updated_at, hide_notifications, account_id, target_account_id, expires_at)
SELECT DISTINCT ON (m1.id, m2.id) m1.created_at + interval '250 days', m1.created_at + interval '250 days', pg_temp.r('mhn' || i, 3) > 0, m1.id, m2.id,
  CASE WHEN pg_temp.r('mex' || i, 5) = 0 THEN m1.created_at + interval '257 days' END
FROM generate_series(1, 420) i JOIN acc m1 ON m1.a = pg_temp.skew2('mua' || i, 1000) JOIN acc m2 ON m2.a = pg_temp.skew('mut' || i, 3000)
WHERE m1.a <> m2.a ORDER BY m1.id, m2.id;

ANALYZE favourites, follows, mentions;

-- Notifications of local accounts: favourites of their statuses, new followers,
-- mentions and boosts, in time order.
INSERT INTO notifications (activity_id, activity_type, created_at, updated_at, account_id, from_account_id, type, filtered, group_key)
SELECT activity_id, activity_type, ca, ca, account_id, from_account_id, type, false, group_key FROM (
  SELECT f.id AS activity_id, 'Favourite' AS activity_type, f.created_at AS ca, s.account_id, f.account_id AS from_account_id, 'favourite' AS type,
    'favourite-' || s.id || '-' || (extract(epoch FROM f.created_at)::bigint / 3600) AS group_key
  FROM favourites f JOIN statuses s ON s.id = f.status_id WHERE s.local AND f.account_id <> s.account_id
  UNION ALL
  SELECT f.id, 'Follow', f.created_at, f.target_account_id, f.account_id, 'follow', 'follow-' || f.target_account_id || '-' || (extract(epoch FROM f.created_at)::bigint / 3600)
  FROM follows f JOIN accounts t ON t.id = f.target_account_id WHERE t.domain IS NULL
  UNION ALL
  SELECT m.id, 'Mention', m.created_at, m.account_id, s.account_id, 'mention', NULL
  FROM mentions m JOIN statuses s ON s.id = m.status_id JOIN accounts t ON t.id = m.account_id WHERE t.domain IS NULL
  UNION ALL
  SELECT b.id, 'Status', b.created_at, o.account_id, b.account_id, 'reblog', 'reblog-' || o.id || '-' || (extract(epoch FROM b.created_at)::bigint / 3600)
  FROM statuses b JOIN statuses o ON o.id = b.reblog_of_id WHERE o.local AND b.account_id <> o.account_id
) n WHERE pg_temp.r('keepn' || activity_type || activity_id, 10) < 8
ORDER BY ca, activity_type, activity_id;

INSERT INTO markers (user_id, timeline, last_read_id, lock_version, created_at, updated_at)
SELECT u, t, st.id, pg_temp.r('mlv' || u || t, 50), timestamp '2023-01-01' + u * interval '1 hour', timestamp '2025-01-01' + u * interval '1 hour'
FROM generate_series(1, 800) u CROSS JOIN unnest(ARRAY['home', 'notifications']) t
JOIN st ON st.s = 1001 + pg_temp.r('mk' || u || t, 9000)
ORDER BY u, t;

-- Tags: the first ones are the popular hashtags of the fediverse.
INSERT INTO tags (name, created_at, updated_at, usable, trendable, listable, reviewed_at, requested_review_at, last_status_at, max_score, max_score_at,
  display_name)
SELECT n, timestamp '2018-01-01' + i * interval '2 days', timestamp '2018-01-01' + i * interval '2 days', CASE WHEN i <= 40 THEN true END,
  CASE WHEN i <= 40 THEN true END, CASE WHEN i <= 40 THEN true END, CASE WHEN i <= 40 THEN timestamp '2023-06-01' END, NULL,
  timestamp '2025-05-01' - i * interval '1 day', NULL, NULL, CASE WHEN i <= 40 THEN initcap(n) END
FROM (SELECT i, CASE WHEN i <= 40 THEN (ARRAY['introductions','photography','caturday','mastoart','fediverse','opensource','linux','news',
    'music','books','gardening','silentsunday','dogsofmastodon','birds','science','politics','climate','python','rust','golang','javascript',
    'gamedev','art','poetry','history','space','nature','food','coffee','travel','hiking','cycling','running','knitting','writing','tech',
    'infosec','accessibility','blacklivesmatter','fedibird'])[i] ELSE replace(pg_temp.words('tn' || i, 2), ' ', '') || i END AS n
  FROM generate_series(1, 800) i) x
ORDER BY i;

INSERT INTO statuses_tags (status_id, tag_id)
SELECT DISTINCT s.id, pg_temp.skew('stt' || s.id || '-' || k, 800)
FROM statuses s CROSS JOIN LATERAL generate_series(1, CASE WHEN s.reblog_of_id IS NULL AND pg_temp.r('hast' || s.id, 3) = 0 THEN 1 + pg_temp.r('nt' || s.id, 3)::int ELSE 0 END) k;

INSERT INTO featured_tags (account_id, tag_id, statuses_count, last_status_at, created_at, updated_at, name)
SELECT DISTINCT ON (acc.id, t.id) acc.id, t.id, pg_temp.r('ftc' || i, 200), timestamp '2025-01-01' + i * interval '1 hour', acc.created_at + interval '30 days',
  acc.created_at + interval '30 days', t.name
FROM generate_series(1, 330) i JOIN acc ON acc.a = pg_temp.skew2('fta' || i, 3000) JOIN tags t ON t.id = pg_temp.skew('ftt' || i, 800)
ORDER BY acc.id, t.id;

INSERT INTO tag_follows (tag_id, account_id, created_at, updated_at)
SELECT DISTINCT ON (acc.id, t) t, acc.id, acc.created_at + interval '90 days', acc.created_at + interval '90 days'
FROM generate_series(1, 650) i JOIN acc ON acc.a = pg_temp.skew2('tfa' || i, 1000) CROSS JOIN LATERAL (SELECT pg_temp.skew('tft' || i, 800) AS t) x
ORDER BY acc.id, t;

INSERT INTO lists (account_id, title, created_at, updated_at, replies_policy, exclusive)
SELECT acc.id, pg_temp.pick('lt' || l, ARRAY['Friends','News','Tech','Art','Family','Work','Local','Science','Music','Must read']), acc.created_at + interval '10 days',
  acc.created_at + interval '10 days', pg_temp.r('lrp' || l, 3), pg_temp.r('lex' || l, 5) = 0
FROM generate_series(1, 200) l JOIN acc ON acc.a = pg_temp.skew2('la' || l, 1000) ORDER BY l;

ANALYZE lists;

-- List members are accounts the list owner follows.
INSERT INTO list_accounts (list_id, account_id, follow_id, follow_request_id)
SELECT l.id, f.target_account_id, f.id, NULL
FROM lists l CROSS JOIN LATERAL (SELECT f.id, f.target_account_id FROM follows f WHERE f.account_id = l.account_id
  ORDER BY pg_temp.hn('lm' || l.id || '-' || f.id) LIMIT 2 + pg_temp.r('lmn' || l.id, 12)) f
ORDER BY l.id, f.id;

INSERT INTO preview_cards (url, title, description, image_file_name, image_content_type, image_file_size, image_updated_at, type, html, author_name,
  author_url, provider_name, provider_url, width, height, created_at, updated_at, embed_url, image_storage_schema_version, blurhash, language, max_score,
  max_score_at, trendable, link_type, published_at, image_description, author_account_id, image_remote_url)
SELECT 'https://' || site || '/' || to_char(d, 'YYYY/MM/DD') || '/' || replace(pg_temp.words('pct' || c, 4), ' ', '-') || '-' || c,
  initcap(pg_temp.words('pct' || c, 4)), pg_temp.words('pcd' || c, 12), CASE WHEN pg_temp.r('pci' || c, 3) > 0 THEN md5('pcf' || c) || '.jpg' END,
  CASE WHEN pg_temp.r('pci' || c, 3) > 0 THEN 'image/jpeg' END, CASE WHEN pg_temp.r('pci' || c, 3) > 0 THEN 30000 + pg_temp.r('pcs' || c, 200000)::int END,
  CASE WHEN pg_temp.r('pci' || c, 3) > 0 THEN d END, CASE WHEN site LIKE '%video%' THEN 1 ELSE 0 END, '', pg_temp.first_name('pca' || c) || ' ' || pg_temp.last_name('pcl' || c),
  '', initcap(split_part(site, '.', 1)), 'https://' || site, 400, 209, d, d, '', 1, NULL, 'en', NULL, NULL, NULL, 1, d,
  '', au.id, NULL
FROM generate_series(1, 1500) c
LEFT JOIN acc au ON pg_temp.r('pcaa' || c, 10) = 0 AND au.a = pg_temp.skew2('pcac' || c, 3000)
CROSS JOIN LATERAL (SELECT pg_temp.pick2('site' || c, ARRAY['www.theguardian.com','arstechnica.com','www.bbc.co.uk','github.com','www.theverge.com',
  'en.wikipedia.org','www.nytimes.com','blog.example.org','videohost.example','www.heise.de']) AS site,
  timestamp '2022-10-01' + pg_temp.r('pcdt' || c, 950 * 86400) * interval '1 second' AS d) x
ORDER BY c;

INSERT INTO preview_cards_statuses (preview_card_id, status_id, url)
SELECT DISTINCT ON (s.id, pc) pc, s.id, NULL
FROM statuses s CROSS JOIN LATERAL (SELECT pg_temp.skew('pcs' || s.id, 1500) AS pc) x
WHERE s.reblog_of_id IS NULL AND pg_temp.r('haspc' || s.id, 4) = 0
ORDER BY s.id, pc;

INSERT INTO status_stats (status_id, replies_count, reblogs_count, favourites_count, created_at, updated_at, untrusted_favourites_count,
  untrusted_reblogs_count, quotes_count)
SELECT s.id, coalesce(r.n, 0), coalesce(b.n, 0), coalesce(f.n, 0), s.created_at, s.created_at + interval '3 days', NULL, NULL, 0
FROM statuses s
LEFT JOIN (SELECT in_reply_to_id AS id, count(*) AS n FROM statuses WHERE in_reply_to_id IS NOT NULL GROUP BY 1) r ON r.id = s.id
LEFT JOIN (SELECT reblog_of_id AS id, count(*) AS n FROM statuses WHERE reblog_of_id IS NOT NULL GROUP BY 1) b ON b.id = s.id
LEFT JOIN (SELECT status_id AS id, count(*) AS n FROM favourites GROUP BY 1) f ON f.id = s.id
WHERE r.n IS NOT NULL OR b.n IS NOT NULL OR f.n IS NOT NULL
ORDER BY s.id;

INSERT INTO account_stats (account_id, statuses_count, following_count, followers_count, created_at, updated_at, last_status_at)
SELECT a.id, coalesce(s.n, 0), coalesce(fo.n, 0), coalesce(fe.n, 0), a.created_at, a.updated_at, s.last
FROM accounts a
LEFT JOIN (SELECT account_id, count(*) AS n, max(created_at) AS last FROM statuses GROUP BY 1) s ON s.account_id = a.id
LEFT JOIN (SELECT account_id, count(*) AS n FROM follows GROUP BY 1) fo ON fo.account_id = a.id
LEFT JOIN (SELECT target_account_id, count(*) AS n FROM follows GROUP BY 1) fe ON fe.target_account_id = a.id
ORDER BY a.created_at, a.id;

INSERT INTO custom_emojis (shortcode, domain, image_file_name, image_content_type, image_file_size, image_updated_at, created_at, updated_at, disabled, uri,
  image_remote_url, visible_in_picker, category_id, image_storage_schema_version)
SELECT DISTINCT ON (sc, dom) sc, dom, sc || '.png', 'image/png', 2000 + pg_temp.r('ces' || e, 40000)::int, ca, ca, ca, pg_temp.r('ced' || e, 30) = 0,
  CASE WHEN dom IS NOT NULL THEN 'https://' || dom || '/emojis/' || e END, CASE WHEN dom IS NOT NULL THEN 'https://' || dom || '/system/custom_emojis/' || sc || '.png' END,
  dom IS NULL, NULL, 1
FROM (SELECT e, (ARRAY['blobcat','blobfox','ablobcat','neocat','mastodon','fediverse','party','verified','heart','rainbow','cofe','linux',
    'rss','kirby','mario','pikachu','thinking','blobhaj','ms_rainbow_flag','ms_trans_flag'])[1 + pg_temp.r('cesc' || e, 20)] ||
    CASE WHEN e % 3 = 0 THEN '' ELSE '_' || pg_temp.pick('cesf' || e, ARRAY['happy','sad','heart','wave','think','sleep','coffee','dance']) END AS sc,
    acc.dom, timestamp '2018-01-01' + e * interval '3 days' AS ca
  FROM generate_series(1, 330) e LEFT JOIN acc ON e > 60 AND acc.a = 1000 + pg_temp.skew2('cedom' || e, 2000)) x
ORDER BY sc, dom, e;

INSERT INTO domain_blocks (domain, created_at, updated_at, severity, reject_media, reject_reports, private_comment, public_comment, obfuscate)
SELECT d, timestamp '2019-01-01' + i * interval '25 days', timestamp '2019-01-01' + i * interval '25 days', (ARRAY[0, 1, 1, 2])[1 + pg_temp.r('dbs' || i, 4)],
  pg_temp.r('dbm' || i, 2) = 0, pg_temp.r('dbr' || i, 3) = 0, CASE WHEN pg_temp.r('dbp' || i, 2) = 0 THEN pg_temp.words('dbpc' || i, 6) END,
  pg_temp.pick('dbpub' || i, ARRAY['spam','harassment','hate speech','unmoderated','']), pg_temp.r('dbo' || i, 6) = 0
FROM (SELECT i, CASE WHEN i <= 20 THEN 'node' || (100 + i) || '.xyz' ELSE 'spam' || i || '.' || pg_temp.pick('dbt' || i, ARRAY['example','invalid','test']) END AS d
  FROM generate_series(1, 60) i) x
ORDER BY i;

INSERT INTO reports (status_ids, comment, created_at, updated_at, account_id, action_taken_by_account_id, target_account_id, assigned_account_id, uri,
  forwarded, category, action_taken_at, rule_ids, application_id)
SELECT coalesce((SELECT array_agg(s.id ORDER BY s.id) FROM (SELECT id FROM statuses WHERE account_id = t.id ORDER BY id LIMIT 1 + pg_temp.r('rsn' || r, 3)) s), '{}'),
  pg_temp.words('rc' || r, 10), ca, ca + interval '2 days', rep.id, CASE WHEN done THEN mod.id END, t.id,
  CASE WHEN pg_temp.r('ras' || r, 2) = 0 THEN mod.id END, CASE WHEN rep.dom IS NOT NULL THEN 'https://' || rep.dom || '/' || md5('ru' || r) END,
  CASE WHEN rep.dom IS NULL THEN pg_temp.r('rfw' || r, 2) = 0 END, (ARRAY[0, 0, 1000, 1000, 2000, 3000])[1 + pg_temp.r('rcat' || r, 6)],
  CASE WHEN done THEN ca + interval '1 day' END, NULL, CASE WHEN rep.dom IS NULL THEN 1 END
FROM generate_series(1, 100) r
CROSS JOIN LATERAL (SELECT timestamp '2023-01-01' + r * interval '8 days' AS ca, pg_temp.r('rdone' || r, 3) > 0 AS done) x
JOIN acc rep ON rep.a = pg_temp.skew2('rrep' || r, 3000)
JOIN acc t ON t.a = 1000 + pg_temp.skew('rtgt' || r, 2000)
JOIN acc mod ON mod.a = 1 + pg_temp.r('rmod' || r, 10)
ORDER BY r;

INSERT INTO settings (var, value, created_at, updated_at)
SELECT v, val, timestamp '2022-09-08 22:48:07' + i * interval '1 day', timestamp '2024-03-01' + i * interval '1 day'
FROM (SELECT row_number() OVER (ORDER BY v) AS i, v, val FROM (VALUES ('site_title', '--- blind.social'), ('site_short_description', '--- A server for tests'),
  ('registrations_mode', '--- approved'), ('closed_registrations_message', '--- '''''), ('site_contact_username', '--- admin'),
  ('site_contact_email', '--- admin@blind.social'), ('theme', '--- default'), ('timeline_preview', '--- true'), ('show_staff_badge', '--- true'),
  ('bootstrap_timeline_accounts', '--- '''''), ('activity_api_enabled', '--- true'), ('peers_api_enabled', '--- true'),
  ('preview_sensitive_media', '--- false'), ('custom_css', '--- '''''), ('profile_directory', '--- true'), ('hide_followers_count', '--- false'),
  ('trends', '--- true'), ('trendable_by_default', '--- false'), ('trending_status_cw', '--- true'), ('noindex', '--- false'),
  ('require_invite_text', '--- false'), ('media_cache_retention_period', '--- 30'), ('content_cache_retention_period', '--- 0'),
  ('backups_retention_period', '--- 7'), ('status_page_url', '--- https://status.blind.social'), ('captcha_enabled', '--- false'),
  ('flavour_and_skin', '--- vanilla'), ('min_invite_role', '--- 1'), ('show_domain_blocks', '--- users'), ('show_domain_blocks_rationale', '--- users')) v(v, val)) x
ORDER BY i;

DROP TABLE acc, st;
DROP FUNCTION pg_temp.sf(timestamp, text);
