-- Sourcegraph data: one self-hosted instance (tenant_id is 1 in every row, as on every
-- single-tenant Sourcegraph), 3,000 users (a few site admins and very active users),
-- 200 organizations, 12 code host connections syncing 8,000 repositories, access tokens,
-- settings histories, saved searches, usage events, and batch changes with their specs,
-- changesets and changeset events. Every value is a function of the row number; serial ids
-- come from their sequences in insertion order.

INSERT INTO users (username, display_name, avatar_url, created_at, updated_at, deleted_at, passwd, site_admin,
  page_views, search_queries, invalidated_sessions_at, tos_accepted, completed_post_signup, tenant_id, service_account)
SELECT lower(pg_temp.first_name('u' || g)) || '-' || lower(pg_temp.last_name('u' || g)) || g,
       pg_temp.first_name('u' || g) || ' ' || pg_temp.last_name('u' || g),
       CASE WHEN g % 3 = 0 THEN 'https://avatars.example.com/u/' || g END,
       timestamptz '2023-01-01' + (g * 9000 || ' seconds')::interval, timestamptz '2026-01-01' + (g || ' minutes')::interval,
       CASE WHEN g % 97 = 0 THEN timestamptz '2026-06-01' + (g || ' minutes')::interval END,
       CASE WHEN g % 4 = 0 THEN '$2a$10$' || md5('pw' || g) END, g <= 5,
       pg_temp.r('pv' || g, 5000)::int, pg_temp.r('sq' || g, 2000)::int, timestamptz '2026-01-01', true, true, 1, g % 150 = 0
FROM generate_series(1, 3000) g;

INSERT INTO user_emails (user_id, email, created_at, verified_at, is_primary, tenant_id)
SELECT u, lower(pg_temp.first_name('u' || u)) || '.' || lower(pg_temp.last_name('u' || u)) || u ||
          CASE WHEN g <= 3000 THEN '@example.com' ELSE '@personal.example.org' END,
       timestamptz '2023-01-01' + (u * 9000 || ' seconds')::interval,
       CASE WHEN g % 11 <> 0 THEN timestamptz '2023-01-02' + (u * 9000 || ' seconds')::interval END, g <= 3000, 1
FROM (SELECT g, CASE WHEN g <= 3000 THEN g ELSE (g - 3000) * 5 END AS u FROM generate_series(1, 3600) g) e;

INSERT INTO user_external_accounts (user_id, service_type, service_id, account_id, auth_data, account_data, client_id, tenant_id, kind)
SELECT 1 + (g - 1) % 3000, CASE WHEN g <= 3000 THEN 'github' ELSE 'gitlab' END,
       CASE WHEN g <= 3000 THEN 'https://github.com/' ELSE 'https://gitlab.example.com/' END,
       (100000 + g)::text, '{"token_type":"bearer"}', '{"login":"u' || g || '"}',
       CASE WHEN g <= 3000 THEN 'Iv1.' || substr(md5('cid'), 1, 16) ELSE substr(md5('gl'), 1, 20) END, 1, 'AUTH'
FROM generate_series(1, 3400) g;

INSERT INTO user_credentials (domain, user_id, external_service_type, external_service_id, credential, tenant_id)
SELECT 'batches', g * 3, CASE WHEN g % 4 = 0 THEN 'gitlab' ELSE 'github' END,
       CASE WHEN g % 4 = 0 THEN 'https://gitlab.example.com/' ELSE 'https://github.com/' END,
       decode(md5('cred' || g), 'hex'), 1
FROM generate_series(1, 800) g;

INSERT INTO orgs (name, display_name, created_at, tenant_id)
SELECT pg_temp.pick('on' || g, ARRAY['platform','frontend','infra','data','security','mobile','payments','search','devx','sre']) || '-' || g,
       'Team ' || g, timestamptz '2023-02-01' + (g || ' days')::interval, 1
FROM generate_series(1, 200) g;

-- Every user in one organization (skewed: a few big ones), 600 in a second.
INSERT INTO org_members (org_id, created_at, user_id, tenant_id)
SELECT CASE WHEN g <= 3000 THEN pg_temp.skew('om' || g, 200) ELSE pg_temp.skew('om' || (g - 2999) * 5, 200) % 200 + 1 END::int,
       timestamptz '2023-03-01' + (g || ' hours')::interval,
       CASE WHEN g <= 3000 THEN g ELSE (g - 2999) * 5 END, 1
FROM generate_series(1, 3599) g;

INSERT INTO org_invitations (org_id, sender_user_id, recipient_user_id, created_at, responded_at, response_type, recipient_email, expires_at, tenant_id)
SELECT pg_temp.skew2('oi' || g, 200)::int, 1 + pg_temp.r('os' || g, 3000)::int,
       CASE WHEN g % 3 <> 0 THEN 1 + pg_temp.r('or' || g, 3000)::int END,
       timestamptz '2025-01-01' + (g || ' hours')::interval,
       CASE WHEN g % 2 = 0 THEN timestamptz '2025-01-02' + (g || ' hours')::interval END, CASE WHEN g % 2 = 0 THEN g % 4 = 0 END,
       CASE WHEN g % 3 = 0 THEN 'invitee' || g || '@example.com' END, timestamptz '2025-02-01' + (g || ' hours')::interval, 1
FROM generate_series(1, 400) g;

INSERT INTO names (name, user_id, org_id, tenant_id)
SELECT username, id, NULL, 1 FROM users
UNION ALL SELECT name, NULL, id, 1 FROM orgs;

INSERT INTO external_services (kind, display_name, config, created_at, last_sync_at, next_sync_at, has_webhooks, creator_id, tenant_id)
SELECT k, initcap(k) || ' ' || g, '{"url":"https://' || k || '.example.com","token":"REDACTED"}',
       timestamptz '2023-01-05' + (g || ' days')::interval, timestamptz '2026-11-26' + (g || ' minutes')::interval,
       timestamptz '2026-11-26 01:00' + (g || ' minutes')::interval, g % 3 = 0, 1, 1
FROM (SELECT g, (ARRAY['GITHUB','GITHUB','GITHUB','GITLAB','GITHUB','BITBUCKETSERVER','GITLAB','GITHUB','GERRIT','GITHUB','AZUREDEVOPS','OTHER'])[g] AS k
      FROM generate_series(1, 12) g) s;

INSERT INTO repo (name, description, fork, created_at, updated_at, external_id, external_service_type, external_service_id,
  archived, uri, metadata, private, stars, tenant_id)
SELECT h || '/' || o || '/' || p, 'The ' || p || ' service', g % 13 = 0,
       timestamptz '2023-01-10' + (g * 600 || ' seconds')::interval, timestamptz '2026-11-01' + (g || ' seconds')::interval,
       CASE WHEN h = 'github.com' THEN 'R_kgDO' || substr(md5('ext' || g), 1, 8) ELSE (5000 + g)::text END,
       CASE WHEN h = 'github.com' THEN 'github' ELSE 'gitlab' END,
       'https://' || h || '/', g % 29 = 0, h || '/' || o || '/' || p,
       CASE WHEN h = 'github.com' THEN '{"RepositoryTopics":{"Nodes":[{"Topic":{"Name":"go"}}]}}' ELSE '{"topics":["ci"]}' END::jsonb,
       g % 5 <> 0, (pg_temp.skew('st' || g, 50000) - 1)::int, 1
FROM (SELECT g, CASE WHEN g % 4 = 0 THEN 'gitlab.example.com' ELSE 'github.com' END AS h,
             pg_temp.pick2('ro' || g, ARRAY['acme','acme-labs','sourcegraph','kubernetes','golang','example-corp','tools','infra']) AS o,
             pg_temp.pick('rp' || g, ARRAY['api','web','cli','worker','sdk','docs','proxy','gateway','auth','billing']) || '-' || g AS p
      FROM generate_series(1, 8000) g) r
ORDER BY g;

INSERT INTO external_service_repos (external_service_id, repo_id, clone_url, created_at, tenant_id)
SELECT CASE WHEN r % 4 = 0 THEN (ARRAY[4, 7])[1 + r % 2] ELSE (ARRAY[1, 2, 3, 5, 8, 10])[1 + pg_temp.skew2('es' || r, 6)::int - 1] END,
       r, 'https://' || rp.name || '.git', timestamptz '2023-01-10' + (r || ' minutes')::interval, 1
FROM generate_series(1, 8000) r JOIN repo rp ON rp.id = r
UNION ALL
SELECT 12, r * 8, 'https://mirror.example.com/' || r * 8 || '.git', timestamptz '2024-01-01' + (r || ' minutes')::interval, 1
FROM generate_series(1, 1000) r;

INSERT INTO access_tokens (subject_user_id, value_sha256, note, created_at, last_used_at, deleted_at, creator_user_id, scopes, internal, expires_at, tenant_id, token_last_chars)
SELECT pg_temp.skew2('at' || g, 3000)::int, sha256(('sgp_' || md5('tok' || g))::bytea), pg_temp.pick('an' || g, ARRAY['cli','ci','editor','src-cli','script']),
       timestamptz '2024-01-01' + (g * 3600 || ' seconds')::interval, timestamptz '2026-11-01' + (g || ' minutes')::interval,
       CASE WHEN g % 17 = 0 THEN timestamptz '2026-01-01' END, pg_temp.skew2('at' || g, 3000)::int,
       CASE WHEN g % 20 = 0 THEN ARRAY['user:all', 'site-admin:sudo'] ELSE ARRAY['user:all'] END, g % 50 = 0,
       timestamptz '2027-01-01' + (g || ' hours')::interval, 1, substr(md5('tok' || g), 29, 4)
FROM generate_series(1, 2000) g;

INSERT INTO saved_searches (description, query, created_at, user_id, org_id, created_by, draft, visibility_secret, tenant_id)
SELECT 'Saved search ' || g, pg_temp.pick('ss' || g, ARRAY['repo:acme/ TODO','lang:go panic(','type:diff author:me','file:\.yaml$ image:','context:global fmt.Errorf']),
       timestamptz '2024-01-01' + (g || ' hours')::interval,
       CASE WHEN g % 5 <> 0 THEN pg_temp.skew2('su' || g, 3000)::int END, CASE WHEN g % 5 = 0 THEN pg_temp.skew2('so' || g, 200)::int END,
       pg_temp.skew2('su' || g, 3000)::int, false, g % 3 <> 0, 1
FROM generate_series(1, 600) g;

-- Settings are a history: every save adds a row; the latest row per subject is current.
INSERT INTO settings (org_id, contents, created_at, user_id, author_user_id, tenant_id)
SELECT CASE WHEN g % 10 = 1 THEN pg_temp.skew2('sto' || g, 200)::int END,
       '{"search.defaultPatternType":"' || pg_temp.pick('sp' || g, ARRAY['standard','keyword','regexp']) || '"}',
       timestamptz '2023-06-01' + (g * 7200 || ' seconds')::interval,
       CASE WHEN g % 10 NOT IN (0, 1) THEN pg_temp.skew('stu' || g, 3000)::int END,
       CASE WHEN g % 10 = 0 THEN 1 ELSE pg_temp.skew('stu' || g, 3000)::int END, 1
FROM generate_series(1, 3000) g;

INSERT INTO event_logs (name, url, user_id, anonymous_user_id, source, argument, version, "timestamp", public_argument, client, tenant_id)
SELECT pg_temp.pick2('en' || g, ARRAY['SearchResultsQueried','ViewRepository','ViewBlob','CodeIntelligenceHover','ViewSearchResults','BatchChangeCreated','SignIn']),
       'https://sourcegraph.example.com/' || pg_temp.pick('eu' || g, ARRAY['search','github.com/acme/api','batch-changes','settings']),
       CASE WHEN g % 8 = 0 THEN 0 ELSE pg_temp.skew('eu' || g, 3000)::int END,
       CASE WHEN g % 8 = 0 THEN pg_temp.uuid('anon' || (g % 300))::text ELSE '' END,
       pg_temp.pick2('es' || g, ARRAY['WEB','IDEEXTENSION','BACKEND','CODEHOSTINTEGRATION']), '{}', '7.2.0',
       timestamptz '2026-10-01' + (g * 300 || ' seconds')::interval, '{}', 'WEB', 1
FROM generate_series(1, 8000) g;

-- Batch changes: 600 specs (the first 300 applied, each to its own batch change).
INSERT INTO batch_specs (rand_id, raw_spec, spec, namespace_user_id, namespace_org_id, user_id, created_at, tenant_id)
SELECT substr(md5('bs' || g), 1, 12), 'name: change-' || ((g - 1) % 300 + 1), '{"name":"change"}',
       CASE WHEN (g - 1) % 300 % 4 <> 0 THEN pg_temp.skew('bu' || ((g - 1) % 300 + 1), 3000)::int END,
       CASE WHEN (g - 1) % 300 % 4 = 0 THEN pg_temp.skew2('bo' || ((g - 1) % 300 + 1), 200)::int END,
       pg_temp.skew('bu' || ((g - 1) % 300 + 1), 3000)::int, timestamptz '2025-01-01' + (g * 3600 || ' seconds')::interval, 1
FROM generate_series(1, 600) g;

INSERT INTO batch_changes (name, description, creator_id, namespace_user_id, namespace_org_id, created_at, closed_at, batch_spec_id, last_applier_id, last_applied_at, tenant_id)
SELECT 'change-' || g, 'Batch change ' || g, s.user_id, s.namespace_user_id, s.namespace_org_id, s.created_at,
       CASE WHEN g % 9 = 0 THEN s.created_at + interval '30 days' END, CASE WHEN g % 2 = 0 THEN g + 300 ELSE g END,
       s.user_id, s.created_at + interval '1 hour', 1
FROM generate_series(1, 300) g JOIN batch_specs s ON s.id = g
ORDER BY g;

UPDATE batch_specs SET batch_change_id = (id - 1) % 300 + 1;

INSERT INTO changeset_specs (rand_id, spec, batch_spec_id, repo_id, user_id, diff_stat_added, diff_stat_deleted, created_at,
  head_ref, title, base_rev, base_ref, body, published, commit_message, commit_author_name, commit_author_email, type, tenant_id)
SELECT substr(md5('cs' || g), 1, 12), '{}', b, 1 + pg_temp.r('cr' || g, 8000)::int, s.user_id,
       pg_temp.r('da' || g, 400)::int, pg_temp.r('dd' || g, 200)::int, s.created_at + (g || ' seconds')::interval,
       'refs/heads/batch/change-' || ((b - 1) % 300 + 1), 'Update dependencies (' || g || ')', md5('base' || g) || substr(md5('b2' || g), 1, 8),
       'refs/heads/main', 'Automated change', 'true', 'Update dependencies', 'Sourcegraph', 'batch@example.com', 'branch', 1
FROM (SELECT g, pg_temp.skew('csb' || g, 600)::int AS b FROM generate_series(1, 3000) g) x
JOIN batch_specs s ON s.id = x.b
ORDER BY g;

INSERT INTO changesets (batch_change_ids, repo_id, created_at, updated_at, metadata, external_id, external_service_type,
  external_branch, external_updated_at, external_state, external_review_state, external_check_state, diff_stat_added,
  diff_stat_deleted, current_spec_id, publication_state, owned_by_batch_change_id, reconciler_state, num_resets, num_failures,
  external_title, worker_hostname, computed_state, tenant_id)
SELECT jsonb_build_object(((s.batch_spec_id - 1) % 300 + 1)::text, '{"detach": false}'::jsonb), s.repo_id, s.created_at, s.created_at + interval '2 hours', '{}',
       (1000 + s.id)::text, CASE WHEN s.repo_id % 4 = 0 THEN 'gitlab' ELSE 'github' END, s.head_ref, s.created_at + interval '3 hours',
       pg_temp.pick2('xs' || s.id, ARRAY['OPEN','MERGED','CLOSED','DRAFT']), 'PENDING', 'PASSED', s.diff_stat_added, s.diff_stat_deleted,
       s.id, 'PUBLISHED', (s.batch_spec_id - 1) % 300 + 1, 'completed', 0, 0, s.title, '', 'OPEN', 1
FROM changeset_specs s
ORDER BY s.id;

INSERT INTO changeset_events (changeset_id, kind, key, created_at, metadata, tenant_id)
SELECT c, pg_temp.pick2('ck' || g, ARRAY['github:commented','github:reviewed','github:commit','github:merged','github:labeled']),
       md5('ek' || g), timestamptz '2025-02-01' + (g * 400 || ' seconds')::interval, '{}', 1
FROM (SELECT g, pg_temp.skew('ce' || g, 3000)::int AS c FROM generate_series(1, 6000) g) e
ORDER BY g;

-- Columns whose default is now(), set to fixed values so that two builds are identical.
UPDATE orgs SET updated_at = created_at + interval '1 day';
UPDATE org_members SET updated_at = created_at;
UPDATE user_external_accounts SET created_at = timestamptz '2023-01-01' + (user_id * 9000 + 60 || ' seconds')::interval,
  updated_at = timestamptz '2026-01-01' + (id || ' minutes')::interval;
UPDATE user_credentials SET created_at = timestamptz '2024-03-01' + (id || ' hours')::interval,
  updated_at = timestamptz '2024-03-01' + (id || ' hours')::interval;
UPDATE external_services SET updated_at = created_at + interval '7 days';
UPDATE saved_searches SET updated_at = created_at + interval '2 days';
UPDATE batch_specs SET updated_at = created_at;
UPDATE batch_changes SET updated_at = created_at + interval '1 hour';
UPDATE changeset_specs SET updated_at = created_at;
UPDATE changesets SET queued_at = created_at;
UPDATE changeset_events SET updated_at = created_at;
