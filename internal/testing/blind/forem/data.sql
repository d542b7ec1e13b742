-- Deterministic data for the Forem cut: one community (a DEV-like site) with 2,000 members
-- (a few prolific writers, a long tail of readers), 60 organizations, 200 tags, 6,000
-- articles with their taggings, comments (threads: replies point at the thread's first
-- comment through ancestry), reactions, page views, follows of users, tags and
-- organizations, and the notifications, subscriptions and mentions they cause. bigserial
-- ids are filled by their sequences in the ORDER BY order, so ids equal the generating row
-- numbers; every other value is a function of the row number.

CREATE TEMP TABLE fm_user AS
SELECT u, pg_temp.first_name('uf' || u) AS fn, pg_temp.last_name('ul' || u) AS ln,
  lower(substr(pg_temp.first_name('uf' || u), 1, 1) || pg_temp.last_name('ul' || u)) || u AS uname,
  timestamp '2016-06-01 08:00:00' + (u * 64800 + pg_temp.r('uc' || u, 3600)) * interval '1 second' AS t
FROM generate_series(1, 2000) u;

INSERT INTO users (articles_count, badge_achievements_count, comments_count, confirmation_sent_at, confirmation_token, confirmed_at, created_at,
  current_sign_in_at, current_sign_in_ip, email, encrypted_password, feed_fetched_at, feed_url, following_orgs_count, following_tags_count,
  following_users_count, github_username, invitation_token, invitations_count, invited_by_id, invited_by_type, last_article_at, last_comment_at,
  last_sign_in_at, last_sign_in_ip, location, name, old_old_username, old_username, profile_image, reactions_count, registered, registered_at,
  reset_password_sent_at, reset_password_token, score, sign_in_count, summary, twitter_username, updated_at, username)
SELECT 0, 0, 0, t, CASE WHEN u % 31 = 0 THEN substr(md5('ct' || u), 1, 20) END, CASE WHEN u % 31 = 0 THEN NULL ELSE t + interval '10 minutes' END, t,
  t + interval '400 days', ('10.1.' || (u % 250) || '.' || (u % 9 + 1))::inet,
  CASE WHEN u % 25 = 0 THEN NULL ELSE uname || '@' || pg_temp.pick('em' || u, ARRAY['gmail.example','outlook.example','proton.example','work.example']) || '.com' END,
  CASE WHEN u % 3 = 0 THEN '' ELSE '$2a$11$' || substr(md5('pw' || u) || md5('pw2' || u), 1, 53) END,
  timestamp '2017-01-01 05:00:00', CASE WHEN u % 11 = 0 THEN 'https://' || uname || '.blog.example/feed.xml' END, 0, 0, 0,
  CASE WHEN u % 3 <> 0 THEN lower(fn || '-' || ln) || (u % 97) || u END,
  CASE WHEN u % 53 = 0 THEN substr(md5('it' || u), 1, 20) END, CASE WHEN u <= 5 THEN 3 ELSE 0 END,
  CASE WHEN u % 53 = 0 THEN 1 + u % 5 END, CASE WHEN u % 53 = 0 THEN 'User' END,
  timestamp '2017-01-01 05:00:00', timestamp '2017-01-01 05:00:00', t + interval '390 days', ('10.1.' || (u % 250) || '.' || (u % 7 + 1))::inet,
  CASE WHEN u % 4 <> 0 THEN pg_temp.city('lc' || u) END, fn || ' ' || ln,
  NULL, CASE WHEN u % 19 = 0 THEN lower(fn) || u END,
  'https://cdn.example.com/uploads/user/profile_image/' || u || '/' || substr(md5('pi' || u), 1, 12) || '.png', 0, true, t,
  CASE WHEN u % 37 = 0 THEN t + interval '200 days' END, CASE WHEN u % 37 = 0 THEN substr(md5('rp' || u), 1, 20) END,
  pg_temp.skew('sc' || u, 500)::int - 1, pg_temp.skew2('sic' || u, 300)::int,
  CASE WHEN u % 2 = 0 THEN pg_temp.words('su' || u, 8) END, CASE WHEN u % 4 = 0 THEN lower(fn || ln) || '_' || u END,
  t + interval '1 day', uname
FROM fm_user ORDER BY u;

INSERT INTO profiles (created_at, data, updated_at, user_id)
SELECT t, jsonb_build_object('location', CASE WHEN u % 4 <> 0 THEN pg_temp.city('lc' || u) ELSE '' END, 'summary', pg_temp.words('ps' || u, 6),
  'website_url', CASE WHEN u % 5 = 0 THEN 'https://' || uname || '.example.dev' ELSE '' END), t + interval '1 day', u
FROM fm_user ORDER BY u;

INSERT INTO users_settings (brand_color1, brand_color2, config_font, config_navbar, config_theme, created_at, display_announcements,
  display_email_on_profile, display_sponsors, editor_version, experience_level, feed_mark_canonical, feed_referential_link, feed_url,
  inbox_guidelines, inbox_type, permit_adjacent_sponsors, updated_at, user_id)
SELECT '#' || substr(md5('b1' || u), 1, 6), '#ffffff', (u % 5 = 0)::int, 0, pg_temp.skew2('th' || u, 4)::int - 1, t, true, u % 6 = 0, u % 9 <> 0,
  (u % 3 = 0)::int, CASE WHEN u % 2 = 0 THEN 1 + pg_temp.r('xp' || u, 10)::int END, u % 22 = 0, true,
  CASE WHEN u % 11 = 0 THEN 'https://' || uname || '.blog.example/feed.xml' END, NULL, (u % 8 = 0)::int, true, t + interval '1 day', u
FROM fm_user ORDER BY u;

-- Identities: GitHub for two members in three, Twitter for one in four.
INSERT INTO identities (auth_data_dump, created_at, provider, secret, token, uid, updated_at, user_id)
SELECT '--- !ruby/hash:OmniAuth::AuthHash' || chr(10) || 'provider: ' || p, t, p, CASE WHEN p = 'twitter' THEN substr(md5('is' || u), 1, 24) END,
  substr(md5('tk' || p || u), 1, 32), CASE WHEN p = 'github' THEN (100000 + pg_temp.r('gh' || u, 1000) * 10000 + u)::text ELSE (700000000 + u * 7919)::text END,
  t, u
FROM fm_user CROSS JOIN (VALUES ('github'), ('twitter')) v(p)
WHERE (p = 'github' AND u % 3 <> 0) OR (p = 'twitter' AND u % 4 = 0)
ORDER BY u, p;

INSERT INTO api_secrets (created_at, description, secret, updated_at, user_id)
SELECT t + s * interval '1 hour', pg_temp.pick('ad' || s, ARRAY['cross-posting','analytics','my blog','CI publish','dashboard']),
  substr(md5('sec' || s) || md5('sec2' || s), 1, 24), t + s * interval '1 hour', u
FROM generate_series(1, 150) s
JOIN fm_user ON u = pg_temp.skew('asu' || s, 2000)
ORDER BY s;

INSERT INTO organizations (articles_count, bg_color_hex, company_size, created_at, credits_count, email, github_username, last_article_at, location,
  name, old_slug, profile_image, secret, slug, summary, tag_line, twitter_username, updated_at, url)
SELECT 0, '#' || substr(md5('ob' || o), 1, 6), pg_temp.pick('cs' || o, ARRAY['1-10','11-50','51-200','201-1000','1000+']), t,
  CASE WHEN o <= 5 THEN 100 ELSE 0 END, CASE WHEN o % 3 = 0 THEN NULL ELSE 'devrel@' || sl || '.example.com' END,
  CASE WHEN o % 2 = 0 THEN sl || '-oss' END, timestamp '2017-01-01 05:00:00', pg_temp.city('oc' || o), nm,
  CASE WHEN o % 12 = 0 THEN sl || 'hq' END, 'https://cdn.example.com/uploads/organization/' || o || '.png',
  substr(md5('os' || o) || md5('os2' || o), 1, 40), sl, pg_temp.words('osu' || o, 10), pg_temp.words('otl' || o, 4),
  CASE WHEN o % 4 = 0 THEN sl || 'dev' END, t + interval '2 days', 'https://' || sl || '.example.com'
FROM generate_series(1, 60) o
CROSS JOIN LATERAL (SELECT pg_temp.last_name('on' || o) || ' ' || pg_temp.pick('ok' || o, ARRAY['Labs','Cloud','Systems','Software','Digital','Tech']) AS nm,
  timestamp '2017-02-01 10:00:00' + o * interval '9 days' AS t) x
CROSS JOIN LATERAL (SELECT lower(replace(nm, ' ', '')) || CASE WHEN o > 8 THEN o::text ELSE '' END AS sl) s
ORDER BY o;

-- Memberships: organization o's admin is member o * 7; then members of the big organizations.
INSERT INTO organization_memberships (created_at, organization_id, type_of_user, updated_at, user_id, user_title)
SELECT * FROM (
SELECT DISTINCT ON (o, u) timestamp '2017-03-01 10:00:00' + (o * 86400 + m * 600) * interval '1 second' AS ct, o,
  CASE WHEN m <= 60 THEN 'admin' WHEN m % 9 = 0 THEN 'guest' ELSE 'member' END,
  timestamp '2017-03-01 10:00:00' + (o * 86400 + m * 600) * interval '1 second', u,
  CASE WHEN m % 3 = 0 THEN pg_temp.pick('ut' || m, ARRAY['Developer Advocate','Engineer','CTO','Staff Engineer','Writer']) END
FROM generate_series(1, 330) m
CROSS JOIN LATERAL (SELECT CASE WHEN m <= 60 THEN m ELSE pg_temp.skew('mo' || m, 60) END AS o,
  CASE WHEN m <= 60 THEN m * 7 ELSE pg_temp.skew2('mu' || m, 2000) END AS u) x
ORDER BY o, u, m
) d ORDER BY ct, o, u;

INSERT INTO badges (badge_image, created_at, credits_awarded, description, slug, title, updated_at)
SELECT 'https://cdn.example.com/uploads/badge/' || b || '.png', timestamp '2017-01-10 00:00:00' + b * interval '20 days', CASE WHEN b % 4 = 0 THEN 5 ELSE 0 END,
  pg_temp.words('bd' || b, 8), lower(replace(ti, ' ', '-')), ti, timestamp '2017-01-10 00:00:00' + b * interval '20 days'
FROM generate_series(1, 40) b
CROSS JOIN LATERAL (SELECT (ARRAY['Writing Debut','Top 7','Beloved Comment','Trusted Member','Tag Moderator','Hacktoberfest','Sloan','Fab 5',
  'Twitter Verified','GitHub Verified'])[1 + (b - 1) % 10] || CASE WHEN b > 10 THEN ' ' || (2016 + (b - 1) / 10) ELSE '' END AS ti) x
ORDER BY b;

INSERT INTO tags (alias_for, badge_id, bg_color_hex, category, created_at, hotness_score, keywords_for_search, mod_chat_channel_id, name, pretty_name,
  profile_image, requires_approval, rules_html, rules_markdown, short_summary, social_image, social_preview_template, submission_template, supported,
  taggings_count, text_color_hex, updated_at, wiki_body_html, wiki_body_markdown)
SELECT CASE WHEN g % 37 = 0 THEN (ARRAY['javascript','python','webdev','beginners'])[1 + g % 4] END, CASE WHEN g % 20 = 0 THEN g / 20 END,
  '#' || substr(md5('tb' || g), 1, 6), CASE WHEN g <= 40 THEN 'language' ELSE 'uncategorized' END, timestamp '2017-01-01 00:00:00' + g * interval '3 days',
  pg_temp.skew('th' || g, 1000)::int, NULL, NULL, nm, initcap(nm), NULL, g % 25 = 0, NULL, CASE WHEN g <= 40 THEN pg_temp.words('tr' || g, 12) END,
  pg_temp.words('ts' || g, 6), NULL, 'article', NULL, g <= 80, 0, '#ffffff', timestamp '2017-01-01 00:00:00' + g * interval '3 days', NULL, NULL
FROM generate_series(1, 200) g
CROSS JOIN LATERAL (SELECT (ARRAY['javascript','webdev','beginners','programming','python','react','tutorial','devops','productivity','career',
  'css','node','typescript','aws','discuss','java','go','rust','docker','kubernetes','linux','security','testing','opensource','database',
  'postgres','vue','angular','ruby','rails','php','android','ios','flutter','machinelearning','ai','github','git','showdev','codenewbie'])[1 + (g - 1) % 40]
  || (ARRAY['', 'dev', 'tips', 'news', 'help'])[1 + (g - 1) / 40] AS nm) x
ORDER BY g;

-- Series (collections) belong to prolific writers.
INSERT INTO collections (created_at, description, main_image, organization_id, published, slug, social_image, title, updated_at, user_id)
SELECT t, pg_temp.words('cd' || c, 8), NULL, CASE WHEN c % 8 = 0 THEN pg_temp.skew('co' || c, 60) END, c % 5 <> 0,
  lower(replace(ti, ' ', '-')) || '-' || substr(md5('cs' || c), 1, 4), NULL, ti, t, u
FROM generate_series(1, 150) c
CROSS JOIN LATERAL (SELECT pg_temp.skew('cu' || c, 2000) AS u, initcap(pg_temp.words('ct' || c, 3)) AS ti,
  timestamp '2017-06-01 00:00:00' + c * interval '5 days' AS t) x
ORDER BY c;

-- Articles: writers are heavily skewed (skew over the members); one in ten is a draft.
CREATE TEMP TABLE fm_article AS
SELECT a, x.u, fu.uname, x.ti, s.sl, x.t, a % 10 <> 0 AS pub, CASE WHEN a % 7 = 0 THEN pg_temp.skew('ao' || a, 60) END AS org
FROM generate_series(1, 6000) a
CROSS JOIN LATERAL (SELECT pg_temp.skew('au' || a, 2000) AS u, initcap(pg_temp.words('at' || a, 6)) AS ti,
  timestamp '2017-01-15 00:00:00' + (a * 6 * 3600 + pg_temp.r('atm' || a, 21600)) * interval '1 second' AS t) x
CROSS JOIN LATERAL (SELECT lower(regexp_replace(x.ti, '[^A-Za-z0-9]+', '-', 'g')) || '-' || substr(md5('as' || a), 1, 6) AS sl) s
JOIN fm_user fu ON fu.u = x.u;

INSERT INTO articles (any_comments_hidden, approved, archived, body_markdown, boost_states, cached_tag_list, cached_user_name, cached_user_username,
  canonical_url, co_author_ids, collection_id, comment_score, comments_count, created_at, crossposted_at, description, edited_at, featured,
  featured_number, feed_source_url, hotness_score, last_comment_at, main_image, nth_published_by_author, organization_id, originally_published_at,
  page_views_count, path, positive_reactions_count, public_reactions_count, published, published_at, published_from_feed, reactions_count,
  reading_time, score, show_comments, slug, spaminess_rating, title, updated_at, user_id, user_subscriptions_count)
SELECT a % 97 = 0, a % 5 = 0, a % 211 = 0, '---' || chr(10) || 'title: ' || f.ti || chr(10) || '---' || chr(10) || pg_temp.words('ab' || a, 60), '{}'::jsonb,
  NULL, fu.fn || ' ' || fu.ln, f.uname,
  CASE WHEN a % 13 = 0 THEN 'https://blog.example.com/' || f.uname || '/' || f.sl END, '{}'::bigint[],
  (SELECT min(c.id) FROM collections c WHERE c.user_id = f.u AND a % 3 = 0),
  pg_temp.skew('acs' || a, 200)::int - 1, 0, f.t, NULL, pg_temp.words('ad' || a, 10), CASE WHEN a % 4 = 0 THEN f.t + interval '2 days' END,
  f.pub AND a % 9 = 0, CASE WHEN f.pub THEN extract(epoch FROM f.t)::int END,
  CASE WHEN a % 17 = 0 THEN 'https://medium.example.com/@' || f.uname || '/' || f.sl END,
  pg_temp.skew('ah' || a, 100000)::int, f.t + interval '1 day', CASE WHEN a % 2 = 0 THEN 'https://cdn.example.com/i/' || substr(md5('ai' || a), 1, 16) || '.png' END,
  0, f.org, CASE WHEN a % 17 = 0 THEN f.t - interval '30 days' END, 0, '/' || f.uname || '/' || f.sl, 0, 0, f.pub,
  CASE WHEN f.pub THEN f.t + interval '1 hour' END, a % 17 = 0, 0, 1 + pg_temp.r('rt' || a, 15)::int, pg_temp.skew('asc' || a, 300)::int - 1,
  true, f.sl, 0, f.ti, f.t + interval '3 days', f.u, 0
FROM fm_article f JOIN fm_user fu ON fu.u = f.u
ORDER BY a;

-- Taggings: zero to three tags per article (acts-as-taggable-on, context 'tags', no tagger).
INSERT INTO taggings (context, created_at, tag_id, taggable_id, taggable_type, tagger_id, tagger_type)
SELECT DISTINCT ON (a, g) 'tags', t, g, a, 'Article', NULL, NULL
FROM fm_article CROSS JOIN generate_series(1, 3) i
CROSS JOIN LATERAL (SELECT pg_temp.skew('tg' || a || '-' || i, 200) AS g) x
WHERE i <= a % 4
ORDER BY a, g;

UPDATE articles ar SET cached_tag_list = l.lst
FROM (SELECT tg.taggable_id, string_agg(t.name, ', ' ORDER BY tg.id) AS lst FROM taggings tg JOIN tags t ON t.id = tg.tag_id GROUP BY tg.taggable_id) l
WHERE ar.id = l.taggable_id;
UPDATE tags t SET taggings_count = n FROM (SELECT tag_id, count(*) AS n FROM taggings GROUP BY tag_id) c WHERE c.tag_id = t.id;

-- Comments on published articles (popular articles draw most of them); one in three replies to
-- its thread's first comment (ancestry is the parent's id). id_code is the id in base 26.
CREATE TEMP TABLE fm_comment AS
SELECT c, art, au, pg_temp.skew2('cu' || c, 2000) AS u, first_value(c) OVER (PARTITION BY art ORDER BY c) AS root,
  fa.t + (c * 97 % 200000) * interval '1 second' AS t
FROM generate_series(1, 8000) c
CROSS JOIN LATERAL (SELECT pg_temp.skew('ca' || c, 6000) AS a0) x
CROSS JOIN LATERAL (SELECT CASE WHEN x.a0 % 10 = 0 THEN x.a0 + 1 ELSE x.a0 END AS art) y
JOIN fm_article fa ON fa.a = y.art
CROSS JOIN LATERAL (SELECT fa.u AS au) z;

INSERT INTO comments (ancestry, body_html, body_markdown, commentable_id, commentable_type, created_at, deleted, edited, edited_at,
  hidden_by_commentable_user, id_code, markdown_character_count, positive_reactions_count, processed_html, public_reactions_count, reactions_count,
  receive_notifications, score, spaminess_rating, updated_at, user_id)
SELECT CASE WHEN c % 3 = 0 AND root <> c THEN root::text END, NULL, md, art, 'Article', t, c % 151 = 0, c % 8 = 0, CASE WHEN c % 8 = 0 THEN t + interval '10 minutes' END,
  c % 211 = 0, ltrim(substr('0123456789abcdefghijklmnop', (c / 676 % 26)::int + 1, 1) || substr('0123456789abcdefghijklmnop', (c / 26 % 26)::int + 1, 1)
    || substr('0123456789abcdefghijklmnop', (c % 26)::int + 1, 1), '0'),
  length(md), 0, '<p>' || md || '</p>', 0, 0, true, pg_temp.skew('cs' || c, 40)::int - 1, 0, t, u
FROM fm_comment CROSS JOIN LATERAL (SELECT pg_temp.words('cm' || c, 12) AS md) w
ORDER BY c;

UPDATE articles ar SET comments_count = n, last_comment_at = lc
FROM (SELECT commentable_id, count(*) AS n, max(created_at) AS lc FROM comments GROUP BY commentable_id) c WHERE c.commentable_id = ar.id;

-- Reactions: one per (user, reactable, category); articles mostly, comments one in five.
INSERT INTO reactions (category, created_at, points, reactable_id, reactable_type, status, updated_at, user_id)
SELECT cat, t, pts, rid, rt, st, t, u FROM (
SELECT DISTINCT ON (u, rid, rt, cat) r, cat, t, CASE WHEN r % 41 = 0 THEN 0.0 ELSE 1.0 END AS pts, rid, rt, CASE WHEN r % 41 = 0 THEN 'invalid' WHEN r % 13 = 0 THEN 'confirmed' ELSE 'valid' END AS st, u
FROM generate_series(1, 8400) r
CROSS JOIN LATERAL (SELECT pg_temp.skew2('ru' || r, 2000) AS u,
  CASE WHEN r % 5 = 0 THEN 'Comment' ELSE 'Article' END AS rt,
  CASE WHEN r % 5 = 0 THEN pg_temp.skew('rc' || r, 8000) ELSE pg_temp.skew('ra' || r, 6000) END AS r0,
  CASE WHEN r % 5 = 0 THEN 'like' ELSE pg_temp.pick2('rk' || r, ARRAY['like','readinglist','unicorn','exploding_head','raised_hands','fire']) END AS cat,
  timestamp '2017-02-01 00:00:00' + r * interval '1 hour' AS t) x
CROSS JOIN LATERAL (SELECT CASE WHEN rt = 'Article' AND r0 % 10 = 0 THEN r0 + 1 ELSE r0 END AS rid) y
ORDER BY u, rid, rt, cat, r
) d ORDER BY r;

UPDATE articles ar SET reactions_count = n, public_reactions_count = n, positive_reactions_count = n
FROM (SELECT reactable_id, count(*) AS n FROM reactions WHERE reactable_type = 'Article' GROUP BY reactable_id) c WHERE c.reactable_id = ar.id;

-- Follows: members follow writers (popular ones most), tags and organizations.
INSERT INTO follows (blocked, created_at, explicit_points, followable_id, followable_type, follower_id, follower_type, implicit_points, points,
  subscription_status, updated_at)
SELECT false, t, 1.0, fid, ft, u, 'User', ip, ip + 1.0, 'all_articles', t FROM (
SELECT DISTINCT ON (fid, ft, u) f, t, fid, ft, u, CASE WHEN ft = 'ActsAsTaggableOn::Tag' THEN (f % 7) * 0.5 ELSE 0.0 END AS ip
FROM generate_series(1, 6300) f
CROSS JOIN LATERAL (SELECT pg_temp.skew2('fu' || f, 2000) AS u,
  CASE WHEN f % 3 = 0 THEN 'ActsAsTaggableOn::Tag' WHEN f % 7 = 1 THEN 'Organization' ELSE 'User' END AS ft,
  timestamp '2017-03-01 00:00:00' + f * interval '80 minutes' AS t) x
CROSS JOIN LATERAL (SELECT CASE ft WHEN 'ActsAsTaggableOn::Tag' THEN pg_temp.skew('ft' || f, 200) WHEN 'Organization' THEN pg_temp.skew('fo' || f, 60)
  ELSE pg_temp.skew('fw' || f, 2000) END AS fid) y
WHERE NOT (ft = 'User' AND fid = u)
ORDER BY fid, ft, u, f
) d ORDER BY f;

-- Notifications: a new comment notifies the article's author (action NULL), reactions are
-- aggregated per article (action 'Reaction'; organization articles notify the organization,
-- user_id NULL), follows per followed member (action 'Follow').
INSERT INTO notifications (action, created_at, json_data, notifiable_id, notifiable_type, notified_at, organization_id, read, updated_at, user_id)
SELECT action, t, js, nid, nt, t, org, rd, t, uid FROM (
  SELECT NULL::varchar AS action, c.t, jsonb_build_object('comment', jsonb_build_object('id', c.c)) AS js, c.c AS nid, 'Comment' AS nt,
    NULL::bigint AS org, c.c % 3 <> 0 AS rd, c.au AS uid, 1 AS k, c.c AS n
  FROM fm_comment c WHERE c.u <> c.au AND NOT (c.c % 3 = 0 AND c.root <> c.c)
  UNION ALL
  SELECT 'Reaction', max(r.created_at), jsonb_build_object('reaction', jsonb_build_object('count', count(*))), r.reactable_id, 'Article',
    NULL, bool_and(r.id % 2 = 0), min(fa.u), 2, r.reactable_id
  FROM reactions r JOIN fm_article fa ON fa.a = r.reactable_id WHERE r.reactable_type = 'Article' GROUP BY r.reactable_id
  UNION ALL
  SELECT 'Reaction', max(r.created_at), jsonb_build_object('reaction', jsonb_build_object('count', count(*))), r.reactable_id, 'Article',
    min(fa.org), false, NULL, 3, r.reactable_id
  FROM reactions r JOIN fm_article fa ON fa.a = r.reactable_id WHERE r.reactable_type = 'Article' AND fa.org IS NOT NULL GROUP BY r.reactable_id
  UNION ALL
  SELECT 'Follow', max(f.created_at), jsonb_build_object('followers', count(*)), f.followable_id, 'User', NULL, false, f.followable_id, 4, f.followable_id
  FROM follows f WHERE f.followable_type = 'User' GROUP BY f.followable_id
) n
ORDER BY t, k, n;

-- Subscriptions to comment notifications: authors of one article in three, and commenters.
INSERT INTO notification_subscriptions (config, created_at, notifiable_id, notifiable_type, updated_at, user_id)
SELECT cfg, t, a, 'Article', t, u FROM (
SELECT DISTINCT ON (u, a) cfg, t, a, u FROM (
  SELECT f.u, f.a, 'all_comments' AS cfg, f.t, 1 AS k FROM fm_article f WHERE f.pub AND f.a % 3 = 0
  UNION ALL
  SELECT c.u, c.art, CASE WHEN c.c % 2 = 0 THEN 'top_level_comments' ELSE 'all_comments' END, c.t, 2 FROM fm_comment c WHERE c.c % 8 = 0
) s
ORDER BY u, a, k
) d ORDER BY t, u, a;

-- Mentions of members in comments.
INSERT INTO mentions (created_at, mentionable_id, mentionable_type, updated_at, user_id)
SELECT t, c, 'Comment', t, pg_temp.skew('mn' || c, 2000)
FROM fm_comment WHERE c % 13 = 0 ORDER BY c;

-- Page views of published articles; half of the readers are signed out (user_id NULL).
INSERT INTO page_views (article_id, counts_for_number_of_views, created_at, domain, path, referrer, time_tracked_in_seconds, updated_at, user_agent, user_id)
SELECT fa.a, CASE WHEN p % 10 = 0 THEN 10 ELSE 1 END, vt, 'dev.example.to', '/' || fa.uname || '/' || fa.sl,
  pg_temp.pick2('pr' || p, ARRAY['', 'https://www.google.com/', 'https://twitter.com/', 'https://news.ycombinator.com/', 'https://www.reddit.com/']),
  15 * pg_temp.skew2('pt' || p, 40)::int, vt, pg_temp.pick('pa' || p, ARRAY['Mozilla/5.0 (Windows NT 10.0)', 'Mozilla/5.0 (Macintosh)', 'Mozilla/5.0 (iPhone)', 'Mozilla/5.0 (X11; Linux x86_64)']),
  CASE WHEN p % 2 = 0 THEN pg_temp.skew2('pu' || p, 2000) END
FROM generate_series(1, 8000) p
CROSS JOIN LATERAL (SELECT pg_temp.skew('pv' || p, 6000) AS a0) x
JOIN fm_article fa ON fa.a = CASE WHEN x.a0 % 10 = 0 THEN x.a0 + 1 ELSE x.a0 END
CROSS JOIN LATERAL (SELECT fa.t + interval '2 hours' + (p * 613 % 2000000) * interval '1 second' AS vt) y
ORDER BY p;

UPDATE articles ar SET page_views_count = n FROM (SELECT article_id, sum(counts_for_number_of_views) AS n FROM page_views GROUP BY article_id) c WHERE c.article_id = ar.id;

INSERT INTO badge_achievements (badge_id, created_at, rewarder_id, rewarding_context_message, rewarding_context_message_markdown, updated_at, user_id)
SELECT b, t, CASE WHEN k % 10 = 0 THEN 1 END, CASE WHEN k % 10 = 0 THEN '<p>Thanks!</p>' END, CASE WHEN k % 10 = 0 THEN 'Thanks!' END, t, u FROM (
SELECT DISTINCT ON (b, u) k, b, t, u
FROM generate_series(1, 2600) k
CROSS JOIN LATERAL (SELECT pg_temp.skew2('bb' || k, 40) AS b, pg_temp.skew2('bu' || k, 2000) AS u, timestamp '2017-06-01 00:00:00' + k * interval '3 hours' AS t) x
ORDER BY b, u, k
) d ORDER BY k;

INSERT INTO user_blocks (blocked_id, blocker_id, config, created_at, updated_at)
SELECT bd, br, 'default', t, t FROM (
SELECT DISTINCT ON (bd, br) k, bd, br, t
FROM generate_series(1, 210) k
CROSS JOIN LATERAL (SELECT pg_temp.skew('ubd' || k, 2000) AS bd, pg_temp.skew2('ubr' || k, 2000) AS br, timestamp '2018-01-01 00:00:00' + k * interval '1 day' AS t) x
WHERE bd <> br
ORDER BY bd, br, k
) d ORDER BY k;

UPDATE users us SET articles_count = n FROM (SELECT user_id, count(*) AS n FROM articles GROUP BY user_id) c WHERE c.user_id = us.id;
UPDATE users us SET comments_count = n FROM (SELECT user_id, count(*) AS n FROM comments GROUP BY user_id) c WHERE c.user_id = us.id;

DROP TABLE fm_user, fm_article, fm_comment;
