-- The CREATE INDEX statements of Harbor's 0001_initial_schema.up.sql, verbatim and in its
-- order, added after the data (the source creates each right after its table). Primary
-- keys, unique constraints and the two foreign keys are inline in schema.sql, as the source
-- declares them.

CREATE INDEX pid_optime ON access_log (project_id, op_time);
CREATE INDEX policy ON replication_job (policy_id);
CREATE INDEX poid_uptime ON replication_job (policy_id, update_time);
CREATE INDEX poid_status ON replication_job (policy_id, status);
CREATE INDEX idx_status ON img_scan_job (status);
CREATE INDEX idx_digest ON img_scan_job (digest);
CREATE INDEX idx_uuid ON img_scan_job (job_uuid);
CREATE INDEX idx_repository_tag ON img_scan_job (repository,tag);
CREATE INDEX admin_job_status ON admin_job (status);
CREATE INDEX admin_job_uuid ON admin_job (job_uuid);
