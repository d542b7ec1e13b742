-- Deterministic data for the Chatwoot cut: one hosted installation with 60 customer accounts
-- (account 1 a big e-commerce shop, a long tail of small teams), 600 agents, 200 inboxes
-- (web widgets, e-mail, API, WhatsApp), 3,000 contacts, 3,000 conversations with 12,000
-- messages, and the labels, teams, notifications, mentions, campaigns, webhooks and
-- reporting events around them. serial and bigserial ids are filled by their sequences in
-- the ORDER BY order; conversations' and campaigns' display ids by schema.rb's triggers
-- (one sequence per account); every other value is a function of the row number.

INSERT INTO accounts (name, created_at, updated_at, locale, domain, support_email, feature_flags, auto_resolve_duration, limits, custom_attributes, status, internal_attributes, settings)
SELECT nm, t, t + interval '30 days', CASE WHEN a % 9 = 0 THEN 3 WHEN a % 13 = 0 THEN 7 ELSE 0 END,
  CASE WHEN a % 3 = 0 THEN NULL ELSE dom END, CASE WHEN a % 3 = 0 THEN NULL ELSE 'support@' || dom END,
  CASE WHEN a <= 5 THEN 2147483647 ELSE 1 + pg_temp.r('ff' || a, 65535) END, CASE WHEN a % 4 = 0 THEN 14 END,
  CASE WHEN a <= 5 THEN '{"agents": 200, "inboxes": 50}'::jsonb ELSE '{}'::jsonb END,
  jsonb_build_object('plan_name', pg_temp.pick2('pl' || a, ARRAY['Hacker','Startups','Business','Enterprise'])),
  CASE WHEN a % 23 = 0 THEN 1 ELSE 0 END, '{}'::jsonb, '{}'::jsonb
FROM generate_series(1, 60) a
CROSS JOIN LATERAL (SELECT CASE WHEN a = 1 THEN 'ShopNova' ELSE pg_temp.last_name('an' || a) || ' ' || pg_temp.pick('as' || a, ARRAY['Inc','Support','Labs','Co','Store','Travel','Health','Bank']) END AS nm,
  timestamp '2023-01-05 09:00:00' + (a * 5 * 86400 + pg_temp.r('at' || a, 86400)) * interval '1 second' AS t) x
CROSS JOIN LATERAL (SELECT lower(replace(nm, ' ', '')) || '.example.com' AS dom) d
ORDER BY a;

-- Agents: user u works mainly for account mu (u <= 60: account u, so every account has one);
-- account 1 has many. Devise: uid is the e-mail for provider 'email'.
CREATE TEMP TABLE cw_user AS
SELECT u, CASE WHEN u <= 60 THEN u ELSE pg_temp.skew('ua' || u, 60) END AS mu,
  lower(pg_temp.first_name('uf' || u) || '.' || pg_temp.last_name('ul' || u)) || u || '@agents.example.com' AS email,
  pg_temp.first_name('uf' || u) AS fn, pg_temp.last_name('ul' || u) AS ln
FROM generate_series(1, 600) u;

INSERT INTO users (provider, uid, encrypted_password, reset_password_token, reset_password_sent_at, remember_created_at, sign_in_count, current_sign_in_at,
  last_sign_in_at, current_sign_in_ip, last_sign_in_ip, confirmation_token, confirmed_at, confirmation_sent_at, unconfirmed_email, name, display_name, email,
  tokens, created_at, updated_at, pubsub_token, availability, ui_settings, custom_attributes, type, message_signature)
SELECT 'email', email, '$2a$11$' || substr(md5('pw' || u) || md5('pw2' || u), 1, 53),
  CASE WHEN u % 17 = 0 THEN substr(md5('rp' || u), 1, 20) END, CASE WHEN u % 17 = 0 THEN t + interval '200 days' END, NULL,
  pg_temp.skew2('sc' || u, 400)::int, t + interval '300 days', t + interval '290 days', '10.0.' || (u % 250) || '.' || (u % 7 + 1), '10.0.' || (u % 250) || '.' || (u % 5 + 1),
  CASE WHEN u % 29 = 0 THEN substr(md5('ct' || u), 1, 20) END, CASE WHEN u % 29 = 0 THEN NULL ELSE t + interval '1 hour' END, t,
  NULL, fn || ' ' || ln, CASE WHEN u % 3 = 0 THEN fn END, email, NULL, t, t + interval '1 day', substr(md5('ps' || u) || md5('ps2' || u), 1, 24),
  (u % 3), '{}'::jsonb, '{}'::jsonb, CASE WHEN u = 1 THEN 'SuperAdmin' END, CASE WHEN u % 5 = 0 THEN '-- ' || fn END
FROM cw_user CROSS JOIN LATERAL (SELECT timestamp '2023-01-06 10:00:00' + (mu * 5 * 86400 + u * 3600) * interval '1 second' AS t) x
ORDER BY u;

-- Memberships: every agent in its main account, one in six also in the next account.
INSERT INTO account_users (account_id, user_id, role, inviter_id, created_at, updated_at, active_at, availability, auto_offline, custom_role_id, agent_capacity_policy_id)
SELECT acc, u, CASE WHEN u = acc OR u % 11 = 0 THEN 1 ELSE 0 END, CASE WHEN u = acc THEN NULL ELSE acc END,
  t, t, t + interval '100 days', u % 3, u % 4 <> 0, NULL, NULL
FROM (SELECT u, mu AS acc, 0 AS k FROM cw_user UNION ALL SELECT u, mu % 60 + 1, 1 FROM cw_user WHERE u % 6 = 0 AND u > 60) m
CROSS JOIN LATERAL (SELECT timestamp '2023-01-06 10:00:00' + (acc * 5 * 86400 + u * 3600 + k * 86400 * 30) * interval '1 second' AS t) x
ORDER BY u, k;

-- Web widgets 1..100 (widget w <= 60 belongs to account w); inboxes 1..100 are the widgets'
-- inboxes, 101..200 e-mail, API and WhatsApp inboxes.
INSERT INTO channel_web_widgets (website_url, account_id, created_at, updated_at, website_token, widget_color, welcome_title, welcome_tagline, feature_flags,
  reply_time, hmac_token, pre_chat_form_enabled, pre_chat_form_options, hmac_mandatory, continuity_via_email)
SELECT 'https://www.' || lower(replace(a.name, ' ', '')) || CASE WHEN w > 60 THEN '-' || w ELSE '' END || '.example.com', a.id, t, t,
  substr(md5('wt' || w), 1, 24), pg_temp.pick('wc' || w, ARRAY['#1f93ff','#ff6b6b','#2ecc71','#8e44ad']), 'Hi there!', 'We reply in a few minutes',
  7, w % 3, substr(md5('wh' || w), 1, 24), w % 4 = 0, '{}'::jsonb, w % 10 = 0, true
FROM generate_series(1, 100) w
JOIN accounts a ON a.id = CASE WHEN w <= 60 THEN w ELSE pg_temp.skew2('wa' || w, 60) END
CROSS JOIN LATERAL (SELECT a.created_at + (w * 3600) * interval '1 second' AS t) x
ORDER BY w;

INSERT INTO inboxes (channel_id, account_id, name, created_at, updated_at, channel_type, enable_auto_assignment, greeting_enabled, greeting_message, email_address,
  working_hours_enabled, out_of_office_message, timezone, enable_email_collect, csat_survey_enabled, allow_messages_after_resolved, auto_assignment_config,
  lock_to_single_conversation, portal_id, sender_name_type, business_name, csat_config)
SELECT ch, acc, nm, t, t, ct, i % 5 <> 0, i % 3 = 0, CASE WHEN i % 3 = 0 THEN 'Welcome! How can we help?' END,
  CASE WHEN ct = 'Channel::Email' THEN 'support' || i || '@inbound.example.com' END, i % 4 = 0, CASE WHEN i % 4 = 0 THEN 'We are away' END,
  pg_temp.pick2('tz' || i, ARRAY['UTC','America/New_York','Europe/Berlin','Asia/Kolkata','America/Los_Angeles']), true, i % 6 = 0, true, '{}'::jsonb,
  ct = 'Channel::Whatsapp', NULL, 0, NULL, '{}'::jsonb
FROM (
  SELECT w.id AS i, w.id AS ch, w.account_id AS acc, 'Website ' || w.id AS nm, 'Channel::WebWidget' AS ct, w.created_at + interval '1 minute' AS t
  FROM channel_web_widgets w
  UNION ALL
  SELECT i, row_number() OVER (PARTITION BY ct ORDER BY i), acc, initcap(replace(substr(ct, 10), 'Api', 'API')) || ' ' || i, ct,
    timestamp '2023-03-01 09:00:00' + (i * 2 * 86400) * interval '1 second'
  FROM (SELECT i, pg_temp.skew2('ia' || i, 60) AS acc, pg_temp.pick2('ic' || i, ARRAY['Channel::Email','Channel::Api','Channel::Whatsapp','Channel::Sms']) AS ct
        FROM generate_series(101, 200) i) o
) x
ORDER BY i;

-- Inbox members: the account's agents, about two in three of them per inbox.
INSERT INTO inbox_members (user_id, inbox_id, created_at, updated_at)
SELECT au.user_id, i.id, i.created_at + interval '1 hour', i.created_at + interval '1 hour'
FROM inboxes i JOIN account_users au ON au.account_id = i.account_id
WHERE pg_temp.r('im' || i.id || '-' || au.user_id, 3) <> 0 OR au.user_id = i.account_id
ORDER BY i.id, au.user_id;

-- Teams: one to five per account, names from a list (unique per account).
INSERT INTO teams (name, description, allow_auto_assign, account_id, created_at, updated_at)
SELECT (ARRAY['Support','Sales','Billing','Onboarding','Escalations'])[k], 'The ' || (ARRAY['Support','Sales','Billing','Onboarding','Escalations'])[k] || ' team',
  k <> 5, a.id, a.created_at + (k * 86400) * interval '1 second', a.created_at + (k * 86400) * interval '1 second'
FROM accounts a CROSS JOIN LATERAL generate_series(1, CASE WHEN a.id <= 3 THEN 5 ELSE 1 + pg_temp.r('tn' || a.id, 5)::int END) k
ORDER BY a.id, k;

INSERT INTO team_members (team_id, user_id, created_at, updated_at)
SELECT t.id, au.user_id, t.created_at + interval '2 hours', t.created_at + interval '2 hours'
FROM teams t JOIN account_users au ON au.account_id = t.account_id
WHERE pg_temp.r('tm' || t.id || '-' || au.user_id, 3) = 0 OR au.user_id = t.account_id
ORDER BY t.id, au.user_id;

-- Contacts: account 1 has the most; e-mail unique per account (one in eight has none:
-- WhatsApp and SMS contacts known by phone), an identifier from the customer's own app for one
-- in five.
INSERT INTO contacts (name, email, phone_number, account_id, created_at, updated_at, additional_attributes, identifier, custom_attributes, last_activity_at,
  contact_type, middle_name, last_name, location, country_code, blocked)
SELECT fn || ' ' || ln, CASE WHEN c % 8 = 0 THEN NULL ELSE lower(fn || '.' || ln) || c || '@' || pg_temp.pick2('cd' || c, ARRAY['gmail.com','yahoo.com','outlook.com','hotmail.com','icloud.com','proton.me']) END,
  CASE WHEN c % 8 = 0 OR c % 5 = 0 THEN '+1' || (2000000000 + pg_temp.r('ph' || c, 7999999999))::text END,
  acc, t, t + interval '3 days', jsonb_build_object('city', pg_temp.city('cc' || c)), CASE WHEN c % 5 = 1 THEN 'usr_' || substr(md5('ci' || c), 1, 12) END,
  '{}'::jsonb, t + (pg_temp.r('la' || c, 200 * 86400)) * interval '1 second', pg_temp.pick2('ct' || c, ARRAY['0','1','2'])::int, '', ln,
  pg_temp.city('cc' || c), pg_temp.pick2('cy' || c, ARRAY['US','GB','DE','IN','BR','FR','CA']), c % 97 = 0
FROM generate_series(1, 3000) c
CROSS JOIN LATERAL (SELECT CASE WHEN c <= 60 THEN c ELSE pg_temp.skew('ca' || c, 60) END AS acc, pg_temp.first_name('cf' || c) AS fn, pg_temp.last_name('cl' || c) AS ln) n
CROSS JOIN LATERAL (SELECT timestamp '2024-01-01 00:00:00' + (c * 5000 + pg_temp.r('ctt' || c, 5000)) * interval '1 second' AS t) x
ORDER BY c;

-- Contact inboxes: each contact in one inbox of its account, one in seven in a second one. The
-- source id is what the channel knows the contact by: a widget visitor's uuid, the e-mail
-- address, the phone number or an API client's id.
INSERT INTO contact_inboxes (contact_id, inbox_id, source_id, created_at, updated_at, hmac_verified, pubsub_token)
SELECT DISTINCT ON (c.id, i.id) c.id, i.id,
  CASE i.channel_type WHEN 'Channel::WebWidget' THEN pg_temp.uuid('src' || c.id || '-' || i.id)::text
    WHEN 'Channel::Email' THEN coalesce(c.email, 'contact' || c.id || '@unknown.example.com')
    WHEN 'Channel::Whatsapp' THEN coalesce(substr(c.phone_number, 2), '1555' || c.id)
    WHEN 'Channel::Sms' THEN coalesce(c.phone_number, '+1555' || c.id)
    ELSE 'api-' || substr(md5('ap' || c.id || '-' || i.id), 1, 16) END,
  c.created_at + (k * 86400) * interval '1 second', c.created_at + (k * 86400) * interval '1 second', c.id % 9 = 0,
  substr(md5('cp' || c.id || '-' || i.id) || md5('cq' || c.id), 1, 24)
FROM contacts c CROSS JOIN LATERAL generate_series(0, CASE WHEN c.id % 7 = 0 THEN 1 ELSE 0 END) k
JOIN (SELECT id, account_id, channel_type, row_number() OVER (PARTITION BY account_id ORDER BY id) AS rn, count(*) OVER (PARTITION BY account_id) AS cnt FROM inboxes) i
  ON i.account_id = c.account_id AND i.rn = 1 + pg_temp.r('cib' || c.id || '-' || k, i.cnt)
ORDER BY c.id, i.id;

-- Conversations: a contact inbox each (a few contacts write often); the assignee is an agent of
-- the account (none for one in five), the team one of the account's. display_id is left to the
-- trigger.
INSERT INTO conversations (account_id, inbox_id, status, assignee_id, created_at, updated_at, contact_id, contact_last_seen_at, agent_last_seen_at,
  additional_attributes, contact_inbox_id, uuid, identifier, last_activity_at, team_id, campaign_id, snoozed_until, custom_attributes, assignee_last_seen_at,
  first_reply_created_at, priority, sla_policy_id, waiting_since, cached_label_list)
SELECT ci.account_id, ci.inbox_id, st, CASE WHEN v % 5 = 0 THEN NULL ELSE au.user_id END, t, t + interval '2 days', ci.contact_id, t + interval '1 hour',
  CASE WHEN v % 5 = 0 THEN NULL ELSE t + interval '30 minutes' END, jsonb_build_object('browser', pg_temp.pick2('br' || v, ARRAY['Chrome','Safari','Firefox','Edge'])),
  ci.id, pg_temp.uuid('conv' || v), NULL, t + (pg_temp.r('cla' || v, 5 * 86400)) * interval '1 second',
  tm.id, NULL, CASE WHEN st = 3 THEN t + interval '7 days' END, '{}'::jsonb, NULL,
  CASE WHEN v % 5 = 0 THEN NULL ELSE t + (60 + pg_temp.r('fr' || v, 7200)) * interval '1 second' END,
  CASE WHEN v % 4 = 0 THEN pg_temp.r('pr' || v, 4)::int END, NULL, CASE WHEN st = 0 THEN t END, NULL
FROM generate_series(1, 3000) v
CROSS JOIN (SELECT count(*) AS n FROM contact_inboxes) nci
JOIN (SELECT ci.*, c.account_id FROM contact_inboxes ci JOIN contacts c ON c.id = ci.contact_id) ci ON ci.id = pg_temp.skew2('cvci' || v, nci.n)
CROSS JOIN LATERAL (SELECT pg_temp.pick2('cs' || v, ARRAY['1','0','2','3'])::int AS st,
  greatest(ci.created_at, timestamp '2024-01-01 00:00:00' + (v * 5200) * interval '1 second') + pg_temp.r('cvt' || v, 3600) * interval '1 second' AS t) x
LEFT JOIN (SELECT account_id, user_id, row_number() OVER (PARTITION BY account_id ORDER BY user_id) AS rn, count(*) OVER (PARTITION BY account_id) AS cnt FROM account_users) au
  ON au.account_id = ci.account_id AND au.rn = pg_temp.skew2('cva' || v, au.cnt)
LEFT JOIN (SELECT account_id, id, row_number() OVER (PARTITION BY account_id ORDER BY id) AS rn, count(*) OVER (PARTITION BY account_id) AS cnt FROM teams) tm
  ON tm.account_id = ci.account_id AND tm.rn = 1 + pg_temp.r('cvtm' || v, tm.cnt) AND v % 3 <> 0
ORDER BY v;

-- Messages: 12,000 over the conversations (long threads on a few), incoming from the contact,
-- outgoing from the assignee, activity messages from nobody; e-mail messages carry the
-- Message-ID as source_id.
INSERT INTO messages (content, account_id, inbox_id, conversation_id, message_type, created_at, updated_at, private, status, source_id, content_type,
  content_attributes, sender_type, sender_id, external_source_ids, additional_attributes, processed_message_content, sentiment)
SELECT cnt, cv.account_id, cv.inbox_id, cv.id, mt, t, t, mt = 1 AND m % 11 = 0, CASE WHEN mt = 1 THEN 1 + m % 3 ELSE 0 END,
  CASE WHEN i.channel_type = 'Channel::Email' AND mt <> 2 THEN '<' || md5('mid' || m) || '@mail.example.com>'
       WHEN i.channel_type = 'Channel::Whatsapp' AND mt <> 2 THEN 'wamid.' || substr(md5('wa' || m), 1, 24) END,
  CASE WHEN m % 50 = 0 THEN 3 ELSE 0 END, '{}'::json,
  CASE mt WHEN 0 THEN 'Contact' WHEN 1 THEN 'User' END,
  CASE mt WHEN 0 THEN cv.contact_id WHEN 1 THEN coalesce(cv.assignee_id, cv.account_id) END,
  '{}'::jsonb, '{}'::jsonb, cnt, '{}'::jsonb
FROM generate_series(1, 12000) m
JOIN conversations cv ON cv.id = pg_temp.skew2('mc' || m, 3000)
JOIN inboxes i ON i.id = cv.inbox_id
CROSS JOIN LATERAL (SELECT CASE WHEN m % 9 = 0 THEN 2 WHEN pg_temp.r('mt' || m, 2) = 0 THEN 0 ELSE 1 END AS mt,
  cv.created_at + (m % 97 * 600 + pg_temp.r('mtt' || m, 600)) * interval '1 second' AS t) x
CROSS JOIN LATERAL (SELECT CASE WHEN mt = 2 THEN 'Conversation was marked resolved by ' || coalesce(cv.assignee_id::text, 'system') ELSE pg_temp.words('mw' || m, 6 + (m % 12)::int) END AS cnt) y
ORDER BY m;

INSERT INTO attachments (file_type, external_url, coordinates_lat, coordinates_long, message_id, account_id, created_at, updated_at, fallback_title, extension, meta)
SELECT ft, CASE WHEN ft = 4 THEN 'https://www.example.com/share/' || m.id END, CASE WHEN ft = 3 THEN 40 + (m.id % 100) / 10.0 ELSE 0 END,
  CASE WHEN ft = 3 THEN -74 + (m.id % 100) / 10.0 ELSE 0 END, m.id, m.account_id, m.created_at, m.created_at, CASE WHEN ft = 3 THEN 'Shared location' END,
  (ARRAY['jpg','pdf','mp3','','','png','mp4'])[ft + 1], '{}'::jsonb
FROM messages m CROSS JOIN LATERAL (SELECT pg_temp.pick2('aft' || m.id, ARRAY['0','1','2','3','4','5','6'])::int AS ft) x
WHERE m.message_type IN (0, 1) AND pg_temp.r('att' || m.id, 7) = 0
ORDER BY m.id;

-- Labels: two to ten per account, titles unique per account; acts-as-taggable keeps one global
-- tag per title and a tagging per labelled conversation or contact (context 'labels').
INSERT INTO labels (title, description, color, show_on_sidebar, account_id, created_at, updated_at)
SELECT CASE WHEN k <= 8 THEN (ARRAY['billing','bug','feature-request','vip','refund','urgent','onboarding','spam'])[k] ELSE 'team-' || a.id || '-' || k END,
  NULL, pg_temp.pick('lc' || a.id || k, ARRAY['#1f93ff','#ff6b6b','#2ecc71','#f1c40f']), k % 3 <> 0, a.id,
  a.created_at + (k * 3600) * interval '1 second', a.created_at + (k * 3600) * interval '1 second'
FROM accounts a CROSS JOIN LATERAL generate_series(1, CASE WHEN a.id <= 3 THEN 12 ELSE 2 + pg_temp.r('ln' || a.id, 9)::int END) k
ORDER BY a.id, k;

INSERT INTO tags (name, taggings_count)
SELECT title, 0 FROM labels GROUP BY title ORDER BY min(id);

INSERT INTO taggings (tag_id, taggable_type, taggable_id, tagger_type, tagger_id, context, created_at)
SELECT DISTINCT ON (tg.id, x.typ, x.oid) tg.id, x.typ, x.oid, NULL::varchar, NULL::int, 'labels', x.t
FROM (
  SELECT 'Conversation' AS typ, cv.id AS oid, cv.account_id, cv.created_at + interval '10 minutes' AS t, k
  FROM conversations cv CROSS JOIN LATERAL generate_series(1, pg_temp.r('tgn' || cv.id, 3)::int) k
  UNION ALL
  SELECT 'Contact', c.id, c.account_id, c.created_at + interval '1 day', 1 FROM contacts c WHERE c.id % 4 = 0
) x
JOIN (SELECT account_id, title, row_number() OVER (PARTITION BY account_id ORDER BY id) AS rn, count(*) OVER (PARTITION BY account_id) AS cnt FROM labels) l
  ON l.account_id = x.account_id AND l.rn = pg_temp.skew2('tgl' || x.typ || x.oid || '-' || x.k, l.cnt)
JOIN tags tg ON tg.name = l.title
ORDER BY tg.id, x.typ, x.oid;

UPDATE tags SET taggings_count = (SELECT count(*) FROM taggings WHERE taggings.tag_id = tags.id);

UPDATE conversations cv SET cached_label_list = l.list
FROM (SELECT tg.taggable_id, string_agg(t.name, ',' ORDER BY t.name) AS list FROM taggings tg JOIN tags t ON t.id = tg.tag_id
      WHERE tg.taggable_type = 'Conversation' GROUP BY tg.taggable_id) l
WHERE l.taggable_id = cv.id;

-- Mentions: agents @-mentioned in private notes, once per agent and conversation.
INSERT INTO mentions (user_id, conversation_id, account_id, mentioned_at, created_at, updated_at)
SELECT DISTINCT ON (au.user_id, m.conversation_id) au.user_id, m.conversation_id, m.account_id, m.created_at, m.created_at, m.created_at
FROM messages m
JOIN (SELECT account_id, user_id, row_number() OVER (PARTITION BY account_id ORDER BY user_id) AS rn, count(*) OVER (PARTITION BY account_id) AS cnt FROM account_users) au
  ON au.account_id = m.account_id AND au.rn = 1 + pg_temp.r('mn' || m.id, au.cnt)
WHERE m.message_type = 1 AND (m.private OR m.id % 7 = 0)
ORDER BY au.user_id, m.conversation_id, m.id;

-- Notifications of the agents: an assignment per assigned conversation, a new message for
-- each incoming message of an assigned conversation, a mention per mention.
INSERT INTO notifications (account_id, user_id, notification_type, primary_actor_type, primary_actor_id, secondary_actor_type, secondary_actor_id, read_at,
  created_at, updated_at, snoozed_until, last_activity_at, meta)
SELECT account_id, user_id, nt, 'Conversation', conv, sat, said, CASE WHEN pg_temp.r('nr' || nt || '-' || k, 3) <> 0 THEN t + interval '2 hours' END,
  t, t, NULL, t, '{}'::jsonb
FROM (
  SELECT cv.account_id, cv.assignee_id AS user_id, 2 AS nt, cv.id AS conv, NULL AS sat, NULL::bigint AS said, cv.created_at + interval '1 minute' AS t, cv.id AS k
  FROM conversations cv WHERE cv.assignee_id IS NOT NULL
  UNION ALL
  SELECT m.account_id, cv.assignee_id, 3, cv.id, 'Message', m.id, m.created_at, m.id
  FROM messages m JOIN conversations cv ON cv.id = m.conversation_id WHERE m.message_type = 0 AND cv.assignee_id IS NOT NULL
  UNION ALL
  SELECT mn.account_id, mn.user_id, 4, mn.conversation_id, NULL, NULL, mn.mentioned_at, mn.id FROM mentions mn
) n
ORDER BY t, nt, k;

INSERT INTO canned_responses (account_id, short_code, content, created_at, updated_at)
SELECT a.id, (ARRAY['hello','thanks','refund','shipping','password-reset','pricing','hours','bye','escalate','follow-up','invoice','delay'])[k] || CASE WHEN j > 1 THEN '-' || j ELSE '' END,
  pg_temp.words('cr' || a.id || '-' || k || '-' || j, 20), a.created_at + ((k * 10 + j) * 3600) * interval '1 second', a.created_at + ((k * 10 + j) * 3600) * interval '1 second'
FROM accounts a CROSS JOIN LATERAL generate_series(1, CASE WHEN a.id <= 5 THEN 12 ELSE 2 + pg_temp.r('crn' || a.id, 8)::int END) k
CROSS JOIN LATERAL generate_series(1, CASE WHEN a.id = 1 THEN 6 WHEN a.id <= 5 THEN 2 ELSE 1 END) j
ORDER BY a.id, k, j;

INSERT INTO webhooks (account_id, inbox_id, url, created_at, updated_at, webhook_type, subscriptions)
SELECT a.id, CASE WHEN k = 2 THEN (SELECT min(id) FROM inboxes WHERE account_id = a.id) END,
  'https://hooks.' || lower(replace(a.name, ' ', '')) || '.example.com/chatwoot/' || k, a.created_at + (k * 86400) * interval '1 second',
  a.created_at + (k * 86400) * interval '1 second', CASE WHEN k = 2 THEN 1 ELSE 0 END,
  CASE WHEN k % 2 = 0 THEN '["message_created"]'::jsonb ELSE '["conversation_created", "conversation_status_changed", "message_created"]'::jsonb END
FROM accounts a CROSS JOIN LATERAL generate_series(1, CASE WHEN a.id <= 3 THEN 6 ELSE pg_temp.r('whn' || a.id, 4)::int END) k
ORDER BY a.id, k;

-- Campaigns: ongoing widget campaigns and one-off SMS/WhatsApp campaigns; display_id by trigger.
INSERT INTO campaigns (title, description, message, sender_id, enabled, account_id, inbox_id, trigger_rules, created_at, updated_at, campaign_type, campaign_status,
  audience, scheduled_at, trigger_only_during_business_hours, template_params)
SELECT pg_temp.pick('cpt' || p, ARRAY['Spring sale','Welcome offer','Cart reminder','Webinar invite','New feature','Survey']) || ' ' || p, NULL,
  pg_temp.words('cpm' || p, 12), i.account_id, p % 5 <> 0, i.account_id, i.id,
  CASE WHEN i.channel_type = 'Channel::WebWidget' THEN jsonb_build_object('url', 'https://www.example.com/pricing', 'time_on_page', 10) ELSE '{}'::jsonb END,
  timestamp '2024-02-01 09:00:00' + (p * 86400) * interval '1 second', timestamp '2024-02-01 09:00:00' + (p * 86400) * interval '1 second',
  CASE WHEN i.channel_type = 'Channel::WebWidget' THEN 0 ELSE 1 END, CASE WHEN i.channel_type <> 'Channel::WebWidget' AND p % 3 = 0 THEN 1 ELSE 0 END,
  '[]'::jsonb, CASE WHEN i.channel_type <> 'Channel::WebWidget' THEN timestamp '2024-02-10 09:00:00' + (p * 86400) * interval '1 second' END, p % 4 = 0, NULL
FROM generate_series(1, 300) p
JOIN inboxes i ON i.id = pg_temp.skew2('cpi' || p, 200)
ORDER BY p;

-- Reporting events, as Chatwoot's ReportingEventListener writes them: a conversation opened,
-- its first response, every agent reply's reply time, its resolution, bot handoffs.
INSERT INTO reporting_events (name, value, account_id, inbox_id, user_id, conversation_id, created_at, updated_at, value_in_business_hours, event_start_time, event_end_time)
SELECT name, val, account_id, inbox_id, user_id, conv, t_end, t_end, CASE WHEN val IS NOT NULL THEN round((val * 0.6)::numeric, 1)::float8 END, t_start, t_end
FROM (
  SELECT 'conversation_opened' AS name, 0::float8 AS val, cv.account_id, cv.inbox_id, NULL::int AS user_id, cv.id AS conv, cv.created_at AS t_start, cv.created_at AS t_end, 0 AS k
  FROM conversations cv
  UNION ALL
  SELECT 'first_response', extract(epoch FROM cv.first_reply_created_at - cv.created_at)::float8, cv.account_id, cv.inbox_id, cv.assignee_id, cv.id,
    cv.created_at, cv.first_reply_created_at, 1
  FROM conversations cv WHERE cv.first_reply_created_at IS NOT NULL
  UNION ALL
  SELECT 'reply_time', (60 + pg_temp.r('rt' || m.id, 3600))::float8, m.account_id, m.inbox_id, m.sender_id::int, m.conversation_id,
    m.created_at - (60 + pg_temp.r('rt' || m.id, 3600)) * interval '1 second', m.created_at, 2
  FROM messages m WHERE m.message_type = 1 AND NOT m.private
  UNION ALL
  SELECT 'conversation_resolved', extract(epoch FROM cv.updated_at - cv.created_at)::float8, cv.account_id, cv.inbox_id, cv.assignee_id, cv.id,
    cv.created_at, cv.updated_at, 3
  FROM conversations cv WHERE cv.status = 1
  UNION ALL
  SELECT 'conversation_bot_handoff', 300::float8, cv.account_id, cv.inbox_id, NULL, cv.id, cv.created_at, cv.created_at + interval '5 minutes', 4
  FROM conversations cv WHERE cv.id % 10 = 0
) e
ORDER BY t_end, conv, k;

DROP TABLE cw_user;
