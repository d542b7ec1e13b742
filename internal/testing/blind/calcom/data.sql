-- Deterministic data for the Cal.com cut: one hosted installation with 120 teams (15
-- organizations, the first a big enterprise, 60 sub-teams inside them and 45 standalone
-- teams), 3,000 users (half of them in an organization, each with an organization profile),
-- their schedules and availability, personal, team and managed event types, calendar and
-- video credentials, 6,000 bookings with their attendees, seats, calendar/video references
-- and payments, webhooks, workflows with their steps and reminders, and API keys. SERIAL ids
-- are filled by their sequences in the ORDER BY order; ids Prisma's client makes (uuid(),
-- cuid()) and every other value are functions of the row number.

-- Teams 1..15 are organizations, 16..75 sub-teams of an organization (slugs repeat across
-- organizations), 76..120 standalone teams.
CREATE TEMP TABLE cc_team AS
SELECT t, par, kind, CASE kind
    WHEN 'org' THEN (ARRAY['acme','globex','initech','umbrella','hooli','soylent','stark','wayne','wonka','tyrell','cyberdyne','vandelay','oscorp','aperture','gringotts'])[t]
    WHEN 'sub' THEN (ARRAY['sales','support','engineering','marketing','customer-success','recruiting','design','finance','partnerships','product',
                            'legal','operations','security','research','people','it'])[row_number() OVER (PARTITION BY par ORDER BY t)]
    ELSE lower(pg_temp.last_name('ts' || t)) || '-' || pg_temp.pick('tk' || t, ARRAY['consulting','law','clinic','studio','tutors','agency','coaching','dental'])
  END AS slug0
FROM (SELECT t, CASE WHEN t <= 15 THEN 'org' WHEN t <= 75 THEN 'sub' ELSE 'team' END AS kind,
        CASE WHEN t BETWEEN 16 AND 75 THEN CASE WHEN t <= 30 THEN t - 15 ELSE pg_temp.skew2('tp' || t, 15) END END AS par
      FROM generate_series(1, 120) t) x;
ALTER TABLE cc_team ADD COLUMN slug text;
UPDATE cc_team c SET slug = c.slug0 || CASE WHEN d.rn > 1 THEN '-' || d.rn ELSE '' END
FROM (SELECT t, row_number() OVER (PARTITION BY par, slug0 ORDER BY t) AS rn FROM cc_team) d WHERE d.t = c.t;

INSERT INTO "Team" ("name", "slug", "logoUrl", "bio", "hideBranding", "isPrivate", "createdAt", "metadata", "theme", "brandColor", "darkBrandColor",
  "parentId", "timeFormat", "timeZone", "weekStart", "isOrganization", "pendingPayment", "bookingLimits")
SELECT CASE kind WHEN 'org' THEN initcap(slug) || ' Corp' WHEN 'sub' THEN initcap(replace(slug, '-', ' ')) ELSE initcap(replace(slug, '-', ' ')) END,
  slug, CASE WHEN t % 3 = 0 THEN 'https://app.cal.com/api/avatar/' || md5('tl' || t) || '.png' END,
  CASE WHEN t % 4 = 0 THEN pg_temp.words('tb' || t, 12) END, kind = 'org' AND t <= 5, t % 11 = 0,
  timestamp '2022-03-01 10:00:00' + (t * 3 * 86400 + pg_temp.r('tc' || t, 86400)) * interval '1 second',
  CASE WHEN kind = 'org' THEN jsonb_build_object('isOrganization', true, 'orgSeats', 20 + t * 10, 'subscriptionId', 'sub_' || substr(md5('ts' || t), 1, 24)) END,
  CASE WHEN t % 5 = 0 THEN 'dark' END, '#' || substr(md5('tbc' || t), 1, 6), '#fafafa',
  par, CASE WHEN t % 7 = 0 THEN 24 END,
  pg_temp.pick2('tz' || t, ARRAY['America/New_York','Europe/London','Europe/Berlin','America/Los_Angeles','Asia/Kolkata','Australia/Sydney']),
  CASE WHEN t % 6 = 0 THEN 'Monday' ELSE 'Sunday' END, kind = 'org', t = 14,
  CASE WHEN t % 13 = 0 THEN '{"PER_DAY": 20}'::jsonb END
FROM cc_team ORDER BY t;

-- Users: every other user belongs to an organization (organization 1 holds 913 of them, a
-- third of all users). Usernames are first.last, numbered when they repeat within an organization (or among
-- users without one): the same username exists in several organizations. One in twenty
-- users never finished sign-up and has no username.
CREATE TEMP TABLE cc_user AS
SELECT u, org, fn, ln, email, CASE WHEN org IS NULL AND u % 20 = 7 THEN NULL ELSE
    lower(fn) || '.' || lower(ln) || CASE WHEN rn > 1 THEN rn::text ELSE '' END END AS username
FROM (SELECT u, org, fn, ln, lower(fn) || '.' || lower(ln) || u || '@' || COALESCE(o.slug || '.com',
        pg_temp.pick2('ud' || u, ARRAY['gmail.com','outlook.com','yahoo.com','icloud.com','proton.me','hey.com'])) AS email,
        row_number() OVER (PARTITION BY org, fn, ln ORDER BY u) AS rn
      FROM (SELECT u, CASE WHEN u <= 30 AND u % 2 = 0 THEN u / 2 WHEN u % 2 = 0 THEN pg_temp.skew('uo' || u, 15) END AS org,
              pg_temp.first_name('uf' || u) AS fn, pg_temp.last_name('ul' || u) AS ln
            FROM generate_series(1, 3000) u) a LEFT JOIN cc_team o ON o.t = a.org) b;

INSERT INTO "users" ("username", "name", "email", "emailVerified", "bio", "avatarUrl", "timeZone", "weekStart", "bufferTime", "hideBranding", "theme",
  "created", "trialEndsAt", "lastActiveAt", "completedOnboarding", "locale", "timeFormat", "twoFactorSecret", "twoFactorEnabled", "backupCodes",
  "identityProvider", "identityProviderId", "invitedTo", "brandColor", "darkBrandColor", "metadata", "verified", "role", "organizationId", "locked",
  "creationSource")
SELECT username, fn || ' ' || ln, email, CASE WHEN u % 5 <> 0 THEN t + interval '10 minutes' END, CASE WHEN u % 6 = 0 THEN pg_temp.words('ub' || u, 8) END,
  CASE WHEN u % 3 = 0 THEN 'https://app.cal.com/api/avatar/' || md5('ua' || u) || '.png' END,
  pg_temp.pick2('utz' || u, ARRAY['America/New_York','Europe/London','America/Los_Angeles','Europe/Berlin','Asia/Kolkata','America/Chicago',
    'Europe/Paris','Australia/Sydney','America/Sao_Paulo','Asia/Tokyo']),
  CASE WHEN u % 4 = 0 THEN 'Monday' ELSE 'Sunday' END, CASE WHEN u % 9 = 0 THEN 10 ELSE 0 END, u % 17 = 0, CASE WHEN u % 8 = 0 THEN 'dark' END,
  t, CASE WHEN org IS NULL THEN t + interval '14 days' END, t + (pg_temp.r('ula' || u, 500) * 86400) * interval '1 second',
  username IS NOT NULL, pg_temp.pick2('ulo' || u, ARRAY['en','de','fr','es','pt-BR','nl','it']), CASE WHEN u % 5 = 0 THEN 24 ELSE 12 END,
  CASE WHEN u % 10 = 0 THEN encode(sha256(('2fa' || u)::bytea), 'base64') END, u % 10 = 0,
  CASE WHEN u % 10 = 0 THEN encode(sha256(('bc' || u)::bytea), 'hex') END,
  idp::"IdentityProvider", CASE idp WHEN 'GOOGLE' THEN (100000000000000000000 + pg_temp.hn('gid' || u))::text WHEN 'SAML' THEN email END,
  CASE WHEN org IS NOT NULL AND u % 7 = 0 THEN org END, '#' || substr(md5('ubc' || u), 1, 6), '#fafafa',
  CASE WHEN u % 4 = 0 THEN jsonb_build_object('phoneNumber', '+1555' || lpad((u * 7919 % 10000000)::text, 7, '0')) ELSE '{}'::jsonb END,
  u % 50 = 0, CASE WHEN u <= 3 THEN 'ADMIN' ELSE 'USER' END::"UserPermissionRole", org, u % 400 = 0,
  CASE WHEN u > 2400 THEN pg_temp.pick('ucs' || u, ARRAY['webapp','webapp','api_v2']) END::"CreationSource"
FROM cc_user
CROSS JOIN LATERAL (SELECT timestamp '2022-01-10 09:00:00' + (u * 7 * 3600 + pg_temp.r('uc' || u, 3600)) * interval '1 second' AS t,
  CASE WHEN org <= 3 AND u % 5 = 0 THEN 'SAML' WHEN u % 10 < 3 THEN 'GOOGLE' ELSE 'CAL' END AS idp) x
ORDER BY u;

-- One organization profile per organization member (Profile ids follow the users).
INSERT INTO "Profile" ("uid", "userId", "organizationId", "username", "createdAt", "updatedAt")
SELECT pg_temp.uuid('pr' || u)::text, u, org, username, t, t + interval '3 days'
FROM cc_user CROSS JOIN LATERAL (SELECT timestamp '2023-06-01 09:00:00' + (u * 3600) * interval '1 second' AS t) x
WHERE org IS NOT NULL ORDER BY u;

-- Memberships: every organization member in its organization (its first member the owner),
-- two in three of them in one or two of its sub-teams; standalone teams have an owner and a
-- skewed number of independent members.
CREATE TEMP TABLE cc_sub AS
SELECT t, par, row_number() OVER (PARTITION BY par ORDER BY t) AS k, count(*) OVER (PARTITION BY par) AS n FROM cc_team WHERE kind = 'sub';

INSERT INTO "Membership" ("teamId", "userId", "accepted", "role", "disableImpersonation")
SELECT team, u, u % 23 <> 0 OR role = 'OWNER', role::"MembershipRole", u % 31 = 0
FROM (
  SELECT org AS team, u, CASE WHEN u = min(u) OVER (PARTITION BY org) THEN 'OWNER' WHEN u % 19 = 0 THEN 'ADMIN' ELSE 'MEMBER' END AS role, 0 AS o
  FROM cc_user WHERE org IS NOT NULL
  UNION ALL
  SELECT s.t, c.u, CASE WHEN c.u % 13 = 0 THEN 'ADMIN' ELSE 'MEMBER' END, 1 + j
  FROM cc_user c JOIN (SELECT par, count(*) AS n FROM cc_sub GROUP BY par) cnt ON cnt.par = c.org
  CROSS JOIN generate_series(0, 1) j
  JOIN cc_sub s ON s.par = c.org AND s.k = 1 + (pg_temp.r('ms' || c.u, cnt.n) + j) % cnt.n
  WHERE j < c.u % 3 AND (j = 0 OR cnt.n > 1)
  UNION ALL
  SELECT t, 2 * (t - 75) - 1, 'OWNER', 3 FROM cc_team WHERE kind = 'team'
  UNION ALL
  SELECT team, u, CASE WHEN u % 11 = 0 THEN 'ADMIN' ELSE 'MEMBER' END, 4
  FROM (SELECT u, 75 + pg_temp.skew2('mt' || u, 45) AS team FROM cc_user WHERE org IS NULL AND u % 3 = 0) m
  WHERE u <> 2 * (team - 75) - 1
) x ORDER BY u, o, team;

-- Schedules: every user has "Working Hours", one in five a second schedule.
INSERT INTO "Schedule" ("userId", "name", "timeZone")
SELECT u, CASE k WHEN 1 THEN 'Working Hours' ELSE pg_temp.pick('sn' || u, ARRAY['Summer hours','Evenings','Weekends','Office hours','Interviews']) END,
  CASE WHEN k = 2 OR u % 6 = 0 THEN pg_temp.pick2('stz' || u, ARRAY['America/New_York','Europe/London','Europe/Berlin','Asia/Kolkata']) END
FROM cc_user CROSS JOIN generate_series(1, 2) k WHERE k = 1 OR u % 5 = 0 ORDER BY u, k;

UPDATE "users" SET "defaultScheduleId" = s.id FROM (SELECT "userId", min(id) AS id FROM "Schedule" GROUP BY "userId") s WHERE s."userId" = "users".id;

-- Availability: weekday hours (a lunch break for some), weekend hours for a few, and date
-- overrides. Rows created before schedules existed (about one user in twenty) still carry
-- the user id beside the schedule they were moved to.
INSERT INTO "Availability" ("userId", "eventTypeId", "days", "startTime", "endTime", "date", "scheduleId")
SELECT CASE WHEN s."userId" % 20 = 3 AND s.id = u."defaultScheduleId" THEN s."userId" END, NULL, days, st, et, d, s.id
FROM "Schedule" s JOIN "users" u ON u.id = s."userId"
CROSS JOIN LATERAL (
  SELECT ARRAY[1,2,3,4,5] AS days, time '09:00' + (s.id % 3) * interval '30 minutes' AS st, CASE WHEN s.id % 4 = 0 THEN time '12:00' ELSE time '17:00' END AS et, NULL::date AS d, 1 AS o
  UNION ALL SELECT ARRAY[1,2,3,4,5], time '13:00', time '17:30', NULL, 2 WHERE s.id % 4 = 0
  UNION ALL SELECT ARRAY[6], time '10:00', time '14:00', NULL, 3 WHERE s.id % 7 = 0
  UNION ALL SELECT '{}'::int[], time '00:00' + pg_temp.r('ao' || s.id || k, 3) * interval '3 hours', time '23:59', date '2024-01-01' + pg_temp.r('ad' || s.id || k, 700)::int, 3 + k
    FROM generate_series(1, 3) k WHERE s.id % 3 = 0 AND k <= 1 + s.id % 4
) a
ORDER BY s.id, a.o;

-- Personal event types: one to four per user (slugs unique per user), an organization
-- member's carry the profile. Team event types: one to four per sub-team and standalone team
-- (round robin, collective, managed); every member of a team gets a child of its managed
-- event type (slug as the parent's, parentId set).
INSERT INTO "EventType" ("title", "slug", "description", "position", "locations", "length", "hidden", "userId", "profileId", "teamId", "eventName",
  "parentId", "bookingFields", "periodType", "periodDays", "requiresConfirmation", "recurringEvent", "disableGuests", "minimumBookingNotice",
  "beforeEventBuffer", "afterEventBuffer", "seatsPerTimeSlot", "seatsShowAttendees", "schedulingType", "scheduleId", "price", "currency",
  "slotInterval", "metadata", "successRedirectUrl", "assignAllTeamMembers", "isRRWeightsEnabled")
SELECT title, slug, CASE WHEN h % 3 = 0 THEN pg_temp.words('ed' || h, 10) END, k - 1, loc, len, slug = 'secret', uid, pid, tid,
  CASE WHEN h % 9 = 0 THEN '{Event type title} with {Scheduler}' END, NULL, CASE WHEN h % 5 = 0 THEN '[{"name":"notes","type":"textarea"}]'::jsonb END,
  CASE WHEN h % 8 = 0 THEN 'rolling' ELSE 'unlimited' END::"PeriodType", CASE WHEN h % 8 = 0 THEN 30 END, slug = 'interview' OR h % 15 = 0,
  CASE WHEN slug = 'coaching' THEN '{"freq": 2, "count": 4, "interval": 1}'::jsonb END, h % 19 = 0,
  CASE WHEN h % 4 = 0 THEN 1440 ELSE 120 END, CASE WHEN h % 6 = 0 THEN 10 ELSE 0 END, CASE WHEN h % 6 = 0 THEN 5 ELSE 0 END,
  seats, CASE WHEN seats IS NOT NULL THEN h % 2 = 0 END, st::"SchedulingType", NULL::int, price, CASE WHEN h % 3 = 0 THEN 'eur' ELSE 'usd' END,
  CASE WHEN h % 10 = 0 THEN 15 END,
  CASE WHEN price > 0 THEN jsonb_build_object('apps', jsonb_build_object('stripe', jsonb_build_object('price', price, 'enabled', true))) ELSE '{}'::jsonb END,
  CASE WHEN h % 29 = 0 THEN 'https://example.com/thank-you' END, COALESCE(st = 'roundRobin' AND h % 2 = 0, false), COALESCE(st = 'roundRobin' AND h % 5 = 0, false)
FROM (
  SELECT c.u AS h, k, (ARRAY['30 Min Meeting','15 Min Meeting','60 Min Meeting','Secret Meeting','Consultation','Coaching'])[k] AS title,
    (ARRAY['30min','15min','60min','secret','consultation','coaching'])[k] AS slug, (ARRAY[30,15,60,30,45,60])[k] AS len,
    c.u AS uid, p.id AS pid, NULL::int AS tid, NULL AS st,
    CASE WHEN (k = 5 AND c.u % 3 = 0) OR (k = 1 AND c.u % 97 = 0) THEN 10 END AS seats,
    CASE WHEN (k = 5 AND c.u % 4 = 0) OR (k = 3 AND c.u % 29 = 0) OR (k = 1 AND c.u % 10 = 0) THEN 5000 ELSE 0 END AS price,
    jsonb_build_array(jsonb_build_object('type', pg_temp.pick2('lo' || c.u || k, ARRAY['integrations:daily','integrations:google:meet','integrations:zoom','inPerson','phone']))) AS loc,
    1 AS o
  FROM cc_user c LEFT JOIN "Profile" p ON p."userId" = c.u
  CROSS JOIN generate_series(1, 6) k WHERE k <= pg_temp.skew2('en' || c.u, 4) + CASE WHEN c.u % 3 = 0 THEN 1 ELSE 0 END + CASE WHEN c.u % 12 = 0 THEN 1 ELSE 0 END
  UNION ALL
  SELECT 100000 + t.t * 10 + k, k, initcap(replace(t.slug, '-', ' ')) || ' ' || (ARRAY['Demo','Discovery Call','Onboarding','Interview'])[k],
    (ARRAY['demo','discovery-call','onboarding-' || t.slug,'interview'])[k], (ARRAY[30,45,60,45])[k], NULL, NULL, t.t,
    CASE WHEN k = 3 THEN CASE WHEN t.kind = 'sub' THEN 'managed' ELSE 'collective' END WHEN k = 2 THEN 'collective' ELSE 'roundRobin' END,
    NULL, CASE WHEN k = 2 AND t.t % 5 = 0 THEN 10000 ELSE 0 END, '[{"type":"integrations:daily"}]'::jsonb, 2
  FROM cc_team t CROSS JOIN generate_series(1, 4) k WHERE t.kind <> 'org' AND k <= 1 + pg_temp.r('tn' || t.t, 4)
) e
ORDER BY o, h, k;

INSERT INTO "EventType" ("title", "slug", "position", "locations", "length", "userId", "profileId", "parentId", "schedulingType", "metadata")
SELECT e.title, e.slug, 10, e.locations, e.length, m."userId", p.id, e.id, NULL, '{}'::jsonb
FROM "EventType" e JOIN "Membership" m ON m."teamId" = e."teamId" AND m.accepted
LEFT JOIN "Profile" p ON p."userId" = m."userId"
WHERE e."schedulingType" = 'managed'
ORDER BY e.id, m."userId";

UPDATE "EventType" e SET "scheduleId" = s.id FROM (SELECT "userId", max(id) AS id FROM "Schedule" GROUP BY "userId") s
WHERE s."userId" = e."userId" AND e.id % 10 = 0;

-- Hosts of the round-robin and collective team event types: the team's accepted members.
INSERT INTO "Host" ("userId", "eventTypeId", "isFixed", "priority", "weight", "scheduleId", "createdAt")
SELECT m."userId", e.id, e."schedulingType" = 'collective', CASE WHEN e."isRRWeightsEnabled" THEN 2 END, CASE WHEN e."isRRWeightsEnabled" THEN 50 + (m."userId" % 4) * 50 END,
  CASE WHEN m."userId" % 10 = 0 THEN u."defaultScheduleId" END, timestamp '2024-01-01 00:00:00' + (e.id * 60 + m."userId") * interval '1 second'
FROM "EventType" e JOIN "Membership" m ON m."teamId" = e."teamId" AND m.accepted JOIN "users" u ON u.id = m."userId"
WHERE e."schedulingType" IN ('roundRobin', 'collective')
ORDER BY e.id, m."userId";

-- The implicit user_eventtype relation: the users an event type lists (Prisma's link table;
-- set by the legacy event type editor for personal event types).
INSERT INTO "_user_eventtype" ("A", "B")
SELECT id, "userId" FROM "EventType" WHERE "userId" IS NOT NULL AND "parentId" IS NULL AND "userId" % 2 = 1 ORDER BY id;

-- The app store.
INSERT INTO "App" ("slug", "dirName", "keys", "categories", "createdAt", "updatedAt", "enabled")
SELECT slug, dir, CASE WHEN n % 2 = 0 THEN jsonb_build_object('client_id', md5('ak' || n)) END, cats::"AppCategories"[],
  timestamp '2022-01-01 00:00:00' + n * interval '1 day', timestamp '2024-06-01 00:00:00', n <> 17
FROM unnest(ARRAY['google-calendar','office365-calendar','apple-calendar','caldav-calendar','zoom','daily-video','google-meet','msteams','stripe',
  'paypal','hubspot','salesforce','zapier','make','giphy','gtm','ga4','whatsapp','slack','webex'],
  ARRAY['googlecalendar','office365calendar','applecalendar','caldavcalendar','zoomvideo','dailyvideo','googlevideo','office365video','stripepayment',
  'paypal','hubspot','salesforce','zapier','make','giphy','gtm','ga4','whatsapp','slack','webex'],
  ARRAY['{calendar}','{calendar}','{calendar}','{calendar}','{conferencing,video}','{conferencing,video}','{conferencing,video}','{conferencing,video}',
  '{payment}','{payment}','{crm}','{crm}','{automation}','{automation}','{other}','{analytics}','{analytics}','{messaging}','{messaging}','{conferencing}'])
  WITH ORDINALITY a(slug, dir, cats, n)
ORDER BY n;

-- Credentials: calendars (Google for most users), Zoom, Stripe for users with paid event
-- types, CRM apps with a subscription, and team-level Zoom and Stripe credentials.
INSERT INTO "Credential" ("type", "key", "userId", "teamId", "appId", "subscriptionId", "paymentStatus", "billingCycleStart", "invalid")
SELECT typ, jsonb_build_object('access_token', 'ya29.' || substr(md5('ck' || o || '-' || owner), 1, 20), 'expiry_date', 1700000000000 + pg_temp.r('ce' || owner, 99999999)),
  uid, tid, app, CASE WHEN app IN ('hubspot', 'salesforce') THEN 'sub_' || substr(md5('cs' || owner), 1, 24) END,
  CASE WHEN app IN ('hubspot', 'salesforce') THEN 'active' END, CASE WHEN app IN ('hubspot', 'salesforce') THEN 1 + owner % 28 END,
  pg_temp.r('ci' || o || '-' || owner, 40) = 0
FROM (
  SELECT u AS owner, u AS uid, NULL::int AS tid, o, app, typ FROM cc_user
  CROSS JOIN LATERAL (VALUES (1, 'google-calendar', 'google_calendar', u % 20 < 11), (2, 'office365-calendar', 'office365_calendar', u % 20 BETWEEN 11 AND 13),
    (3, 'apple-calendar', 'apple_calendar', u % 20 = 14), (4, 'zoom', 'zoom_video', u % 5 = 1), (5, 'google-meet', 'google_video', u % 20 < 11 AND u % 3 = 0),
    (6, 'stripe', 'stripe_payment', u % 12 = 0), (7, 'hubspot', 'hubspot_other_calendar', u % 60 = 5), (8, 'salesforce', 'salesforce_other_calendar', u % 90 = 7)) v(o, app, typ, ok)
  WHERE ok
  UNION ALL
  SELECT 100000 + t, NULL, t, 9, 'zoom', 'zoom_video' FROM cc_team WHERE kind <> 'org' AND t % 4 = 0
  UNION ALL
  SELECT 100000 + t, NULL, t, 10, 'stripe', 'stripe_payment' FROM cc_team WHERE kind <> 'org' AND t % 5 = 0
) c ORDER BY uid NULLS LAST, tid, o;

-- Destination calendars: one per user with a calendar credential, and a few event types that
-- write to another calendar.
INSERT INTO "DestinationCalendar" ("integration", "externalId", "primaryEmail", "userId", "eventTypeId", "credentialId")
SELECT c.type, u.email, u.email, u.id, NULL::int, c.id
FROM "users" u JOIN (SELECT DISTINCT ON ("userId") * FROM "Credential" WHERE "appId" LIKE '%-calendar' ORDER BY "userId", id) c ON c."userId" = u.id
UNION ALL
SELECT c.type, 'team-' || e.id || '@group.calendar.google.com', u.email, NULL, e.id, c.id
FROM "EventType" e JOIN "users" u ON u.id = e."userId"
JOIN "Credential" c ON c."userId" = u.id AND c."appId" = 'google-calendar'
WHERE e.id % 25 = 0 AND e."parentId" IS NULL
ORDER BY 4 NULLS LAST, 5;

-- Selected calendars (checked for conflicts): the primary calendar of every calendar
-- credential, a second calendar for some and the shared holiday calendar for a few; Google
-- watch channels on half of the primaries; event-level selections for a few event types.
INSERT INTO "SelectedCalendar" ("id", "userId", "integration", "externalId", "credentialId", "googleChannelId", "googleChannelKind", "googleChannelResourceId",
  "googleChannelResourceUri", "googleChannelExpiration", "error", "eventTypeId")
SELECT pg_temp.uuid('sc' || c.id || '-' || k || '-' || COALESCE(e.id, 0))::text, c."userId", c.type, ext, c.id,
  ch, CASE WHEN ch IS NOT NULL THEN 'api#channel' END, CASE WHEN ch IS NOT NULL THEN substr(md5('crs' || c.id), 1, 27) END,
  CASE WHEN ch IS NOT NULL THEN 'https://www.googleapis.com/calendar/v3/calendars/' || ext || '/events?alt=json' END,
  CASE WHEN ch IS NOT NULL THEN (1735689600000 + pg_temp.r('cx' || c.id, 2592000000))::text END,
  CASE WHEN c.id % 97 = 0 THEN 'invalid_grant' END, e.id
FROM "Credential" c JOIN "users" u ON u.id = c."userId"
CROSS JOIN generate_series(1, 3) k
LEFT JOIN LATERAL (SELECT id FROM "EventType" e WHERE e."userId" = c."userId" AND e."parentId" IS NULL AND c."userId" % 30 = 1 AND k = 1 ORDER BY id LIMIT 1) e ON true
CROSS JOIN LATERAL (SELECT CASE k WHEN 1 THEN u.email WHEN 2 THEN substr(md5('cal2' || c.id), 1, 26) || '@group.calendar.google.com'
  ELSE 'en.usa#holiday@group.v.calendar.google.com' END AS ext,
  CASE WHEN k = 1 AND c.type = 'google_calendar' AND c.id % 2 = 0 THEN pg_temp.uuid('gch' || c.id || '-' || COALESCE(e.id, 0))::text END AS ch) x
WHERE c."appId" LIKE '%-calendar' AND (k = 1 OR (k = 2 AND c.id % 3 = 0) OR (k = 3 AND c.id % 7 = 0 AND c.type = 'google_calendar'))
ORDER BY c.id, k;
INSERT INTO "SelectedCalendar" ("id", "userId", "integration", "externalId", "credentialId", "eventTypeId")
SELECT pg_temp.uuid('sce' || s.id || '-' || e.id)::text, s."userId", s.integration, s."externalId", s."credentialId", e.id
FROM "SelectedCalendar" s JOIN "EventType" e ON e."userId" = s."userId" AND e."parentId" IS NULL AND e.slug IN ('30min', '60min')
WHERE s."userId" % 30 = 1 AND s."eventTypeId" IS NULL
ORDER BY s.id, e.id;

-- Bookings: 6,000, on skewed event types (the first users' and teams' pages are the busiest);
-- a round-robin booking goes to one of the hosts, a collective one to the first. One in fifty
-- booking groups is a series of four recurring bookings; a few bookings of deleted or
-- dynamic group event types have no event type.
CREATE TEMP TABLE cc_et AS
SELECT row_number() OVER (ORDER BY COALESCE(e."userId", e."teamId" * 25), e.id) AS n, e.id, e."userId", e."teamId", e."schedulingType"::text AS st,
  e.length, e.title, e."seatsPerTimeSlot" AS seats, e.price, e.currency, e.locations->0->>'type' AS loc, e."recurringEvent" IS NOT NULL AS rec
FROM "EventType" e
WHERE e."schedulingType" IS DISTINCT FROM 'managed' AND NOT e.hidden
  AND (e."teamId" IS NULL OR EXISTS (SELECT 1 FROM "Host" h WHERE h."eventTypeId" = e.id));

CREATE TEMP TABLE cc_booking AS
SELECT b, et.id AS et, CASE WHEN b % 97 = 0 THEN NULL ELSE et.id END AS event_type_id,
  COALESCE(et."userId", (SELECT h."userId" FROM "Host" h WHERE h."eventTypeId" = et.id
    ORDER BY CASE WHEN et.st = 'collective' THEN h."userId" ELSE pg_temp.hn('bh' || b || '-' || h."userId") END LIMIT 1)) AS host,
  et.length, et.title, et.seats, et.price, et.currency, et.loc, g,
  timestamp '2024-01-08 08:00:00' + (pg_temp.r('bs' || g, 600) * 86400 + pg_temp.r('bt' || g, 20) * 1800) * interval '1 second'
    + CASE WHEN g % 50 = 0 THEN (b % 4) * interval '14 days' ELSE interval '0' END AS st,
  CASE WHEN g % 50 = 0 THEN pg_temp.uuid('rec' || g)::text END AS rec,
  pg_temp.r('bst' || b, 100) AS sr
FROM (SELECT b, CASE WHEN (b / 4) % 50 = 0 THEN b / 4 ELSE b * 10 + 1 END AS g FROM generate_series(1, 6000) b) x
JOIN cc_et et ON et.n = pg_temp.skew('be' || x.g, (SELECT count(*) FROM cc_et));

INSERT INTO "Booking" ("uid", "idempotencyKey", "userId", "userPrimaryEmail", "eventTypeId", "title", "description", "customInputs", "responses",
  "startTime", "endTime", "location", "createdAt", "updatedAt", "status", "paid", "destinationCalendarId", "cancellationReason", "rejectionReason",
  "reassignReason", "reassignById", "dynamicEventSlugRef", "dynamicGroupSlugRef", "rescheduled", "fromReschedule", "recurringEventId",
  "smsReminderNumber", "scheduledJobs", "metadata", "isRecorded", "iCalUID", "iCalSequence", "rating", "ratingFeedback", "noShowHost",
  "oneTimePassword", "cancelledBy", "rescheduledBy", "creationSource")
SELECT uid, CASE WHEN b > 2500 THEN pg_temp.uuid('bik' || b)::text END, host, u.email, event_type_id,
  CASE WHEN event_type_id IS NULL THEN 'Dynamic group meeting' ELSE title END || ' between ' || u.name || ' and ' || pg_temp.first_name('af' || b || '-1'),
  CASE WHEN b % 4 = 0 THEN pg_temp.words('bd' || b, 9) END, '{}'::jsonb,
  jsonb_build_object('name', pg_temp.first_name('af' || b || '-1'), 'email', 'guest', 'notes', CASE WHEN b % 4 = 0 THEN 'see description' END),
  st, st + length * interval '1 minute', COALESCE(loc, 'integrations:daily'), st - (1 + pg_temp.r('bc' || b, 30)) * interval '1 day',
  st - interval '12 hours', status::"BookingStatus", price > 0 AND status = 'accepted', d.id,
  CASE WHEN status = 'cancelled' AND b % 2 = 0 THEN pg_temp.pick('cr' || b, ARRAY['Something came up','Double booked','Feeling unwell','No longer needed']) END,
  CASE WHEN status = 'rejected' THEN 'Not available at this time' END, CASE WHEN b % 150 = 1 THEN 'Host unavailable' END,
  CASE WHEN b % 150 = 1 THEN host END, CASE WHEN event_type_id IS NULL THEN '30min' END, CASE WHEN event_type_id IS NULL THEN u.username || '+' || 'guest' END,
  CASE WHEN b % 25 = 0 THEN true END, CASE WHEN b % 25 = 1 THEN uid_prev END, rec,
  CASE WHEN b % 20 = 0 THEN '+1555' || lpad((b * 7919 % 10000000)::text, 7, '0') END, '{}'::text[],
  CASE WHEN loc = 'integrations:daily' THEN jsonb_build_object('videoCallUrl', 'https://app.cal.com/video/' || uid) ELSE '{}'::jsonb END,
  b % 40 = 0, uid || '@Cal.com', CASE WHEN b % 25 = 1 THEN 1 ELSE 0 END,
  CASE WHEN b % 9 = 0 AND status = 'accepted' THEN 1 + pg_temp.r('br' || b, 5) END, CASE WHEN b % 27 = 0 AND status = 'accepted' THEN 'Great session' END,
  CASE WHEN b % 60 = 0 THEN true ELSE false END, CASE WHEN b > 4000 THEN pg_temp.uuid('otp' || b)::text END,
  CASE WHEN status = 'cancelled' THEN u.email END, CASE WHEN b % 25 = 1 THEN u.email END,
  CASE WHEN b > 4500 THEN pg_temp.pick('bcs' || b, ARRAY['webapp','webapp','webapp','api_v2','api_v1']) END::"CreationSource"
FROM cc_booking c JOIN "users" u ON u.id = c.host
LEFT JOIN "DestinationCalendar" d ON d."userId" = c.host AND c.b % 5 <> 0
CROSS JOIN LATERAL (SELECT substr(translate(encode(decode(md5('bu' || b) || md5('bw' || b), 'hex'), 'base64'), '+/=', 'xyz'), 1, 22) AS uid,
  substr(translate(encode(decode(md5('bu' || (b - 1)) || md5('bw' || (b - 1)), 'hex'), 'base64'), '+/=', 'xyz'), 1, 22) AS uid_prev,
  CASE WHEN b % 25 = 0 OR sr < 12 THEN 'cancelled' WHEN sr < 17 THEN 'pending' WHEN sr < 20 THEN 'rejected' WHEN sr < 22 THEN 'awaiting_host' ELSE 'accepted' END AS status) x
ORDER BY b;

-- Attendees: one to three guests per booking (seated event types: two to eight, each with a
-- seat); guests come back, so e-mail addresses repeat across bookings.
INSERT INTO "Attendee" ("email", "name", "timeZone", "phoneNumber", "locale", "bookingId", "noShow")
SELECT lower(pg_temp.first_name('pf' || p)) || '.' || lower(pg_temp.last_name('pl' || p)) || p || '@' || pg_temp.pick2('pd' || p, ARRAY['gmail.com','outlook.com','yahoo.com','company.com','icloud.com']),
  pg_temp.first_name('pf' || p) || ' ' || pg_temp.last_name('pl' || p),
  pg_temp.pick2('ptz' || p, ARRAY['America/New_York','Europe/London','America/Los_Angeles','Europe/Berlin','Asia/Kolkata','America/Chicago']),
  CASE WHEN p % 5 = 0 THEN '+4477' || lpad((p * 104729 % 100000000)::text, 8, '0') END, pg_temp.pick2('plo' || p, ARRAY['en','de','fr','es']),
  bk.id, CASE WHEN p % 37 = 0 THEN true ELSE false END
FROM cc_booking c JOIN "Booking" bk ON bk.id = c.b
CROSS JOIN LATERAL generate_series(1, CASE WHEN c.seats IS NOT NULL THEN 2 + pg_temp.r('as' || c.b, 7)::int
  ELSE 1 + (pg_temp.r('an' || c.b, 100) < 40)::int + (pg_temp.r('ao' || c.b, 100) < 15)::int END) k
CROSS JOIN LATERAL (SELECT pg_temp.skew2('ap' || c.b || '-' || k, 5000) + (k - 1) * 5000 AS p) x
ORDER BY c.b, k;

INSERT INTO "BookingSeat" ("referenceUid", "bookingId", "attendeeId", "data", "metadata")
SELECT pg_temp.uuid('seat' || a.id)::text, a."bookingId", a.id, jsonb_build_object('responses', jsonb_build_object('name', a.name, 'email', a.email)), '{}'::jsonb
FROM "Attendee" a JOIN cc_booking c ON c.b = a."bookingId" WHERE c.seats IS NOT NULL ORDER BY a.id;

-- References: the video meeting of every accepted, pending or cancelled booking with a video
-- location and the calendar event in the host's destination calendar.
INSERT INTO "BookingReference" ("type", "uid", "meetingId", "thirdPartyRecurringEventId", "meetingPassword", "meetingUrl", "bookingId",
  "externalCalendarId", "deleted", "credentialId")
SELECT typ, ruid, mid, CASE WHEN bk."recurringEventId" IS NOT NULL AND o = 2 THEN substr(md5('tr' || bk."recurringEventId"), 1, 26) END,
  CASE WHEN o = 1 THEN substr(md5('mp' || bk.id), 1, 8) END, murl, bk.id, ext, CASE WHEN bk.id % 53 = 0 THEN true END, cred
FROM "Booking" bk LEFT JOIN "Credential" z ON z."userId" = bk."userId" AND z.type = 'zoom_video' AND bk.location = 'integrations:zoom'
CROSS JOIN LATERAL (
  SELECT 1 AS o, CASE bk.location WHEN 'integrations:zoom' THEN 'zoom_video' WHEN 'integrations:google:meet' THEN 'google_meet_video' ELSE 'daily_video' END AS typ,
    CASE WHEN bk.location = 'integrations:zoom' THEN (80000000000 + pg_temp.r('zm' || bk.id, 9999999999))::text ELSE substr(md5('room' || bk.id), 1, 20) END AS ruid,
    substr(md5('room' || bk.id), 1, 20) AS mid,
    CASE WHEN bk.location = 'integrations:zoom' THEN 'https://us02web.zoom.us/j/' || (80000000000 + pg_temp.r('zm' || bk.id, 9999999999)) ELSE 'https://cal.daily.co/' || substr(md5('room' || bk.id), 1, 20) END AS murl,
    NULL::text AS ext, z.id AS cred
  WHERE bk.location LIKE 'integrations:%'
  UNION ALL
  SELECT 2, d.integration, substr(md5('gev' || bk.id), 1, 26), NULL, NULL, d."externalId", d."credentialId"
  FROM "DestinationCalendar" d WHERE d.id = bk."destinationCalendarId"
) r
WHERE bk.status IN ('accepted', 'pending', 'cancelled')
ORDER BY bk.id, o;

INSERT INTO "Payment" ("uid", "appId", "bookingId", "amount", "fee", "currency", "success", "refunded", "data", "externalId", "paymentOption")
SELECT pg_temp.uuid('pay' || bk.id)::text, 'stripe', bk.id, c.price, c.price * 29 / 1000 + 30, c.currency, bk.paid, bk.paid AND bk.id % 17 = 0,
  jsonb_build_object('stripe_publishable_key', 'pk_live_x', 'stripeAccount', 'acct_' || substr(md5('acct' || bk."userId"), 1, 16)),
  'pi_' || substr(md5('pi' || bk.id) || md5('pj' || bk.id), 1, 24), CASE WHEN bk.id % 11 = 0 THEN 'HOLD' ELSE 'ON_BOOKING' END::"PaymentOption"
FROM "Booking" bk JOIN cc_booking c ON c.b = bk.id WHERE c.price > 0 ORDER BY bk.id;

-- Webhooks: most belong to a user (unique per user and subscriber URL), some to a team or an
-- event type; Zapier and Make subscriptions carry their app.
INSERT INTO "Webhook" ("id", "userId", "teamId", "eventTypeId", "subscriberUrl", "payloadTemplate", "createdAt", "active", "eventTriggers", "appId", "secret", "platform")
SELECT pg_temp.uuid('wh' || w)::text, CASE WHEN w % 10 < 7 THEN pg_temp.skew('wu' || w, 3000)::int END,
  CASE WHEN w % 10 IN (7, 8) THEN 15 + pg_temp.skew2('wt' || w, 105)::int END,
  e.id,
  CASE app WHEN 'zapier' THEN 'https://hooks.zapier.com/hooks/catch/' || (1000000 + w * 37) || '/' || substr(md5('zu' || w), 1, 6) || '/'
    WHEN 'make' THEN 'https://hook.eu1.make.com/' || substr(md5('mu' || w), 1, 32)
    ELSE 'https://' || pg_temp.pick('wd' || w, ARRAY['api.example.com','hooks.acme.io','crm.internal.net','n8n.example.org']) || '/cal/webhook/' || w END,
  CASE WHEN w % 6 = 0 THEN '{"title":"{{title}}","start":"{{startTime}}"}' END,
  timestamp '2023-02-01 12:00:00' + (w * 86400 + pg_temp.r('wc' || w, 86400)) * interval '1 second', w % 13 <> 0,
  CASE WHEN app IS NOT NULL THEN ARRAY['BOOKING_CREATED'] ELSE ARRAY['BOOKING_CREATED','BOOKING_RESCHEDULED','BOOKING_CANCELLED'] END::"WebhookTriggerEvents"[],
  app, CASE WHEN w % 2 = 0 THEN encode(sha256(('whs' || w)::bytea), 'hex') END, false
FROM generate_series(1, 450) w
LEFT JOIN cc_et e ON w % 10 = 9 AND e.n = pg_temp.skew2('we' || w, 5000)
CROSS JOIN LATERAL (SELECT CASE WHEN w % 10 < 7 AND w % 3 = 0 THEN 'zapier' WHEN w % 10 < 7 AND w % 7 = 1 THEN 'make' END AS app) a
ORDER BY w;

-- Workflows: four in five belong to a user, the rest to a team; one to three steps each;
-- active on one to three of the owner's event types.
CREATE TEMP TABLE cc_wf AS
SELECT w, CASE WHEN w % 5 <> 0 THEN pg_temp.skew2('wfu' || w, 3000)::int END AS uid, CASE WHEN w % 5 = 0 THEN 15 + pg_temp.skew2('wft' || w, 105)::int END AS tid
FROM generate_series(1, 700) w;

INSERT INTO "Workflow" ("position", "name", "userId", "teamId", "isActiveOnAll", "trigger", "time", "timeUnit")
SELECT 0, nm, uid, tid, w % 17 = 0, trg::"WorkflowTriggerEvents", CASE WHEN trg IN ('BEFORE_EVENT', 'AFTER_EVENT') THEN (ARRAY[24, 1, 2, 48])[1 + w % 4] END,
  CASE WHEN trg IN ('BEFORE_EVENT', 'AFTER_EVENT') THEN 'hour' END::"TimeUnit"
FROM cc_wf CROSS JOIN LATERAL (SELECT pg_temp.pick2('wtr' || w, ARRAY['BEFORE_EVENT','NEW_EVENT','AFTER_EVENT','EVENT_CANCELLED','RESCHEDULE_EVENT']) AS trg) t
CROSS JOIN LATERAL (SELECT CASE trg WHEN 'BEFORE_EVENT' THEN 'Reminder' WHEN 'NEW_EVENT' THEN 'Booking confirmation' WHEN 'AFTER_EVENT' THEN 'Follow-up'
  WHEN 'EVENT_CANCELLED' THEN 'Cancellation notice' ELSE 'Reschedule notice' END || CASE WHEN w % 3 = 0 THEN ' (SMS)' ELSE '' END AS nm) n
ORDER BY w;

INSERT INTO "WorkflowStep" ("stepNumber", "action", "workflowId", "sendTo", "reminderBody", "emailSubject", "template", "numberRequired", "sender",
  "numberVerificationPending", "includeCalendarEvent")
SELECT k, act::"WorkflowActions", w, CASE WHEN act IN ('SMS_NUMBER', 'EMAIL_ADDRESS') THEN CASE WHEN act = 'SMS_NUMBER' THEN '+1555' || lpad((w * 31 % 10000000)::text, 7, '0') ELSE 'team' || w || '@example.com' END END,
  'Hi {ATTENDEE}, this is a reminder about {EVENT_NAME} at {EVENT_TIME}.', CASE WHEN act LIKE 'EMAIL%' THEN 'Reminder: {EVENT_NAME} - {EVENT_DATE}' END,
  CASE WHEN w % 4 = 0 THEN 'CUSTOM' ELSE 'REMINDER' END::"WorkflowTemplates", CASE WHEN act LIKE 'SMS%' THEN k = 1 END,
  CASE WHEN act LIKE 'SMS%' THEN 'Cal' END, act LIKE 'SMS%' AND w % 9 = 0, act LIKE 'EMAIL%' AND w % 5 = 0
FROM cc_wf CROSS JOIN generate_series(1, 3) k
CROSS JOIN LATERAL (SELECT CASE WHEN w % 3 = 0 AND k = 1 THEN 'SMS_ATTENDEE' ELSE (ARRAY['EMAIL_ATTENDEE','EMAIL_HOST','SMS_NUMBER','EMAIL_ADDRESS','WHATSAPP_ATTENDEE'])[1 + pg_temp.r('wsa' || w || k, 5)] END AS act) a
WHERE k <= pg_temp.skew2('wsn' || w, 3)
ORDER BY w, k;

INSERT INTO "WorkflowsOnEventTypes" ("workflowId", "eventTypeId")
SELECT w, id FROM (
  SELECT f.w, f.id, row_number() OVER (PARTITION BY f.w ORDER BY pg_temp.hn('wo' || f.w || '-' || f.id)) AS rn, 1 + f.w % 3 AS n
  FROM (SELECT f.w, e.id FROM cc_wf f JOIN "EventType" e ON e."userId" = f.uid AND e."parentId" IS NULL
        UNION ALL SELECT f.w, e.id FROM cc_wf f JOIN "EventType" e ON e."teamId" = f.tid) f
) x WHERE rn <= n ORDER BY w, id;

-- Reminders: for bookings of event types with an active workflow, one per step whose action
-- is per booking; scheduled reminders carry the provider's message id.
INSERT INTO "WorkflowReminder" ("bookingUid", "method", "scheduledDate", "referenceId", "scheduled", "workflowStepId", "cancelled", "seatReferenceId",
  "isMandatoryReminder", "retryCount")
SELECT bk.uid, m::"WorkflowMethods", sd, CASE WHEN sch THEN CASE m WHEN 'SMS' THEN 'SM' || md5('tw' || bk.id || '-' || s.id) ELSE substr(md5('sg' || bk.id || '-' || s.id), 1, 22) END END,
  sch, s.id, CASE WHEN bk.status = 'cancelled' THEN true END, seat."referenceUid", s.id % 23 = 0, CASE WHEN bk.id % 41 = 0 THEN 1 ELSE 0 END
FROM "Booking" bk
JOIN "WorkflowsOnEventTypes" we ON we."eventTypeId" = bk."eventTypeId"
JOIN "Workflow" wf ON wf.id = we."workflowId" AND wf.trigger IN ('BEFORE_EVENT', 'AFTER_EVENT', 'NEW_EVENT')
JOIN "WorkflowStep" s ON s."workflowId" = wf.id
LEFT JOIN LATERAL (SELECT "referenceUid" FROM "BookingSeat" bs WHERE bs."bookingId" = bk.id ORDER BY bs.id LIMIT 1) seat ON true
CROSS JOIN LATERAL (SELECT CASE WHEN s.action::text LIKE 'SMS%' THEN 'SMS' WHEN s.action::text LIKE 'WHATSAPP%' THEN 'WHATSAPP' ELSE 'EMAIL' END AS m,
  bk."startTime" + CASE wf.trigger WHEN 'BEFORE_EVENT' THEN -1 WHEN 'AFTER_EVENT' THEN 1 ELSE 0 END * COALESCE(wf.time, 0) * interval '1 hour' AS sd) a
CROSS JOIN LATERAL (SELECT sd < timestamp '2025-06-01 00:00:00' + interval '3 days' AND bk.status <> 'cancelled' AS sch) c
ORDER BY bk.id, s.id;

-- API keys: hashed (SHA-256 of the cal_ key), a few scoped to a team.
INSERT INTO "ApiKey" ("id", "userId", "teamId", "note", "createdAt", "expiresAt", "lastUsedAt", "hashedKey", "appId")
SELECT 'cl' || substr(translate(md5('ak' || k), 'abcdef', 'pqrstu') || md5('al' || k), 1, 23), u,
  CASE WHEN k % 10 = 0 THEN (SELECT "teamId" FROM "Membership" m WHERE m."userId" = u ORDER BY "teamId" LIMIT 1) END,
  pg_temp.pick('akn' || k, ARRAY['zapier','n8n','internal script','CRM sync',NULL]), t, CASE WHEN k % 2 = 0 THEN t + interval '30 days' * (1 + k % 12) END,
  CASE WHEN k % 3 <> 0 THEN t + pg_temp.r('alu' || k, 200) * interval '1 day' END, encode(sha256(('cal_live_' || md5('key' || k))::bytea), 'hex'),
  CASE WHEN k % 7 = 0 THEN 'zapier' END
FROM generate_series(1, 500) k
CROSS JOIN LATERAL (SELECT pg_temp.skew2('aku' || k, 3000)::int AS u, timestamp '2023-01-15 00:00:00' + (k * 86400 + pg_temp.r('akc' || k, 86400)) * interval '1 second' AS t) x
ORDER BY k;

DROP TABLE cc_team, cc_user, cc_sub, cc_et, cc_booking, cc_wf;
