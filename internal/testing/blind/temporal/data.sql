-- Deterministic data for Temporal: the persistence database of one Temporal cluster with 512
-- history shards and twelve namespaces. 3,000 workflows (cron workflows with several runs,
-- a fifth still running with their activities, timers, children, signals and buffered
-- events), their history trees and nodes, the matching service's task queues and backlog,
-- the history shards' task queues, cluster metadata and membership, the DLQ queues and
-- Nexus endpoints. Ids that Temporal makes (namespace, run, branch and host ids: uuids) are
-- md5 bytes of the row number; a workflow's shard is a hash of its namespace and workflow
-- id, as Temporal computes it; task ids are allocated per shard (or per task queue) from the
-- owner's range_id, so they repeat across shards. No serial but buffered_events.id.

-- pg_temp.tw: workflow w's namespace (1..12, skewed to the first), workflow id, shard and
-- number of runs (cron workflows have several), and whether its current run is still running.
CREATE FUNCTION pg_temp.tw(w int, OUT ns int, OUT namespace_id bytea, OUT workflow_id text, OUT shard_id int, OUT runs int, OUT running bool)
LANGUAGE sql IMMUTABLE AS $$
  SELECT a.ns, decode(md5('ns' || a.ns), 'hex'), b.wid, (1 + pg_temp.r(md5('ns' || a.ns) || b.wid, 512))::int,
    CASE WHEN w % 10 = 0 THEN 2 + pg_temp.r('rn' || w, 5)::int ELSE 1 END, w % 5 = 0
  FROM (SELECT pg_temp.skew2('wn' || w, 12)::int AS ns) a
  CROSS JOIN LATERAL (SELECT pg_temp.pick2('wt' || w, ARRAY['order','payment','shipment','refund','invoice','email','etl','train'])
    || CASE WHEN w % 10 = 0 THEN '-cron-' ELSE '-' END || (100000 + w) AS wid) b $$;

-- pg_temp.rg: a history shard's range_id (task ids are range_id << 20 plus a counter).
CREATE FUNCTION pg_temp.rg(shard int) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT 5 + pg_temp.r('rg' || shard, 30) $$;

INSERT INTO namespaces (partition_id, id, name, notification_version, data, data_encoding, is_global)
SELECT 54321, decode(md5('ns' || n), 'hex'), nm, n * 3, decode(md5('nsdata' || n) || md5('nsdata2' || n), 'hex'), 'Proto3', n IN (1, 2, 6)
FROM unnest(ARRAY['payments-prod','orders-prod','default','temporal-system','billing-prod','notifications','data-pipeline',
  'payments-staging','orders-staging','ml-training','search-indexer','canary']) WITH ORDINALITY AS t(nm, n)
ORDER BY n;

INSERT INTO shards (shard_id, range_id, data, data_encoding)
SELECT s, pg_temp.rg(s), decode(md5('shard' || s), 'hex'), 'Proto3'
FROM generate_series(1, 512) s
ORDER BY s;

-- Executions: every run of every workflow (cron workflows 2 to 6 runs).
INSERT INTO executions (shard_id, namespace_id, workflow_id, run_id, next_event_id, last_write_version, data, data_encoding, state,
  state_encoding, db_record_version)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || k), 'hex'),
  CASE WHEN k = t.runs AND t.running THEN 5 + pg_temp.r('ne' || w, 40) ELSE 12 + pg_temp.r('ne' || w || '-' || k, 80) END,
  CASE WHEN t.ns IN (1, 2, 6) THEN 100 + k ELSE 0 END,
  decode(md5('exdata' || w || '-' || k) || md5('exdata2' || w || '-' || k), 'hex'), 'Proto3',
  decode(md5('exstate' || w || '-' || k), 'hex'), 'Proto3', 1 + pg_temp.r('dv' || w || '-' || k, 30)
FROM generate_series(1, 3000) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, t.runs) k
ORDER BY w, k;

-- Current executions: one row per workflow, pointing at its latest run.
INSERT INTO current_executions (shard_id, namespace_id, workflow_id, run_id, create_request_id, state, status, start_version, start_time,
  last_write_version, data, data_encoding)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || t.runs), 'hex'),
  pg_temp.uuid('req' || w)::text,
  CASE WHEN t.running THEN 1 ELSE 3 END,
  CASE WHEN t.running THEN 1 WHEN w % 23 = 0 THEN 3 WHEN w % 31 = 0 THEN 5 ELSE 2 END,
  CASE WHEN t.ns IN (1, 2, 6) THEN 100 ELSE 0 END,
  timestamp '2026-01-01 00:00:00' + (w * 2500 + t.runs * 86400) * interval '1 second',
  CASE WHEN t.ns IN (1, 2, 6) THEN 100 + t.runs ELSE 0 END,
  decode(md5('cedata' || w), 'hex'), 'Proto3'
FROM generate_series(1, 3000) w
CROSS JOIN LATERAL pg_temp.tw(w) t
ORDER BY w;

-- Buffered events: a few running workflows have signals buffered during a decision.
INSERT INTO buffered_events (shard_id, namespace_id, workflow_id, run_id, data, data_encoding)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || t.runs), 'hex'),
  decode(md5('be' || w || '-' || i) || md5('be2' || w || '-' || i), 'hex'), 'Proto3'
FROM generate_series(20, 3000, 20) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nb' || w, 3)::int) i
ORDER BY w, i;

-- Activities, timers, child workflows and requested signals of the running workflows.
INSERT INTO activity_info_maps (shard_id, namespace_id, workflow_id, run_id, schedule_id, data, data_encoding)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || t.runs), 'hex'), 5 + a * 6,
  decode(md5('act' || w || '-' || a) || md5('act2' || w || '-' || a), 'hex'), 'Proto3'
FROM generate_series(5, 3000, 5) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('na' || w, 3)::int) a
ORDER BY w, a;

INSERT INTO timer_info_maps (shard_id, namespace_id, workflow_id, run_id, timer_id, data, data_encoding)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || t.runs), 'hex'),
  CASE WHEN w % 4 = 0 THEN 'reminder-' || i ELSE (3 + i * 7)::text END,
  decode(md5('tim' || w || '-' || i), 'hex'), 'Proto3'
FROM generate_series(5, 3000, 5) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, pg_temp.r('nt' || w, 3)::int) i
ORDER BY w, i;

INSERT INTO child_execution_info_maps (shard_id, namespace_id, workflow_id, run_id, initiated_id, data, data_encoding)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || t.runs), 'hex'), 20 + c * 5,
  decode(md5('child' || w || '-' || c) || md5('child2' || w || '-' || c), 'hex'), 'Proto3'
FROM generate_series(15, 3000, 15) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nch' || w, 2)::int) c
ORDER BY w, c;

INSERT INTO signals_requested_sets (shard_id, namespace_id, workflow_id, run_id, signal_id)
SELECT t.shard_id, t.namespace_id, t.workflow_id, decode(md5('run' || w || '-' || t.runs), 'hex'), pg_temp.uuid('sig' || w || '-' || i)::text
FROM generate_series(25, 3000, 25) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('ns' || w, 2)::int) i
ORDER BY w, i;

-- History: one tree per run (its tree id is the run id), one branch, a second for the runs
-- that were reset; each branch holds a few event batches (nodes).
INSERT INTO history_tree (shard_id, tree_id, branch_id, data, data_encoding)
SELECT t.shard_id, decode(md5('run' || w || '-' || k), 'hex'), decode(md5('br' || w || '-' || k || '-' || b), 'hex'),
  decode(md5('htdata' || w || '-' || k || '-' || b), 'hex'), 'Proto3'
FROM generate_series(1, 3000) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, t.runs) k
CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r('reset' || w || '-' || k, 30) = 0 THEN 2 ELSE 1 END) b
ORDER BY w, k, b;

INSERT INTO history_node (shard_id, tree_id, branch_id, node_id, txn_id, prev_txn_id, data, data_encoding)
SELECT t.shard_id, decode(md5('run' || w || '-' || k), 'hex'), decode(md5('br' || w || '-' || k || '-' || b), 'hex'),
  1 + (j - 1) * 4 + pg_temp.r('nd' || w || '-' || k || '-' || j, 3),
  (pg_temp.rg(t.shard_id) << 20) + (w * 8 + k) * 16 + j, CASE WHEN j = 1 THEN 0 ELSE (pg_temp.rg(t.shard_id) << 20) + (w * 8 + k) * 16 + j - 1 END,
  decode(md5('hn' || w || '-' || k || '-' || b || '-' || j) || md5('hn2' || w || '-' || k || '-' || b || '-' || j), 'hex'), 'Proto3'
FROM generate_series(1, 3000) w
CROSS JOIN LATERAL pg_temp.tw(w) t
CROSS JOIN LATERAL generate_series(1, t.runs) k
CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r('reset' || w || '-' || k, 30) = 0 THEN 2 ELSE 1 END) b
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nn' || w || '-' || k, 5)::int) j
ORDER BY w, k, b, j;

-- Matching: 20 task queue names, each a workflow and an activity queue; the three busiest are
-- split into four partitions. A task queue id packs the namespace id, the name, the partition
-- and the type; range_hash is a 32-bit hash of it.
INSERT INTO task_queues (range_hash, task_queue_id, range_id, data, data_encoding)
SELECT pg_temp.hn(encode(q.id, 'hex')) % 4294967296, q.id, 3 + pg_temp.r('qr' || encode(q.id, 'hex'), 20), decode(md5('tqdata' || encode(q.id, 'hex')), 'hex'), 'Proto3'
FROM (SELECT b, ty, p, decode(md5('ns' || pg_temp.skew2('qn' || b, 12)), 'hex')
    || convert_to((ARRAY['orders','payments','shipping','refunds','invoices','email','etl','training'])[1 + (b - 1) % 8] || '-tq-' || b || '/' || p, 'UTF8')
    || decode(lpad(to_hex(ty), 2, '0'), 'hex') AS id
  FROM generate_series(1, 20) b CROSS JOIN generate_series(1, 2) ty
  CROSS JOIN LATERAL generate_series(0, CASE WHEN b <= 3 THEN 3 ELSE 0 END) p) q
ORDER BY b, ty, p;

-- The backlog: 3,000 tasks, most on a few busy queues; task ids per queue from its range_id.
INSERT INTO tasks (range_hash, task_queue_id, task_id, data, data_encoding)
SELECT q.range_hash, q.task_queue_id, (q.range_id << 20) + row_number() OVER (PARTITION BY q.task_queue_id ORDER BY t),
  decode(md5('task' || t) || md5('task2' || t), 'hex'), 'Proto3'
FROM generate_series(1, 3000) t
JOIN (SELECT range_hash, task_queue_id, range_id, row_number() OVER (ORDER BY range_hash, task_queue_id) AS qi FROM task_queues) q
  ON q.qi = pg_temp.skew('tq' || t, 58)
ORDER BY t;

INSERT INTO task_queue_user_data (namespace_id, task_queue_name, data, data_encoding, version)
SELECT decode(md5('ns' || pg_temp.skew2('qn' || b, 12)), 'hex'),
  (ARRAY['orders','payments','shipping','refunds','invoices','email','etl','training'])[1 + (b - 1) % 8] || '-tq-' || b,
  decode(md5('ud' || b), 'hex'), 'Proto3', 1 + pg_temp.r('uv' || b, 12)
FROM generate_series(1, 20) b
ORDER BY b;

-- Worker versioning: each namespace's build ids and the task queues they poll.
INSERT INTO build_id_to_task_queue (namespace_id, build_id, task_queue_name)
SELECT DISTINCT decode(md5('ns' || pg_temp.skew2('qn' || b, 12)), 'hex'), 'v2.' || pg_temp.skew2('qn' || b, 12) || '.' || i,
  (ARRAY['orders','payments','shipping','refunds','invoices','email','etl','training'])[1 + (b - 1) % 8] || '-tq-' || b
FROM generate_series(1, 20) b
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r('nbld' || b, 4)::int) i
ORDER BY 1, 2, 3;

-- History shard task queues: task ids from the shard's range_id, so they repeat across shards.
INSERT INTO history_immediate_tasks (shard_id, category_id, task_id, data, data_encoding)
SELECT s, c, (pg_temp.rg(s) << 20) + row_number() OVER (PARTITION BY s ORDER BY t), decode(md5('hit' || t) || md5('hit2' || t), 'hex'), 'Proto3'
FROM generate_series(1, 4000) t
CROSS JOIN LATERAL (SELECT (1 + pg_temp.r('hs' || t, 512))::int AS s,
  CASE WHEN pg_temp.r('hc' || t, 10) < 6 THEN 1 WHEN pg_temp.r('hc' || t, 10) < 8 THEN 6 ELSE 3 END AS c) x
ORDER BY t;

INSERT INTO history_scheduled_tasks (shard_id, category_id, visibility_timestamp, task_id, data, data_encoding)
SELECT s, c, timestamp '2026-02-01 00:00:00' + pg_temp.r('hv' || t, 30 * 86400) * interval '1 second',
  (pg_temp.rg(s) << 20) + 500000 + row_number() OVER (PARTITION BY s ORDER BY t), decode(md5('hst' || t) || md5('hst2' || t), 'hex'), 'Proto3'
FROM generate_series(1, 2500) t
CROSS JOIN LATERAL (SELECT (1 + pg_temp.r('ss' || t, 512))::int AS s, CASE WHEN pg_temp.r('sc' || t, 10) < 9 THEN 2 ELSE 5 END AS c) x
ORDER BY t;

INSERT INTO transfer_tasks (shard_id, task_id, data, data_encoding)
SELECT s, (pg_temp.rg(s) << 20) + 700000 + row_number() OVER (PARTITION BY s ORDER BY t), decode(md5('tt' || t) || md5('tt2' || t), 'hex'), 'Proto3'
FROM generate_series(1, 1500) t
CROSS JOIN LATERAL (SELECT (1 + pg_temp.r('ts' || t, 512))::int AS s) x
ORDER BY t;

INSERT INTO timer_tasks (shard_id, visibility_timestamp, task_id, data, data_encoding)
SELECT s, timestamp '2026-02-01 00:00:00' + pg_temp.r('tv' || t, 7 * 86400) * interval '1 second',
  (pg_temp.rg(s) << 20) + 800000 + row_number() OVER (PARTITION BY s ORDER BY t), decode(md5('tm' || t) || md5('tm2' || t), 'hex'), 'Proto3'
FROM generate_series(1, 1500) t
CROSS JOIN LATERAL (SELECT (1 + pg_temp.r('tms' || t, 512))::int AS s) x
ORDER BY t;

INSERT INTO replication_tasks (shard_id, task_id, data, data_encoding)
SELECT s, (pg_temp.rg(s) << 20) + 900000 + row_number() OVER (PARTITION BY s ORDER BY t), decode(md5('rt' || t) || md5('rt2' || t), 'hex'), 'Proto3'
FROM generate_series(1, 800) t
CROSS JOIN LATERAL (SELECT (1 + pg_temp.r('rs' || t, 512))::int AS s) x
ORDER BY t;

INSERT INTO cluster_metadata_info (metadata_partition, cluster_name, data, data_encoding, version)
SELECT 0, c, decode(md5('cm' || c), 'hex'), 'Proto3', length(c)
FROM unnest(ARRAY['us-east-1', 'us-west-2', 'eu-central-1']) c
ORDER BY c;

-- Membership: every process start registers a new host id; pods restart on the same address.
INSERT INTO cluster_membership (membership_partition, host_id, rpc_address, rpc_port, role, session_start, last_heartbeat, record_expiry)
SELECT 0, decode(md5('host' || h), 'hex'), '10.1.' || (1 + (h - 1) % 4) || '.' || (10 + (h - 1) % 15 / 4),
  (7233 + ((h - 1) % 4))::smallint, (1 + (h - 1) % 4)::smallint,
  timestamp '2026-01-01 00:00:00' + (h * 20000) * interval '1 second',
  timestamp '2026-01-01 00:00:00' + (h * 20000 + 3600 + pg_temp.r('hb' || h, 80000)) * interval '1 second',
  timestamp '2026-01-03 00:00:00' + (h * 20000 + 3600 + pg_temp.r('hb' || h, 80000)) * interval '1 second'
FROM generate_series(1, 60) h
ORDER BY h;

INSERT INTO queues (queue_type, queue_name, metadata_payload, metadata_encoding)
SELECT ty, nm, decode(md5('qm' || ty || nm), 'hex'), 'Proto3'
FROM (VALUES (1, '1_us-west-2_transfer'), (1, '1_us-west-2_timer'), (1, '1_eu-central-1_transfer'), (1, '1_us-west-2_visibility'),
  (2, '2_us-west-2_replication'), (2, '2_eu-central-1_replication')) v(ty, nm)
ORDER BY ty, nm;

-- DLQ messages, most of them in one queue after an outage; message ids per queue from 0.
INSERT INTO queue_messages (queue_type, queue_name, queue_partition, message_id, message_payload, message_encoding)
SELECT q.queue_type, q.queue_name, 0, row_number() OVER (PARTITION BY q.queue_type, q.queue_name ORDER BY m) - 1,
  decode(md5('qmsg' || m) || md5('qmsg2' || m), 'hex'), 'Proto3'
FROM generate_series(1, 1500) m
JOIN (SELECT queue_type, queue_name, row_number() OVER (ORDER BY queue_type, queue_name) AS qi FROM queues) q ON q.qi = pg_temp.skew2('qq' || m, 6)
ORDER BY m;

INSERT INTO nexus_endpoints (id, data, data_encoding, version)
SELECT decode(md5('nexus' || e), 'hex'), decode(md5('nxd' || e) || md5('nxd2' || e), 'hex'), 'Proto3', 1 + e % 4
FROM generate_series(1, 15) e
ORDER BY e;

DROP FUNCTION pg_temp.tw(int), pg_temp.rg(int);
