-- Deterministic data for Harbor 1.6: one company's container registry over a year. 400
-- users (CI accounts pull most), 120 projects (the installer's "library" first; deleted ones
-- renamed "name#id" as Harbor does), their members and metadata, 40 LDAP groups, about 1,000
-- repositories named "project/repo", 12,000 access-log entries, replication to 8 targets
-- under 25 policies with 3,000 jobs, 4,000 image scans and their overviews, labels and their
-- use on repositories, images and projects, and admin jobs (garbage collection, scan all).
-- serial ids are filled by their defaults; every timestamp is explicit.

-- The installer's rows, verbatim (its NOW() replaced by a fixed time).
insert into access (access_code, comment) values 
('M', 'Management access for project'),
('R', 'Read access for project'),
('W', 'Write access for project'),
('D', 'Delete access for project'),
('S', 'Search access for project');

insert into role (role_code, name) values 
('MDRWS', 'projectAdmin'),
('RWS', 'developer'),
('RS', 'guest');

insert into harbor_user (username, email, password, realname, comment, deleted, sysadmin_flag, creation_time, update_time) values 
('admin', 'admin@example.com', '', 'system admin', 'admin user',false, true, '2025-01-01 00:00:00', '2025-01-01 00:00:00'),
('anonymous', 'anonymous@example.com', '', 'anonymous user', 'anonymous user', true, false, '2025-01-01 00:00:00', '2025-01-01 00:00:00');

-- Users: ten CI service accounts, then people; LDAP users without a mail attribute have no
-- e-mail (NULL); a few left (deleted) or are administrators.
INSERT INTO harbor_user (username, email, password, realname, comment, deleted, reset_uuid, salt, sysadmin_flag, creation_time, update_time)
SELECT un, CASE WHEN u % 37 = 0 THEN NULL ELSE un || '@corp.example' END, substr(md5('pw' || u) || md5('pw2' || u), 1, 40),
  CASE WHEN u <= 12 THEN 'CI account ' || (u - 2) ELSE fn || ' ' || ln END,
  CASE WHEN u <= 12 THEN 'jenkins' WHEN u % 11 = 0 THEN 'ldap' END,
  u > 12 AND u % 31 = 0, CASE WHEN u % 53 = 0 THEN pg_temp.uuid('reset' || u)::text END, substr(md5('salt' || u), 1, 32),
  u IN (3, 17, 40), c, c + pg_temp.r('uu' || u, 300) * interval '1 day'
FROM generate_series(3, 400) u
CROSS JOIN LATERAL (SELECT pg_temp.first_name('fn' || u) AS fn, pg_temp.last_name('ln' || u) AS ln,
  timestamp '2025-01-02 00:00:00' + (u * 40000) * interval '1 second' AS c) x
CROSS JOIN LATERAL (SELECT CASE WHEN u <= 12 THEN 'ci-' || (ARRAY['jenkins','gitlab','argo','tekton','buildkite','drone','circle','github','spinnaker','flux'])[u - 2]
  ELSE lower(substr(fn, 1, 1) || ln) || u END AS un) n
ORDER BY u;

-- Projects: library (the installer's), then team projects and their -dev, -staging, -prod,
-- -ci and -sandbox variants; owners are mostly a few platform engineers.
insert into project (owner_id, name, creation_time, update_time) values 
(1, 'library', '2025-01-01 00:00:00', '2025-01-01 00:00:00');

INSERT INTO project (owner_id, name, creation_time, update_time, deleted, quota, usage)
SELECT CASE WHEN p % 5 = 0 THEN 1 ELSE 12 + pg_temp.skew('po' || p, 388) END,
  nm || CASE WHEN p % 29 = 0 THEN '#' || p ELSE '' END,
  timestamp '2025-01-05 00:00:00' + (p * 200000) * interval '1 second', timestamp '2025-01-05 00:00:00' + (p * 200000 + 86400 * pg_temp.r('pu' || p, 90)) * interval '1 second',
  p % 29 = 0, CASE WHEN p % 6 = 0 THEN 4096 ELSE 1024 END, (pg_temp.r('us' || p, 900000) / 1000.0)::float
FROM generate_series(2, 120) p
CROSS JOIN LATERAL (SELECT (ARRAY['platform','payments','web','data','ml','mobile','infra','security','qa','search','billing','identity',
  'checkout','catalog','analytics','messaging','gateway','observability','devtools','support'])[1 + (p - 2) % 20]
  || CASE WHEN p >= 22 THEN '-' || (ARRAY['dev','staging','prod','ci','sandbox'])[1 + ((p - 22) / 20) % 5] ELSE '' END AS nm) x
ORDER BY p;

-- Members: the installer's (admin in library), then each project's owner as projectAdmin
-- and a skewed number of users and LDAP groups.
insert into project_member (project_id, entity_id, role, entity_type, creation_time, update_time) values
(1, 1, 1, 'u', '2025-01-01 00:00:00', '2025-01-01 00:00:00');

INSERT INTO project_member (project_id, entity_id, entity_type, role, creation_time, update_time)
SELECT DISTINCT ON (p.project_id, m.e, m.t) p.project_id, m.e, m.t, m.rl, p.creation_time + (m.i * 3600) * interval '1 second', p.creation_time + (m.i * 7200) * interval '1 second'
FROM project p
CROSS JOIN LATERAL (SELECT p.owner_id AS e, 'u' AS t, 1 AS rl, 0 AS i
  UNION ALL SELECT 2 + pg_temp.skew2('pm' || p.project_id || '-' || i, 398)::int, 'u', (1 + pg_temp.r('pr' || p.project_id || '-' || i, 3))::int, i
    FROM generate_series(1, (2 + 30 / (1 + (p.project_id - 1) % 20) + pg_temp.r('nm' || p.project_id, 6))::int) i
  UNION ALL SELECT 1 + pg_temp.r('pg' || p.project_id || '-' || i, 40)::int, 'g', 2 + (i % 2), 100 + i
    FROM generate_series(1, CASE WHEN p.project_id % 4 = 0 THEN 2 ELSE 0 END) i) m
WHERE p.project_id > 1 OR m.i > 0
ORDER BY p.project_id, m.e, m.t, m.i;

-- Metadata: every project says whether it is public; some enable content trust,
-- vulnerability prevention (with a severity) and scan on push.
insert into project_metadata (project_id, name, value, creation_time, update_time, deleted) values
(1, 'public', 'true', '2025-01-01 00:00:00', '2025-01-01 00:00:00', false);

INSERT INTO project_metadata (project_id, name, value, creation_time, update_time, deleted)
SELECT p.project_id, m.name, m.value, p.creation_time, p.update_time, false
FROM project p
CROSS JOIN LATERAL (SELECT 'public' AS name, CASE WHEN p.project_id % 7 = 0 THEN 'true' ELSE 'false' END AS value
  UNION ALL SELECT 'enable_content_trust', 'true' WHERE p.project_id % 3 = 0
  UNION ALL SELECT 'prevent_vul', 'true' WHERE p.project_id % 4 = 0
  UNION ALL SELECT 'severity', CASE WHEN p.project_id % 8 = 0 THEN 'high' ELSE 'medium' END WHERE p.project_id % 4 = 0
  UNION ALL SELECT 'auto_scan', 'true' WHERE p.project_id % 2 = 0) m
WHERE p.project_id > 1
ORDER BY p.project_id, m.name;

-- LDAP groups: the same common name exists in two organisational units.
INSERT INTO user_group (group_name, group_type, ldap_group_dn, creation_time, update_time)
SELECT cn, 1, 'cn=' || cn || ',ou=' || CASE WHEN g > 38 THEN 'contractors' ELSE 'engineering' END || ',dc=corp,dc=example',
  timestamp '2025-01-03 00:00:00' + (g * 86400) * interval '1 second', timestamp '2025-01-03 00:00:00' + (g * 86400 + 3600) * interval '1 second'
FROM generate_series(1, 40) g
CROSS JOIN LATERAL (SELECT (ARRAY['developers','ops','platform-team','payments-team','web-team','data-eng','ml-eng','mobile-team','sre',
  'security-team','qa-team','search-team','billing-team','identity-team','checkout-team','catalog-team','analytics-team','messaging-team',
  'gateway-team','observability-team','devtools-team','support-team','release-managers','architects','interns','auditors','dba',
  'network','frontend','backend','android','ios','infra-oncall','build-cops','docs','design','product','leads'])[1 + (g - 1) % 38] AS cn) x
ORDER BY g;

-- Repositories: "project/name", a skewed number per project; pull counts follow popularity.
INSERT INTO repository (name, project_id, description, pull_count, star_count, creation_time, update_time)
SELECT p.name || '/' || r.nm, p.project_id, CASE WHEN r.n % 3 = 0 THEN pg_temp.words('rd' || r.n, 10) END,
  (100000 / r.n + pg_temp.r('pc' || r.n, 500))::int, (pg_temp.r('sc' || r.n, 40) / 10)::int,
  p.creation_time + (r.n * 2000) * interval '1 second', p.creation_time + (r.n * 2000 + pg_temp.r('ru' || r.n, 200) * 86400) * interval '1 second'
FROM (SELECT DISTINCT ON (pid, nm) n, pid, nm FROM generate_series(1, 1400) n
  CROSS JOIN LATERAL (SELECT pg_temp.skew2('rp' || n, 120)::int AS pid,
    (ARRAY['api','web','worker','frontend','backend','gateway','proxy','nginx','redis','postgres','kafka','zookeeper','base','builder',
      'runner','scheduler','cron','migrator','exporter','agent','sidecar','operator','controller','ui','cli','sdk','docs','tests','e2e',
      'loadgen','auth','billing-service','search-service','notifier','mailer','uploader','resizer','transcoder','indexer','crawler',
      'alpine','debian','ubuntu','python','node','golang','java','dotnet','ruby','php','rust','busybox','curl','helm','kubectl',
      'terraform','ansible','vault','consul','prometheus'])[1 + pg_temp.r('rn' || n, 60)] AS nm) z
  ORDER BY pid, nm, n) r
JOIN project p ON p.project_id = r.pid
ORDER BY r.n;

-- Access log: mostly pulls by CI accounts, pushes by people and CI; deletes are rare.
INSERT INTO access_log (username, project_id, repo_name, repo_tag, GUID, operation, op_time)
SELECT CASE WHEN op = 'pull' AND pg_temp.r('lu' || l, 10) < 7 THEN 'ci-' || (ARRAY['jenkins','gitlab','argo','tekton','buildkite','drone','circle','github','spinnaker','flux'])[pg_temp.skew2('lc' || l, 10)]
    ELSE (SELECT username FROM harbor_user WHERE user_id = 12 + pg_temp.skew2('lp' || l, 388)) END,
  r.project_id, r.name, CASE WHEN op = 'create' THEN 'N/A' ELSE pg_temp.pick2('lt' || l, ARRAY['latest','v1.2.0','v1.1.0','main','v2.0.0-rc1','v1.0.0','stable']) END,
  CASE WHEN pg_temp.r('lg' || l, 10) = 0 THEN NULL ELSE md5('guid' || l) END, op,
  timestamp '2025-02-01 00:00:00' + (l * 2600 + pg_temp.r('lo' || l, 2600)) * interval '1 second'
FROM generate_series(1, 12000) l
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('op' || l, 100) < 70 THEN 'pull' WHEN pg_temp.r('op' || l, 100) < 95 THEN 'push'
  WHEN pg_temp.r('op' || l, 100) < 98 THEN 'delete' ELSE 'create' END AS op) o
JOIN repository r ON r.repository_id = pg_temp.skew('lr' || l, 1000)
ORDER BY l;

INSERT INTO replication_target (name, url, username, password, target_type, insecure, creation_time, update_time)
SELECT 'dr-' || (ARRAY['frankfurt','virginia','oregon','singapore','tokyo','dublin','saopaulo','sydney'])[t],
  'https://harbor-' || t || '.dr.corp.example', 'replicator', md5('rtpw' || t), CASE WHEN t > 6 THEN 1 ELSE 0 END, t = 8,
  timestamp '2025-01-10 00:00:00' + (t * 30 * 86400) * interval '1 second', timestamp '2025-01-10 00:00:00' + (t * 30 * 86400 + 3600) * interval '1 second'
FROM generate_series(1, 8) t
ORDER BY t;

-- Policies: the production projects replicate to one or two disaster-recovery sites.
INSERT INTO replication_policy (name, project_id, target_id, enabled, description, deleted, cron_str, filters, replicate_deletion, start_time,
  creation_time, update_time)
SELECT p.name || '-to-' || t.name, p.project_id, t.id, k % 6 <> 0, CASE WHEN k % 2 = 0 THEN 'DR copy of ' || p.name END, k % 13 = 0,
  CASE WHEN k % 3 = 0 THEN '{"kind":"Daily","schedule_param":{"offtime":' || (k * 3600 % 86400) || '}}' END,
  '[{"kind":"repository","pattern":"*"}]', k % 4 = 0, p.creation_time + interval '10 days',
  p.creation_time + (k * 86400) * interval '1 second', p.creation_time + (k * 86400 + 7200) * interval '1 second'
FROM generate_series(1, 25) k
JOIN project p ON p.project_id = 62 + (k - 1) % 20
JOIN replication_target t ON t.id = 1 + (k - 1) / 20 * 2 + (k % 2) * 0 + ((k - 1) % 3 = 0)::int
ORDER BY k;

-- Jobs: one per replicated repository and run; the job service's uuid only from the upgrade on.
INSERT INTO replication_job (status, policy_id, repository, operation, tags, job_uuid, creation_time, update_time)
SELECT CASE WHEN j > 2980 THEN pg_temp.pick('js' || j, ARRAY['pending','running']) WHEN pg_temp.r('je' || j, 20) = 0 THEN 'error'
    WHEN pg_temp.r('je' || j, 50) = 1 THEN 'stopped' ELSE 'finished' END,
  pol.id, COALESCE((SELECT name FROM repository WHERE project_id = pol.project_id ORDER BY repository_id OFFSET pg_temp.r('jr' || j, 5) LIMIT 1), 'library/base'),
  CASE WHEN pg_temp.r('jo' || j, 30) = 0 THEN 'delete' ELSE 'transfer' END,
  pg_temp.pick2('jt' || j, ARRAY['latest','v1.2.0,latest','v1.1.0','main','v2.0.0-rc1,v2.0.0']),
  CASE WHEN j > 600 THEN substr(md5('juuid' || j), 1, 24) END,
  c, c + (30 + pg_temp.r('jd' || j, 1800)) * interval '1 second'
FROM generate_series(1, 3000) j
CROSS JOIN LATERAL (SELECT timestamp '2025-03-01 00:00:00' + (j * 9000) * interval '1 second' AS c) x
JOIN replication_policy pol ON pol.id = pg_temp.skew2('jp' || j, 25)
ORDER BY j;

INSERT INTO replication_immediate_trigger (policy_id, namespace, on_push, on_deletion, creation_time, update_time)
SELECT pol.id, split_part(p.name, '#', 1), true, pol.replicate_deletion, pol.creation_time, pol.update_time
FROM replication_policy pol JOIN project p ON p.project_id = pol.project_id
WHERE pol.cron_str IS NULL
ORDER BY pol.id;

-- Scans: images are scanned on push and by "scan all"; pending jobs have no digest yet, and
-- jobs from before the job service have no uuid.
INSERT INTO img_scan_job (status, repository, tag, digest, job_uuid, creation_time, update_time)
SELECT st, r.name, tg, CASE WHEN st = 'pending' THEN NULL ELSE 'sha256:' || encode(sha256(convert_to(r.name || ':' || tg || ':' || (j / 400), 'UTF8')), 'hex') END,
  CASE WHEN j > 800 THEN substr(md5('suuid' || j), 1, 24) END, c, c + (5 + pg_temp.r('sd' || j, 600)) * interval '1 second'
FROM generate_series(1, 4000) j
CROSS JOIN LATERAL (SELECT pg_temp.pick2('stg' || j, ARRAY['latest','v1.2.0','main','v1.1.0','v2.0.0-rc1','stable']) AS tg,
  CASE WHEN j > 3950 THEN 'pending' WHEN pg_temp.r('sst' || j, 25) = 0 THEN 'error' ELSE 'finished' END AS st,
  timestamp '2025-03-01 00:00:00' + (j * 6800) * interval '1 second' AS c) x
JOIN repository r ON r.repository_id = pg_temp.skew2('sr' || j, 1000)
ORDER BY j;

-- Overviews: one per scanned image digest, from its latest finished scan.
INSERT INTO img_scan_overview (image_digest, scan_job_id, severity, components_overview, details_key, creation_time, update_time)
SELECT DISTINCT ON (digest) digest, id, sev,
  '{"total":' || (20 + pg_temp.r('ct' || digest, 200)) || ',"summary":[{"severity":' || sev || ',"count":' || (1 + pg_temp.r('cc' || digest, 30)) || '}]}',
  'sha256:' || md5('layer' || digest) || md5('layer2' || digest), creation_time, update_time
FROM img_scan_job
CROSS JOIN LATERAL (SELECT (pg_temp.r('sv' || digest, 6))::int AS sev) x
WHERE status = 'finished' AND digest IS NOT NULL
ORDER BY digest, id DESC;

INSERT INTO clair_vuln_timestamp (namespace, last_update)
SELECT ns, timestamp '2026-01-20 00:00:00' - (i * 3600) * interval '1 second'
FROM unnest(ARRAY['debian:8','debian:9','debian:10','ubuntu:16.04','ubuntu:18.04','alpine:v3.7','alpine:v3.8','centos:7','oracle:7',
  'amzn:2','rhel:7','photon:2.0']) WITH ORDINALITY AS t(ns, i)
ORDER BY i;

INSERT INTO properties (k, v)
SELECT k, v FROM (VALUES ('auth_mode', 'ldap_auth'), ('email_host', 'smtp.corp.example'), ('email_port', '25'), ('email_from', 'harbor <harbor@corp.example>'),
  ('email_ssl', 'false'), ('email_insecure', 'false'), ('email_identity', ''), ('email_username', 'harbor'), ('ldap_url', 'ldaps://ldap.corp.example'),
  ('ldap_base_dn', 'ou=people,dc=corp,dc=example'), ('ldap_search_dn', 'cn=harbor,ou=svc,dc=corp,dc=example'), ('ldap_uid', 'uid'),
  ('ldap_filter', '(objectClass=person)'), ('ldap_scope', '2'), ('ldap_timeout', '5'), ('ldap_verify_cert', 'true'),
  ('ldap_group_base_dn', 'dc=corp,dc=example'), ('ldap_group_attribute_name', 'cn'), ('ldap_group_search_filter', '(objectClass=groupOfNames)'),
  ('ldap_group_search_scope', '2'), ('ldap_group_admin_dn', 'cn=admins,ou=engineering,dc=corp,dc=example'), ('project_creation_restriction', 'adminonly'),
  ('self_registration', 'false'), ('token_expiration', '30'), ('scan_all_policy', '{"type":"daily","parameter":{"daily_time":0}}'),
  ('max_job_workers', '10'), ('read_only', 'false'), ('uaa_endpoint', ''), ('uaa_client_id', ''), ('uaa_verify_cert', 'true'),
  ('cfg_expiration', '5'), ('admiral_url', 'NA'), ('with_notary', 'true'), ('with_clair', 'true'), ('with_chartmuseum', 'false')) v(k, v)
ORDER BY k;

-- Labels: a dozen global ones, then project labels whose names repeat across projects.
INSERT INTO harbor_label (name, description, color, level, scope, project_id, creation_time, update_time, deleted)
SELECT nm, CASE WHEN l % 3 = 0 THEN 'label ' || nm END, '#' || substr(md5('col' || nm), 1, 6), CASE WHEN l <= 2 THEN 's' ELSE 'u' END,
  CASE WHEN pid IS NULL THEN 'g' ELSE 'p' END, pid,
  timestamp '2025-02-01 00:00:00' + (l * 86400) * interval '1 second', timestamp '2025-02-01 00:00:00' + (l * 86400 + 600) * interval '1 second', l % 41 = 0
FROM (SELECT DISTINCT ON (nm, pid) l, nm, pid FROM generate_series(1, 70) l
  CROSS JOIN LATERAL (SELECT CASE WHEN l <= 12 THEN NULL ELSE 1 + pg_temp.skew2('lbp' || l, 120)::int END AS pid,
    (ARRAY['prod-ready','deprecated','security-reviewed','base-image','experimental','gpu','arm64','lts','internal','customer-facing',
      'pci','hipaa'])[CASE WHEN l <= 12 THEN l ELSE 1 + pg_temp.r('lbn' || l, 12)::int END] AS nm) z
  ORDER BY nm, pid, l) x
ORDER BY l;

-- Label use: on repositories (resource_id), on images ("repo:tag" in resource_name) and on
-- projects (resource_id).
INSERT INTO harbor_resource_label (label_id, resource_id, resource_name, resource_type, creation_time, update_time)
SELECT DISTINCT ON (lb.id, rid, rname, rt) lb.id, rid, rname, rt, c, c
FROM generate_series(1, 1000) a
JOIN harbor_label lb ON lb.id = pg_temp.skew2('al' || a, 60)
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('at' || a, 100) < 60 THEN 'r' WHEN pg_temp.r('at' || a, 100) < 95 THEN 'i' ELSE 'p' END AS rt,
  pg_temp.skew2('ar' || a, 1000)::int AS repo, timestamp '2025-03-01 00:00:00' + (a * 30000) * interval '1 second' AS c) x
JOIN repository r ON r.repository_id = x.repo
CROSS JOIN LATERAL (SELECT CASE rt WHEN 'r' THEN r.repository_id WHEN 'p' THEN r.project_id END AS rid,
  CASE WHEN rt = 'i' THEN r.name || ':' || pg_temp.pick2('ag' || a, ARRAY['latest','v1.2.0','main','v1.1.0']) END AS rname) y
ORDER BY lb.id, rid, rname, rt, a;

-- Admin jobs: weekly garbage collection and daily "scan all" runs, and their schedules.
INSERT INTO admin_job (job_name, job_kind, cron_str, status, job_uuid, creation_time, update_time, deleted)
SELECT nm, kind, CASE WHEN kind = 'Periodic' THEN '{"type":"' || CASE WHEN nm = 'IMAGE_GC' THEN 'Weekly' ELSE 'Daily' END || '","Weekday":6,"Offtime":7200}' END,
  CASE WHEN kind = 'Periodic' THEN 'scheduled' WHEN j % 17 = 0 THEN 'error' WHEN j = 200 THEN 'running' ELSE 'finished' END,
  CASE WHEN j > 40 THEN substr(md5('ajuuid' || j), 1, 24) END, c, c + (60 + pg_temp.r('ad' || j, 3600)) * interval '1 second', j % 50 = 0
FROM generate_series(1, 200) j
CROSS JOIN LATERAL (SELECT CASE WHEN j % 5 = 0 THEN 'IMAGE_GC' WHEN j % 37 = 0 THEN 'IMAGE_SCAN_ALL' ELSE 'IMAGE_SCAN_ALL' END AS nm,
  CASE WHEN j IN (1, 2) THEN 'Periodic' ELSE 'Generic' END AS kind,
  timestamp '2025-03-01 00:00:00' + (j * 150000) * interval '1 second' AS c) x
ORDER BY j;
