-- Deterministic data for the Loomio cut: one hosted installation with 2,000 people, 120
-- organisations (group 1 a large co-operative, a long tail of small collectives) and 80
-- subgroups, 1,500 discussion threads with 5,000 comments, 800 polls (a third standalone,
-- outside any thread) with their options, votes (stances) and vote choices, outcomes, the
-- event log that orders each thread (sequence_id per discussion), notifications, reactions,
-- tags, documents, legacy attachments, paper_trail versions and membership requests. serial
-- ids are filled by their sequences in the ORDER BY order; `secret_token` (whose default is
-- gen_random_uuid()) is filled with pg_temp.uuid of the row number; every other value is a
-- function of the row number.

INSERT INTO subscriptions (expires_at, chargify_subscription_id, plan, payment_method, owner_id, max_threads, max_members, max_orgs, state, members_count,
  created_at, updated_at, info, canceled_at, activated_at, renews_at, renewed_at)
SELECT CASE WHEN st = 'trialing' THEN t + interval '30 days' END, CASE WHEN pl <> 'trial' AND pl <> 'free' THEN 400000 + s END, pl,
  CASE WHEN pl IN ('trial', 'free') THEN 'none' WHEN s % 4 = 0 THEN 'invoice' ELSE 'chargify' END, s, CASE WHEN pl = 'standard' THEN 50 END,
  CASE WHEN pl = 'standard' THEN 100 WHEN pl = 'trial' THEN 20 END, CASE WHEN pl = 'org-annual' THEN 10 END, st, NULL, t, t + interval '40 days',
  '{}'::jsonb, CASE WHEN st = 'canceled' THEN t + interval '200 days' END, CASE WHEN st <> 'trialing' THEN t + interval '1 day' END,
  CASE WHEN st = 'active' THEN t + interval '365 days' END, CASE WHEN st = 'active' AND s % 2 = 0 THEN t + interval '2 days' END
FROM generate_series(1, 120) s
CROSS JOIN LATERAL (SELECT CASE WHEN s <= 5 THEN 'org-annual' ELSE pg_temp.pick2('sp' || s, ARRAY['standard','trial','pro-monthly','free','org-annual']) END AS pl,
  timestamp '2021-01-02 09:00:00' + (s * 5 * 86400) * interval '1 second' AS t) x
CROSS JOIN LATERAL (SELECT CASE WHEN s % 11 = 0 THEN 'canceled' WHEN pl = 'trial' THEN 'trialing' ELSE 'active' END AS st) y
ORDER BY s;

-- People: one in thirteen was invited by e-mail and never signed up (no name, no username).
INSERT INTO users (email, encrypted_password, reset_password_token, reset_password_sent_at, sign_in_count, current_sign_in_at, last_sign_in_at, created_at, updated_at,
  name, deactivated_at, is_admin, avatar_kind, avatar_initials, username, authentication_token, unsubscribe_token, memberships_count, selected_locale, time_zone, key,
  detected_locale, email_api_key, default_membership_volume, country, city, remember_token, short_bio, email_verified, last_seen_at, legal_accepted_at, unlock_token,
  current_sign_in_ip, last_sign_in_ip, secret_token, bot, email_catch_up_day, api_key, email_sha256)
SELECT lower(fn || '.' || ln) || u || '@' || pg_temp.pick2('ud' || u, ARRAY['gmail.example.com','coop.example.org','mail.example.net','riseup.example.net','uni.example.edu']),
  CASE WHEN invited THEN '' ELSE '$2a$11$' || substr(md5('pw' || u) || md5('pw2' || u), 1, 53) END,
  CASE WHEN u % 31 = 0 THEN substr(md5('rp' || u), 1, 20) END, CASE WHEN u % 31 = 0 THEN t + interval '300 days' END,
  CASE WHEN invited THEN 0 ELSE pg_temp.skew2('sc' || u, 500)::int END, CASE WHEN NOT invited THEN t + interval '400 days' END, CASE WHEN NOT invited THEN t + interval '390 days' END,
  t, t + interval '2 days', CASE WHEN NOT invited THEN fn || ' ' || ln END, CASE WHEN u % 61 = 0 THEN t + interval '500 days' END, u <= 3,
  CASE WHEN u % 4 = 0 THEN 'uploaded' WHEN u % 4 = 1 THEN 'gravatar' ELSE 'initials' END, upper(left(fn, 1) || left(ln, 1)),
  CASE WHEN NOT invited THEN lower(fn || ln) || u END, CASE WHEN u % 7 = 0 THEN substr(md5('at' || u), 1, 20) END, substr(md5('ut' || u) || md5('ut2' || u), 1, 40), 0,
  CASE WHEN u % 5 = 0 THEN pg_temp.pick('sl' || u, ARRAY['fr','de','es','pt-BR','nl']) END,
  pg_temp.pick2('tz' || u, ARRAY['Pacific/Auckland','Europe/London','America/New_York','Europe/Berlin','America/Sao_Paulo','Australia/Sydney']),
  substr(md5('uk' || u), 1, 8), pg_temp.pick2('dl' || u, ARRAY['en','fr','de','es','pt-BR']), substr(md5('ea' || u), 1, 16), 2,
  pg_temp.pick2('co' || u, ARRAY['NZ','GB','US','DE','BR','AU']), pg_temp.city('ci' || u), CASE WHEN u % 3 = 0 THEN substr(md5('rt' || u), 1, 24) END,
  CASE WHEN u % 6 = 0 THEN pg_temp.words('bio' || u, 8) ELSE '' END, NOT invited, CASE WHEN NOT invited THEN t + interval '420 days' END, CASE WHEN NOT invited THEN t END,
  CASE WHEN u % 97 = 0 THEN substr(md5('ul' || u), 1, 20) END, CASE WHEN NOT invited THEN ('10.' || (u % 200) || '.' || (u % 13) || '.' || (u % 250 + 1))::inet END,
  CASE WHEN NOT invited THEN ('10.' || (u % 200) || '.' || (u % 11) || '.' || (u % 250 + 1))::inet END, pg_temp.uuid('us' || u)::text, u % 400 = 0,
  CASE WHEN u % 9 = 0 THEN u % 7 END, CASE WHEN u % 50 = 0 THEN substr(md5('ak' || u), 1, 32) END, encode(sha256(convert_to('mail' || u, 'UTF8')), 'hex')
FROM generate_series(1, 2000) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('uf' || u) AS fn, pg_temp.last_name('ul' || u) AS ln, u % 13 = 0 AS invited,
  timestamp '2021-01-01 08:00:00' + (u * 30000) * interval '1 second' AS t) x
ORDER BY u;

-- Organisations 1..120 (group g's subscription is g), subgroups 121..200 under a few big
-- organisations.
INSERT INTO groups (name, created_at, updated_at, parent_id, description, full_name, key, handle, is_visible_to_public, discussion_privacy_options, membership_granted_upon,
  creator_id, subscription_id, country, city, token, secret_token, content_locale, listed_in_explore)
SELECT nm, t, t + interval '10 days', NULL, pg_temp.words('gd' || g, 20), nm, substr(md5('gk' || g), 1, 8),
  lower(replace(nm, ' ', '-')) || '-' || g, g % 3 <> 0, pg_temp.pick2('gp' || g, ARRAY['private_only','public_or_private','public_only']),
  pg_temp.pick2('gm' || g, ARRAY['approval','invitation','request']), pg_temp.skew2('gc' || g, 2000), g,
  pg_temp.pick2('gco' || g, ARRAY['NZ','GB','US','DE','BR','AU']), pg_temp.city('gci' || g), substr(md5('gt' || g), 1, 20), pg_temp.uuid('gs' || g)::text, 'en', g % 10 = 0
FROM generate_series(1, 120) g
CROSS JOIN LATERAL (SELECT CASE WHEN g = 1 THEN 'Enspiral Cooperative' ELSE pg_temp.last_name('gn' || g) || ' ' ||
    pg_temp.pick('gs' || g, ARRAY['Co-op','Collective','Council','Network','Union','Foundation','Association','Commons']) END AS nm,
  timestamp '2021-01-02 09:00:00' + (g * 5 * 86400) * interval '1 second' AS t) x
ORDER BY g;

INSERT INTO groups (name, created_at, updated_at, parent_id, description, full_name, key, handle, is_visible_to_public, discussion_privacy_options, membership_granted_upon,
  creator_id, subscription_id, country, city, token, secret_token, content_locale, is_visible_to_parent_members, parent_members_can_see_discussions)
SELECT nm, p.created_at + (g * 3600) * interval '1 second', p.created_at + (g * 3600) * interval '1 second', p.id, pg_temp.words('gd' || g, 12), p.name || ' - ' || nm,
  substr(md5('gk' || g), 1, 8), NULL, false, 'private_only', 'approval', p.creator_id, NULL, p.country, p.city, substr(md5('gt' || g), 1, 20), pg_temp.uuid('gs' || g)::text, 'en',
  g % 2 = 0, g % 4 = 0
FROM generate_series(121, 200) g
JOIN groups p ON p.id = pg_temp.skew2('gpa' || g, 30)
CROSS JOIN LATERAL (SELECT pg_temp.pick('gsn' || g, ARRAY['Finance','Operations','Working Group','Board','Outreach','Tech Team','Events','Membership','Housing','Legal']) || ' ' || g AS nm) x
ORDER BY g;

-- Memberships: each person in a main group and up to three more (big groups more often).
INSERT INTO memberships (group_id, user_id, created_at, updated_at, inviter_id, revoked_at, inbox_position, admin, volume, experiences, token, accepted_at, title, revoker_id)
SELECT m.g, m.u, t, t, CASE WHEN m.u <> gr.creator_id THEN gr.creator_id END, CASE WHEN m.u % 41 = 0 THEN t + interval '90 days' END, 0,
  m.u = gr.creator_id OR m.u % 23 = 0, pg_temp.pick2('mv' || m.u || '-' || m.g, ARRAY['2','3','1','0'])::int, '{}'::jsonb,
  substr(md5('mt' || m.u || '-' || m.g), 1, 24), CASE WHEN m.u % 13 <> 0 THEN t + interval '1 day' END,
  CASE WHEN m.u % 29 = 0 THEN pg_temp.pick('mti' || m.u, ARRAY['Treasurer','Facilitator','Secretary','Chair']) END, CASE WHEN m.u % 41 = 0 THEN gr.creator_id END
FROM (SELECT DISTINCT u, CASE WHEN k = 0 THEN pg_temp.skew('mg' || u, 200) ELSE pg_temp.skew('mx' || u || '-' || k, 200) END AS g
      FROM generate_series(1, 2000) u CROSS JOIN LATERAL generate_series(0, pg_temp.r('mn' || u, 4)::int) k) m
JOIN groups gr ON gr.id = m.g
CROSS JOIN LATERAL (SELECT gr.created_at + ((m.u * 7919) % 400 * 86400 / 2) * interval '1 second' AS t) x
ORDER BY t, m.g, m.u;

-- Discussions: a thread in a group, or (one in 25) a direct thread with no group.
INSERT INTO discussions (group_id, author_id, created_at, updated_at, title, last_comment_at, description, items_count, closed_at, private, key, last_activity_at,
  last_sequence_id, first_sequence_id, pinned, importance, description_format, info, max_depth, newest_first, discarded_at, secret_token, content_locale, pinned_at,
  discarded_by, tags, closer_id)
SELECT CASE WHEN d % 25 = 0 THEN NULL ELSE pg_temp.skew('dg' || d, 200) END, pg_temp.skew2('da' || d, 2000), t, t + interval '3 days',
  initcap(pg_temp.words('dti' || d, 6)), t + interval '5 days', pg_temp.words('dde' || d, 40), 0, CASE WHEN d % 9 = 0 THEN t + interval '60 days' END,
  d % 6 <> 0, substr(md5('dk' || d), 1, 8), t + (pg_temp.r('dla' || d, 40 * 86400)) * interval '1 second', 0, 0, d % 50 = 0, CASE WHEN d % 50 = 0 THEN 1 ELSE 0 END,
  CASE WHEN d % 3 = 0 THEN 'md' ELSE 'html' END, '{}'::jsonb, CASE WHEN d % 4 = 0 THEN 3 ELSE 2 END, d % 10 = 0,
  CASE WHEN d % 40 = 0 THEN t + interval '30 days' END, pg_temp.uuid('ds' || d)::text, 'en', CASE WHEN d % 50 = 0 THEN t + interval '1 day' END,
  CASE WHEN d % 40 = 0 THEN 1 END, '{}', CASE WHEN d % 9 = 0 THEN pg_temp.skew2('da' || d, 2000) END
FROM generate_series(1, 1500) d
CROSS JOIN LATERAL (SELECT timestamp '2021-01-01 00:00:00' + (d * 40000 + pg_temp.r('dt' || d, 3600)) * interval '1 second' AS t) x
ORDER BY d;

-- Comments: popular threads get many; a third of the later ones reply to an earlier comment
-- of the same thread (parent_type 'Comment'), the rest to the thread itself.
CREATE TEMP TABLE lm_comment AS
SELECT c, d, t, row_number() OVER (ORDER BY d, t, c) AS cid, row_number() OVER (PARTITION BY d ORDER BY t, c) AS rn
FROM (SELECT c, dd.id AS d, dd.created_at + (1 + pg_temp.r('ct' || c, 30 * 86400)) * interval '1 second' AS t
      FROM generate_series(1, 5000) c JOIN discussions dd ON dd.id = pg_temp.skew('cd' || c, 1500)) x;

INSERT INTO comments (discussion_id, body, user_id, parent_id, created_at, updated_at, edited_at, versions_count, body_format, attachments, discarded_at, discarded_by,
  secret_token, content_locale, link_previews, parent_type)
SELECT d, pg_temp.words('cb' || c, 25), pg_temp.skew2('cu' || c, 2000)::int,
  CASE WHEN rn > 1 AND pg_temp.r('cp' || c, 3) = 0 THEN cid - 1 - pg_temp.r('cq' || c, rn - 1) ELSE d END, t, t,
  CASE WHEN c % 5 = 0 THEN t + interval '2 hours' END, CASE WHEN c % 5 = 0 THEN 1 ELSE 0 END, CASE WHEN c % 3 = 0 THEN 'md' ELSE 'html' END, '[]'::jsonb,
  CASE WHEN c % 97 = 0 THEN t + interval '1 day' END, CASE WHEN c % 97 = 0 THEN 1 END, pg_temp.uuid('cs' || c)::text, 'en', '[]'::jsonb,
  CASE WHEN rn > 1 AND pg_temp.r('cp' || c, 3) = 0 THEN 'Comment' ELSE 'Discussion' END
FROM lm_comment ORDER BY cid;

-- Polls: two in five standalone (no thread), the rest inside a thread and its group.
INSERT INTO polls (author_id, title, details, closing_at, closed_at, created_at, updated_at, discussion_id, key, poll_type, voters_count, multiple_choice, group_id,
  anonymous, details_format, secret_token, specified_voters_only, notify_on_closing_soon, content_locale, hide_results, chart_type, min_score, max_score,
  process_name, reason_prompt, poll_option_name_format, default_duration_in_days, tags)
SELECT pg_temp.skew2('pa' || p, 2000), initcap(pg_temp.words('pti' || p, 5)), pg_temp.words('pde' || p, 30), t + interval '7 days',
  CASE WHEN t < timestamp '2022-09-01' THEN t + interval '7 days' END, t, t, dd.id, substr(md5('pk' || p), 1, 8), pt, 0, pt IN ('poll', 'score', 'dot_vote'),
  CASE WHEN dd.id IS NOT NULL THEN dd.group_id WHEN p % 10 = 0 THEN NULL ELSE pg_temp.skew('pg' || p, 200) END,
  p % 17 = 0, 'html', pg_temp.uuid('ps' || p)::text, p % 8 = 0, p % 3, 'en', p % 4, CASE WHEN pt IN ('proposal', 'count') THEN 'pie' ELSE 'bar' END,
  CASE WHEN pt = 'score' THEN 0 END, CASE WHEN pt = 'score' THEN 9 END, NULL, NULL, CASE WHEN pt = 'meeting' THEN 'iso8601' ELSE 'plain' END, 7, '{}'
FROM generate_series(1, 800) p
LEFT JOIN discussions dd ON p % 5 >= 2 AND dd.id = pg_temp.skew('pd' || p, 1500)
CROSS JOIN LATERAL (SELECT pg_temp.pick2('pty' || p, ARRAY['proposal','poll','count','score','ranked_choice','dot_vote','meeting']) AS pt,
  COALESCE(dd.created_at + (pg_temp.r('pt' || p, 20 * 86400)) * interval '1 second',
           timestamp '2021-01-01 00:00:00' + (p * 75000) * interval '1 second') AS t) x
ORDER BY p;

INSERT INTO poll_options (name, poll_id, priority, score_counts, voter_scores, total_score, voter_count, icon, meaning, prompt, created_at, updated_at)
SELECT CASE WHEN p.poll_type = 'proposal' THEN (ARRAY['Agree','Abstain','Disagree','Block'])[k]
            WHEN p.poll_type = 'count' THEN (ARRAY['Yes','No'])[k]
            WHEN p.poll_type = 'meeting' THEN to_char(p.closing_at + k * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS')
            ELSE (ARRAY['Option A','Option B','Option C','Option D','Option E','Option F'])[k] END,
  p.id, k - 1, '{}'::jsonb, '{}'::jsonb, 0, 0,
  CASE WHEN p.poll_type = 'proposal' THEN (ARRAY['agree','abstain','disagree','block'])[k] END,
  CASE WHEN p.poll_type = 'proposal' THEN (ARRAY['consent','stand aside','objection','block'])[k] END, NULL, p.created_at, p.created_at
FROM polls p
CROSS JOIN LATERAL generate_series(1, CASE p.poll_type WHEN 'proposal' THEN 4 WHEN 'count' THEN 2 WHEN 'meeting' THEN 3 + (p.id % 3) ELSE 2 + (p.id % 5) END) k
ORDER BY p.id, k;

-- Stances (votes): one latest stance per (poll, participant); one in ten voters changed their
-- vote, which keeps the earlier stance with latest = false. Invited voters who have not voted
-- have no cast_at; guests hold a token.
CREATE TEMP TABLE lm_stance AS
SELECT poll_id, participant_id, v, latest, p.created_at + (pg_temp.r('st' || poll_id || '-' || participant_id, 6 * 86400) + CASE WHEN latest THEN 86400 ELSE 0 END) * interval '1 second' AS t,
  p.poll_type, p.closed_at
FROM (SELECT DISTINCT pg_temp.skew('sp' || s, 800) AS poll_id, pg_temp.skew2('su' || s, 2000) AS participant_id FROM generate_series(1, 5200) s) pp
CROSS JOIN LATERAL (SELECT true AS latest, 1 AS v UNION ALL SELECT false, 0 WHERE pg_temp.r('sv' || pp.poll_id || '-' || pp.participant_id, 10) = 0) l
JOIN polls p ON p.id = pp.poll_id;

INSERT INTO stances (poll_id, participant_id, reason, latest, created_at, updated_at, versions_count, reason_format, attachments, cast_at, token, revoked_at, admin,
  inviter_id, volume, accepted_at, content_locale, secret_token, link_previews, option_scores, revoker_id, guest)
SELECT poll_id, participant_id, CASE WHEN (poll_id + participant_id) % 3 = 0 THEN pg_temp.words('sr' || poll_id || '-' || participant_id || v, 12) END, latest, t, t, 0,
  'html', '[]'::jsonb, CASE WHEN latest AND (poll_id * 7 + participant_id) % 7 = 0 THEN NULL ELSE t END,
  CASE WHEN (poll_id + participant_id * 3) % 19 = 0 THEN substr(md5('sk' || poll_id || '-' || participant_id || '-' || v), 1, 20) END, NULL, false,
  CASE WHEN (poll_id + participant_id * 3) % 19 = 0 THEN 1 END, 2, t, 'en', pg_temp.uuid('ss' || poll_id || '-' || participant_id || '-' || v)::text, '[]'::jsonb, '{}'::jsonb, NULL,
  (poll_id + participant_id * 3) % 19 = 0
FROM lm_stance ORDER BY lm_stance.t, lm_stance.poll_id, lm_stance.participant_id;

-- Choices of the cast stances: one option, two for polls where several can be chosen.
INSERT INTO stance_choices (stance_id, poll_option_id, score, created_at, updated_at)
SELECT s.id, o.id, CASE WHEN p.poll_type = 'score' THEN pg_temp.r('scs' || s.id || '-' || k, 10)::int WHEN p.poll_type = 'dot_vote' THEN 1 + pg_temp.r('scd' || s.id, 8)::int ELSE 1 END,
  s.cast_at, s.cast_at
FROM stances s
JOIN polls p ON p.id = s.poll_id
JOIN (SELECT poll_id, count(*) AS n FROM poll_options GROUP BY poll_id) c ON c.poll_id = p.id
CROSS JOIN LATERAL generate_series(1, CASE WHEN p.multiple_choice THEN 2 ELSE 1 END) k
JOIN poll_options o ON o.poll_id = p.id AND o.priority = (pg_temp.r('sco' || s.id, c.n) + k - 1) % c.n
WHERE s.cast_at IS NOT NULL
ORDER BY s.id, k;

-- Outcomes of closed polls; one in five was rewritten, keeping the earlier one (latest = false).
INSERT INTO outcomes (poll_id, statement, author_id, created_at, updated_at, latest, poll_option_id, custom_fields, statement_format, attachments, secret_token,
  versions_count, review_on, content_locale, link_previews)
SELECT p.id, pg_temp.words('os' || p.id || '-' || k, 20), p.author_id, p.closed_at + k * interval '1 day', p.closed_at + k * interval '1 day', k = 1 OR p.id % 5 <> 0,
  CASE WHEN p.poll_type = 'meeting' THEN (SELECT min(id) FROM poll_options WHERE poll_id = p.id) END, '{}'::jsonb, 'html', '[]'::jsonb,
  pg_temp.uuid('ou' || p.id || '-' || k)::text, 0, CASE WHEN p.id % 6 = 0 THEN (p.closed_at + interval '90 days')::date END, 'en', '[]'::jsonb
FROM polls p CROSS JOIN LATERAL generate_series(0, CASE WHEN p.id % 5 = 0 THEN 1 ELSE 0 END) k0 CROSS JOIN LATERAL (SELECT 1 + k0 AS k) kk
WHERE p.closed_at IS NOT NULL
ORDER BY p.closed_at, p.id, k;
UPDATE outcomes o SET latest = (o.created_at = (SELECT max(created_at) FROM outcomes o2 WHERE o2.poll_id = o.poll_id));

-- The event log: each thread's new_discussion event first (event id = discussion id), then
-- every comment, poll, cast latest stance and latest outcome in time order. Items of a thread
-- take the thread's next sequence_id; items outside any thread have none.
INSERT INTO events (kind, created_at, updated_at, eventable_id, eventable_type, user_id, discussion_id, sequence_id, announcement, custom_fields, parent_id, "position",
  child_count, depth, pinned, position_key, descendant_count)
SELECT 'new_discussion', created_at, created_at, id, 'Discussion', author_id, id, NULL, id % 4 = 0, '{}'::jsonb, NULL, 0, 0, 0, false, NULL, 0
FROM discussions ORDER BY id;

CREATE TEMP TABLE lm_event AS
SELECT kind, t, eid, etype, uid, did, CASE WHEN did IS NOT NULL THEN row_number() OVER (PARTITION BY did ORDER BY t, kind, eid) END AS seq
FROM (
  SELECT 'new_comment' AS kind, created_at AS t, id AS eid, 'Comment' AS etype, user_id AS uid, discussion_id AS did FROM comments
  UNION ALL SELECT 'poll_created', created_at, id, 'Poll', author_id, discussion_id FROM polls
  UNION ALL SELECT 'stance_created', s.cast_at, s.id, 'Stance', s.participant_id, p.discussion_id FROM stances s JOIN polls p ON p.id = s.poll_id
    WHERE s.latest AND s.cast_at IS NOT NULL
  UNION ALL SELECT 'outcome_created', o.created_at, o.id, 'Outcome', o.author_id, p.discussion_id FROM outcomes o JOIN polls p ON p.id = o.poll_id WHERE o.latest
) x;

INSERT INTO events (kind, created_at, updated_at, eventable_id, eventable_type, user_id, discussion_id, sequence_id, announcement, custom_fields, parent_id, "position",
  child_count, depth, pinned, position_key, descendant_count)
SELECT kind, t, t, eid, etype, uid, did, seq, kind = 'poll_created' AND eid % 3 = 0, '{}'::jsonb, did, COALESCE(seq, 0)::int, 0, CASE WHEN did IS NULL THEN 0 ELSE 1 END,
  false, CASE WHEN did IS NOT NULL THEN lpad(seq::text, 5, '0') END, 0
FROM lm_event ORDER BY lm_event.t, lm_event.kind, lm_event.eid;

-- Notifications: a person told about an event (the busiest people get the most).
INSERT INTO notifications (user_id, created_at, updated_at, event_id, viewed, translation_values, url, actor_id)
SELECT pg_temp.skew2('nu' || n, 2000), e.created_at + (n % 600) * interval '1 second', e.created_at + (n % 600) * interval '1 second', e.id, n % 3 <> 0,
  jsonb_build_object('name', 'someone', 'title', 'a thread'), '/d/' || substr(md5('dk' || COALESCE(e.discussion_id, 1)), 1, 8), e.user_id
FROM generate_series(1, 6000) n
JOIN events e ON e.id = 1 + pg_temp.r('ne' || n, 13500)
ORDER BY e.created_at + (n % 600) * interval '1 second', n;

-- Reactions (emoji) on comments, threads, polls, stances and outcomes.
INSERT INTO reactions (reactable_id, user_id, created_at, updated_at, reaction, reactable_type)
SELECT DISTINCT ON (rid, rtype, uid, re) rid, uid, t, t, re, rtype
FROM (SELECT x, rtype, pg_temp.skew2('ru' || x, 2000) AS uid, pg_temp.pick2('rr' || x, ARRAY['+1','heart','tada','smile','eyes','-1','thinking_face']) AS re,
        CASE rtype WHEN 'Comment' THEN pg_temp.skew('rc' || x, 5000) WHEN 'Discussion' THEN pg_temp.skew('rd' || x, 1500) WHEN 'Poll' THEN pg_temp.skew('rp' || x, 800)
          WHEN 'Stance' THEN pg_temp.skew('rs' || x, 5000) ELSE pg_temp.skew('ro' || x, 300) END AS rid,
        timestamp '2021-02-01 00:00:00' + (x * 20000) * interval '1 second' AS t
      FROM generate_series(1, 3000) x CROSS JOIN LATERAL (SELECT pg_temp.pick2('rt' || x, ARRAY['Comment','Discussion','Poll','Stance','Outcome']) AS rtype) y) r
ORDER BY rid, rtype, uid, re, t;

-- Documents attached to groups, threads, polls, comments and outcomes.
INSERT INTO documents (model_id, model_type, title, url, doctype, color, created_at, updated_at, icon, author_id, web_url, thumb_url, file_file_name, file_content_type, group_id)
SELECT mid, mt, initcap(pg_temp.words('dot' || x, 3)), 'https://files.example.org/' || substr(md5('du' || x), 1, 16), dt,
  (ARRAY['#F44336','#4CAF50','#2196F3','#FF9800','#9C27B0','#607D8B'])[1 + pg_temp.r('dc' || x, 6)], t, t, dt, pg_temp.skew2('dau' || x, 2000),
  CASE WHEN x % 2 = 0 THEN 'https://docs.example.org/' || substr(md5('dw' || x), 1, 12) END, CASE WHEN dt = 'image' THEN 'https://thumbs.example.org/' || substr(md5('dth' || x), 1, 12) END,
  CASE WHEN x % 3 = 0 THEN 'file' || x || '.' || dt END, CASE WHEN x % 3 = 0 THEN 'application/octet-stream' END,
  CASE mt WHEN 'Group' THEN mid WHEN 'Discussion' THEN (SELECT group_id FROM discussions WHERE id = mid) WHEN 'Poll' THEN (SELECT group_id FROM polls WHERE id = mid) END
FROM generate_series(1, 600) x
CROSS JOIN LATERAL (SELECT pg_temp.pick2('dmt' || x, ARRAY['Discussion','Group','Poll','Comment','Outcome']) AS mt,
  pg_temp.pick('ddt' || x, ARRAY['pdf','image','spreadsheet','text','presentation','other']) AS dt,
  timestamp '2021-02-01 00:00:00' + (x * 100000) * interval '1 second' AS t) y
CROSS JOIN LATERAL (SELECT CASE mt WHEN 'Group' THEN pg_temp.skew('dmg' || x, 200) WHEN 'Discussion' THEN pg_temp.skew('dmd' || x, 1500)
  WHEN 'Poll' THEN pg_temp.skew('dmp' || x, 800) WHEN 'Comment' THEN pg_temp.skew('dmc' || x, 5000) ELSE pg_temp.skew('dmo' || x, 300) END AS mid) z
ORDER BY x;

-- Legacy attachments (before documents): most on comments, which also kept comment_id.
INSERT INTO attachments (user_id, filename, location, comment_id, created_at, updated_at, filesize, file_file_name, file_content_type, file_file_size, file_updated_at,
  attachable_id, attachable_type, migrated_to_document)
SELECT pg_temp.skew2('au' || x, 2000), fn, 'https://loomio-uploads.example.org/' || substr(md5('al' || x), 1, 20) || '/' || fn, CASE WHEN at = 'Comment' THEN aid END,
  t, t, 1000 + pg_temp.r('as' || x, 5000000)::int, fn, 'application/pdf', 1000 + pg_temp.r('as' || x, 5000000)::int, t, aid, at, x % 2 = 0
FROM generate_series(1, 400) x
CROSS JOIN LATERAL (SELECT pg_temp.pick2('at' || x, ARRAY['Comment','Discussion','Outcome']) AS at, 'upload-' || x || '.pdf' AS fn,
  timestamp '2021-01-15 00:00:00' + (x * 30000) * interval '1 second' AS t) y
CROSS JOIN LATERAL (SELECT CASE at WHEN 'Comment' THEN pg_temp.skew('ac' || x, 5000) WHEN 'Discussion' THEN pg_temp.skew('ad' || x, 1500) ELSE pg_temp.skew('ao' || x, 300) END AS aid) z
ORDER BY x;

-- Tags belong to organisations (their subgroups use the parent's); the same names recur
-- across organisations.
INSERT INTO tags (group_id, name, color, created_at, updated_at, taggings_count, priority, org_taggings_count)
SELECT g.id, (ARRAY['urgent','budget','policy','events','membership','governance','finance','strategy','hiring','legal','tech','feedback','housing','outreach'])[k],
  (ARRAY['#F44336','#4CAF50','#2196F3','#FF9800','#9C27B0','#607D8B'])[1 + (k % 6)], g.created_at + k * interval '1 day', g.created_at + k * interval '1 day', 0, k, 0
FROM groups g CROSS JOIN LATERAL generate_series(1, CASE WHEN g.id <= 5 THEN 14 ELSE 1 + pg_temp.r('tn' || g.id, 6)::int END) k
WHERE g.parent_id IS NULL
ORDER BY g.id, k;

INSERT INTO taggings (tag_id, taggable_id, created_at, updated_at, taggable_type)
SELECT DISTINCT ON (tg.id, x.iid, x.itype) tg.id, x.iid, x.t, x.t, x.itype
FROM (SELECT 'Discussion' AS itype, d.id AS iid, COALESCE(g.parent_id, g.id) AS root, d.created_at AS t, k FROM discussions d JOIN groups g ON g.id = d.group_id
        CROSS JOIN LATERAL generate_series(1, pg_temp.r('tgd' || d.id, 3)::int) k
      UNION ALL
      SELECT 'Poll', p.id, COALESCE(g.parent_id, g.id), p.created_at, k FROM polls p JOIN groups g ON g.id = p.group_id
        CROSS JOIN LATERAL generate_series(1, pg_temp.r('tgp' || p.id, 2)::int) k) x
JOIN (SELECT group_id, count(*) AS n FROM tags GROUP BY group_id) c ON c.group_id = x.root
JOIN tags tg ON tg.group_id = x.root AND tg.priority = 1 + pg_temp.r('tgk' || x.itype || x.iid || '-' || x.k, c.n)
ORDER BY tg.id, x.iid, x.itype;

-- paper_trail versions: every thread, poll and outcome was created, one comment in five edited.
INSERT INTO versions (item_type, item_id, event, whodunnit, created_at, object_changes)
SELECT it, iid, ev, who, t, jsonb_build_object('updated_at', jsonb_build_array(t - interval '1 hour', t))
FROM (SELECT 'Discussion' AS it, id AS iid, 'create' AS ev, author_id AS who, created_at AS t FROM discussions
      UNION ALL SELECT 'Discussion', id, 'update', author_id, updated_at FROM discussions WHERE id % 3 = 0
      UNION ALL SELECT 'Poll', id, 'create', author_id, created_at FROM polls
      UNION ALL SELECT 'Comment', id, 'update', user_id, edited_at FROM comments WHERE edited_at IS NOT NULL
      UNION ALL SELECT 'Outcome', id, 'create', author_id, created_at FROM outcomes) v
ORDER BY t, it, iid, ev;

-- Requests to join: a visitor without an account gives a name and an e-mail.
INSERT INTO membership_requests (name, email, introduction, group_id, created_at, updated_at, requestor_id, responder_id, response, responded_at)
SELECT CASE WHEN x % 4 = 0 THEN pg_temp.first_name('mrf' || x) || ' ' || pg_temp.last_name('mrl' || x) END,
  CASE WHEN x % 4 = 0 THEN 'visitor' || x || '@mail.example.net' END, pg_temp.words('mri' || x, 10), g.id, t, t,
  CASE WHEN x % 4 <> 0 THEN pg_temp.skew2('mru' || x, 2000) END, CASE WHEN x % 3 <> 0 THEN g.creator_id END,
  CASE WHEN x % 3 = 0 THEN NULL WHEN x % 5 = 0 THEN 'ignored' ELSE 'approved' END, CASE WHEN x % 3 <> 0 THEN t + interval '2 days' END
FROM generate_series(1, 400) x
JOIN groups g ON g.id = pg_temp.skew('mrg' || x, 200)
CROSS JOIN LATERAL (SELECT g.created_at + (x * 50000) * interval '1 second' AS t) y
ORDER BY x;

INSERT INTO poll_unsubscriptions (poll_id, user_id, created_at, updated_at)
SELECT DISTINCT ON (p, u) p, u, t, t
FROM (SELECT pg_temp.skew('pup' || x, 800) AS p, pg_temp.skew2('puu' || x, 2000) AS u, timestamp '2021-03-01' + (x * 200000) * interval '1 second' AS t
      FROM generate_series(1, 300) x) y
ORDER BY p, u, t;

-- Thread readers: who read which thread how far; invited guests hold a token.
INSERT INTO discussion_readers (user_id, created_at, updated_at, discussion_id, last_read_at, last_read_sequence_id, volume, participating, dismissed_at,
  read_ranges_string, inviter_id, token, revoked_at, admin, accepted_at, revoker_id, guest)
SELECT r.u, d.created_at + (r.u % 86400) * interval '1 second', d.created_at + (r.u % 86400) * interval '1 second', d.id,
  d.created_at + interval '1 day', pg_temp.r('rs' || r.u || '-' || d.id, 20)::int, pg_temp.pick2('rv' || r.u || '-' || d.id, ARRAY['2','3','1','0'])::int,
  (r.u + d.id) % 3 = 0, CASE WHEN (r.u + d.id) % 17 = 0 THEN d.created_at + interval '2 days' END, '1-' || (1 + pg_temp.r('rs' || r.u || '-' || d.id, 20)),
  CASE WHEN (r.u * 3 + d.id) % 20 = 0 THEN d.author_id END, CASE WHEN (r.u * 3 + d.id) % 20 = 0 THEN substr(md5('drt' || r.u || '-' || d.id), 1, 20) END,
  NULL, d.author_id = r.u, d.created_at + interval '1 hour', NULL, (r.u * 3 + d.id) % 20 = 0
FROM (SELECT DISTINCT pg_temp.skew2('ru' || x, 2000) AS u, pg_temp.skew('rd' || x, 1500) AS d FROM generate_series(1, 5200) x) r
JOIN discussions d ON d.id = r.d
ORDER BY d.created_at + (r.u % 86400) * interval '1 second', d.id, r.u;

DROP TABLE lm_comment, lm_stance, lm_event;
