-- Deterministic data for the Mattermost cut: one company's workspace over two years. 30
-- teams (everybody in the first), 2,000 people and 40 bots, channels per team (every team
-- has town-square and off-topic), direct and group messages, 10,000 posts concentrated in
-- a few busy channels, replies in threads, reactions, files, preferences, sessions,
-- statuses, sidebar categories, personal access tokens and custom emoji. Mattermost makes
-- every id in the application (NewId: 26 characters of base32, no database default); here
-- mmid() derives them from the row, in Mattermost's alphabet. Times are Unix milliseconds;
-- as Mattermost writes them, unset times are 0 and unset strings '' (rootid of a root post,
-- teamid of a direct message channel, postid of a file never posted), not NULL.

CREATE FUNCTION pg_temp.mmid(s text) RETURNS varchar LANGUAGE sql IMMUTABLE
AS $$ SELECT translate(substr(md5('mm' || s) || md5('mm2' || s), 1, 26), '0123456789abcdef', 'ybndrfg8ejkmcpqx') $$;

-- Teams: the company team everybody is in, department and project teams, a few invite-only.
CREATE TEMP TABLE tm AS
SELECT t, pg_temp.mmid('team' || t) AS id, n AS name,
  1546300800000 + t::bigint * t * 3600000 AS createat
FROM (SELECT t, CASE WHEN t = 1 THEN 'blind-corp' ELSE (ARRAY['engineering','sales','marketing','support','design','finance','legal','hr','ops',
  'security','data','mobile','web','platform','infra','qa','docs','partners','research','it','devrel','growth','community','product','apac',
  'emea','americas','interns','leadership'])[t - 1] END AS n FROM generate_series(1, 30) t) x;
CREATE UNIQUE INDEX ON tm (t);
INSERT INTO teams (id, createat, updateat, deleteat, displayname, name, description, email, type, companyname, alloweddomains, inviteid,
  schemeid, allowopeninvite, lastteamiconupdate, groupconstrained)
SELECT id, createat, createat + (t % 5) * 86400000, CASE WHEN t IN (24, 29) THEN createat + 200 * 86400000::bigint ELSE 0 END,
  initcap(replace(name, '-', ' ')), name, CASE WHEN t % 3 = 0 THEN pg_temp.words('td' || t, 8) ELSE '' END,
  'admin@blind-corp.example', CASE WHEN t % 4 = 0 THEN 'I' ELSE 'O' END, '', CASE WHEN t = 1 THEN 'blind-corp.example' ELSE '' END,
  pg_temp.mmid('inv' || t) || substr(md5('inv' || t), 1, 6), NULL, t % 4 <> 0, CASE WHEN t % 2 = 0 THEN createat + 3600000 ELSE 0 END, false
FROM tm ORDER BY t;

-- People (1..2000) and bots (2001..2040). Some people sign in with GitLab or SAML (authdata
-- set, no password); a few are deactivated.
CREATE TEMP TABLE us AS
SELECT u, pg_temp.mmid('user' || u) AS id, base || CASE WHEN row_number() OVER (PARTITION BY base ORDER BY u) > 1
    THEN (row_number() OVER (PARTITION BY base ORDER BY u))::text ELSE '' END AS username, fn, ln,
  1546300800000 + u::bigint * 31536000 AS createat
FROM (SELECT u, CASE WHEN u <= 2000 THEN lower(fn) || '.' || lower(ln) ELSE pg_temp.pick('bn' || u, ARRAY['jira','github','gitlab','jenkins',
    'playbooks','calls','zoom','standup','pagerduty','welcomebot']) || '-bot' END AS base, fn, ln
  FROM generate_series(1, 2040) u CROSS JOIN LATERAL (SELECT pg_temp.first_name('uf' || u) AS fn, pg_temp.last_name('ul' || u) AS ln) n) x;
CREATE UNIQUE INDEX ON us (u);
ANALYZE tm, us;
INSERT INTO users (id, createat, updateat, deleteat, username, password, authdata, authservice, email, emailverified, nickname, firstname, lastname,
  roles, allowmarketing, props, notifyprops, lastpasswordupdate, lastpictureupdate, failedattempts, locale, mfaactive, mfasecret, "position",
  timezone, remoteid)
SELECT id, createat, createat + pg_temp.r('uu' || u, 300) * 86400000, CASE WHEN u <= 2000 AND pg_temp.r('ud' || u, 40) = 0 THEN createat + 400 * 86400000::bigint ELSE 0 END,
  username, CASE WHEN bot OR sso IS NOT NULL THEN '' ELSE '$2a$10$' || md5('pw' || u) || substr(md5('pw2' || u), 1, 21) END,
  CASE WHEN sso IS NOT NULL THEN CASE WHEN sso = 'gitlab' THEN (1000 + u)::text ELSE username || '@blind-corp.example' END END,
  coalesce(sso, ''), CASE WHEN bot THEN username || '@localhost' ELSE username || '@blind-corp.example' END, NOT bot,
  CASE WHEN NOT bot AND pg_temp.r('un' || u, 6) = 0 THEN lower(fn) ELSE '' END, CASE WHEN bot THEN '' ELSE fn END, CASE WHEN bot THEN '' ELSE ln END,
  CASE WHEN u <= 3 THEN 'system_admin system_user' WHEN NOT bot AND u % 97 = 0 THEN 'system_guest' ELSE 'system_user' END, false,
  CASE WHEN bot THEN '{"from_bot":"true"}'::jsonb ELSE '{}'::jsonb END,
  '{"push":"mention","email":"true","desktop":"mention","channel":"true","comments":"never","first_name":"false","mention_keys":""}'::jsonb,
  createat, CASE WHEN pg_temp.r('up' || u, 3) = 0 THEN createat + 86400000 ELSE 0 END, 0,
  pg_temp.pick2('lc' || u, ARRAY['en','en','de','fr','es','ja','pt-BR']), u % 23 = 0, CASE WHEN u % 23 = 0 THEN upper(substr(md5('mfa' || u), 1, 32)) ELSE '' END,
  CASE WHEN NOT bot AND u % 3 = 0 THEN pg_temp.pick('upos' || u, ARRAY['Engineer','Senior Engineer','Product Manager','Designer','Account Executive','Support Engineer']) ELSE '' END,
  jsonb_build_object('automaticTimezone', pg_temp.pick2('tz' || u, ARRAY['America/New_York','Europe/Berlin','America/Los_Angeles','Asia/Tokyo','Europe/London']),
    'manualTimezone', '', 'useAutomaticTimezone', 'true'), NULL
FROM us CROSS JOIN LATERAL (SELECT u > 2000 AS bot, CASE WHEN u <= 2000 AND u % 5 = 0 THEN 'gitlab' WHEN u <= 2000 AND u % 7 = 0 THEN 'saml' END AS sso) b
ORDER BY u;

INSERT INTO bots (userid, description, ownerid, createat, updateat, deleteat, lasticonupdate)
SELECT us.id, 'Posts ' || split_part(us.username, '-', 1) || ' notifications', CASE WHEN u % 3 = 0 THEN (SELECT id FROM us WHERE u = 1)
    ELSE 'com.mattermost.' || split_part(us.username, '-', 1) END,
  us.createat, us.createat, 0, CASE WHEN u % 2 = 0 THEN us.createat + 60000 ELSE 0 END
FROM us WHERE u > 2000 ORDER BY u;

-- Team membership: everybody in the company team, people in one or two more teams (and
-- three founders in each), bots in the teams they serve; some left (deleteat set).
CREATE TEMP TABLE tmem AS
SELECT DISTINCT t, u FROM (
  SELECT 1 AS t, u FROM generate_series(1, 2040) u
  UNION ALL SELECT 2 + pg_temp.skew2('tm1' || u, 29) - 1, u FROM generate_series(1, 2040) u WHERE u % 6 <> 0
  UNION ALL SELECT 2 + pg_temp.skew('tm2' || u, 29) - 1, u FROM generate_series(1, 2040) u WHERE u % 3 = 0
  UNION ALL SELECT t, 1 + (t * 67 + i) % 2000 FROM generate_series(2, 30) t, generate_series(1, 3) i) x;
ALTER TABLE tmem ADD COLUMN j bigint, ADD COLUMN nt bigint;
UPDATE tmem SET j = x.j, nt = x.nt FROM (SELECT t, u, row_number() OVER (PARTITION BY t ORDER BY u) AS j, count(*) OVER (PARTITION BY t) AS nt FROM tmem) x
WHERE x.t = tmem.t AND x.u = tmem.u;
CREATE UNIQUE INDEX ON tmem (t, u);
CREATE UNIQUE INDEX ON tmem (t, j);
ANALYZE tmem;
INSERT INTO teammembers (teamid, userid, roles, deleteat, schemeuser, schemeadmin, schemeguest)
SELECT tm.id, us.id, '', CASE WHEN tmem.t > 1 AND pg_temp.r('tml' || tmem.t || '-' || tmem.u, 25) = 0 THEN tm.createat + 100 * 86400000::bigint ELSE 0 END,
  tmem.u % 97 <> 0, tmem.u <= 3 OR pg_temp.r('tma' || tmem.t || '-' || tmem.u, 60) = 0, tmem.u % 97 = 0
FROM tmem JOIN tm USING (t) JOIN us USING (u) ORDER BY tmem.t, tmem.u;

-- Channels: town-square and off-topic in every team, topic channels (public O, private P),
-- then direct messages (D, no team, named after the two user ids) and group messages (G).
CREATE TEMP TABLE ch AS
SELECT c, pg_temp.mmid('chan' || c) AS id, t, type, name, dn, u1, u2 FROM (
  SELECT (t - 1) * 2 + k AS c, t, 'O' AS type, CASE k WHEN 1 THEN 'town-square' ELSE 'off-topic' END AS name,
    CASE k WHEN 1 THEN 'Town Square' ELSE 'Off-Topic' END AS dn, NULL::int AS u1, NULL::int AS u2
  FROM generate_series(1, 30) t, generate_series(1, 2) k
  UNION ALL
  SELECT 60 + i, t, CASE WHEN i % 4 = 0 THEN 'P' ELSE 'O' END,
    nm || CASE WHEN row_number() OVER (PARTITION BY t, nm ORDER BY i) > 1 THEN '-' || row_number() OVER (PARTITION BY t, nm ORDER BY i) ELSE '' END,
    initcap(replace(nm, '-', ' ')), NULL, NULL
  FROM (SELECT i, 1 + pg_temp.skew2('ct' || i, 30) - 1 AS t, pg_temp.pick2('cn' || i, ARRAY['general','announcements','standup','random','releases',
      'incidents','design-review','planning','hiring','customers','alerts','builds','watercooler','questions','feedback','roadmap','onboarding',
      'security','deployments','support-escalations']) AS nm FROM generate_series(1, 440) i) a
  UNION ALL
  SELECT 500 + d, NULL, 'D', NULL, '', least(a, b), greatest(a, b)
  FROM (SELECT d, pg_temp.skew2('da' || d, 2000) AS a, pg_temp.skew2('db' || d, 2000) AS b FROM generate_series(1, 400) d) x WHERE a <> b
  UNION ALL
  SELECT 900 + g, NULL, 'G', substr(md5('gm' || g) || md5('gm2' || g), 1, 40), '', NULL, NULL FROM generate_series(1, 50) g) y;
DELETE FROM ch a USING ch b WHERE a.type = 'D' AND b.type = 'D' AND a.u1 = b.u1 AND a.u2 = b.u2 AND a.c > b.c;
UPDATE ch SET name = (SELECT id FROM us WHERE u = ch.u1) || '__' || (SELECT id FROM us WHERE u = ch.u2) WHERE type = 'D';
CREATE UNIQUE INDEX ON ch (c);
ANALYZE ch;

-- Channel members: every team member in town-square, most in off-topic, topic channels
-- drawn from their team with a skew, the two people of a DM, three to five in a GM.
CREATE TEMP TABLE cmem AS
SELECT DISTINCT c, u FROM (
  SELECT ch.c, tmem.u FROM ch JOIN tmem USING (t) WHERE ch.name = 'town-square'
  UNION ALL SELECT ch.c, tmem.u FROM ch JOIN tmem USING (t) WHERE ch.name = 'off-topic' AND pg_temp.r('oo' || tmem.u, 10) <> 0 AND tmem.t > 1
  UNION ALL SELECT ch.c, tmem.u FROM ch JOIN tmem USING (t) WHERE ch.name = 'off-topic' AND tmem.t = 1 AND tmem.u % 3 = 0
  UNION ALL SELECT ch.c, m.u FROM ch CROSS JOIN LATERAL generate_series(1, 2 + 120 / (ch.c - 59)) i
    JOIN tmem t1 ON t1.t = ch.t AND t1.j = 1
    JOIN tmem m ON m.t = ch.t AND m.j = 1 + pg_temp.r('cm' || ch.c || '-' || i, t1.nt)
    WHERE ch.type IN ('O', 'P') AND ch.c > 60
  UNION ALL SELECT c, u1 FROM ch WHERE type = 'D' UNION ALL SELECT c, u2 FROM ch WHERE type = 'D'
  UNION ALL SELECT ch.c, pg_temp.skew2('gu' || ch.c || '-' || i, 2000) FROM ch CROSS JOIN LATERAL generate_series(1, 3 + ch.c % 3) i WHERE ch.type = 'G') x;
ALTER TABLE cmem ADD COLUMN j bigint, ADD COLUMN nc bigint;
UPDATE cmem SET j = x.j, nc = x.nc FROM (SELECT c, u, row_number() OVER (PARTITION BY c ORDER BY u) AS j, count(*) OVER (PARTITION BY c) AS nc FROM cmem) x
WHERE x.c = cmem.c AND x.u = cmem.u;
CREATE UNIQUE INDEX ON cmem (c, u);
CREATE UNIQUE INDEX ON cmem (c, j);
CREATE TEMP TABLE chn AS SELECT row_number() OVER (ORDER BY c) AS k, c, (SELECT nc FROM cmem WHERE cmem.c = ch.c AND j = 1) AS nc FROM ch;
CREATE UNIQUE INDEX ON chn (k);
ANALYZE cmem, chn;

INSERT INTO channels (id, createat, updateat, deleteat, teamid, type, displayname, name, header, purpose, lastpostat, totalmsgcount, extraupdateat,
  creatorid, schemeid, groupconstrained, shared, totalmsgcountroot, lastrootpostat)
SELECT ch.id, cr, cr, CASE WHEN ch.c > 60 AND ch.c <= 500 AND ch.c % 31 = 0 THEN cr + 90 * 86400000::bigint ELSE 0 END,
  coalesce(tm.id, ''), ch.type, ch.dn, ch.name, CASE WHEN ch.c % 5 = 0 AND ch.type IN ('O', 'P') THEN pg_temp.words('chh' || ch.c, 6) ELSE '' END,
  CASE WHEN ch.c % 3 = 0 AND ch.type IN ('O', 'P') THEN pg_temp.words('chp' || ch.c, 8) ELSE '' END, 0, 0, 0,
  CASE WHEN ch.type IN ('O', 'P') AND ch.c > 60 THEN (SELECT id FROM us WHERE u = 1 + pg_temp.r('chc' || ch.c, 2000)) ELSE '' END,
  NULL, CASE WHEN ch.type IN ('O', 'P') THEN false END, false, 0, 0
FROM ch LEFT JOIN tm USING (t)
CROSS JOIN LATERAL (SELECT coalesce(tm.createat, 1546300800000) + ch.c::bigint * 7200000 + CASE WHEN ch.type IN ('D', 'G') THEN 300 * 86400000::bigint ELSE 0 END AS cr) x
ORDER BY ch.c;

INSERT INTO channelmembers (channelid, userid, roles, lastviewedat, msgcount, mentioncount, notifyprops, lastupdateat, schemeuser, schemeadmin,
  schemeguest, mentioncountroot, msgcountroot)
SELECT ch.id, us.id, '', 1609459200000 + pg_temp.r('lv' || cmem.c || '-' || cmem.u, 700 * 86400) * 1000, 0, pg_temp.r('mc' || cmem.c || '-' || cmem.u, 30) / 27,
  '{"push":"default","email":"default","desktop":"default","mark_unread":"all","ignore_channel_mentions":"default"}'::jsonb,
  1609459200000 + pg_temp.r('lu' || cmem.c || '-' || cmem.u, 700 * 86400) * 1000, cmem.u % 97 <> 0, pg_temp.r('ca' || cmem.c || '-' || cmem.u, 50) = 0, cmem.u % 97 = 0, 0, 0
FROM cmem JOIN ch USING (c) JOIN us USING (u) ORDER BY cmem.c, cmem.u;

-- Membership history (compliance export): the join of every member of a topic channel or
-- group message, and earlier stays of people who left and came back.
INSERT INTO channelmemberhistory (channelid, userid, jointime, leavetime)
SELECT ch.id, us.id, j, l FROM (
  SELECT c, u, 1577836800000 + pg_temp.r('hj' || c || '-' || u, 500 * 86400) * 1000 AS j, NULL::bigint AS l FROM cmem WHERE c > 60 AND c <= 500 OR c > 900
  UNION ALL
  SELECT c, u, 1546300800000 + pg_temp.r('hk' || c || '-' || u, 300 * 86400) * 1000, 1546300800000 + (pg_temp.r('hk' || c || '-' || u, 300 * 86400) + 86400 * (1 + u % 20)) * 1000
  FROM cmem WHERE c > 60 AND c <= 500 AND pg_temp.r('hl' || c || '-' || u, 8) = 0) h
JOIN ch USING (c) JOIN us USING (u)
ORDER BY h.c, h.u, h.j;

-- Posts: most in the busy channels (the company town-square, DMs of active people); 70 %
-- root posts (rootid ''), the rest replies to an earlier root post of the same channel.
CREATE TEMP TABLE ps AS
SELECT n, pg_temp.mmid('post' || n) AS id, c, author, 1609459200000 + n::bigint * 6000000 + pg_temp.r('pts' || n, 5000000) AS createat,
  row_number() OVER (PARTITION BY c ORDER BY n) AS rk
FROM (SELECT n, chn.c, cm.u AS author
  FROM generate_series(1, 10000) n
  JOIN chn ON chn.k = pg_temp.skew('pc' || n, (SELECT count(*) FROM chn))
  JOIN cmem cm ON cm.c = chn.c AND cm.j = 1 + pg_temp.r('pa' || n, chn.nc)) x;
CREATE UNIQUE INDEX ON ps (n);
CREATE UNIQUE INDEX ON ps (c, rk);
ANALYZE ps;
CREATE TEMP TABLE pr AS
SELECT ps.n, CASE WHEN ps.rk > 1 AND pg_temp.r('prr' || ps.n, 10) < 3 THEN r.id ELSE '' END AS rootid
FROM ps LEFT JOIN LATERAL (SELECT p2.id FROM ps p2 WHERE p2.c = ps.c AND p2.rk = 1 + pg_temp.r('prk' || ps.n, greatest(ps.rk - 1, 1))) r ON true;
-- a reply answers a root post: a post picked as root that is itself a reply points to its root
UPDATE pr SET rootid = x.rootid FROM (SELECT p.n, q.rootid FROM pr p JOIN ps ON ps.n = p.n JOIN ps r ON r.id = p.rootid JOIN pr q ON q.n = r.n WHERE q.rootid <> '') x
WHERE pr.n = x.n;
CREATE UNIQUE INDEX ON pr (n);
ANALYZE pr;
INSERT INTO posts (id, createat, updateat, deleteat, userid, channelid, rootid, originalid, message, type, props, hashtags, filenames, fileids,
  hasreactions, editat, ispinned, remoteid)
SELECT ps.id, ps.createat, ps.createat + CASE WHEN ps.n % 11 = 0 THEN 120000 ELSE 0 END, CASE WHEN ps.n % 53 = 0 THEN ps.createat + 600000 ELSE 0 END,
  us.id, ch.id, pr.rootid, '', CASE WHEN sys THEN us.username || ' joined the channel.' ELSE pg_temp.words('pm' || ps.n, 3 + pg_temp.r('pml' || ps.n, 30)::int) ||
    CASE WHEN ps.n % 37 = 0 THEN ' #release' ELSE '' END END,
  CASE WHEN sys THEN 'system_join_channel' ELSE '' END,
  CASE WHEN sys THEN jsonb_build_object('username', us.username) WHEN ps.n % 9 = 0 THEN '{"disable_group_highlight":true}'::jsonb ELSE '{}'::jsonb END,
  CASE WHEN ps.n % 37 = 0 THEN '#release' ELSE '' END, '[]', CASE WHEN ps.n % 8 = 0 AND ps.n % 29 <> 0 THEN '["' || pg_temp.mmid('file' || (ps.n / 8)) || '"]' ELSE '[]' END,
  false, CASE WHEN ps.n % 11 = 0 THEN ps.createat + 120000 ELSE 0 END, ps.n % 211 = 0, NULL
FROM ps JOIN pr USING (n) JOIN ch USING (c) JOIN us ON us.u = ps.author
CROSS JOIN LATERAL (SELECT pr.rootid = '' AND ps.n % 29 = 0 AND ch.type IN ('O', 'P') AS sys) s
ORDER BY ps.n;

-- Reactions: popular posts get most; the usual emoji and a few custom ones.
INSERT INTO reactions (userid, postid, emojiname, createat, updateat, deleteat, remoteid)
SELECT us.id, ps.id, e, ps.createat + 60000 * (1 + a % 600), ps.createat + 60000 * (1 + a % 600), CASE WHEN a % 43 = 0 THEN ps.createat + 60000 * (2 + a % 600) ELSE 0 END, NULL
FROM (SELECT DISTINCT ON (p, u, e) a, p, u, e FROM (
  SELECT a, 1 + (pg_temp.skew('rp' || a, 10000) * 7919) % 10000 AS p, pg_temp.skew2('ru' || a, 2000) AS u,
    pg_temp.pick2('re' || a, ARRAY['+1','heart','smile','tada','white_check_mark','eyes','joy','pray','rocket','100','party-parrot','ship-it']) AS e
  FROM generate_series(1, 3100) a) x ORDER BY p, u, e, a) r
JOIN ps ON ps.n = r.p JOIN us ON us.u = r.u
ORDER BY r.a;
UPDATE posts SET hasreactions = true WHERE id IN (SELECT postid FROM reactions);

-- Files: those posts list (fileids), and 100 uploads never posted (postid '').
INSERT INTO fileinfo (id, creatorid, postid, createat, updateat, deleteat, path, thumbnailpath, previewpath, name, extension, size, mimetype,
  width, height, haspreviewimage, minipreview, content, remoteid)
SELECT pg_temp.mmid('file' || f), us.id, coalesce(ps.id, ''), ft, ft, CASE WHEN f % 61 = 0 THEN ft + 86400000 ELSE 0 END,
  to_char(to_timestamp(ft / 1000) AT TIME ZONE 'UTC', 'YYYYMMDD') || '/teams/noteam/channels/' || coalesce(ch.id, 'nochannel') || '/users/' || us.id || '/' || pg_temp.mmid('file' || f) || '/' || nm || '.' || ext,
  CASE WHEN img THEN to_char(to_timestamp(ft / 1000) AT TIME ZONE 'UTC', 'YYYYMMDD') || '/teams/noteam/channels/' || coalesce(ch.id, 'nochannel') || '/users/' || us.id || '/' || pg_temp.mmid('file' || f) || '/' || nm || '_thumb.jpg' ELSE '' END,
  CASE WHEN img THEN to_char(to_timestamp(ft / 1000) AT TIME ZONE 'UTC', 'YYYYMMDD') || '/teams/noteam/channels/' || coalesce(ch.id, 'nochannel') || '/users/' || us.id || '/' || pg_temp.mmid('file' || f) || '/' || nm || '_preview.jpg' ELSE '' END,
  nm || '.' || ext, ext, 2000 + pg_temp.r('fs' || f, 5000000), CASE ext WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'pdf' THEN 'application/pdf'
    WHEN 'txt' THEN 'text/plain' ELSE 'application/octet-stream' END,
  CASE WHEN img THEN 200 + pg_temp.r('fw' || f, 3000)::int ELSE 0 END, CASE WHEN img THEN 100 + pg_temp.r('fh' || f, 2000)::int ELSE 0 END, img, NULL,
  CASE WHEN ext IN ('txt', 'pdf') THEN pg_temp.words('fct' || f, 20) ELSE '' END, NULL
FROM generate_series(1, 1350) f
LEFT JOIN ps ON f <= 1250 AND ps.n = f * 8 AND ps.n % 29 <> 0
LEFT JOIN ch ON ch.c = ps.c
CROSS JOIN LATERAL (SELECT pg_temp.pick2('fe' || f, ARRAY['png','jpg','pdf','txt','zip','log']) AS ext, pg_temp.pick('fn' || f, ARRAY['screenshot','image',
  'report','notes','diagram','export','invoice','build']) || '-' || f AS nm) e
CROSS JOIN LATERAL (SELECT ext IN ('png', 'jpg') AS img, coalesce(ps.createat, 1609459200000 + f::bigint * 40000000) AS ft) i
JOIN us ON us.u = coalesce(ps.author, pg_temp.skew2('fu' || f, 2000))
WHERE f > 1250 OR ps.n IS NOT NULL
ORDER BY f;

-- Threads: one per root post with replies, and who follows it.
INSERT INTO threads (postid, replycount, lastreplyat, participants, channelid)
SELECT r.id, count(*), max(p.createat), jsonb_agg(DISTINCT p.userid), r.channelid
FROM posts p JOIN posts r ON r.id = p.rootid
GROUP BY r.id, r.channelid
ORDER BY r.id;
INSERT INTO threadmemberships (postid, userid, following, lastviewed, lastupdated, unreadmentions)
SELECT DISTINCT ON (t.postid, x.userid) t.postid, x.userid, pg_temp.r('tf' || t.postid || x.userid, 12) <> 0,
  t.lastreplyat - pg_temp.r('tv' || t.postid || x.userid, 3) * 3600000, t.lastreplyat, pg_temp.r('tu' || t.postid || x.userid, 10) / 8
FROM threads t
JOIN (SELECT id AS postid, userid FROM posts UNION ALL SELECT rootid, userid FROM posts WHERE rootid <> '') x ON x.postid = t.postid
ORDER BY t.postid, x.userid;

-- Preferences: display settings, tutorial progress, shown direct channels, flagged posts.
INSERT INTO preferences (userid, category, name, value)
SELECT DISTINCT ON (us.id, cat, nm) us.id, cat, nm, val FROM (
  SELECT u, 'tutorial_step' AS cat, us.id AS nm, '999' AS val FROM us WHERE u <= 2000 AND u % 2 = 0
  UNION ALL SELECT u, 'display_settings', 'use_military_time', CASE WHEN u % 3 = 0 THEN 'true' ELSE 'false' END FROM us WHERE u <= 2000 AND u % 4 = 1
  UNION ALL SELECT u, 'display_settings', 'name_format', 'full_name' FROM us WHERE u <= 2000 AND u % 6 = 1
  UNION ALL SELECT u, 'theme', '', '{"type":"Onyx"}' FROM us WHERE u <= 2000 AND u % 5 = 2
  UNION ALL SELECT ch.u1, 'direct_channel_show', (SELECT id FROM us WHERE u = ch.u2), 'true' FROM ch WHERE type = 'D'
  UNION ALL SELECT ch.u2, 'direct_channel_show', (SELECT id FROM us WHERE u = ch.u1), 'true' FROM ch WHERE type = 'D'
  UNION ALL SELECT pg_temp.skew2('fpu' || k, 2000), 'flagged_post', (SELECT id FROM ps WHERE n = 1 + (k * 7919) % 10000), 'true' FROM generate_series(1, 600) k
  UNION ALL SELECT u, 'recommended_next_steps', 'hide', 'true' FROM us WHERE u <= 2000 AND u % 7 = 3) x
JOIN us USING (u)
ORDER BY us.id, cat, nm;

-- Sessions: web, desktop and mobile logins of active people (mobile ones carry a device id).
INSERT INTO sessions (id, token, createat, expiresat, lastactivityat, userid, deviceid, roles, isoauth, props, expirednotify)
SELECT pg_temp.mmid('sess' || s), pg_temp.mmid('tok' || s), t, t + 30 * 86400000::bigint, t + pg_temp.r('sl' || s, 30 * 86400) * 1000, us.id,
  CASE WHEN pl = 'mobile' THEN pg_temp.pick('sd' || s, ARRAY['android_rn-v2:', 'apple_rn-v2:']) || md5('dev' || s) ELSE '' END,
  'system_user', false, jsonb_build_object('platform', pl, 'os', CASE pl WHEN 'mobile' THEN 'Android' ELSE 'Linux' END, 'csrf', md5('csrf' || s)), false
FROM generate_series(1, 2500) s
CROSS JOIN LATERAL (SELECT pg_temp.skew2('su' || s, 2000) AS u, 1700000000000 + s::bigint * 12000000 AS t,
  pg_temp.pick2('sp' || s, ARRAY['web','desktop','mobile']) AS pl) a
JOIN us USING (u)
ORDER BY s;

INSERT INTO status (userid, status, manual, lastactivityat, dndendtime, prevstatus)
SELECT id, st, st = 'dnd' OR u % 17 = 0, 1735689600000 + pg_temp.r('sa' || u, 30 * 86400) * 1000, 0, CASE WHEN st = 'dnd' THEN 'online' ELSE '' END
FROM us CROSS JOIN LATERAL (SELECT pg_temp.pick2('ss' || u, ARRAY['offline','online','away','dnd']) AS st) s
ORDER BY u;

-- Sidebar categories: favourites, channels and direct messages per person and team for those
-- who opened the new sidebar, and some custom categories.
INSERT INTO sidebarcategories (id, userid, teamid, sortorder, sorting, type, displayname, muted, collapsed)
SELECT CASE WHEN k <= 3 THEN (ARRAY['favorites','channels','direct_messages'])[k] || '_' || us.id || '_' || tm.id ELSE 'custom_' || pg_temp.mmid('cat' || tmem.t || '-' || tmem.u) END,
  us.id, tm.id, k * 10 - 10, CASE WHEN k = 3 THEN 'recent' WHEN k = 4 THEN 'alpha' ELSE '' END,
  (ARRAY['favorites','channels','direct_messages','custom'])[k], (ARRAY['Favorites','Channels','Direct Messages', pg_temp.pick('cc' || tmem.u, ARRAY['Projects','Team','Later','Alerts'])])[k],
  false, k = 4 AND tmem.u % 2 = 0
FROM tmem JOIN us USING (u) JOIN tm USING (t) CROSS JOIN generate_series(1, 4) k
WHERE tmem.u <= 2000 AND tmem.u % 3 = 1 AND (k <= 3 OR tmem.u % 10 = 1)
ORDER BY tmem.t, tmem.u, k;

-- Personal access tokens of bots and integrations.
INSERT INTO useraccesstokens (id, token, userid, description, isactive)
SELECT pg_temp.mmid('pat' || k), pg_temp.mmid('patt' || k), us.id, pg_temp.pick('pd' || k, ARRAY['CI pipeline','Jira sync','backup script','dashboard','alerting']), k % 9 <> 0
FROM generate_series(1, 60) k JOIN us ON us.u = CASE WHEN k <= 40 THEN 2000 + k ELSE 1 + (k * 37) % 2000 END
ORDER BY k;

-- Custom emoji; deleted ones keep their row, and a name deleted once may be used again.
INSERT INTO emoji (id, createat, updateat, deleteat, creatorid, name)
SELECT pg_temp.mmid('emoji' || e), t, t, CASE WHEN e <= 10 THEN t + 86400000 ELSE 0 END, us.id,
  CASE WHEN e <= 10 THEN (ARRAY['party-parrot','ship-it','lgtm','facepalm','coffee','blob-wave','this-is-fine','rip','thinking-face2','100-percent'])[e]
    WHEN e <= 20 THEN (ARRAY['party-parrot','ship-it','lgtm','facepalm','coffee','blob-wave','this-is-fine','rip','thinking-face2','100-percent'])[e - 10]
    ELSE pg_temp.pick('en' || e, ARRAY['blob','cat','doge','meow','team','kube','rust','go','pg','ok']) || '-' || e END
FROM generate_series(1, 120) e
CROSS JOIN LATERAL (SELECT 1577836800000 + e::bigint * 86400000 * 5 AS t) a
JOIN us ON us.u = 1 + pg_temp.skew2('ec' || e, 2000) - 1
ORDER BY e;

DROP TABLE tm, us, tmem, ch, cmem, chn, ps, pr;
DROP FUNCTION pg_temp.mmid(text);
