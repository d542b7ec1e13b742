-- Deterministic data for the Kanboard cut: a company instance with 300 users and 40
-- projects (a few big boards hold most of the work), their columns, swimlanes, members,
-- categories and tags, 6,000 tasks, their subtasks, comments, links, tags, metadata and
-- column moves, and the settings the installer writes. serial ids are filled by their
-- sequences; dates are Unix seconds as Kanboard stores them; 0 in owner_id, category_id
-- and creator_id means "none", as in Kanboard; global tags have project_id 0.

-- The installer's rows (the dump's data section): the link types and the admin user.
INSERT INTO public.links (id, label, opposite_id) VALUES (1, 'relates to', 0), (2, 'blocks', 3), (3, 'is blocked by', 2),
  (4, 'duplicates', 5), (5, 'is duplicated by', 4), (6, 'is a child of', 7), (7, 'is a parent of', 6), (8, 'targets milestone', 9),
  (9, 'is a milestone of', 8), (10, 'fixes', 11), (11, 'is fixed by', 10);
SELECT pg_catalog.setval('public.links_id_seq', 11, true);

INSERT INTO public.users (username, password, role) VALUES ('admin', '$2y$10$GzDCeQl/GdH.pCZfz4fWdO3qmayutRCmxEIY9U9t1k9q9F89VNDCm', 'app-admin');

-- Users 2..300: logins made of first name and last name, a few managers.
INSERT INTO public.users (username, password, is_ldap_user, name, email, notifications_enabled, timezone, language, twofactor_activated,
  token, notifications_filter, nb_failed_login, lock_expiration_date, role, is_active, api_access_token, filter)
SELECT lower(fn) || '.' || lower(ln) || CASE WHEN row_number() OVER (PARTITION BY lower(fn), lower(ln) ORDER BY u) > 1
    THEN (row_number() OVER (PARTITION BY lower(fn), lower(ln) ORDER BY u))::text ELSE '' END,
  CASE WHEN ldap THEN NULL ELSE '$2y$10$' || md5('pw' || u) || substr(md5('pw2' || u), 1, 21) END, ldap, fn || ' ' || ln,
  CASE WHEN pg_temp.r('em' || u, 12) > 0 THEN lower(fn) || '.' || lower(ln) || u || '@blind-corp.example' END,
  pg_temp.r('ne' || u, 3) > 0, pg_temp.pick2('tz' || u, ARRAY['Europe/Paris','America/New_York','Europe/Berlin','Asia/Tokyo','UTC']),
  pg_temp.pick2('lang' || u, ARRAY['en_US','fr_FR','de_DE','ja_JP','es_ES']), pg_temp.r('2fa' || u, 8) = 0,
  '', (ARRAY[1, 2, 4, 4, 4])[1 + pg_temp.r('nf' || u, 5)], pg_temp.r('nfl' || u, 40)::int / 36, 0,
  CASE WHEN u <= 12 THEN 'app-manager' ELSE 'app-user' END, pg_temp.r('act' || u, 25) > 0,
  CASE WHEN pg_temp.r('api' || u, 10) = 0 THEN md5('api' || u) END, CASE WHEN pg_temp.r('flt' || u, 6) = 0 THEN 'status:open assignee:me' END
FROM generate_series(2, 300) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('ufn' || u) AS fn, pg_temp.last_name('uln' || u) AS ln, pg_temp.r('ldap' || u, 3) = 0 AS ldap) x
ORDER BY u;

-- 40 projects; project 1..5 are the big boards.
INSERT INTO public.projects (name, is_active, token, last_modified, is_public, is_private, description, identifier, start_date, end_date,
  owner_id, priority_default, priority_start, priority_end, email, predefined_email_subjects)
SELECT n || CASE WHEN p > 20 THEN ' ' || (p / 20 + 1)::text ELSE '' END, p % 11 <> 0, CASE WHEN p % 4 = 0 THEN md5('ptok' || p) ELSE '' END,
  1704067200 + p * 86400 * 9, p % 9 = 0, p % 13 = 0, pg_temp.words('pd' || p, 12),
  CASE WHEN p % 3 = 0 THEN '' ELSE upper(left(regexp_replace(n, '[^A-Za-z]', '', 'g'), 4)) || p END,
  CASE WHEN p % 5 = 0 THEN to_char(date '2024-01-01' + p * 7, 'YYYY-MM-DD') ELSE '' END, '',
  CASE WHEN p % 13 = 0 THEN 0 ELSE 2 + pg_temp.r('po' || p, 11) END, 0, 0, 3, NULL, NULL
FROM (SELECT p, (ARRAY['Website','Mobile App','Billing','Infrastructure','Support','Marketing','Onboarding','Data Platform','Security',
  'Design System','Hiring','Legal','Sales Ops','Warehouse','Payroll','Localization','Docs','QA','Partner API','Office Move'])[1 + (p - 1) % 20] AS n
  FROM generate_series(1, 40) p) x
ORDER BY p;

-- Columns: Kanboard's four defaults, some boards with one or two more.
INSERT INTO public.columns (title, position, project_id, task_limit, description, hide_in_dashboard)
SELECT t, pos, p, CASE WHEN t = 'Work in progress' THEN pg_temp.r('wip' || p, 3)::int * 5 ELSE 0 END, '', t = 'Done'
FROM generate_series(1, 40) p
CROSS JOIN LATERAL unnest(CASE WHEN p % 4 = 0 THEN ARRAY['Backlog','Ready','Work in progress','Review','Done']
  WHEN p % 7 = 0 THEN ARRAY['Backlog','Ready','Work in progress','Review','Testing','Done']
  ELSE ARRAY['Backlog','Ready','Work in progress','Done'] END) WITH ORDINALITY c(t, pos)
ORDER BY p, pos;

INSERT INTO public.swimlanes (name, position, is_active, project_id, description)
SELECT s, pos, true, p, ''
FROM generate_series(1, 40) p
CROSS JOIN LATERAL unnest((ARRAY['Default swimlane','Expedite','Customer requests','Tech debt'])[1:1 + pg_temp.r('sw' || p, 4)::int]) WITH ORDINALITY s(s, pos)
ORDER BY p, pos;

-- Members: the big boards have most users; the owner is a manager.
INSERT INTO public.project_has_users (project_id, user_id, role)
SELECT DISTINCT ON (p, u) p, u, CASE WHEN i = 0 THEN 'project-manager' WHEN pg_temp.r('pr' || p || '-' || i, 10) = 0 THEN 'project-viewer' ELSE 'project-member' END
FROM generate_series(1, 40) p
CROSS JOIN LATERAL generate_series(0, CASE WHEN p <= 5 THEN 60 + p * 10 ELSE 3 + pg_temp.r('pm' || p, 12)::int END) i
CROSS JOIN LATERAL (SELECT CASE WHEN i = 0 THEN 1 + pg_temp.r('mgr' || p, 12) ELSE 2 + pg_temp.skew2('mu' || p || '-' || i, 299) END AS u) x
WHERE u <= 300
ORDER BY p, u, i;

INSERT INTO public.project_has_categories (name, project_id, description, color_id)
SELECT c, p, CASE WHEN pos = 1 THEN pg_temp.words('cd' || p, 6) END, pg_temp.pick('cc' || p || c, ARRAY['blue','green','red','yellow','purple',NULL])
FROM generate_series(1, 40) p
CROSS JOIN LATERAL unnest((ARRAY['Bug','Feature','Improvement','Chore','Question','Incident'])[1:pg_temp.r('nc' || p, 7)::int]) WITH ORDINALITY c(c, pos)
ORDER BY p, pos;

-- Tags: six global tags (project_id 0, no foreign key in Kanboard), then per-project tags.
INSERT INTO public.tags (name, project_id, color_id)
SELECT t, 0, NULL FROM unnest(ARRAY['urgent','blocked','customer','regression','security','good first issue']) t;
INSERT INTO public.tags (name, project_id, color_id)
SELECT t, p, pg_temp.pick('tc' || p || t, ARRAY['grey','orange','teal',NULL])
FROM generate_series(1, 40) p
CROSS JOIN LATERAL unnest((ARRAY['frontend','backend','ios','android','ux','performance','db','api','docs','v2'])[1:pg_temp.r('nt' || p, 11)::int]) WITH ORDINALITY t(t, pos)
ORDER BY p, pos;

ANALYZE public.columns, public.swimlanes, public.project_has_users, public.project_has_categories, public.tags;

-- Tasks: the project is skewed (the five big boards hold about half), the column and
-- swimlane are the project's, the assignee is a member or nobody.
CREATE TEMP TABLE tk AS
SELECT t, CASE WHEN pg_temp.r('big' || t, 2) = 0 THEN 1 + pg_temp.skew2('bp' || t, 5) ELSE 1 + pg_temp.r('sp' || t, 40) END AS p,
  1704067200 + (t::bigint * 60000000 / 6000) + pg_temp.r('tj' || t, 3600) AS created
FROM generate_series(1, 6000) t;

-- Each project's columns (by position), swimlanes (by position), members (by user id) and
-- categories (by id), as arrays to pick from.
CREATE TEMP TABLE pj AS
SELECT p.id AS p,
  (SELECT array_agg(id ORDER BY position) FROM public.columns WHERE project_id = p.id) AS cols,
  (SELECT array_agg(position ORDER BY position) FROM public.columns WHERE project_id = p.id) AS colpos,
  (SELECT array_agg(title = 'Done' ORDER BY position) FROM public.columns WHERE project_id = p.id) AS coldone,
  (SELECT array_agg(id ORDER BY position) FROM public.swimlanes WHERE project_id = p.id) AS lanes,
  (SELECT array_agg(user_id ORDER BY user_id) FROM public.project_has_users WHERE project_id = p.id) AS members,
  (SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM public.project_has_categories WHERE project_id = p.id) AS cats
FROM public.projects p;

INSERT INTO public.tasks (title, description, date_creation, color_id, project_id, column_id, owner_id, position, is_active, date_completed,
  score, date_due, category_id, creator_id, date_modification, reference, date_started, time_spent, time_estimated, swimlane_id, date_moved,
  recurrence_status, recurrence_trigger, recurrence_factor, recurrence_timeframe, recurrence_basedate, recurrence_parent, recurrence_child,
  priority, external_provider, external_uri)
SELECT initcap(pg_temp.words('tt' || t, 5)), CASE WHEN pg_temp.r('tdn' || t, 4) > 0 THEN pg_temp.words('td' || t, 30) END, created,
  pg_temp.pick2('col' || t, ARRAY['yellow','blue','green','red','purple','orange','grey']), tk.p, c.id,
  CASE WHEN pg_temp.r('ow' || t, 4) = 0 THEN 0 ELSE coalesce(m.user_id, 0) END,
  row_number() OVER (PARTITION BY c.id ORDER BY t), NOT c.done, CASE WHEN c.done THEN created + 86400 * (1 + pg_temp.r('tc' || t, 60)) END,
  CASE WHEN pg_temp.r('sc' || t, 3) = 0 THEN (ARRAY[1, 2, 3, 5, 8, 13])[1 + pg_temp.r('scv' || t, 6)] END,
  CASE WHEN pg_temp.r('due' || t, 5) = 0 THEN created + 86400 * (7 + pg_temp.r('dd' || t, 50)) ELSE 0 END,
  coalesce(cat.id, 0), CASE WHEN pg_temp.r('cr' || t, 30) = 0 THEN 0 ELSE coalesce(cm.user_id, 1) END,
  (created + 86400 * pg_temp.r('tm' || t, 90))::int,
  CASE WHEN pg_temp.r('ref' || t, 6) = 0 THEN 'ZD-' || (10000 + pg_temp.r('refn' || t, 90000)) ELSE '' END,
  CASE WHEN c.pos > 2 THEN created + 3600 * pg_temp.r('ds' || t, 200) ELSE 0 END,
  pg_temp.r('tsp' || t, 20) / 2.0, pg_temp.r('tes' || t, 16) / 2.0, s.id, created + 3600 * pg_temp.r('dm' || t, 500),
  0, 0, 0, 0, 0, NULL, NULL, pg_temp.r('pri' || t, 4)::int, NULL, NULL
FROM tk JOIN pj ON pj.p = tk.p
CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('tcol' || t, cardinality(pj.cols))::int AS i) ci
CROSS JOIN LATERAL (SELECT pj.cols[ci.i] AS id, pj.colpos[ci.i] AS pos, pj.coldone[ci.i] AS done) c
CROSS JOIN LATERAL (SELECT pj.lanes[pg_temp.skew2('tsw' || t, cardinality(pj.lanes))] AS id) s
CROSS JOIN LATERAL (SELECT pj.members[pg_temp.skew('tow' || t, cardinality(pj.members))] AS user_id) m
CROSS JOIN LATERAL (SELECT pj.members[pg_temp.skew2('tcr' || t, cardinality(pj.members))] AS user_id) cm
CROSS JOIN LATERAL (SELECT pj.cats[1 + pg_temp.r('tcat' || t, 1 + cardinality(pj.cats))] AS id) cat
ORDER BY t;

ANALYZE public.tasks;

-- Subtasks: none to five per task, numbered by position.
INSERT INTO public.subtasks (title, status, time_estimated, time_spent, task_id, user_id, position)
SELECT initcap(pg_temp.words('st' || t.id || '-' || i, 4)), pg_temp.r('sts' || t.id || '-' || i, 3)::smallint,
  pg_temp.r('ste' || t.id || '-' || i, 8) / 2.0, pg_temp.r('stt' || t.id || '-' || i, 8) / 2.0, t.id,
  CASE WHEN t.owner_id > 0 AND pg_temp.r('stu' || t.id || '-' || i, 3) > 0 THEN t.owner_id END, i
FROM public.tasks t CROSS JOIN LATERAL generate_series(1, (pg_temp.r('nst' || t.id, 8) / 2)::int - 1) i
ORDER BY t.id, i;

-- Comments: discussions concentrate on a few tasks.
INSERT INTO public.comments (task_id, user_id, date_creation, comment, reference, date_modification)
SELECT t.id, CASE WHEN pg_temp.r('cu0' || c, 40) = 0 THEN 0 ELSE coalesce(m.user_id, 1) END, t.date_creation + 600 * c, pg_temp.words('cm' || c, 20),
  CASE WHEN pg_temp.r('cref' || c, 15) = 0 THEN 'mail-' || md5('cref' || c) ELSE '' END, t.date_creation + 600 * c + pg_temp.r('cmod' || c, 2) * 300
FROM generate_series(1, 6000) c
JOIN public.tasks t ON t.id = pg_temp.skew('ct' || c, 6000)
LEFT JOIN LATERAL (SELECT user_id FROM public.project_has_users WHERE project_id = t.project_id
  ORDER BY user_id OFFSET pg_temp.skew2('cu' || c, (SELECT count(*) FROM public.project_has_users WHERE project_id = t.project_id)) - 1 LIMIT 1) m ON true
ORDER BY c;

-- Links: Kanboard stores each link twice, once from each side with the opposite label.
INSERT INTO public.task_has_links (link_id, task_id, opposite_task_id)
SELECT DISTINCT ON (lk, a, b) lk, a, b FROM (
  SELECT l, CASE WHEN side = 0 THEN lt ELSE (SELECT opposite_id FROM public.links WHERE id = lt) END AS lk0, side,
    CASE WHEN side = 0 THEN ta ELSE tb END AS a, CASE WHEN side = 0 THEN tb ELSE ta END AS b, lt
  FROM generate_series(1, 500) l
  CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('lt' || l, 11)::int AS lt, pg_temp.skew2('la' || l, 6000)::int AS ta,
    1 + pg_temp.r('lb' || l, 6000)::int AS tb) x
  CROSS JOIN generate_series(0, 1) side) y
CROSS JOIN LATERAL (SELECT CASE WHEN lk0 = 0 THEN lt ELSE lk0 END AS lk) z
WHERE a <> b
ORDER BY lk, a, b;

-- Tags on tasks: the project's own tags or a global one.
INSERT INTO public.task_has_tags (task_id, tag_id)
SELECT DISTINCT t.id, g.id
FROM public.tasks t
CROSS JOIN LATERAL generate_series(1, pg_temp.r('ntg' || t.id, 3)::int) i
CROSS JOIN LATERAL (SELECT id FROM public.tags WHERE project_id IN (0, t.project_id)
  ORDER BY id OFFSET pg_temp.skew2('tg' || t.id || '-' || i, (SELECT count(*) FROM public.tags WHERE project_id IN (0, t.project_id))) - 1 LIMIT 1) g
ORDER BY t.id, g.id;

-- Metadata: integrations store a few named values per task.
INSERT INTO public.task_has_metadata (task_id, name, value, changed_by, changed_on)
SELECT t.id, n, CASE n WHEN 'github_issue' THEN (1 + pg_temp.r('gh' || t.id, 5000))::text WHEN 'zendesk_ticket' THEN (10000 + pg_temp.r('zd' || t.id, 90000))::text
    WHEN 'sprint' THEN 'S' || (1 + pg_temp.r('sp' || t.id, 30)) ELSE md5('mv' || t.id || n) END,
  t.creator_id, t.date_modification
FROM public.tasks t
CROSS JOIN LATERAL unnest((ARRAY['sprint','github_issue','zendesk_ticket','estimate_source'])[1:pg_temp.r('nmd' || t.id, 9)::int - 6]) n
ORDER BY t.id, n;

-- Transitions: each task's moves from the first column to the one it is in now.
INSERT INTO public.transitions (user_id, project_id, task_id, src_column_id, dst_column_id, date, time_spent)
SELECT CASE WHEN t.owner_id > 0 THEN t.owner_id ELSE 1 END, t.project_id, t.id, src.id, dst.id, t.date_creation + 86400 * dst.position + pg_temp.r('tr' || t.id || dst.id, 80000),
  pg_temp.r('trs' || t.id || dst.id, 200000)::int
FROM public.tasks t
JOIN public.columns cur ON cur.id = t.column_id
JOIN public.columns dst ON dst.project_id = t.project_id AND dst.position > 1 AND dst.position <= cur.position
JOIN public.columns src ON src.project_id = t.project_id AND src.position = dst.position - 1
ORDER BY t.id, dst.position;

-- Settings: what the installer writes, then what an administrator changed.
INSERT INTO public.settings (option, value, changed_by, changed_on)
SELECT o, v, CASE WHEN i > 23 THEN 1 ELSE 0 END, CASE WHEN i > 23 THEN 1710000000 + i * 3600 ELSE 0 END
FROM unnest(ARRAY['board_highlight_period','board_public_refresh_interval','board_private_refresh_interval','board_columns','webhook_token',
  'api_token','application_language','application_timezone','application_url','application_date_format','project_categories',
  'subtask_restriction','application_stylesheet','application_currency','integration_gravatar','calendar_user_subtasks_time_tracking',
  'calendar_user_tasks','calendar_project_tasks','webhook_url','default_color','subtask_time_tracking','cfd_include_closed_tasks',
  'password_reset','application_time_format','ldap_group_sync','mail_sender_address'],
  ARRAY['172800','60','10','',md5('webhook'),md5('api'),'en_US','UTC','','m/d/Y','','0','','USD','0','0','date_started','date_started','',
  'yellow','1','1','1','H:i','1','kanboard@blind-corp.example']) WITH ORDINALITY s(o, v, i)
ORDER BY i;

DROP TABLE pj, tk;
