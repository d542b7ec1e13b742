-- Deterministic data for Umami: one self-hosted analytics server over 90 days. 40 users and
-- 12 teams, 80 websites (one big shop takes half the traffic), 12,000 sessions and 25,000
-- page views and custom events with their visits, event data, session data for identified
-- visitors, revenue of checkout events, reports and segments, short links and pixels.
-- Every id is an application-made uuid (pg_temp.uuid of the row number), as Umami makes
-- them; every timestamp is explicit.

INSERT INTO "user" (user_id, username, password, role, created_at, updated_at, deleted_at, display_name, logo_url)
SELECT pg_temp.uuid('user' || u), CASE WHEN u = 1 THEN 'admin' ELSE lower(fn || '.' || ln) || u END, '$2b$10$' || substr(md5('pw' || u) || md5('pw2' || u), 1, 53),
  CASE WHEN u = 1 THEN 'admin' WHEN u % 7 = 0 THEN 'view-only' ELSE 'user' END,
  timestamptz '2025-10-01 00:00:00+00' + (u * 20000) * interval '1 second', CASE WHEN u % 3 = 0 THEN timestamptz '2025-11-01 00:00:00+00' + (u * 3600) * interval '1 second' END,
  CASE WHEN u % 19 = 0 THEN timestamptz '2025-12-01 00:00:00+00' END, CASE WHEN u % 2 = 0 THEN fn || ' ' || ln END, NULL
FROM generate_series(1, 40) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('fn' || u) AS fn, pg_temp.last_name('ln' || u) AS ln) x
ORDER BY u;

INSERT INTO team (team_id, name, access_code, created_at, updated_at, deleted_at, logo_url)
SELECT pg_temp.uuid('team' || t), (ARRAY['Marketing','Growth','Web','Shop','Docs','Blog','Agency A','Agency B','Support','Product','Mobile','Partners'])[t],
  CASE WHEN t % 4 = 0 THEN NULL ELSE 'team_' || substr(md5('ac' || t), 1, 16) END,
  timestamptz '2025-10-02 00:00:00+00' + (t * 86400) * interval '1 second', NULL, NULL, NULL
FROM generate_series(1, 12) t
ORDER BY t;

-- Members: a few users are in several teams; the first member of a team owns it.
INSERT INTO team_user (team_user_id, team_id, user_id, role, created_at, updated_at)
SELECT pg_temp.uuid('tu' || t || '-' || u), pg_temp.uuid('team' || t), pg_temp.uuid('user' || u),
  CASE WHEN i = 1 THEN 'team-owner' WHEN (t + u) % 4 = 0 THEN 'team-view-only' ELSE 'team-member' END,
  timestamptz '2025-10-03 00:00:00+00' + (t * 86400 + i * 3600) * interval '1 second', NULL
FROM (SELECT DISTINCT ON (t, u) t, u, i FROM generate_series(1, 12) t
  CROSS JOIN LATERAL generate_series(1, (2 + pg_temp.r('tn' || t, 8))::int) i
  CROSS JOIN LATERAL (SELECT (1 + pg_temp.skew2('tm' || t || '-' || i, 40))::int % 40 + 1 AS u) z
  ORDER BY t, u, i) x
ORDER BY t, i;

-- Websites: personal ones (user_id) and team ones (team_id, created_by the member who added
-- it); a third are shared publicly by a share id.
INSERT INTO website (website_id, name, domain, share_id, reset_at, user_id, created_at, updated_at, deleted_at, created_by, team_id)
SELECT pg_temp.uuid('web' || w), initcap(h) || ' site', h || '.example.com', CASE WHEN w % 3 = 0 THEN substr(md5('share' || w), 1, 16) END,
  CASE WHEN w % 11 = 0 THEN timestamptz '2025-11-15 00:00:00+00' END,
  CASE WHEN w % 2 = 1 THEN pg_temp.uuid('user' || (1 + (w * 7) % 40)) END,
  timestamptz '2025-10-05 00:00:00+00' + (w * 30000) * interval '1 second', NULL, CASE WHEN w % 29 = 0 THEN timestamptz '2026-01-01 00:00:00+00' END,
  pg_temp.uuid('user' || (1 + (w * 7) % 40)), CASE WHEN w % 2 = 0 THEN pg_temp.uuid('team' || (1 + (w / 2) % 12)) END
FROM generate_series(1, 80) w
CROSS JOIN LATERAL (SELECT lower(pg_temp.last_name('wh' || w)) || w AS h) x
ORDER BY w;

-- Sessions: skewed to a few big websites; one in twelve visitors is identified (distinct_id).
INSERT INTO session (session_id, website_id, browser, os, device, screen, language, country, region, city, created_at, distinct_id)
SELECT pg_temp.uuid('sess' || s), pg_temp.uuid('web' || pg_temp.skew('sw' || s, 80)),
  pg_temp.pick2('br' || s, ARRAY['chrome','safari','ios','firefox','edge-chromium','samsung','opera','crios']),
  pg_temp.pick2('os' || s, ARRAY['Windows 10','iOS','Android OS','Mac OS','Linux','Chrome OS']),
  pg_temp.pick2('dv' || s, ARRAY['desktop','mobile','tablet','laptop']),
  pg_temp.pick2('sc' || s, ARRAY['1920x1080','390x844','1440x900','1366x768','414x896','2560x1440']),
  pg_temp.pick2('lg' || s, ARRAY['en-US','de-DE','en-GB','fr-FR','es-ES','ja-JP','pt-BR']),
  c.cc, CASE WHEN pg_temp.r('rg' || s, 10) = 0 THEN NULL ELSE c.cc || '-' || (1 + pg_temp.r('rg' || s, 9)) END,
  CASE WHEN pg_temp.r('ci' || s, 10) = 0 THEN NULL ELSE pg_temp.city('ci' || s) END,
  timestamptz '2026-01-01 00:00:00+00' + (s * 640 + pg_temp.r('st' || s, 640)) * interval '1 second',
  CASE WHEN s % 12 = 0 THEN 'cust_' || (1000 + pg_temp.r('di' || s, 700)) END
FROM generate_series(1, 12000) s
CROSS JOIN LATERAL (SELECT pg_temp.pick2('cc' || s, ARRAY['US','DE','GB','FR','IN','CA','BR','JP','NL','ES']) AS cc) c
ORDER BY s;

-- Events: page views and one in ten a custom event; a visit is the session's hour.
INSERT INTO website_event (event_id, website_id, session_id, created_at, url_path, url_query, referrer_path, referrer_query, referrer_domain,
  page_title, event_type, event_name, visit_id, tag, gclid, utm_campaign, utm_medium, utm_source, hostname)
SELECT pg_temp.uuid('ev' || e), s.website_id, s.session_id, t, p.path, CASE WHEN e % 9 = 0 THEN 'ref=nav' END,
  CASE WHEN e % 4 = 0 THEN '/search' END, NULL, CASE WHEN e % 4 = 0 THEN pg_temp.pick2('rd' || e, ARRAY['google.com','bing.com','duckduckgo.com','news.ycombinator.com','t.co']) END,
  initcap(replace(substr(p.path, 2), '/', ' ')), CASE WHEN e % 10 = 0 THEN 2 ELSE 1 END,
  CASE WHEN e % 10 = 0 THEN pg_temp.pick2('en' || e, ARRAY['signup-click','add-to-cart','checkout','newsletter','download','video-play']) END,
  pg_temp.uuid('visit' || s.session_id || date_trunc('hour', t)),
  CASE WHEN e % 50 = 0 THEN 'ab-test-b' END, CASE WHEN e % 23 = 0 THEN 'Cj0K' || substr(md5('gc' || e), 1, 20) END,
  CASE WHEN e % 13 = 0 THEN pg_temp.pick('uc' || e, ARRAY['spring-sale','launch','newsletter-42']) END,
  CASE WHEN e % 13 = 0 THEN pg_temp.pick('um' || e, ARRAY['email','cpc','social']) END,
  CASE WHEN e % 13 = 0 THEN pg_temp.pick('us' || e, ARRAY['newsletter','google','twitter','linkedin']) END,
  w.domain
FROM generate_series(1, 25000) e
JOIN session s ON s.session_id = pg_temp.uuid('sess' || pg_temp.skew2('es' || e, 12000))
JOIN website w ON w.website_id = s.website_id
CROSS JOIN LATERAL (SELECT s.created_at + (pg_temp.r('et' || e, 5400)) * interval '1 second' AS t,
  pg_temp.pick2('up' || e, ARRAY['/','/pricing','/blog','/docs/getting-started','/products/widget','/cart','/checkout','/about','/blog/hello-world','/contact']) AS path) p
ORDER BY e;

-- Event data: the custom events' properties, one row per key.
INSERT INTO event_data (event_data_id, website_id, website_event_id, data_key, string_value, number_value, date_value, data_type, created_at)
SELECT pg_temp.uuid('ed' || ev.event_id || k.key), ev.website_id, ev.event_id, k.key,
  CASE WHEN k.ty = 1 THEN pg_temp.pick('dv' || ev.event_id || k.key, ARRAY['blue','red','basic','pro','en','de']) WHEN k.ty = 2 THEN (pg_temp.r('dn' || ev.event_id, 500))::text END,
  CASE WHEN k.ty = 2 THEN pg_temp.r('dn' || ev.event_id, 500) END, NULL, k.ty, ev.created_at
FROM website_event ev
CROSS JOIN LATERAL (SELECT * FROM (VALUES ('plan', 1, 0), ('price', 2, 1), ('color', 1, 2)) v(key, ty, n)
  WHERE v.n <= pg_temp.r('nk' || ev.event_id, 3)) k
WHERE ev.event_type = 2
ORDER BY ev.created_at, ev.event_id, k.key;

-- Session data: what the site's identify() call recorded for identified visitors.
INSERT INTO session_data (session_data_id, website_id, session_id, data_key, string_value, number_value, date_value, data_type, created_at, distinct_id)
SELECT pg_temp.uuid('sd' || s.session_id || k.key), s.website_id, s.session_id, k.key,
  CASE k.key WHEN 'email' THEN s.distinct_id || '@mail.example' WHEN 'plan' THEN pg_temp.pick('sp' || s.session_id, ARRAY['free','pro','team']) ELSE NULL END,
  CASE WHEN k.key = 'seats' THEN 1 + pg_temp.r('ss' || s.session_id, 50) END, NULL, CASE WHEN k.key = 'seats' THEN 2 ELSE 1 END,
  s.created_at + interval '30 seconds', s.distinct_id
FROM session s
CROSS JOIN LATERAL (SELECT * FROM (VALUES ('email', 0), ('plan', 1), ('seats', 2)) v(key, n) WHERE v.n <= pg_temp.r('sk' || s.session_id, 3)) k
WHERE s.distinct_id IS NOT NULL
ORDER BY s.created_at, s.session_id, k.key;

-- Revenue: every checkout event.
INSERT INTO revenue (revenue_id, website_id, session_id, event_id, event_name, currency, revenue, created_at)
SELECT pg_temp.uuid('rev' || ev.event_id), ev.website_id, ev.session_id, ev.event_id, ev.event_name,
  pg_temp.pick2('cu' || ev.event_id, ARRAY['USD','EUR','GBP','JPY']), (500 + pg_temp.r('rv' || ev.event_id, 30000)) / 100.0, ev.created_at
FROM website_event ev
WHERE ev.event_name IN ('checkout', 'add-to-cart') AND pg_temp.r('rk' || ev.event_id, 3) > 0
ORDER BY ev.created_at, ev.event_id;

-- Reports and segments of the websites, made by their owners or team members.
INSERT INTO report (report_id, user_id, website_id, type, name, description, parameters, created_at, updated_at)
SELECT pg_temp.uuid('rep' || r), pg_temp.uuid('user' || (1 + (w * 7) % 40)), pg_temp.uuid('web' || w), ty,
  initcap(ty) || ' ' || pg_temp.pick('rn' || r, ARRAY['signups','checkout','docs','pricing','campaign']), CASE WHEN r % 3 = 0 THEN pg_temp.words('rd' || r, 6) ELSE '' END,
  jsonb_build_object('steps', jsonb_build_array(jsonb_build_object('type', 'path', 'value', '/'), jsonb_build_object('type', 'event', 'value', 'checkout')), 'window', 60),
  timestamptz '2026-01-05 00:00:00+00' + (r * 40000) * interval '1 second', NULL
FROM generate_series(1, 150) r
CROSS JOIN LATERAL (SELECT pg_temp.skew2('rw' || r, 80)::int AS w, pg_temp.pick2('rt' || r, ARRAY['funnel','goal','journey','retention','utm','revenue','attribution','insights']) AS ty) x
ORDER BY r;

INSERT INTO segment (segment_id, website_id, type, name, filters, created_at, updated_at)
SELECT pg_temp.uuid('seg' || g), pg_temp.uuid('web' || pg_temp.skew2('gw' || g, 80)), CASE WHEN g % 4 = 0 THEN 'cohort' ELSE 'segment' END,
  pg_temp.pick('gn' || g, ARRAY['Mobile users','US visitors','From newsletter','Returning','Paid traffic','Docs readers']),
  jsonb_build_object('country', pg_temp.pick('gc' || g, ARRAY['US','DE','GB']), 'device', 'mobile'),
  timestamptz '2026-01-10 00:00:00+00' + (g * 50000) * interval '1 second', NULL
FROM generate_series(1, 60) g
ORDER BY g;

-- Short links and tracking pixels, owned by a user or a team; the slug is the public path.
INSERT INTO link (link_id, name, url, slug, user_id, team_id, created_at, updated_at, deleted_at)
SELECT pg_temp.uuid('link' || l), 'Link ' || l, 'https://' || lower(pg_temp.last_name('lh' || l)) || '.example.com/' || pg_temp.pick('lp' || l, ARRAY['launch','sale','docs','signup']),
  substr(md5('slug' || l), 1, 8), CASE WHEN l % 3 <> 0 THEN pg_temp.uuid('user' || (1 + l % 40)) END, CASE WHEN l % 3 = 0 THEN pg_temp.uuid('team' || (1 + l % 12)) END,
  timestamptz '2026-01-15 00:00:00+00' + (l * 30000) * interval '1 second', NULL, CASE WHEN l % 17 = 0 THEN timestamptz '2026-03-01 00:00:00+00' END
FROM generate_series(1, 50) l
ORDER BY l;

INSERT INTO pixel (pixel_id, name, slug, user_id, team_id, created_at, updated_at, deleted_at)
SELECT pg_temp.uuid('pixel' || p), 'Pixel ' || p, substr(md5('pslug' || p), 1, 8), CASE WHEN p % 2 = 0 THEN pg_temp.uuid('user' || (1 + p % 40)) END,
  CASE WHEN p % 2 = 1 THEN pg_temp.uuid('team' || (1 + p % 12)) END, timestamptz '2026-01-20 00:00:00+00' + (p * 30000) * interval '1 second', NULL, NULL
FROM generate_series(1, 20) p
ORDER BY p;
