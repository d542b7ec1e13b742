-- Concourse CI data: 30 teams (main, the admin team, and a few big platform teams own most
-- pipelines), 24 workers, 300 pipelines, 2,000 jobs, 1,500 resources, 8,000 builds with
-- their per-job build numbers, resource versions found by checks, build inputs and
-- outputs, containers and volumes on the workers. Every value is a function of the row
-- number; serial ids come from their sequences in insertion order.

INSERT INTO teams (name, admin, auth, nonce)
SELECT CASE WHEN g = 1 THEN 'main' ELSE pg_temp.pick('tn' || g, ARRAY['platform','payments','web','mobile','data','infra','security','search','billing','identity']) || '-' || g END,
       g = 1,
       '{"owner":{"users":["local:admin"],"groups":["github:org:team-' || g || '"]}}',
       NULL
FROM generate_series(1, 30) g;

INSERT INTO users (sub, username, connector, last_login)
SELECT 'Cg' || md5('sub' || g) || 'EgZnaXRodWI', lower(pg_temp.first_name('u' || g)) || '.' || lower(pg_temp.last_name('u' || g)) || g,
       pg_temp.pick2('c' || g, ARRAY['github','ldap','oidc','local']),
       timestamptz '2026-01-01' + (pg_temp.r('ll' || g, 300 * 86400) || ' seconds')::interval
FROM generate_series(1, 400) g;

INSERT INTO access_tokens (token, sub, claims, expires_at)
SELECT md5('tok' || g) || md5('tok2' || g), 'Cg' || md5('sub' || pg_temp.skew2('ts' || g, 400)) || 'EgZnaXRodWI',
       ('{"sub":"' || pg_temp.skew2('ts' || g, 400) || '","federated_claims":{"connector_id":"github"}}')::jsonb,
       timestamptz '2026-01-01' + (pg_temp.r('te' || g, 330 * 86400) || ' seconds')::interval
FROM generate_series(1, 1500) g;

INSERT INTO base_resource_types (name, unique_version_history)
SELECT n, n = 'time'
FROM unnest(ARRAY['git','registry-image','time','s3','semver','github-release','pool','docker-image',
  'concourse-pipeline','slack-notification','mock','bosh-io-release']) n;

INSERT INTO workers (addr, expires, active_containers, resource_types, platform, tags, baggageclaim_url, name,
  start_time, team_id, state, version, ephemeral, active_volumes, active_tasks, max_active_tasks)
SELECT '10.0.' || (g / 10) || '.' || (10 + g) || ':7777', timestamptz '2026-11-01' + (g || ' minutes')::interval,
       pg_temp.r('ac' || g, 120)::int, '[]', CASE WHEN g % 8 = 0 THEN 'windows' ELSE 'linux' END,
       CASE WHEN g % 6 = 0 THEN '["gpu"]' ELSE '[]' END, 'http://10.0.' || (g / 10) || '.' || (10 + g) || ':7788',
       'worker-' || substr(md5('w' || g), 1, 12),
       timestamptz '2026-10-01' + (g || ' hours')::interval,
       CASE WHEN g > 20 THEN 1 + pg_temp.r('wt' || g, 5) END,
       'running', '2.5', false, pg_temp.r('av' || g, 400)::int, pg_temp.r('at' || g, 8)::int, 0
FROM generate_series(1, 24) g;

INSERT INTO pipelines (version, name, paused, ordering, team_id, public, groups, last_updated, archived,
  instance_vars, secondary_ordering)
SELECT pg_temp.r('pv' || g, 500)::int,
       pg_temp.pick('pn' || g, ARRAY['ci','release','deploy','pr','nightly','security-scan','docs','infra','canary','images']) || '-' || g,
       g % 17 = 0, g, pg_temp.skew('pt' || g, 30)::int, g % 9 = 0, NULL,
       timestamptz '2026-01-01' + (pg_temp.r('pl' || g, 320 * 86400) || ' seconds')::interval,
       g % 23 = 0,
       CASE WHEN g % 7 = 0 THEN ('{"branch":"feature-' || g || '"}')::jsonb END, 1
FROM generate_series(1, 300) g;

INSERT INTO jobs (name, build_number_seq, paused, pipeline_id, inputs_determined, config, active, public, max_in_flight)
SELECT pg_temp.pick('jn' || g, ARRAY['unit','integration','build','deploy-staging','deploy-prod','lint','publish','smoke','bump-version','e2e']) || '-' || g,
       0, g % 31 = 0, pg_temp.skew2('jp' || g, 300)::int, true,
       '{"name":"job-' || g || '","plan":[{"get":"repo","trigger":true},{"task":"run"}]}', true, g % 9 = 0, 1
FROM generate_series(1, 2000) g;

INSERT INTO base_resource_types (name, unique_version_history) VALUES ('hg', false), ('cf', false), ('terraform', false);

INSERT INTO resource_configs (base_resource_type_id, source_hash, last_referenced)
SELECT pg_temp.skew2('rb' || g, 15)::int, encode(sha256(('src' || g)::bytea), 'hex'),
       timestamptz '2026-11-01' + (pg_temp.r('rr' || g, 20 * 86400) || ' seconds')::interval
FROM generate_series(1, 1200) g;

INSERT INTO resources (name, pipeline_id, config, active, resource_config_id)
SELECT pg_temp.pick('rn' || g, ARRAY['repo','image','version','artifact','timer','release','pool-lock','notify','chart','tf-state']) || '-' || g,
       pg_temp.skew2('rp' || g, 300)::int, '{"type":"git","source":{"uri":"https://example.com/r' || g || '.git"}}', true,
       CASE WHEN g <= 1200 THEN g END
FROM generate_series(1, 1500) g;

-- Scopes: a resource's own scope for most configs, a global (shared) scope for every fifth.
INSERT INTO resource_config_scopes (resource_config_id, resource_id, last_check_start_time, last_check_end_time,
  last_check_succeeded, next_check_time)
SELECT g, CASE WHEN g % 5 <> 0 THEN g END,
       timestamptz '2026-11-26' + (g || ' seconds')::interval, timestamptz '2026-11-26' + ((g + 3) || ' seconds')::interval,
       g % 13 <> 0, timestamptz '2026-11-26 01:00' + (g || ' seconds')::interval
FROM generate_series(1, 1200) g;

UPDATE resources SET resource_config_scope_id = resource_config_id WHERE resource_config_id IS NOT NULL;

INSERT INTO resource_types (pipeline_id, name, type, config, active, resource_config_id)
SELECT pg_temp.skew2('tp' || g, 300)::int,
       pg_temp.pick('tyn' || g, ARRAY['slack','pull-request','helm','terraform','gcs','rss','email','cron']) || '-' || g,
       'registry-image', '{"source":{"repository":"example/' || g || '"}}', true, 1 + pg_temp.r('tc' || g, 1200)::int
FROM generate_series(1, 200) g;

INSERT INTO resource_config_versions (version, version_md5, metadata, check_order, resource_config_scope_id, version_sha256)
SELECT ('{"ref":"' || md5('v' || g) || '"}')::jsonb, md5('{"ref":"' || md5('v' || g) || '"}'),
       ('[{"name":"author","value":"' || pg_temp.first_name('va' || g) || '"}]')::jsonb,
       row_number() OVER (PARTITION BY s ORDER BY g)::int, s, encode(sha256(('ver' || g)::bytea), 'hex')
FROM (SELECT g, pg_temp.skew('vs' || g, 1200) AS s FROM generate_series(1, 8000) g) v
ORDER BY g;

-- Builds: 7,200 job builds numbered 1.. within their job, 800 resource check builds.
INSERT INTO builds (name, status, scheduled, start_time, end_time, completed, job_id, team_id, manually_triggered,
  pipeline_id, create_time, rerun_number, inputs_ready, needs_v6_migration, resource_id, created_by)
SELECT CASE WHEN b.job_id IS NULL THEN b.g::text ELSE (row_number() OVER (PARTITION BY b.job_id ORDER BY b.g))::text END,
       CASE WHEN b.g > 7950 THEN 'started' WHEN b.g % 11 = 0 THEN 'failed' WHEN b.g % 37 = 0 THEN 'errored' WHEN b.g % 53 = 0 THEN 'aborted' ELSE 'succeeded' END::build_status,
       true, b.t, CASE WHEN b.g <= 7950 THEN b.t + ((30 + pg_temp.r('bd' || b.g, 1800)) || ' seconds')::interval END,
       b.g <= 7950, b.job_id, p.team_id, b.g % 19 = 0, p.id, b.t, 0, true, false, b.resource_id,
       CASE WHEN b.g % 19 = 0 THEN 'user-' || pg_temp.skew2('bu' || b.g, 400) END
FROM (SELECT g, CASE WHEN g % 10 <> 0 THEN pg_temp.skew('bj' || g, 2000)::int END AS job_id,
             CASE WHEN g % 10 = 0 THEN 1 + pg_temp.r('br' || g, 1500)::int END AS resource_id,
             timestamptz '2026-06-01' + (g * 1800 || ' seconds')::interval AS t
      FROM generate_series(1, 8000) g) b
LEFT JOIN jobs j ON j.id = b.job_id
LEFT JOIN resources r ON r.id = b.resource_id
JOIN pipelines p ON p.id = coalesce(j.pipeline_id, r.pipeline_id)
ORDER BY b.g;

UPDATE jobs j SET build_number_seq = m.n, latest_completed_build_id = m.last_id
FROM (SELECT job_id, count(*)::int AS n, max(id) AS last_id FROM builds WHERE job_id IS NOT NULL GROUP BY job_id) m
WHERE m.job_id = j.id;

UPDATE builds SET rerun_of = id - 1, rerun_number = 1 WHERE id % 97 = 0;

INSERT INTO build_comments (build_id, comment)
SELECT g * 23, pg_temp.pick('cm' || g, ARRAY['flaky test, re-ran','known infra outage','release candidate','do not deploy','investigating timeout'])
FROM generate_series(1, 300) g;

INSERT INTO job_inputs (name, job_id, resource_id, passed_job_id, trigger, version)
SELECT pg_temp.pick('in' || g, ARRAY['repo','image','version','ci-tasks','timer']) || '-' || (g % 3),
       1 + (g - 1) / 2, 1 + pg_temp.r('ir' || g, 1500)::int,
       CASE WHEN g % 3 = 0 AND g > 4 THEN (g - 1) / 2 END, g % 2 = 1, CASE WHEN g % 29 = 0 THEN 'every' END
FROM generate_series(1, 4000) g;

INSERT INTO build_resource_config_version_inputs (build_id, resource_id, version_digest, name, first_occurrence)
SELECT 1 + (g - 1) / 2, 1 + pg_temp.r('bir' || g, 1500)::int, md5('v' || pg_temp.skew('bv' || g, 8000)),
       CASE WHEN g % 2 = 0 THEN 'repo' ELSE 'image' END, g % 5 = 0
FROM generate_series(1, 8000) g;

INSERT INTO build_resource_config_version_outputs (build_id, resource_id, version_digest, name)
SELECT g * 2, 1 + pg_temp.r('bor' || g, 1500)::int, md5('v' || (8000 - g)), 'artifact'
FROM generate_series(1, 3000) g;

INSERT INTO resource_pins (resource_id, version, comment_text)
SELECT g * 13, ('{"ref":"' || md5('v' || g * 7) || '"}')::jsonb, 'pinned by ' || pg_temp.first_name('pc' || g)
FROM generate_series(1, 100) g;

INSERT INTO containers (handle, build_id, plan_id, pipeline_id, worker_name, team_id, state, meta_type,
  meta_step_name, meta_attempt, meta_working_directory, meta_process_user, meta_pipeline_id, meta_job_id,
  meta_build_id, meta_pipeline_name, meta_job_name, meta_build_name)
SELECT pg_temp.uuid('ch' || g)::text, b.id, CASE WHEN b.id IS NOT NULL THEN substr(md5('pl' || g), 1, 8) END,
       b.pipeline_id, 'worker-' || substr(md5('w' || (1 + pg_temp.r('cw' || g, 24))), 1, 12), b.team_id,
       CASE WHEN g % 40 = 0 THEN 'destroying' ELSE 'created' END::container_state,
       pg_temp.pick('mt' || g, ARRAY['task','get','put','check']), 'step-' || (g % 7), '', '/tmp/build/' || substr(md5('wd' || g), 1, 8),
       'root', coalesce(b.pipeline_id, 0), coalesce(b.job_id, 0), coalesce(b.id, 0), '', '', coalesce(b.name, '')
FROM generate_series(1, 3000) g
LEFT JOIN builds b ON b.id = CASE WHEN g % 6 <> 0 THEN 8000 - pg_temp.r('cb' || g, 1500) END
ORDER BY g;

INSERT INTO volumes (handle, worker_name, path, container_id, team_id, state)
SELECT pg_temp.uuid('vh' || g)::text, c.worker_name, '/concourse-work-dir/volumes/live/' || pg_temp.uuid('vh' || g),
       c.id, c.team_id, 'created'
FROM generate_series(1, 5000) g
JOIN containers c ON c.id = 1 + pg_temp.r('vc' || g, 3000)
ORDER BY g;
