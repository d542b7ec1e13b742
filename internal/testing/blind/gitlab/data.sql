-- Deterministic data for GitLab: one self-managed instance with 600 users, 80 groups (25
-- top-level groups and 55 subgroups) and 1,000 projects over four years. A few groups and
-- projects are very busy (skewed picks), most are quiet; every project has a project
-- namespace and a route; issues, merge requests, milestones and pipelines are numbered per
-- project (iid) by their row number within the project; a few issues are group-level work
-- items (no project). Ids come from the sequences, in insertion order, so a table's ids are
-- 1..N and later statements can compute or join them. Every timestamp is explicit.

-- Users: a username and an e-mail each; a few are blocked, bots or unconfirmed.
INSERT INTO users (email, encrypted_password, reset_password_token, sign_in_count, current_sign_in_at, last_sign_in_at, created_at,
  updated_at, name, admin, projects_limit, username, state, confirmation_token, confirmed_at, public_email, last_activity_on,
  feed_token, user_type)
SELECT un || '@' || pg_temp.pick2('dm' || u, ARRAY['example.com','gmail.com','users.noreply.gitlab.example.com','outlook.com','acme.io']),
  '$2a$10$' || md5('pw' || u) || substr(md5('pw2' || u), 1, 21),
  CASE WHEN u % 41 = 0 THEN md5('rp' || u) END, 1 + pg_temp.r('sc' || u, 400)::int,
  c + pg_temp.r('cs' || u, 1000 * 86400) * interval '1 second', c + pg_temp.r('ls' || u, 900 * 86400) * interval '1 second',
  c, c + pg_temp.r('uu' || u, 1000 * 86400) * interval '1 second', fn || ' ' || ln, u <= 3, 100000, un,
  CASE WHEN u % 37 = 0 THEN 'blocked' WHEN u % 53 = 0 THEN 'deactivated' ELSE 'active' END,
  CASE WHEN u % 19 = 0 THEN md5('ct' || u) END, CASE WHEN u % 19 = 0 THEN NULL ELSE c + interval '1 hour' END,
  CASE WHEN u % 5 = 0 THEN un || '@' || 'example.com' ELSE '' END,
  (date '2024-06-01' + pg_temp.r('la' || u, 500)::int),
  substr(md5('ft' || u) || md5('ft2' || u), 1, 20),
  CASE WHEN u IN (1, 2) THEN 0 WHEN u % 150 = 0 THEN 1 WHEN u % 97 = 0 THEN 6 ELSE 0 END
FROM generate_series(1, 600) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('fn' || u) AS fn, pg_temp.last_name('ln' || u) AS ln,
  timestamp '2021-01-01 00:00:00' + (u * 50000 + pg_temp.r('uc' || u, 50000)) * interval '1 second' AS c) x
CROSS JOIN LATERAL (SELECT lower(substr(fn, 1, 1) || ln) || CASE WHEN u % 3 = 0 THEN '' ELSE '.' END || u AS un) y
ORDER BY u;

-- Namespaces 1..600: every user's personal namespace (id = the user's id).
INSERT INTO namespaces (name, path, owner_id, created_at, updated_at, type, description, visibility_level, parent_id, organization_id)
SELECT name, username, id, created_at, created_at, 'User', '', 20, NULL, 1
FROM users
ORDER BY id;

-- Namespaces 601..680: 25 top-level groups and 55 subgroups (a subgroup's parent is a
-- top-level group, the first ones more often).
INSERT INTO namespaces (name, path, owner_id, created_at, updated_at, type, description, visibility_level, parent_id, organization_id,
  request_access_enabled, require_two_factor_authentication)
SELECT initcap(w) || CASE WHEN g > 25 THEN ' ' || initcap(pg_temp.pick('sw' || g, ARRAY['backend','frontend','infra','mobile','data','qa','docs','security','tools','platform'])) ELSE '' END || ' ' || g,
  w || CASE WHEN g > 25 THEN '-' || pg_temp.pick('sw' || g, ARRAY['backend','frontend','infra','mobile','data','qa','docs','security','tools','platform']) ELSE '' END || '-' || g,
  NULL, t, t, 'Group', CASE WHEN g % 4 = 0 THEN pg_temp.words('gd' || g, 8) ELSE '' END,
  (ARRAY[0, 10, 20])[1 + pg_temp.r('gv' || g, 3)], CASE WHEN g > 25 THEN 600 + pg_temp.skew2('gp' || g, 25) END, 1,
  g % 5 <> 0, g % 11 = 0
FROM generate_series(1, 80) g
CROSS JOIN LATERAL (SELECT pg_temp.pick('gw' || g, ARRAY['acme','gitlab-org','platform','payments','mobile','data','infra','opensource',
  'research','security','marketing','design','devtools','cloud','analytics']) AS w,
  timestamp '2021-02-01 00:00:00' + (g * 400000) * interval '1 second' AS t) x
ORDER BY g;

-- Projects 1..1000: seven in ten live in a group (busy groups hold dozens), the others in a
-- user's namespace. A path is unique within its namespace (repeated names get -2, -3).
INSERT INTO projects (name, path, description, created_at, updated_at, creator_id, namespace_id, last_activity_at, visibility_level,
  archived, star_count, repository_storage, pending_delete, project_namespace_id, hidden, organization_id)
SELECT initcap(replace(path, '-', ' ')), path, CASE WHEN p % 3 <> 0 THEN pg_temp.words('pd' || p, 10) END, t,
  t + pg_temp.r('pu' || p, 600 * 86400) * interval '1 second',
  CASE WHEN ns > 600 THEN pg_temp.skew2('pc' || p, 600) ELSE ns END, ns,
  t + pg_temp.r('pl' || p, 900 * 86400) * interval '1 second', (ARRAY[0, 0, 10, 20])[1 + pg_temp.r('pv' || p, 4)],
  p % 29 = 0, pg_temp.skew('ps' || p, 200)::int - 1, CASE WHEN p % 4 = 0 THEN 'storage-2' ELSE 'default' END, false, 680 + p, false, 1
FROM (SELECT p, ns, t, base || CASE WHEN rn > 1 THEN '-' || rn ELSE '' END AS path
  FROM (SELECT p, ns, t, base, row_number() OVER (PARTITION BY ns, base ORDER BY p) AS rn
    FROM generate_series(1, 1000) p
    CROSS JOIN LATERAL (SELECT CASE WHEN p % 10 < 7 THEN 600 + pg_temp.skew2('pg' || p, 80) ELSE pg_temp.skew2('pn' || p, 600) END AS ns,
      pg_temp.pick('pb' || p, ARRAY['api','web','docs','backend','frontend','cli','infra','terraform','helm-charts','mobile-app',
        'website','design-system','auth-service','billing','gateway','worker','sdk','dotfiles','playground','blog','handbook',
        'runner-config','monitoring','data-pipeline','ml-models','search','notifications','admin','chatbot','scripts']) AS base,
      timestamp '2021-03-01 00:00:00' + (p * 90000 + pg_temp.r('pt' || p, 90000)) * interval '1 second' AS t) x) y) z
ORDER BY p;

-- Namespaces 681..1680: every project's project namespace (681 = project 1's).
INSERT INTO namespaces (name, path, owner_id, created_at, updated_at, type, description, visibility_level, parent_id, organization_id)
SELECT name, path, NULL, created_at, created_at, 'Project', '', visibility_level, namespace_id, 1
FROM projects
ORDER BY id;

-- Routes: a user's or top-level group's path, a subgroup's parent/path, a project's
-- namespace path/project path.
INSERT INTO routes (source_id, source_type, path, created_at, updated_at, name, namespace_id)
SELECT n.id, 'Namespace', coalesce(pn.path || '/', '') || n.path, n.created_at, n.created_at,
  coalesce(pn.name || ' / ', '') || n.name, n.id
FROM namespaces n LEFT JOIN namespaces pn ON pn.id = n.parent_id
WHERE n.type <> 'Project'
ORDER BY n.id;
INSERT INTO routes (source_id, source_type, path, created_at, updated_at, name, namespace_id)
SELECT p.id, 'Project', r.path || '/' || p.path, p.created_at, p.created_at, r.name || ' / ' || p.name, p.project_namespace_id
FROM projects p JOIN routes r ON r.source_type = 'Namespace' AND r.source_id = p.namespace_id
ORDER BY p.id;

-- Secondary e-mail addresses: zero to three per user.
INSERT INTO emails (user_id, email, created_at, updated_at, confirmation_token, confirmed_at, confirmation_sent_at, detumbled_email)
SELECT u.id, split_part(u.email, '@', 1) || '+' || k || '@' || pg_temp.pick('ed' || u.id || k, ARRAY['work.example.com','gmail.com','proton.me']),
  u.created_at + k * interval '30 days', u.created_at + k * interval '30 days',
  CASE WHEN k = 3 THEN md5('ec' || u.id) END, CASE WHEN k = 3 THEN NULL ELSE u.created_at + k * interval '30 days' + interval '5 minutes' END,
  u.created_at + k * interval '30 days', split_part(u.email, '@', 1) || '@' || pg_temp.pick('ed' || u.id || k, ARRAY['work.example.com','gmail.com','proton.me'])
FROM users u
CROSS JOIN LATERAL generate_series(1, pg_temp.r('ne' || u.id, 4)::int) k
ORDER BY u.id, k;

-- SSH keys: busy users have several; a tenth are deploy keys.
INSERT INTO keys (user_id, created_at, updated_at, key, title, type, fingerprint, public, last_used_at, fingerprint_sha256, expires_at, usage_type)
SELECT pg_temp.skew2('ku' || k, 600), t, t, 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA' || encode(sha256(convert_to('key' || k, 'UTF8')), 'base64'),
  CASE WHEN k % 10 = 0 THEN 'deploy ' || k ELSE pg_temp.pick('kt' || k, ARRAY['laptop','workstation','MacBook Pro','ci','home','yubikey']) END,
  CASE WHEN k % 10 = 0 THEN 'DeployKey' END,
  regexp_replace(md5('key' || k), '(..)(?!$)', '\1:', 'g'), k % 40 = 0,
  CASE WHEN k % 6 <> 0 THEN t + pg_temp.r('kl' || k, 400 * 86400) * interval '1 second' END,
  sha256(convert_to('key' || k, 'UTF8')), CASE WHEN k % 7 = 0 THEN t + interval '365 days' END, CASE WHEN k % 15 = 0 THEN 1 ELSE 0 END
FROM generate_series(1, 1100) k
CROSS JOIN LATERAL (SELECT timestamp '2021-06-01 00:00:00' + (k * 100000) * interval '1 second' AS t) x
ORDER BY k;

-- Project statistics: one row per project; root_namespace_id is the top-level namespace.
INSERT INTO project_statistics (project_id, namespace_id, commit_count, storage_size, repository_size, lfs_objects_size, build_artifacts_size,
  packages_size, wiki_size, root_namespace_id)
SELECT p.id, p.namespace_id, c, rs + a + l, rs, l, a, CASE WHEN p.id % 6 = 0 THEN 1000000 * (p.id % 50) ELSE 0 END,
  CASE WHEN p.id % 5 = 0 THEN 20000 * (p.id % 13) END, coalesce(n.parent_id, n.id)
FROM projects p JOIN namespaces n ON n.id = p.namespace_id
CROSS JOIN LATERAL (SELECT 1 + pg_temp.skew('cc' || p.id, 20000) AS c, 100000 * pg_temp.skew('rs' || p.id, 5000) AS rs,
  CASE WHEN p.id % 4 = 0 THEN 500000 * pg_temp.r('lf' || p.id, 100) ELSE 0 END AS l, 10000 * pg_temp.skew('ba' || p.id, 50000) AS a) x
ORDER BY p.id;

-- Members: group members (busy top-level groups have dozens) and direct project members;
-- one in twenty is a pending invitation (no user yet, an invite e-mail and token), a few
-- are access requests.
INSERT INTO members (access_level, source_id, source_type, user_id, notification_level, type, created_at, updated_at, created_by_id,
  invite_email, invite_token, invite_accepted_at, requested_at, expires_at, ldap, override, state, member_namespace_id)
SELECT (ARRAY[10, 20, 30, 30, 30, 40, 50])[1 + pg_temp.r('al' || src || '-' || k, 7)], sid, stype,
  CASE WHEN inv THEN NULL ELSE u END, 3, CASE WHEN stype = 'Project' THEN 'ProjectMember' ELSE 'GroupMember' END,
  t, t, CASE WHEN k > 1 THEN pg_temp.skew2('cb' || src, 600) END,
  CASE WHEN inv THEN 'invitee' || src || '-' || k || '@example.com' END, CASE WHEN inv THEN md5('it' || src || '-' || k) END, NULL,
  CASE WHEN NOT inv AND pg_temp.r('rq' || src || '-' || k, 30) = 0 THEN t END,
  CASE WHEN pg_temp.r('ex' || src || '-' || k, 12) = 0 THEN (t + interval '200 days')::date END, false, false, 0, mns
FROM (SELECT DISTINCT ON (src, coalesce(CASE WHEN inv THEN NULL ELSE u END, -k)) * FROM (
    SELECT 'g' || g AS src, 600 + g AS sid, 'Namespace' AS stype, 600 + g AS mns, k, pg_temp.skew2('mu' || g || '-' || k, 600) AS u,
      pg_temp.r('iv' || g || '-' || k, 20) = 0 AS inv, timestamp '2021-03-01 00:00:00' + (g * 400000 + k * 7200) * interval '1 second' AS t
    FROM generate_series(1, 80) g CROSS JOIN LATERAL generate_series(1, CASE WHEN g <= 25 THEN 5 + 40 / (1 + g % 7) ELSE 2 + g % 9 END) k
    UNION ALL
    SELECT 'p' || p, p, 'Project', 680 + p, k, pg_temp.skew2('mp' || p || '-' || k, 600), pg_temp.r('ip' || p || '-' || k, 20) = 0,
      timestamp '2021-04-01 00:00:00' + (p * 90000 + k * 3600) * interval '1 second'
    FROM generate_series(1, 1000) p CROSS JOIN LATERAL generate_series(1, CASE WHEN p % 3 = 0 THEN 1 + p % 4 ELSE 0 END) k) a
  ORDER BY src, coalesce(CASE WHEN inv THEN NULL ELSE u END, -k), k) m
ORDER BY t, src, k;

-- Labels: project labels (two projects in three define one to six) and group labels (zero
-- to five per group); a title is unique within its project or group.
INSERT INTO labels (title, color, project_id, created_at, updated_at, template, description, type, group_id, lock_on_merge)
SELECT title, '#' || substr(md5('lc' || title), 1, 6), pid, t, t, false, CASE WHEN k % 3 = 0 THEN initcap(title) || ' items' END,
  CASE WHEN pid IS NULL THEN 'GroupLabel' ELSE 'ProjectLabel' END, gid, false
FROM (
  SELECT p AS pid, NULL::bigint AS gid, k, (ARRAY['bug','feature','documentation','priority::high','priority::low','needs-review',
    'security','performance','ux','backend','frontend','good first issue'])[1 + (pg_temp.r('lt' || p, 12)::int + k * 5) % 12] AS title,
    timestamp '2021-04-01 00:00:00' + (p * 90000 + k * 60) * interval '1 second' AS t
  FROM generate_series(1, 1000) p CROSS JOIN LATERAL generate_series(1, CASE WHEN p % 3 <> 0 THEN 1 + pg_temp.r('nl' || p, 6)::int ELSE 0 END) k
  UNION ALL
  SELECT NULL, 600 + g, k, (ARRAY['type::bug','type::feature','workflow::ready','workflow::in dev','workflow::in review','team::a','team::b'])[k],
    timestamp '2021-02-01 00:00:00' + (g * 400000 + k * 60) * interval '1 second'
  FROM generate_series(1, 80) g CROSS JOIN LATERAL generate_series(1, pg_temp.r('ng' || g, 6)::int) k) x
ORDER BY x.t, x.k;

-- Milestones: every other project has one to four (iid 1..n), groups zero to three.
INSERT INTO milestones (title, project_id, description, due_date, created_at, updated_at, state, iid, start_date, group_id, lock_version)
SELECT title, pid, NULL, (t + interval '60 days')::date, t, t, CASE WHEN t < timestamp '2024-06-01' THEN 'closed' ELSE 'active' END, k,
  t::date, gid, 0
FROM (
  SELECT p AS pid, NULL::bigint AS gid, k, 'v' || (1 + p % 3) || '.' || k AS title,
    timestamp '2021-05-01 00:00:00' + (p * 90000 + k * 60 * 86400) * interval '1 second' AS t
  FROM generate_series(2, 1000, 2) p CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nm' || p, 4)::int) k
  UNION ALL
  SELECT NULL, 600 + g, k, 'Sprint ' || (10 + k), timestamp '2022-01-01 00:00:00' + (g * 100000 + k * 14 * 86400) * interval '1 second'
  FROM generate_series(1, 80) g CROSS JOIN LATERAL generate_series(1, pg_temp.r('gm' || g, 4)::int) k) x
ORDER BY x.t, x.k;

-- Issues: a skewed number per project (most have a few, a handful hundreds), numbered iid
-- 1..n within the project and its project namespace; plus group-level work items
-- (project_id NULL, namespace = the group). A third of the project issues have a milestone.
INSERT INTO issues (title, author_id, project_id, created_at, updated_at, description, milestone_id, iid, updated_by_id, confidential,
  due_date, relative_position, closed_at, closed_by_id, state_id, upvotes_count, work_item_type_id, namespace_id)
SELECT initcap(pg_temp.words('it' || src || '-' || k, 6)), pg_temp.skew2('ia' || src || '-' || k, 600), pid, t,
  t + pg_temp.r('iu' || src || '-' || k, 90 * 86400) * interval '1 second',
  CASE WHEN k % 4 <> 0 THEN pg_temp.words('ib' || src || '-' || k, 30) END, m.id, k,
  CASE WHEN k % 3 = 0 THEN pg_temp.skew2('iy' || src || '-' || k, 600) END, pg_temp.r('ic' || src || '-' || k, 15) = 0,
  CASE WHEN k % 5 = 0 THEN (t + interval '30 days')::date END, 513 * k, CASE WHEN closed THEN t + interval '20 days' END,
  CASE WHEN closed THEN pg_temp.skew2('ix' || src || '-' || k, 600) END, CASE WHEN closed THEN 2 ELSE 1 END,
  pg_temp.skew('iv' || src || '-' || k, 30)::int - 1, wt, nsid
FROM (
  SELECT 'p' || p AS src, p AS pid, 680 + p AS nsid, k,
    timestamp '2021-05-01 00:00:00' + (p * 90000 + k * 40000 + pg_temp.r('ti' || p || '-' || k, 40000)) * interval '1 second' AS t,
    pg_temp.r('cl' || p || '-' || k, 10) < 6 AS closed, CASE WHEN k % 23 = 0 THEN 2 WHEN k % 7 = 0 THEN 5 ELSE 1 END AS wt,
    CASE WHEN p % 2 = 0 AND k % 3 = 0 THEN 1 + pg_temp.r('mi' || p || '-' || k, 1 + pg_temp.r('nm' || p, 4)) END AS miid
  FROM generate_series(1, 1000) p
  CROSS JOIN LATERAL generate_series(1, (ARRAY[0, 1, 1, 1, 2, 2, 3, 4, 5, 8, 15, 25])[1 + pg_temp.r('ni' || p, 12)]) k
  UNION ALL
  SELECT 'g' || g, NULL, 600 + g, k, timestamp '2022-01-01 00:00:00' + (g * 100000 + k * 86400) * interval '1 second',
    k % 3 = 0, 8, NULL
  FROM generate_series(1, 80) g CROSS JOIN LATERAL generate_series(1, CASE WHEN g <= 25 THEN pg_temp.r('gi' || g, 12)::int ELSE 0 END) k) i
LEFT JOIN milestones m ON m.project_id = i.pid AND m.iid = i.miid
ORDER BY t, src, k;

-- Assignees: seven issues in ten have one, one in eight a second.
INSERT INTO issue_assignees (user_id, issue_id, namespace_id)
SELECT DISTINCT ON (i.id, u) u, i.id, i.namespace_id
FROM issues i
CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r('as' || i.id, 10) < 7 THEN 1 ELSE 0 END + CASE WHEN i.id % 8 = 0 THEN 1 ELSE 0 END) j
CROSS JOIN LATERAL (SELECT pg_temp.skew2('au' || i.id || '-' || j, 600) AS u) a
ORDER BY i.id, u;

-- Merge requests: a skewed number per project, numbered iid 1..n; one in twelve comes from
-- a fork (another project); most target main. The latest diff and the head pipeline are
-- set once those exist.
INSERT INTO merge_requests (target_branch, source_branch, source_project_id, author_id, assignee_id, title, created_at, updated_at,
  milestone_id, merge_status, target_project_id, iid, description, updated_by_id, merge_when_pipeline_succeeds, merge_user_id,
  merge_commit_sha, squash, state_id, draft)
SELECT CASE WHEN k % 9 = 0 THEN 'release/' || (1 + p % 3) || '.' || (k / 9) ELSE 'main' END,
  pg_temp.pick('sb' || p || '-' || k, ARRAY['feature','fix','chore','docs','refactor']) || '/' || replace(pg_temp.words('bn' || p || '-' || k, 2), ' ', '-') || '-' || k,
  CASE WHEN k % 12 = 0 THEN 1 + pg_temp.r('fk' || p || '-' || k, 1000) ELSE p END, a, CASE WHEN pg_temp.r('aa' || p || '-' || k, 10) < 6 THEN pg_temp.skew2('ag' || p || '-' || k, 600) END,
  initcap(pg_temp.words('mt' || p || '-' || k, 5)), t, t + pg_temp.r('mu' || p || '-' || k, 20 * 86400) * interval '1 second',
  m.id, CASE WHEN st = 3 THEN 'can_be_merged' WHEN st = 1 THEN 'unchecked' ELSE 'cannot_be_merged' END, p, k,
  CASE WHEN k % 3 <> 0 THEN pg_temp.words('md' || p || '-' || k, 25) END, NULL, k % 10 = 0,
  CASE WHEN st = 3 THEN pg_temp.skew2('mm' || p || '-' || k, 600) END,
  CASE WHEN st = 3 THEN md5('mc' || p || '-' || k) || substr(md5('mc2' || p || '-' || k), 1, 8) END, k % 4 = 0, st, k % 11 = 0
FROM generate_series(1, 1000) p
CROSS JOIN LATERAL generate_series(1, (ARRAY[0, 0, 0, 1, 1, 1, 2, 2, 3, 5, 8, 15])[1 + pg_temp.r('nr' || p, 12)]) k
CROSS JOIN LATERAL (SELECT timestamp '2021-05-01 00:00:00' + (p * 90000 + k * 50000 + pg_temp.r('tm' || p || '-' || k, 50000)) * interval '1 second' AS t,
  pg_temp.skew2('ma' || p || '-' || k, 600) AS a,
  CASE WHEN pg_temp.r('ms' || p || '-' || k, 10) < 6 THEN 3 WHEN pg_temp.r('ms' || p || '-' || k, 10) < 8 THEN 1 ELSE 2 END AS st,
  CASE WHEN p % 2 = 0 AND k % 4 = 0 THEN 1 + pg_temp.r('mi' || p || '-' || k, 1 + pg_temp.r('nm' || p, 4)) END AS miid) x
LEFT JOIN milestones m ON m.project_id = p AND m.iid = x.miid
ORDER BY x.t, p.p, k.k;

-- Diffs: one or two versions per merge request (each push makes one).
INSERT INTO merge_request_diffs (state, merge_request_id, created_at, updated_at, base_commit_sha, real_size, head_commit_sha,
  start_commit_sha, commits_count, files_count, sorted, diff_type, project_id)
SELECT CASE WHEN v = n THEN 'collected' ELSE 'collected' END, mr.id, mr.created_at + (v - 1) * interval '1 day', mr.created_at + (v - 1) * interval '1 day',
  md5('base' || mr.id), (1 + pg_temp.r('rs' || mr.id || '-' || v, 80))::text, md5('head' || mr.id || '-' || v) || substr(md5('h2' || mr.id || '-' || v), 1, 8),
  md5('start' || mr.id), v + pg_temp.r('cc' || mr.id, 5)::int, (1 + pg_temp.r('fc' || mr.id || '-' || v, 60))::smallint, true, 1, mr.target_project_id
FROM merge_requests mr
CROSS JOIN LATERAL (SELECT 1 + pg_temp.r('nv' || mr.id, 10)::int / 6 AS n) c
CROSS JOIN LATERAL generate_series(1, c.n) v
ORDER BY mr.id, v;

UPDATE merge_requests mr SET latest_merge_request_diff_id = d.id
FROM (SELECT merge_request_id, max(id) AS id FROM merge_request_diffs GROUP BY merge_request_id) d
WHERE d.merge_request_id = mr.id;

-- Pipelines: a skewed number per project, numbered iid 1..n; partition 100 before July
-- 2022, 101 for the next year, 102 after. Branch pipelines on main and, for two in three,
-- merge request pipelines of one of the project's merge requests.
INSERT INTO ci_pipelines (ref, sha, before_sha, created_at, updated_at, tag, yaml_errors, committed_at, project_id, status, started_at,
  finished_at, duration, user_id, lock_version, source, config_source, protected, failure_reason, iid, merge_request_id, source_sha,
  target_sha, partition_id, auto_canceled_by_id)
SELECT CASE WHEN mr.id IS NOT NULL THEN 'refs/merge-requests/' || mr.iid || '/head' WHEN k % 15 = 0 THEN 'v1.' || k ELSE 'main' END,
  md5('sha' || p || '-' || k) || substr(md5('sha2' || p || '-' || k), 1, 8), md5('bsha' || p || '-' || k) || substr(md5('bs2' || p || '-' || k), 1, 8),
  t, t + interval '20 minutes', k % 15 = 0 AND mr.id IS NULL, CASE WHEN st = 'failed' AND k % 9 = 0 THEN 'jobs:rspec config contains unknown keys' END,
  t - interval '2 minutes', p, st, t + interval '30 seconds', CASE WHEN st <> 'running' THEN t + interval '15 minutes' END,
  CASE WHEN st <> 'running' THEN 300 + pg_temp.r('du' || p || '-' || k, 1500)::int END, pg_temp.skew2('pu' || p || '-' || k, 600), 0,
  CASE WHEN mr.id IS NOT NULL THEN 10 WHEN k % 8 = 0 THEN 4 ELSE 1 END, 1, mr.id IS NULL, CASE WHEN st = 'failed' THEN 1 END, k, mr.id,
  CASE WHEN mr.id IS NOT NULL THEN sha256(convert_to('ss' || p || '-' || k, 'UTF8')) END,
  CASE WHEN mr.id IS NOT NULL THEN sha256(convert_to('ts' || p || '-' || k, 'UTF8')) END,
  CASE WHEN t < timestamp '2022-07-01' THEN 100 WHEN t < timestamp '2023-07-01' THEN 101 ELSE 102 END, NULL
FROM generate_series(1, 1000) p
CROSS JOIN LATERAL (SELECT (ARRAY[0, 0, 0, 1, 1, 1, 2, 2, 3, 5, 8, 15])[1 + pg_temp.r('nr' || p, 12)] AS nmr) n
CROSS JOIN LATERAL generate_series(1, (ARRAY[0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 8, 12])[1 + pg_temp.r('np' || p, 12)]) k
CROSS JOIN LATERAL (SELECT timestamp '2021-05-01 00:00:00' + (p * 90000 + k * 45000 + pg_temp.r('tp' || p || '-' || k, 45000)) * interval '1 second' AS t,
  pg_temp.pick2('st' || p || '-' || k, ARRAY['success','success','failed','running','canceled','skipped']) AS st,
  CASE WHEN k % 3 <> 0 AND nmr > 0 THEN 1 + pg_temp.r('pm' || p || '-' || k, nmr) END AS mriid) x
LEFT JOIN merge_requests mr ON mr.target_project_id = p AND mr.iid = x.mriid
ORDER BY x.t, p.p, k.k;

UPDATE merge_requests mr SET head_pipeline_id = c.id
FROM (SELECT merge_request_id, max(id) AS id FROM ci_pipelines WHERE merge_request_id IS NOT NULL GROUP BY merge_request_id) c
WHERE c.merge_request_id = mr.id;

-- Jobs: two to five per pipeline over four stages; a few bridges (downstream triggers).
INSERT INTO ci_builds (status, finished_at, created_at, updated_at, started_at, coverage, name, allow_failure, stage_idx, tag, ref, type,
  "when", queued_at, retried, failure_reason, scheduled_at, token_encrypted, partition_id, commit_id, project_id, runner_id, user_id)
SELECT js, CASE WHEN js IN ('success', 'failed', 'canceled') THEN pl.created_at + (j + 5) * interval '1 minute' END,
  pl.created_at, pl.updated_at, CASE WHEN js <> 'created' THEN pl.created_at + j * interval '1 minute' END,
  CASE WHEN nm LIKE 'rspec%' AND js = 'success' THEN 60 + pg_temp.r('cv' || pl.id || '-' || j, 40) END, nm, nm IN ('lint', 'sast'), (j - 1) / 2,
  pl.tag, pl.ref, CASE WHEN nm = 'trigger-downstream' THEN 'Ci::Bridge' ELSE 'Ci::Build' END, 'on_success',
  pl.created_at + interval '10 seconds', false, CASE WHEN js = 'failed' THEN 1 END, NULL,
  CASE WHEN nm <> 'trigger-downstream' THEN 'glcbt-' || md5('tok' || pl.id || '-' || j) END, pl.partition_id, pl.id, pl.project_id,
  CASE WHEN js NOT IN ('created', 'pending') AND nm <> 'trigger-downstream' THEN pg_temp.skew2('rn' || pl.id || '-' || j, 40) END, pl.user_id
FROM ci_pipelines pl
CROSS JOIN LATERAL generate_series(1, 2 + pg_temp.r('nj' || pl.id, 4)::int) j
CROSS JOIN LATERAL (SELECT (ARRAY['lint','build','rspec 1/2','rspec 2/2','eslint','sast','docker-build','deploy-review','trigger-downstream'])[1 + (j - 1 + pl.id::int % 3) % 9] AS nm,
  CASE WHEN pl.status = 'running' AND j > 3 THEN 'created' WHEN pl.status = 'running' THEN 'running'
    WHEN pl.status = 'failed' AND j = 2 THEN 'failed' WHEN pl.status = 'canceled' THEN 'canceled' WHEN pl.status = 'skipped' THEN 'skipped' ELSE 'success' END AS js) x
ORDER BY pl.id, j;

-- Notes: comments and system notes on issues and merge requests (a few threads are long),
-- diff notes with a line code on merge requests; discussion ids repeat within a thread.
INSERT INTO notes (note, noteable_type, author_id, created_at, updated_at, project_id, line_code, commit_id, noteable_id, system, updated_by_id,
  type, resolved_at, resolved_by_id, discussion_id, confidential, internal, namespace_id)
SELECT CASE WHEN sys THEN pg_temp.pick('sn' || src || '-' || k, ARRAY['changed milestone to %v1.1','added ~bug label','assigned to @alice','changed the description','mentioned in merge request !12','marked this issue as related']) ELSE pg_temp.words('nt' || src || '-' || k, 15) END,
  ntype, pg_temp.skew2('na' || src || '-' || k, 600), t, t, pid,
  CASE WHEN ntype = 'MergeRequest' AND k % 4 = 1 AND NOT sys THEN md5('lc' || src || '-' || k) || '_' || (10 + k) || '_' || (10 + k) END, NULL, oid, sys,
  NULL, CASE WHEN ntype = 'MergeRequest' AND k % 4 = 1 AND NOT sys THEN 'DiffNote' WHEN NOT sys AND k % 3 = 0 THEN 'DiscussionNote' END,
  NULL, NULL, md5('disc' || src || '-' || ((k + 1) / 2)) || substr(md5('d2' || src || '-' || ((k + 1) / 2)), 1, 8), false, false, nsid
FROM (
  SELECT 'i' || i.id AS src, 'Issue' AS ntype, i.id AS oid, i.project_id AS pid, i.namespace_id AS nsid, k,
    i.created_at + k * interval '7 hours' AS t, pg_temp.r('sy' || i.id || '-' || k, 10) < 4 AS sys
  FROM issues i CROSS JOIN LATERAL generate_series(1, (ARRAY[0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 8])[1 + pg_temp.r('nn' || i.id, 11)]) k
  UNION ALL
  SELECT 'm' || m.id, 'MergeRequest', m.id, m.target_project_id, 680 + m.target_project_id, k,
    m.created_at + k * interval '5 hours', pg_temp.r('sy' || m.id || '-' || k, 10) < 3
  FROM merge_requests m CROSS JOIN LATERAL generate_series(1, (ARRAY[0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 8])[1 + pg_temp.r('nm' || m.id, 11)]) k) n
ORDER BY t, src, k;

-- Label links: issues and merge requests carry zero to two of their project's labels.
INSERT INTO label_links (label_id, target_id, target_type, created_at, updated_at)
SELECT DISTINCT ON (t.ttype, t.tid, l.id) l.id, t.tid, t.ttype, t.created_at, t.created_at
FROM (SELECT 'Issue' AS ttype, id AS tid, project_id AS pid, created_at FROM issues WHERE project_id IS NOT NULL
  UNION ALL SELECT 'MergeRequest', id, target_project_id, created_at FROM merge_requests) t
CROSS JOIN LATERAL generate_series(1, pg_temp.r('nk' || t.ttype || t.tid, 3)::int) j
JOIN (SELECT id, project_id, row_number() OVER (PARTITION BY project_id ORDER BY id) AS rn, count(*) OVER (PARTITION BY project_id) AS cnt
  FROM labels WHERE project_id IS NOT NULL) l
  ON l.project_id = t.pid AND l.rn = 1 + pg_temp.r('lk' || t.ttype || t.tid || '-' || j, l.cnt)
ORDER BY t.ttype, t.tid, l.id;

-- Events: the activity stream (pushes, issue and merge request actions, comments, joins),
-- busy users and projects dominating; group events (joined, left) have no project.
INSERT INTO events (project_id, author_id, created_at, updated_at, action, target_type, group_id, fingerprint, target_id, imported_from, personal_namespace_id)
SELECT CASE WHEN kind = 'group' THEN NULL ELSE p END, pg_temp.skew2('ea' || e, 600), t, t,
  CASE kind WHEN 'push' THEN 5 WHEN 'issue' THEN (ARRAY[1, 3, 4])[1 + pg_temp.r('ei' || e, 3)] WHEN 'mr' THEN (ARRAY[1, 7, 3])[1 + pg_temp.r('em' || e, 3)]
    WHEN 'note' THEN 6 ELSE (ARRAY[8, 9])[1 + pg_temp.r('eg' || e, 2)] END,
  CASE kind WHEN 'issue' THEN 'Issue' WHEN 'mr' THEN 'MergeRequest' WHEN 'note' THEN 'Note' END,
  CASE WHEN kind = 'group' THEN 600 + pg_temp.skew2('gg' || e, 80) END, NULL,
  CASE kind WHEN 'issue' THEN 1 + pg_temp.r('ti' || e, ni) WHEN 'mr' THEN 1 + pg_temp.r('tm' || e, nm) WHEN 'note' THEN 1 + pg_temp.r('tn' || e, nn) END, 0, NULL
FROM generate_series(1, 16000) e
CROSS JOIN (SELECT (SELECT count(*) FROM issues) AS ni, (SELECT count(*) FROM merge_requests) AS nm, (SELECT count(*) FROM notes) AS nn) c
CROSS JOIN LATERAL (SELECT pg_temp.skew2('ep' || e, 1000) AS p,
  timestamp '2022-01-01 00:00:00' + (e * 6000 + pg_temp.r('et' || e, 6000)) * interval '1 second' AS t,
  pg_temp.pick2('ek' || e, ARRAY['push','note','issue','group','mr','push','note']) AS kind) x
ORDER BY e;

-- To-do items: assignments, mentions and review requests for busy users; most are done.
INSERT INTO todos (user_id, project_id, target_id, target_type, author_id, action, state, created_at, updated_at, note_id, commit_id, group_id, resolved_by_action)
SELECT pg_temp.skew2('tu' || d, 600), CASE WHEN mr THEN m.target_project_id ELSE i.project_id END, CASE WHEN mr THEN m.id ELSE i.id END,
  CASE WHEN mr THEN 'MergeRequest' ELSE 'Issue' END, pg_temp.skew2('tb' || d, 600), act, CASE WHEN pg_temp.r('ts' || d, 10) < 7 THEN 'done' ELSE 'pending' END,
  t, t + interval '2 days', CASE WHEN act = 2 THEN 1 + pg_temp.r('tn' || d, nn) END, NULL, NULL,
  CASE WHEN pg_temp.r('ts' || d, 10) < 7 THEN 1 END
FROM generate_series(1, 4500) d
CROSS JOIN (SELECT (SELECT count(*) FROM notes) AS nn) c
CROSS JOIN LATERAL (SELECT d % 3 = 0 AS mr, (ARRAY[1, 2, 2, 4, 9])[1 + pg_temp.r('tc' || d, 5)] AS act,
  timestamp '2022-01-01 00:00:00' + (d * 21000) * interval '1 second' AS t) x
LEFT JOIN merge_requests m ON x.mr AND m.id = 1 + pg_temp.r('tm' || d, (SELECT count(*) FROM merge_requests))
LEFT JOIN issues i ON NOT x.mr AND i.id = 1 + pg_temp.r('ti' || d, (SELECT count(*) FROM issues WHERE project_id IS NOT NULL))
WHERE (x.mr AND m.id IS NOT NULL) OR (NOT x.mr AND i.project_id IS NOT NULL)
ORDER BY d;
