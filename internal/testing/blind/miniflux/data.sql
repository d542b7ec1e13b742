-- Deterministic data for miniflux: one hosted feed reader with 300 users over two years.
-- A few power users follow hundreds of feeds, most a handful; popular sites are followed by
-- many users, and every subscriber keeps a copy of a site's entries (so feed_url and an
-- entry's hash repeat across users, unique only within a user or a feed). Podcasts carry
-- enclosures; icons are shared by site. serial and bigserial ids are filled by their
-- defaults; every timestamp is explicit.

-- Users: a username each; a tenth signed up with Google, a few with OpenID Connect (the
-- others keep the '' default the partial unique indexes exclude).
INSERT INTO users (username, password, is_admin, language, timezone, theme, last_login_at, entry_direction, keyboard_shortcuts,
  entries_per_page, stylesheet, google_id, openid_connect_id, display_mode, entry_order, default_home_page, gesture_nav)
SELECT lower(substr(fn, 1, 1) || ln) || u, '$2a$10$' || md5('pw' || u), u = 1,
  pg_temp.pick2('lang' || u, ARRAY['en_US','de_DE','fr_FR','es_ES','ja_JP','pt_BR','nl_NL','zh_CN']),
  pg_temp.pick2('tz' || u, ARRAY['UTC','Europe/Berlin','America/New_York','Europe/Paris','America/Los_Angeles','Asia/Tokyo','Europe/London']),
  pg_temp.pick2('th' || u, ARRAY['light_serif','dark_sans_serif','system_serif','light_sans_serif','dark_serif']),
  CASE WHEN u % 13 = 0 THEN NULL ELSE timestamptz '2025-06-01 00:00:00+00' + (pg_temp.r('ll' || u, 200 * 86400)) * interval '1 second' END,
  (CASE WHEN u % 6 = 0 THEN 'desc' ELSE 'asc' END)::entry_sorting_direction, u % 9 <> 0,
  CASE WHEN u % 7 = 0 THEN 50 ELSE 100 END,
  CASE WHEN u % 25 = 0 THEN 'body { font-size: 18px; }' ELSE '' END,
  CASE WHEN pg_temp.r('gg' || u, 10) = 0 THEN (100000000000000000000 + pg_temp.hn('gid' || u))::text ELSE '' END,
  CASE WHEN pg_temp.r('oi' || u, 20) = 0 THEN 'oidc|' || md5('oidc' || u) ELSE '' END,
  (CASE WHEN u % 10 = 0 THEN 'fullscreen' ELSE 'standalone' END)::webapp_display_mode,
  (CASE WHEN u % 8 = 0 THEN 'created_at' ELSE 'published_at' END)::entry_sorting_order,
  pg_temp.pick2('hp' || u, ARRAY['unread','starred','history','feeds','categories']),
  CASE WHEN u % 5 = 0 THEN 'swipe' ELSE 'tap' END
FROM generate_series(1, 300) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('fn' || u) AS fn, pg_temp.last_name('ln' || u) AS ln) x
ORDER BY u;

-- Web sessions: busy users are logged in from several browsers.
INSERT INTO user_sessions (user_id, token, created_at, user_agent, ip)
SELECT pg_temp.skew2('su' || s, 300), md5('tok' || s) || substr(md5('tok2' || s), 1, 11),
  timestamptz '2024-01-01 00:00:00+00' + (s * 21000) * interval '1 second',
  pg_temp.pick2('ua' || s, ARRAY['Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0','Mozilla/5.0 (Macintosh) Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0','Mozilla/5.0 (iPhone) Mobile Safari/604.1','Mozilla/5.0 (Android 14) Chrome/126.0']),
  ('10.' || pg_temp.r('i1' || s, 256) || '.' || pg_temp.r('i2' || s, 256) || '.' || (1 + pg_temp.r('i3' || s, 254)))::inet
FROM generate_series(1, 900) s
ORDER BY s;

-- Categories: every user has "All" (miniflux creates it) and up to seven more of their own.
INSERT INTO categories (user_id, title, hide_globally)
SELECT u, (ARRAY['All','Tech','News','Podcasts','Comics','Science','Friends','Work'])[i], i = 7 AND u % 3 = 0
FROM generate_series(1, 300) u
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nc' || u, 8)::int) i
ORDER BY u, i;

-- Feeds: a few power users follow a hundred feeds, most a handful; sites are picked with a
-- skew (popular blogs and news sites have many subscribers). Site n is host <name>n.<tld>.
INSERT INTO feeds (user_id, category_id, title, feed_url, site_url, checked_at, etag_header, last_modified_header,
  parsing_error_msg, parsing_error_count, crawler, user_agent, disabled, next_check_at, blocklist_rules, hide_globally)
SELECT u, c.id, initcap(h.name) || ' ' || pg_temp.pick('tt' || site, ARRAY['Blog','News','Weekly','Podcast','Journal','Notes','Digest']),
  'https://' || h.host || CASE WHEN site % 3 = 0 THEN '/feed.xml' WHEN site % 3 = 1 THEN '/rss' ELSE '/atom.xml' END,
  'https://' || h.host || '/',
  timestamptz '2026-01-01 00:00:00+00' + pg_temp.r('ck' || u || '-' || site, 86400) * interval '1 second',
  CASE WHEN site % 4 = 0 THEN '"' || substr(md5('et' || site), 1, 16) || '"' ELSE '' END,
  CASE WHEN site % 4 = 1 THEN 'Mon, 01 Dec 2025 10:00:00 GMT' ELSE '' END,
  CASE WHEN site % 37 = 0 THEN 'unable to parse feed: EOF' ELSE '' END, CASE WHEN site % 37 = 0 THEN 1 + site % 5 ELSE 0 END,
  site % 11 = 0, '', site % 53 = 0,
  timestamptz '2026-01-01 01:00:00+00' + pg_temp.r('nk' || u || '-' || site, 86400) * interval '1 second',
  CASE WHEN u % 17 = 0 THEN '(?i)sponsored' ELSE '' END, false
FROM (SELECT DISTINCT ON (u, site) u, i, site FROM generate_series(1, 300) u
  CROSS JOIN LATERAL generate_series(1, (2 + pg_temp.r('nf' || u, 12) + 300 / (u + 2))::int) i
  CROSS JOIN LATERAL (SELECT pg_temp.skew2('fs' || u || '-' || i, 1500) AS site) z
  ORDER BY u, site, i) f
CROSS JOIN LATERAL (SELECT lower(pg_temp.last_name('hn' || f.site)) AS name,
  lower(pg_temp.last_name('hn' || f.site)) || f.site || '.' || pg_temp.pick('tld' || f.site, ARRAY['com','org','net','io','dev','blog']) AS host) h
CROSS JOIN LATERAL (SELECT id FROM categories WHERE user_id = f.u ORDER BY id
  OFFSET pg_temp.r('fc' || f.u || '-' || f.site, 1 + pg_temp.r('nc' || f.u, 8)) LIMIT 1) c
ORDER BY u, i;

-- Entries: every subscriber of site n holds the site's latest posts (2 to 9 of them, posted
-- at the site's pace); the hash is that of the post's URL, so it repeats across users.
INSERT INTO entries (user_id, feed_id, hash, published_at, title, url, author, content, status, starred, comments_url, changed_at,
  share_code, reading_time, created_at, tags)
SELECT f.user_id, f.id, encode(sha256(convert_to(p.url, 'UTF8')), 'hex'), p.pub,
  initcap(pg_temp.words('et' || f.site || '-' || k, 6)), p.url,
  CASE WHEN k % 5 = 0 THEN NULL ELSE pg_temp.first_name('ea' || f.site) || ' ' || pg_temp.last_name('eb' || f.site) END,
  '<p>' || pg_temp.words('ec' || f.site || '-' || k, 40) || '</p>',
  (CASE WHEN pg_temp.r('es' || f.id || '-' || k, 100) < 55 THEN 'read' WHEN pg_temp.r('es' || f.id || '-' || k, 100) < 60 THEN 'removed' ELSE 'unread' END)::entry_status,
  pg_temp.r('st' || f.id || '-' || k, 40) = 0,
  CASE WHEN f.site % 5 = 0 THEN 'https://news.example.org/item?id=' || (4000000 + f.site * 10 + k) ELSE '' END,
  p.pub + pg_temp.r('ch' || f.id || '-' || k, 5 * 86400) * interval '1 second',
  CASE WHEN pg_temp.r('sh' || f.id || '-' || k, 150) = 0 THEN substr(md5('share' || f.id || '-' || k), 1, 24) ELSE '' END,
  1 + pg_temp.r('rt' || f.site || '-' || k, 12)::int, p.pub + pg_temp.r('cr' || f.id || '-' || k, 3600) * interval '1 second',
  CASE WHEN k % 4 = 0 THEN ARRAY[pg_temp.pick('tg' || f.site, ARRAY['go','rust','postgres','linux','science','politics','music'])] ELSE '{}' END
FROM (SELECT id, user_id, substring(feed_url from '([0-9]+)\.')::int AS site, feed_url FROM feeds) f
CROSS JOIN LATERAL generate_series(1, (2 + pg_temp.r('ne' || f.site, 8))::int) k
CROSS JOIN LATERAL (SELECT regexp_replace(f.feed_url, '/[a-z]+(\.xml)?$', '') || '/posts/' || (f.site * 100 + k) AS url,
  timestamptz '2025-12-31 00:00:00+00' - (k * (1 + f.site % 9) * 86400 + pg_temp.r('pt' || f.site || '-' || k, 86400)) * interval '1 second' AS pub) p
ORDER BY f.id, k;

-- Enclosures: the posts of podcast sites (every seventh site) carry an audio file, a few a
-- cover image as well.
INSERT INTO enclosures (user_id, entry_id, url, size, mime_type, media_progression)
SELECT e.user_id, e.id, e.url || '/' || m.file, m.size, m.mime, CASE WHEN e.status = 'read' AND m.mime = 'audio/mpeg' THEN pg_temp.r('mp' || e.id, 3600)::int ELSE 0 END
FROM entries e
CROSS JOIN LATERAL (SELECT 'episode.mp3' AS file, 20000000 + pg_temp.r('es' || e.hash, 60000000) AS size, 'audio/mpeg' AS mime
  UNION ALL SELECT 'cover.jpg', 50000 + pg_temp.r('ei' || e.hash, 200000), 'image/jpeg' WHERE pg_temp.r('ec' || e.hash, 4) = 0) m
WHERE substring(e.url from '([0-9]+)\.')::int % 7 = 0
ORDER BY e.id, m.file DESC;

-- Icons: one per subscribed site (nine in ten have one), shared by every subscriber's feed.
INSERT INTO icons (hash, mime_type, content)
SELECT encode(sha256(convert_to('icon' || site, 'UTF8')), 'hex'), CASE WHEN site % 4 = 0 THEN 'image/png' ELSE 'image/x-icon' END,
  decode(md5('iconbytes' || site) || md5('iconbytes2' || site), 'hex')
FROM (SELECT DISTINCT substring(feed_url from '([0-9]+)\.')::int AS site FROM feeds) s
WHERE site % 10 <> 3
ORDER BY site;

INSERT INTO feed_icons (feed_id, icon_id)
SELECT f.id, i.id
FROM feeds f JOIN icons i ON i.hash = encode(sha256(convert_to('icon' || substring(f.feed_url from '([0-9]+)\.')::int, 'UTF8')), 'hex')
ORDER BY f.id;

-- Integrations: a row for the users who opened the integrations page; a few enabled Fever or
-- the Google Reader API (mobile apps), Wallabag, Pinboard or Telegram.
INSERT INTO integrations (user_id, pinboard_enabled, pinboard_token, instapaper_enabled, instapaper_username, fever_enabled, fever_username,
  fever_token, wallabag_enabled, wallabag_url, telegram_bot_enabled, telegram_bot_token, telegram_bot_chat_id, googlereader_enabled,
  googlereader_username, googlereader_password)
SELECT u.id, u.id % 9 = 0, CASE WHEN u.id % 9 = 0 THEN u.username || ':' || upper(substr(md5('pb' || u.id), 1, 20)) ELSE '' END,
  u.id % 13 = 0, CASE WHEN u.id % 13 = 0 THEN u.username ELSE '' END,
  u.id % 3 = 0, CASE WHEN u.id % 3 = 0 THEN u.username ELSE '' END, CASE WHEN u.id % 3 = 0 THEN md5(u.username || ':fever') ELSE '' END,
  u.id % 8 = 0, CASE WHEN u.id % 8 = 0 THEN 'https://wallabag.example.net' ELSE '' END,
  u.id % 19 = 0, CASE WHEN u.id % 19 = 0 THEN (100000 + u.id) || ':AA' || substr(md5('tg' || u.id), 1, 30) ELSE '' END,
  CASE WHEN u.id % 19 = 0 THEN (-1000000 - u.id)::text ELSE '' END,
  u.id % 4 = 0, CASE WHEN u.id % 4 = 0 THEN u.username ELSE '' END, CASE WHEN u.id % 4 = 0 THEN '$2a$10$' || md5('gr' || u.id) ELSE '' END
FROM users u
WHERE pg_temp.r('in' || u.id, 5) < 2
ORDER BY u.id;

-- Sessions: the web UI's session store (anonymous and logged-in), keyed by a random id.
INSERT INTO sessions (id, data, created_at)
SELECT md5('sess' || s) || substr(md5('sess2' || s), 1, 12),
  jsonb_build_object('csrf', md5('csrf' || s), 'language', pg_temp.pick2('sl' || s, ARRAY['en_US','de_DE','fr_FR']), 'theme', 'light_serif',
    'flash_message', CASE WHEN s % 10 = 0 THEN 'Feed added' ELSE '' END),
  timestamptz '2026-01-01 00:00:00+00' + (s * 4000) * interval '1 second'
FROM generate_series(1, 400) s
ORDER BY s;

-- API keys: the users of mobile and desktop clients, one to three keys each.
INSERT INTO api_keys (user_id, token, description, last_used_at, created_at)
SELECT DISTINCT ON (u, d) u, encode(sha256(convert_to('api' || u || '-' || d, 'UTF8')), 'base64'), d,
  CASE WHEN pg_temp.r('lu' || u || d, 6) = 0 THEN NULL ELSE timestamptz '2026-01-01 00:00:00+00' + pg_temp.r('lu' || u || d, 90 * 86400) * interval '1 second' END,
  timestamptz '2024-06-01 00:00:00+00' + pg_temp.r('kc' || u || d, 400 * 86400) * interval '1 second'
FROM generate_series(1, 300) u
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nk' || u, 3)::int) i
CROSS JOIN LATERAL (SELECT pg_temp.pick2('kd' || u || '-' || i, ARRAY['Reeder','NetNewsWire','Fluent Reader','home script','ReadKit','Newsflash','backup cron']) AS d) x
WHERE pg_temp.r('ak' || u, 3) = 0
ORDER BY u, d, i;

-- ACME cache: the autocert files of the reader's own host names.
INSERT INTO acme_cache (key, data, updated_at)
SELECT k, decode(md5('acme' || k) || md5('acme2' || k), 'hex'), timestamptz '2026-01-10 00:00:00+00' + (length(k) * 3600) * interval '1 second'
FROM unnest(ARRAY['acme_account+key', 'reader.example.com', 'reader.example.com+rsa', 'feeds.example.com', 'feeds.example.com+rsa', 'rss.example.org']) k
ORDER BY k;
