-- The indexes at the end of Temporal's schema.sql, verbatim and in its order, added after the
-- data (the primary keys and the unique constraints are inline in schema.sql, as the source
-- declares them). Temporal declares no foreign keys.

CREATE UNIQUE INDEX cm_idx_rolehost ON cluster_membership (role, host_id);
CREATE INDEX cm_idx_rolelasthb ON cluster_membership (role, last_heartbeat);
CREATE INDEX cm_idx_rpchost ON cluster_membership (rpc_address, role);
CREATE INDEX cm_idx_lasthb ON cluster_membership (last_heartbeat);
CREATE INDEX cm_idx_recordexpiry ON cluster_membership (record_expiry);
