-- Deterministic data for the Synapse cut: a homeserver, blind.example, with 1,000 local
-- users (820 people, 130 users of a Discord bridge, 50 guests) federating with 700 remote
-- users on other servers, 400 rooms (one community room of 250 members, a long tail of
-- direct messages), their state and membership events, 2,500 messages with reactions,
-- edits, thread replies and redactions, read receipts, account data, tags, push rules,
-- pushers and notifications, and the uploaded media with their thumbnails. Times are
-- Unix milliseconds (users.creation_ts seconds) as Synapse stores them. Synapse keeps no
-- serial columns: stream positions and ids come from its own id generators, here the
-- row number in time order, and the sequences are set past them as Synapse leaves them.

-- People: local users first (pid 1..1000), then remote users (1001..1700).
CREATE TEMP TABLE pp AS
SELECT pid, lp, '@' || lp || ':' || srv AS mxid, srv = 'blind.example' AS local, kind, dn FROM (
  SELECT u AS pid, CASE WHEN u <= 820 THEN lower(fn) || '.' || lower(ln) ||
      CASE WHEN row_number() OVER (PARTITION BY lower(fn), lower(ln) ORDER BY u) > 1 THEN (row_number() OVER (PARTITION BY lower(fn), lower(ln) ORDER BY u))::text ELSE '' END
    WHEN u <= 950 THEN '_discord_' || (100000000000000000 + pg_temp.hn('dc' || u) % 800000000000000000)::text
    ELSE (u - 950)::text END AS lp,
    'blind.example' AS srv, CASE WHEN u <= 820 THEN 'user' WHEN u <= 950 THEN 'bridge' ELSE 'guest' END AS kind,
    CASE WHEN u <= 820 THEN fn || ' ' || ln WHEN u <= 950 THEN fn || ' (Discord)' END AS dn
  FROM generate_series(1, 1000) u
  CROSS JOIN LATERAL (SELECT pg_temp.first_name('pf' || u) AS fn, pg_temp.last_name('pl' || u) AS ln) x
  UNION ALL
  SELECT 1000 + r, lower(pg_temp.first_name('rf' || r)) || r, pg_temp.pick2('rs' || r, ARRAY['matrix.org','mozilla.org','kde.org','gnome.org',
    'fosdem.org','tchncs.de','envs.net','nheko.im']), 'remote', pg_temp.first_name('rf' || r)
  FROM generate_series(1, 700) r) x;
CREATE UNIQUE INDEX ON pp (pid);
CREATE UNIQUE INDEX ON pp (mxid);

-- Rooms: 60 % created here, the rest joined over federation; room k has 2 + 250 / k
-- members, so rooms beyond 250 are direct messages.
CREATE TEMP TABLE rm AS
SELECT k, '!' || translate(substr(md5('room' || k), 1, 18), '0123456789', 'QRSTUVWXYZ') || ':' || srv AS room_id, srv, creator,
  1672531200000 + pg_temp.r('rt' || k, 500::bigint * 86400000) AS t0, 2 + 250 / k AS size
FROM generate_series(1, 400) k
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('rl' || k, 10) < 6 THEN 'blind.example' ELSE pg_temp.pick2('rsv' || k, ARRAY['matrix.org','mozilla.org',
  'kde.org','gnome.org','fosdem.org','tchncs.de']) END AS srv) s
CROSS JOIN LATERAL (SELECT CASE WHEN srv = 'blind.example' THEN pg_temp.skew2('rc' || k, 820) ELSE 1000 + 1 + pg_temp.r('rcr' || k, 700) END AS creator) c;

-- Members: the creator first, then people drawn with a skew (active local users are in many
-- rooms); a few left, were invited or were banned.
CREATE TEMP TABLE mem AS
SELECT k, pid, i, CASE WHEN i = 1 THEN 'join' WHEN pg_temp.r('ms' || k || '-' || pid, 100) < 6 THEN 'leave'
    WHEN pg_temp.r('ms' || k || '-' || pid, 100) < 8 THEN 'invite' WHEN pg_temp.r('ms' || k || '-' || pid, 100) < 9 THEN 'ban' ELSE 'join' END AS membership,
  rm.t0 + CASE WHEN i = 1 THEN 500 ELSE 10000 + pg_temp.r('mj' || k || '-' || pid, 200::bigint * 86400000) END AS ts
FROM (SELECT DISTINCT ON (k, pid) k, pid, i FROM (
  SELECT rm.k, CASE WHEN i = 1 THEN rm.creator ELSE pg_temp.skew2('mp' || rm.k || '-' || i, 1700) END AS pid, i
  FROM rm CROSS JOIN LATERAL generate_series(1, rm.size) i) a ORDER BY k, pid, i) m
JOIN rm USING (k);
CREATE TEMP TABLE joined AS
SELECT k, pid, row_number() OVER (PARTITION BY k ORDER BY pid) AS j, count(*) OVER (PARTITION BY k) AS n FROM mem WHERE membership = 'join';
CREATE UNIQUE INDEX ON joined (k, j);
ANALYZE pp, rm, mem, joined;

-- Events: room state first, then one membership event per member, then messages, reactions,
-- edits, thread replies and redactions. kind orders events of the same millisecond.
CREATE TEMP TABLE ev0 (k int, ts bigint, type text, state_key text, sender int, content text, kind int, tag text, rel_to text, rel_type text, agg text);
INSERT INTO ev0
SELECT rm.k, rm.t0 + s.o, s.type, '', rm.creator, s.content, least(s.o, 6001)::int, s.type || s.o, NULL, NULL, NULL
FROM rm CROSS JOIN LATERAL (VALUES (0, 'm.room.create', '{"room_version":"10","creator":"' || (SELECT mxid FROM pp WHERE pid = rm.creator) || '"}'),
  (1000, 'm.room.power_levels', '{"users":{"' || (SELECT mxid FROM pp WHERE pid = rm.creator) || '":100},"users_default":0,"events_default":0}'),
  (2000, 'm.room.join_rules', CASE WHEN rm.k % 5 = 0 THEN '{"join_rule":"public"}' ELSE '{"join_rule":"invite"}' END),
  (3000, 'm.room.history_visibility', '{"history_visibility":"shared"}'),
  (4000, 'm.room.name', '{"name":"' || initcap(pg_temp.words('rn' || rm.k, 3)) || '"}'),
  (5000, 'm.room.topic', '{"topic":"' || pg_temp.words('rtp' || rm.k, 10) || '"}'),
  (6000, 'm.room.canonical_alias', '{"alias":"#' || replace(pg_temp.words('ra' || rm.k, 2), ' ', '-') || '-' || rm.k || ':blind.example"}'),
  (86400000 * (20 + pg_temp.r('rt2' || rm.k, 200)), 'm.room.topic', '{"topic":"' || pg_temp.words('rtq' || rm.k, 10) || '"}')) s(o, type, content)
WHERE (s.type IN ('m.room.create', 'm.room.power_levels', 'm.room.join_rules', 'm.room.history_visibility'))
   OR (s.type = 'm.room.name' AND rm.k <= 250)
   OR (s.type = 'm.room.topic' AND s.o = 5000 AND rm.k <= 250 AND rm.k % 3 = 0)
   OR (s.type = 'm.room.topic' AND s.o > 6000 AND rm.k <= 250 AND rm.k % 9 = 0)
   OR (s.type = 'm.room.canonical_alias' AND rm.k <= 150);
INSERT INTO ev0
SELECT m.k, m.ts, 'm.room.member', p.mxid, CASE WHEN m.membership IN ('invite', 'ban') THEN rm.creator ELSE m.pid END,
  '{"membership":"' || m.membership || '"' || CASE WHEN p.dn IS NOT NULL AND m.membership = 'join' THEN ',"displayname":"' || p.dn || '"' ELSE '' END || '}',
  7, 'member' || m.pid, NULL, NULL, m.membership
FROM mem m JOIN pp p USING (pid) JOIN rm USING (k);
-- Messages: most in the big rooms; the sender is a joined member.
INSERT INTO ev0
SELECT rm.k, rm.t0 + 20000 + pg_temp.r('mt' || m, 300::bigint * 86400000), 'm.room.message', NULL, j.pid,
  CASE WHEN pg_temp.r('mu' || m, 12) = 0 THEN '{"msgtype":"m.image","body":"image.png","url":"mxc://blind.example/' || substr(md5('mxc' || m), 1, 24) || '"}'
    ELSE '{"msgtype":"m.text","body":"' || pg_temp.words('mb' || m, 12) || '"}' END, 8, 'msg' || m, NULL, NULL, NULL
FROM generate_series(1, 2500) m
JOIN rm ON rm.k = pg_temp.skew('mr' || m, 400)
JOIN joined j ON j.k = rm.k AND j.j = 1 + pg_temp.r('msd' || m, (SELECT max(jj.n) FROM joined jj WHERE jj.k = rm.k));
CREATE TEMP TABLE msg AS SELECT row_number() OVER (ORDER BY ts, tag) AS q, * FROM ev0 WHERE type = 'm.room.message';
-- Reactions (70 %), edits and thread replies relate to a message of the same room, shortly after it.
INSERT INTO ev0
SELECT g.k, g.ts + 1000 + pg_temp.r('rlt' || rn.n, 2 * 86400000::bigint), CASE WHEN rn.n % 20 < 14 THEN 'm.reaction' ELSE 'm.room.message' END, NULL,
  CASE WHEN rn.n % 20 BETWEEN 14 AND 16 THEN g.sender ELSE j.pid END,
  CASE WHEN rn.n % 20 < 14 THEN '{}' ELSE '{"msgtype":"m.text","body":"' || pg_temp.words('rlb' || rn.n, 8) || '"}' END, 9, 'rel' || rn.n,
  g.tag, CASE WHEN rn.n % 20 < 14 THEN 'm.annotation' WHEN rn.n % 20 < 17 THEN 'm.replace' ELSE 'm.thread' END,
  CASE WHEN rn.n % 20 < 14 THEN pg_temp.pick2('emo' || rn.n, ARRAY['👍','❤️','😂','🎉','👀','🙏']) END
FROM generate_series(1, 700) rn(n)
JOIN msg g ON g.q = 1 + (pg_temp.skew('rlm' || rn.n, 2500) * 1013) % 2500
JOIN joined j ON j.k = g.k AND j.j = 1 + pg_temp.r('rls' || rn.n, (SELECT max(jj.n) FROM joined jj WHERE jj.k = g.k));
-- Redactions: a sender removes a message of theirs.
INSERT INTO ev0
SELECT g.k, g.ts + 500 + pg_temp.r('rdt' || n, 86400000), 'm.room.redaction', NULL, g.sender, '{"reason":""}', 10, 'red' || n, g.tag, NULL, NULL
FROM generate_series(1, 120) n
JOIN msg g ON g.q = 1 + (n * 20);

-- Order: the stream ordering over the server, the depth within the room.
CREATE TEMP TABLE ev AS
SELECT e.*, row_number() OVER (ORDER BY e.ts, e.k, e.kind, e.tag) AS so, row_number() OVER (PARTITION BY e.k ORDER BY e.ts, e.kind, e.tag) AS depth,
  '$' || rtrim(translate(encode(decode(md5('ev' || e.k || e.tag) || md5('ev2' || e.k || e.tag), 'hex'), 'base64'), '+/', '-_'), '=') AS event_id,
  rm.room_id, p.mxid AS sender_id, p.local AS sender_local
FROM ev0 e JOIN rm USING (k) JOIN pp p ON p.pid = e.sender;
CREATE INDEX ON ev (k, tag);
CREATE INDEX ON ev (k, depth);
ANALYZE ev, msg;

INSERT INTO rooms (room_id, is_public, creator, room_version, has_auth_chain_index)
SELECT room_id, k % 5 = 0, CASE WHEN k % 41 = 0 THEN NULL ELSE (SELECT mxid FROM pp WHERE pid = creator) END,
  CASE WHEN t0 < 1672531200000 + 120::bigint * 86400000 THEN pg_temp.pick('rv' || k, ARRAY['6','9','9','10']) ELSE '10' END, k % 17 <> 0
FROM rm ORDER BY k;

INSERT INTO events (topological_ordering, event_id, type, room_id, content, unrecognized_keys, processed, outlier, depth, origin_server_ts, received_ts,
  sender, contains_url, instance_name, stream_ordering, state_key, rejection_reason)
SELECT depth, event_id, type, room_id, NULL, NULL, true, false, depth, ts, ts + CASE WHEN sender_local THEN 3 ELSE 150 + pg_temp.r('rcv' || so, 4000) END,
  sender_id, content LIKE '%"url":"mxc:%', CASE WHEN so % 4 = 0 THEN 'event_persister1' ELSE 'master' END, so, state_key, NULL
FROM ev ORDER BY so;
SELECT setval('events_stream_seq', (SELECT max(so) FROM ev));

INSERT INTO event_json (event_id, room_id, internal_metadata, json, format_version)
SELECT e.event_id, e.room_id, CASE WHEN e.sender_local THEN '{"token_id":' || (1 + pg_temp.r('tok' || e.so, 1500)) || ',"txn_id":"m' || e.ts || '.' || e.so % 7 || '"}' ELSE '{}' END,
  '{"auth_events":[],"prev_events":[' || coalesce('"' || p.event_id || '"', '') || '],"type":"' || e.type || '","room_id":"' || e.room_id ||
  '","sender":"' || e.sender_id || '","content":' ||
  CASE WHEN e.rel_type IS NOT NULL THEN rtrim(e.content, '}') || CASE WHEN e.content = '{}' THEN '' ELSE ',' END || '"m.relates_to":{"rel_type":"' || e.rel_type ||
    '","event_id":"' || t.event_id || '"' || coalesce(',"key":"' || e.agg || '"', '') || '}}' ELSE e.content END ||
  coalesce(',"state_key":"' || e.state_key || '"', '') || CASE WHEN e.type = 'm.room.redaction' THEN ',"redacts":"' || t.event_id || '"' ELSE '' END ||
  ',"depth":' || e.depth || ',"origin_server_ts":' || e.ts || ',"hashes":{"sha256":"' || rtrim(encode(decode(md5('h' || e.so) || md5('i' || e.so), 'hex'), 'base64'), '=') ||
  '"},"signatures":{}}', 3
FROM ev e
LEFT JOIN ev p ON p.k = e.k AND p.depth = e.depth - 1
LEFT JOIN ev t ON t.k = e.k AND t.tag = e.rel_to
ORDER BY e.so;

-- The event graph: each event's predecessor in its room; in a tenth of the rooms, a
-- federation fork joins two predecessors.
INSERT INTO event_edges (event_id, prev_event_id, room_id, is_state)
SELECT e.event_id, p.event_id, e.room_id, false
FROM ev e JOIN ev p ON p.k = e.k AND (p.depth = e.depth - 1 OR (e.k % 10 = 3 AND e.depth % 25 = 0 AND p.depth = e.depth - 2))
ORDER BY e.so, p.depth;

-- Forward extremities: the latest event of every room, and the one before it where a
-- fork is still open.
INSERT INTO event_forward_extremities (event_id, room_id)
SELECT e.event_id, e.room_id
FROM ev e JOIN (SELECT k, max(depth) AS d FROM ev GROUP BY k) m ON m.k = e.k AND (e.depth = m.d OR (e.k % 10 = 3 AND e.depth = m.d - 1))
ORDER BY e.so;

INSERT INTO state_events (event_id, room_id, type, state_key, prev_state)
SELECT e.event_id, e.room_id, e.type, e.state_key, NULL
FROM ev e WHERE e.state_key IS NOT NULL ORDER BY e.so;

INSERT INTO current_state_events (event_id, room_id, type, state_key, membership)
SELECT DISTINCT ON (e.k, e.type, e.state_key) e.event_id, e.room_id, e.type, e.state_key, CASE WHEN e.type = 'm.room.member' THEN e.agg END
FROM ev e WHERE e.state_key IS NOT NULL ORDER BY e.k, e.type, e.state_key, e.depth DESC;

INSERT INTO room_memberships (event_id, user_id, sender, room_id, membership, forgotten, display_name, avatar_url)
SELECT e.event_id, e.state_key, e.sender_id, e.room_id, e.agg, CASE WHEN e.agg = 'leave' AND e.so % 3 = 0 THEN 1 ELSE 0 END,
  CASE WHEN e.agg = 'join' THEN p.dn END, CASE WHEN e.agg = 'join' AND p.pid % 2 = 0 THEN 'mxc://' || split_part(p.mxid, ':', 2) || '/' || substr(md5('av' || p.pid), 1, 24) END
FROM ev e JOIN pp p ON p.mxid = e.state_key
WHERE e.type = 'm.room.member' ORDER BY e.so;

INSERT INTO local_current_membership (room_id, user_id, event_id, membership)
SELECT e.room_id, e.state_key, e.event_id, e.agg
FROM ev e JOIN pp p ON p.mxid = e.state_key
WHERE e.type = 'm.room.member' AND p.local ORDER BY e.so;

INSERT INTO event_relations (event_id, relates_to_id, relation_type, aggregation_key)
SELECT e.event_id, t.event_id, e.rel_type, e.agg
FROM ev e JOIN ev t ON t.k = e.k AND t.tag = e.rel_to
WHERE e.rel_type IS NOT NULL ORDER BY e.so;

INSERT INTO redactions (event_id, redacts, have_censored, received_ts)
SELECT e.event_id, t.event_id, e.ts < 1672531200000 + 600::bigint * 86400000, e.ts + 20
FROM ev e JOIN ev t ON t.k = e.k AND t.tag = e.rel_to
WHERE e.type = 'm.room.redaction' ORDER BY e.so;

-- Users: 820 people (three admins, a support account, a few bots, some deactivated), the
-- Discord bridge's users (appservice, no password) and guests (numeric localparts from
-- user_id_seq, as Synapse makes them).
INSERT INTO users (name, password_hash, creation_ts, admin, upgrade_ts, is_guest, appservice_id, consent_version, consent_server_notice_sent, user_type,
  deactivated, shadow_banned, consent_ts)
SELECT mxid, CASE WHEN kind = 'user' AND pid % 11 <> 0 THEN '$2b$12$' || md5('pw' || pid) || substr(md5('pw2' || pid), 1, 21) END,
  1640995200 + pid * 50000 + pg_temp.r('ct' || pid, 40000), (pid IN (1, 2, 3))::int, NULL, (kind = 'guest')::int,
  CASE WHEN kind = 'bridge' THEN 'discord' END, CASE WHEN kind = 'user' THEN '1.0' END, CASE WHEN kind = 'user' THEN '1.0' END,
  CASE WHEN pid = 4 THEN 'support' WHEN kind = 'user' AND pid % 97 = 0 THEN 'bot' END, (kind = 'user' AND pid % 31 = 0)::int,
  CASE WHEN pid % 50 = 0 THEN false END, CASE WHEN kind = 'user' THEN (1640995200 + pid * 50000 + 600) * 1000::bigint END
FROM pp WHERE local ORDER BY pid;
SELECT setval('user_id_seq', 50);

-- Profiles: keyed by the localpart in this schema version.
INSERT INTO profiles (user_id, displayname, avatar_url)
SELECT lp, dn, CASE WHEN pid % 2 = 0 AND kind <> 'guest' THEN 'mxc://blind.example/' || substr(md5('av' || pid), 1, 24) END
FROM pp WHERE local ORDER BY pid;

-- Access tokens and devices: people log in from one to four clients (active users more);
-- guests have one; a few admin-API puppet tokens have no device.
CREATE TEMP TABLE tk AS
SELECT row_number() OVER (ORDER BY p.pid, i) AS id, p.pid, p.mxid, p.lp, i,
  CASE WHEN i = 9 THEN NULL ELSE upper(translate(substr(md5('dev' || p.pid || '-' || i), 1, 10), '0123456789', 'GHIJKLMNOP')) END AS device_id,
  1672531200000 + pg_temp.r('tl' || p.pid || '-' || i, 700::bigint * 86400000) AS t
FROM pp p CROSS JOIN LATERAL (SELECT i FROM generate_series(1, CASE WHEN p.kind = 'guest' THEN 1 WHEN p.pid <= 80 THEN 4 ELSE 1 + pg_temp.r('nt' || p.pid, 3)::int END) i
  UNION ALL SELECT 9 WHERE p.kind = 'user' AND p.pid % 45 = 0) x
WHERE p.local AND p.kind <> 'bridge' AND NOT (p.kind = 'user' AND p.pid % 31 = 0);
INSERT INTO access_tokens (id, user_id, device_id, token, valid_until_ms, puppets_user_id, last_validated, refresh_token_id, used)
SELECT id, mxid, device_id,
  'syt_' || rtrim(encode(convert_to(lp, 'UTF8'), 'base64'), '=') || '_' || translate(substr(md5('tok' || id) || md5('tok2' || id), 1, 20), '0123456789', 'abcdefghij') || '_' || substr(md5('tc' || id), 1, 6),
  CASE WHEN id % 23 = 0 THEN t + 30 * 86400000::bigint END, CASE WHEN i = 9 THEN (SELECT mxid FROM pp WHERE pid = 1) END, t + pg_temp.r('lv' || id, 30::bigint * 86400000), NULL, NULL
FROM tk ORDER BY id;
INSERT INTO devices (user_id, device_id, display_name, last_seen, ip, user_agent, hidden)
SELECT mxid, device_id, CASE WHEN pg_temp.r('dn' || id, 8) = 0 THEN NULL ELSE pg_temp.pick2('dd' || id, ARRAY['Element Android','Element iOS','Element Desktop',
  'app.element.io: Firefox on Linux','FluffyChat','Nheko','Cinny']) END,
  t + pg_temp.r('ls' || id, 30::bigint * 86400000), '10.' || pg_temp.r('ip1' || id, 256) || '.' || pg_temp.r('ip2' || id, 256) || '.' || pg_temp.r('ip3' || id, 256),
  pg_temp.pick2('ua' || id, ARRAY['Element/1.11 (Android 14)','Element/1.11 (iPhone; iOS 17)','Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0','Element/1.11 Electron']), false
FROM tk WHERE device_id IS NOT NULL
UNION ALL
-- Cross-signing keys are stored as hidden devices named after the public key.
SELECT mxid, rtrim(encode(decode(md5('xs' || pid) || md5('xs2' || pid), 'hex'), 'base64'), '='), NULL, NULL, NULL, NULL, true
FROM pp WHERE local AND kind = 'user' AND pid % 4 = 0
ORDER BY 1, 2;

-- Client IPs: each token seen from one to three addresses.
INSERT INTO user_ips (user_id, access_token, device_id, ip, user_agent, last_seen)
SELECT a.user_id, a.token, a.device_id, '10.' || pg_temp.r('ia' || a.id || '-' || n, 256) || '.' || pg_temp.r('ib' || a.id || '-' || n, 256) || '.' || pg_temp.r('ic' || a.id || '-' || n, 256),
  pg_temp.pick2('iu' || a.id, ARRAY['Element/1.11 (Android 14)','Element/1.11 (iPhone; iOS 17)','Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0','Element/1.11 Electron','']),
  a.last_validated - n * 3600000
FROM access_tokens a CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('ni' || a.id, 5)::int / 3) n
ORDER BY a.id, n;

-- Third-party ids: e-mail for most people, a phone number for a tenth.
INSERT INTO user_threepids (user_id, medium, address, validated_at, added_at)
SELECT mxid, 'email', lp || '@' || pg_temp.pick2('te' || pid, ARRAY['gmail.com','blind-corp.example','proton.me','outlook.com']), t + 60000, t
FROM pp CROSS JOIN LATERAL (SELECT (1640995200 + pid * 50000)::bigint * 1000 + 900000 AS t) x
WHERE local AND kind = 'user' AND pid % 7 <> 0
UNION ALL
SELECT mxid, 'msisdn', '447' || lpad((pg_temp.hn('ph' || pid) % 1000000000)::text, 9, '0'), t + 120000, t
FROM pp CROSS JOIN LATERAL (SELECT (1640995200 + pid * 50000)::bigint * 1000 + 950000 AS t) x
WHERE local AND kind = 'user' AND pid % 10 = 1
ORDER BY 1, 2;

-- Room aliases: the canonical aliases of the named rooms, created here.
INSERT INTO room_aliases (room_alias, room_id, creator)
SELECT substring(e.content FROM '"alias":"([^"]+)"'), e.room_id, CASE WHEN e.k % 13 = 0 THEN NULL ELSE e.sender_id END
FROM ev e WHERE e.type = 'm.room.canonical_alias' ORDER BY e.so;

-- Read receipts: most members of a room have read up to some event of it; private read
-- receipts for a few. One receipt per (room, type, user), as the unique constraint says.
INSERT INTO receipts_linearized (stream_id, room_id, receipt_type, user_id, event_id, data, instance_name, event_stream_ordering, thread_id)
SELECT row_number() OVER (ORDER BY e.ts, e.so, x.rt, p.pid), rm.room_id, x.rt, p.mxid, e.event_id, '{"ts":' || (e.ts + 5000) || '}', 'master', e.so, NULL
FROM joined j JOIN rm USING (k) JOIN pp p USING (pid)
CROSS JOIN LATERAL (SELECT max(depth) AS d FROM ev WHERE ev.k = j.k) m
JOIN ev e ON e.k = j.k AND e.depth = greatest(1, m.d - pg_temp.r('rd' || j.k || '-' || j.pid, 40)::int)
CROSS JOIN LATERAL (SELECT 'm.read' AS rt UNION ALL SELECT 'm.read.private' WHERE j.pid % 9 = 0) x
WHERE pg_temp.r('rr' || j.k || '-' || j.pid, 10) < 7;
SELECT setval('receipts_sequence', (SELECT max(stream_id) FROM receipts_linearized));

-- Global account data: the types clients write, not every user has each.
INSERT INTO account_data (user_id, account_data_type, stream_id, content, instance_name)
SELECT p.mxid, t, row_number() OVER (ORDER BY p.pid, t), '{"v":"' || md5('ad' || p.pid || t) || '"}', 'master'
FROM pp p CROSS JOIN unnest(ARRAY['m.direct','im.vector.setting.breadcrumbs','m.identity_server','im.vector.analytics','m.secret_storage.default_key',
  'm.cross_signing.master','io.element.recent_emoji','m.push_rules.legacy']) WITH ORDINALITY a(t, o)
WHERE p.local AND p.kind = 'user' AND pg_temp.r('ad' || p.pid || t, 10) < 6 - o::int * 2 / 3;

-- Room account data: where each user has read up to, and a few client settings.
INSERT INTO room_account_data (user_id, room_id, account_data_type, stream_id, content, instance_name)
SELECT p.mxid, rm.room_id, t, (SELECT max(stream_id) FROM account_data) + row_number() OVER (ORDER BY p.pid, rm.k, t), '{"event_id":"' || md5('fr' || p.pid || rm.k) || '"}', 'master'
FROM joined j JOIN pp p USING (pid) JOIN rm USING (k)
CROSS JOIN LATERAL (SELECT 'm.fully_read' AS t UNION ALL SELECT 'im.vector.web.settings' WHERE j.pid % 6 = 0) x
WHERE p.local AND p.kind = 'user' AND pg_temp.r('fr' || j.k || '-' || j.pid, 10) < 4;
SELECT setval('account_data_sequence', (SELECT max(stream_id) FROM room_account_data));

-- Room tags: favourites, low priority and a custom tag.
INSERT INTO room_tags (user_id, room_id, tag, content)
SELECT p.mxid, rm.room_id, t, '{"order":0.' || pg_temp.r('to' || j.k || j.pid, 1000) || '}'
FROM joined j JOIN pp p USING (pid) JOIN rm USING (k)
CROSS JOIN LATERAL (SELECT pg_temp.pick2('tg' || j.k || '-' || j.pid, ARRAY['m.favourite','m.lowpriority','u.work']) AS t
  UNION SELECT 'm.favourite' WHERE j.k <= 3) x
WHERE p.local AND p.kind = 'user' AND pg_temp.r('tr' || j.k || '-' || j.pid, 10) < 3;

-- Push rules: users' own rules (muted rooms, keywords, people); ids from Synapse's id generator.
INSERT INTO push_rules (id, user_name, rule_id, priority_class, priority, conditions, actions)
SELECT row_number() OVER (ORDER BY p.pid, x.rule_id), p.mxid, x.rule_id, x.pc, row_number() OVER (PARTITION BY p.pid, x.pc ORDER BY x.rule_id) - 1, x.cond, x.act
FROM pp p CROSS JOIN LATERAL (
  SELECT DISTINCT ON (rule_id) * FROM (
    SELECT 'global/room/' || rm.room_id AS rule_id, 3 AS pc, '[{"kind":"event_match","key":"room_id","pattern":"' || rm.room_id || '"}]' AS cond, '["dont_notify"]' AS act
    FROM generate_series(1, pg_temp.r('npr' || p.pid, 3)::int - 1) i JOIN rm ON rm.k = pg_temp.skew2('prm' || p.pid || '-' || i, 400)
    UNION ALL
    SELECT 'global/content/' || pg_temp.pick('kw' || p.pid || '-' || i, ARRAY['deploy','outage','lunch','release','invoice']), 4,
      '[]', '["notify",{"set_tweak":"highlight"}]'
    FROM generate_series(1, pg_temp.r('nkw' || p.pid, 4)::int - 2) i) y ORDER BY rule_id) x
WHERE p.local AND p.kind = 'user';

-- Pushers: the mobile apps' push gateway registrations and e-mail notifications.
INSERT INTO pushers (id, user_name, access_token, profile_tag, kind, app_id, app_display_name, device_display_name, pushkey, ts, lang, data,
  last_stream_ordering, last_success, failing_since)
SELECT row_number() OVER (ORDER BY a.id, x.kind), a.user_id, CASE WHEN x.kind = 'http' THEN a.id END, '', x.kind, x.app_id, x.app_name,
  coalesce(d.display_name, 'Unknown device'), x.pushkey, a.last_validated - 86400000, 'en',
  CASE WHEN x.kind = 'http' THEN '{"url":"https://matrix.org/_matrix/push/v1/notify","format":"event_id_only"}' ELSE '{"brand":"Element"}' END,
  (SELECT max(so) FROM ev) - pg_temp.r('pls' || a.id, 500), a.last_validated, CASE WHEN a.id % 37 = 0 THEN a.last_validated + 3600000 END
FROM access_tokens a JOIN devices d ON d.user_id = a.user_id AND d.device_id = a.device_id
CROSS JOIN LATERAL (
  SELECT 'http' AS kind, CASE WHEN d.display_name LIKE '%iOS' THEN 'im.vector.app.ios.prod' ELSE 'im.vector.app.android' END AS app_id,
    CASE WHEN d.display_name LIKE '%iOS' THEN 'Element iOS' ELSE 'Element Android' END AS app_name,
    rtrim(encode(decode(md5('pk' || a.id) || md5('pk2' || a.id) || md5('pk3' || a.id), 'hex'), 'base64'), '=') AS pushkey
  WHERE d.display_name IN ('Element Android', 'Element iOS')
  UNION ALL
  SELECT 'email', 'm.email', 'Email Notifications', t.address
  FROM user_threepids t WHERE t.user_id = a.user_id AND t.medium = 'email' AND a.id % 5 = 0
    AND a.id = (SELECT min(id) FROM access_tokens WHERE user_id = a.user_id)) x
ORDER BY 1;

-- Notifications: local members (not the sender) of messages' rooms; mentions highlight.
INSERT INTO event_push_actions (room_id, event_id, user_id, profile_tag, actions, topological_ordering, stream_ordering, notif, highlight, unread, thread_id)
SELECT DISTINCT ON (e.event_id, p.mxid) e.room_id, e.event_id, p.mxid, NULL,
  CASE WHEN pn.n % 19 = 0 THEN '["notify",{"set_tweak":"sound","value":"default"},{"set_tweak":"highlight"}]' ELSE '["notify"]' END,
  e.depth, e.so, 1, (pn.n % 19 = 0)::int::smallint, 1, 'main'
FROM generate_series(1, 4000) pn(n)
JOIN msg g ON g.q = 1 + (pg_temp.skew2('pa' || pn.n, 2500) * 389) % 2500
JOIN ev e ON e.k = g.k AND e.tag = g.tag
JOIN joined j ON j.k = e.k AND j.j = 1 + pg_temp.r('pj' || pn.n, (SELECT max(jj.n) FROM joined jj WHERE jj.k = e.k))
JOIN pp p ON p.pid = j.pid AND p.local AND p.mxid <> e.sender_id
ORDER BY e.event_id, p.mxid, pn.n;

-- Local media: uploads by a few heavy users, avatars, and URL previews (no uploader).
INSERT INTO local_media_repository (media_id, media_type, media_length, created_ts, upload_name, user_id, quarantined_by, url_cache, last_access_ts,
  safe_from_quarantine)
SELECT translate(substr(md5('med' || m) || md5('med2' || m), 1, 24), '0123456789', 'ghijklmnop'), ty, 2000 + pg_temp.r('ml' || m, 4000000)::int,
  1672531200000 + m * 75000000::bigint, CASE WHEN preview THEN NULL WHEN pg_temp.r('un' || m, 6) = 0 THEN '' ELSE
    pg_temp.pick('unm' || m, ARRAY['image','photo','Screenshot','document','clip']) || '-' || m || CASE ty WHEN 'image/png' THEN '.png' WHEN 'image/jpeg' THEN '.jpg' WHEN 'video/mp4' THEN '.mp4' ELSE '.pdf' END END,
  CASE WHEN preview THEN NULL ELSE (SELECT mxid FROM pp WHERE pid = pg_temp.skew('mu' || m, 820)) END,
  CASE WHEN m % 211 = 0 THEN '@' || (SELECT lp FROM pp WHERE pid = 1) || ':blind.example' END,
  CASE WHEN preview THEN 'https://' || pg_temp.pick('uh' || m, ARRAY['github.com','youtube.com','en.wikipedia.org','news.ycombinator.com']) || '/' || m END,
  1672531200000 + m * 75000000::bigint + pg_temp.r('la' || m, 90::bigint * 86400000), m % 97 = 0
FROM generate_series(1, 800) m
CROSS JOIN LATERAL (SELECT m % 10 = 4 AS preview, pg_temp.pick2('mt' || m, ARRAY['image/png','image/jpeg','video/mp4','application/pdf']) AS ty) x
ORDER BY m;

INSERT INTO local_media_repository_thumbnails (media_id, thumbnail_width, thumbnail_height, thumbnail_type, thumbnail_method, thumbnail_length)
SELECT l.media_id, w, h, ty, meth, (w * h / 3)::int
FROM local_media_repository l
CROSS JOIN (VALUES (32, 32, 'image/png', 'crop'), (96, 96, 'image/png', 'crop'), (320, 240, 'image/jpeg', 'scale'), (640, 480, 'image/jpeg', 'scale')) t(w, h, ty, meth)
WHERE l.media_type IN ('image/png', 'image/jpeg') AND (w < 320 OR l.media_length > 100000)
ORDER BY l.media_id, w, h, ty, meth;

DROP TABLE msg, ev, ev0, tk, joined, mem, rm, pp;
