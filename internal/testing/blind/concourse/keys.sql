-- Keys, indexes and foreign keys of the kept tables (pg_dump --section=post-data),
-- added after the data; triggers and foreign keys to dropped tables left out.

ALTER TABLE ONLY access_tokens
    ADD CONSTRAINT access_tokens_pkey PRIMARY KEY (token);

ALTER TABLE ONLY base_resource_types
    ADD CONSTRAINT base_resource_types_name_key UNIQUE (name);

ALTER TABLE ONLY base_resource_types
    ADD CONSTRAINT base_resource_types_pkey PRIMARY KEY (id);

ALTER TABLE ONLY build_comments
    ADD CONSTRAINT build_comments_pkey PRIMARY KEY (build_id);

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_pkey PRIMARY KEY (id);

ALTER TABLE ONLY workers
    ADD CONSTRAINT constraint_workers_name_unique UNIQUE (name);

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_handle_key UNIQUE (handle);

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY jobs
    ADD CONSTRAINT jobs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY jobs
    ADD CONSTRAINT jobs_unique_pipeline_id_name UNIQUE (pipeline_id, name);

ALTER TABLE ONLY pipelines
    ADD CONSTRAINT pipelines_pkey PRIMARY KEY (id);

ALTER TABLE ONLY resource_config_versions
    ADD CONSTRAINT resource_config_scope_id_and_version_sha256_unique UNIQUE (resource_config_scope_id, version_sha256);

ALTER TABLE ONLY resource_config_scopes
    ADD CONSTRAINT resource_config_scopes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY resource_config_versions
    ADD CONSTRAINT resource_config_versions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY resource_configs
    ADD CONSTRAINT resource_configs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY resource_pins
    ADD CONSTRAINT resource_pins_pkey PRIMARY KEY (resource_id);

ALTER TABLE ONLY resource_types
    ADD CONSTRAINT resource_types_pipeline_id_name_key UNIQUE (pipeline_id, name);

ALTER TABLE ONLY resource_types
    ADD CONSTRAINT resource_types_pkey PRIMARY KEY (id);

ALTER TABLE ONLY resources
    ADD CONSTRAINT resources_pkey PRIMARY KEY (id);

ALTER TABLE ONLY teams
    ADD CONSTRAINT teams_pkey PRIMARY KEY (id);

ALTER TABLE ONLY resources
    ADD CONSTRAINT unique_pipeline_id_name UNIQUE (pipeline_id, name);

ALTER TABLE ONLY users
    ADD CONSTRAINT user_unique UNIQUE (sub);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY volumes
    ADD CONSTRAINT volumes_id_state_key UNIQUE (id, state);

ALTER TABLE ONLY volumes
    ADD CONSTRAINT volumes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY volumes
    ADD CONSTRAINT volumes_worker_name_handle_key UNIQUE (worker_name, handle);

ALTER TABLE ONLY workers
    ADD CONSTRAINT workers_addr_key UNIQUE (addr);

ALTER TABLE ONLY workers
    ADD CONSTRAINT workers_pkey PRIMARY KEY (name);

CREATE INDEX build_inputs_resource_versions_idx ON build_resource_config_version_inputs USING btree (resource_id, version_digest);

CREATE UNIQUE INDEX build_names_uniq_idx ON builds USING btree (job_id, name);

CREATE UNIQUE INDEX build_resource_config_version_inputs_uniq ON build_resource_config_version_inputs USING btree (build_id, resource_id, version_digest, name);

CREATE INDEX build_resource_config_version_outputs_build_id_idx ON build_resource_config_version_outputs USING btree (build_id);

CREATE INDEX build_resource_config_version_outputs_resource_id_idx ON build_resource_config_version_outputs USING btree (resource_id);

CREATE UNIQUE INDEX build_resource_config_version_outputs_uniq ON build_resource_config_version_outputs USING btree (build_id, resource_id, version_digest, name);

CREATE INDEX builds_interceptible_completed ON builds USING btree (interceptible, completed);

CREATE INDEX builds_ordered_by_job_id_idx ON builds USING btree (job_id, id DESC);

CREATE INDEX builds_pipeline_id ON builds USING btree (pipeline_id);

CREATE INDEX builds_resource_id_idx ON builds USING btree (resource_id);

CREATE INDEX builds_resource_type_id_idx ON builds USING btree (resource_type_id);

CREATE INDEX builds_running_builds_by_serial_groups_idx ON builds USING btree (job_id) WHERE ((completed = false) AND (scheduled = true));

CREATE INDEX builds_status ON builds USING btree (status);

CREATE INDEX builds_team_id ON builds USING btree (team_id);

CREATE INDEX containers_build_id ON containers USING btree (build_id);

CREATE INDEX containers_build_id_not_null ON containers USING btree (worker_name) WHERE (build_id IS NOT NULL);

CREATE INDEX containers_in_memory_build_id_idx ON containers USING btree (in_memory_build_id, in_memory_build_create_time);

CREATE INDEX containers_plan_id ON containers USING btree (plan_id);

CREATE INDEX containers_resource_config_check_session_id ON containers USING btree (resource_config_check_session_id);

CREATE INDEX containers_team_id ON containers USING btree (team_id);

CREATE INDEX containers_worker_name ON containers USING btree (worker_name);

CREATE UNIQUE INDEX index_teams_name_unique_case_insensitive ON teams USING btree (lower(name));

CREATE INDEX job_inputs_job_id_idx ON job_inputs USING btree (job_id);

CREATE INDEX job_inputs_passed_job_id_idx ON job_inputs USING btree (passed_job_id);

CREATE INDEX job_inputs_resource_id_idx ON job_inputs USING btree (resource_id);

CREATE INDEX jobs_latest_completed_build_id ON jobs USING btree (latest_completed_build_id);

CREATE INDEX jobs_next_build_id ON jobs USING btree (next_build_id);

CREATE INDEX jobs_pipeline_id ON jobs USING btree (pipeline_id);

CREATE INDEX jobs_transition_build_id ON jobs USING btree (transition_build_id);

CREATE INDEX missing_volumes_idx ON volumes USING btree (state) WHERE (missing_since IS NOT NULL);

CREATE INDEX needs_v6_migration_idx ON builds USING btree (job_id, COALESCE((rerun_of_old)::bigint, id) DESC, id DESC) WHERE ((status = 'succeeded'::build_status) AND needs_v6_migration);

CREATE INDEX next_build_id_idx ON builds USING btree (job_id) WHERE ((status = 'pending'::build_status) OR (status = 'started'::build_status));

CREATE INDEX order_builds_by_rerun_of_or_id_idx ON builds USING btree (COALESCE(rerun_of, (rerun_of_old)::bigint, id) DESC, id DESC);

CREATE INDEX order_job_builds_by_rerun_of_or_id_idx ON builds USING btree (job_id, COALESCE(rerun_of, (rerun_of_old)::bigint, id) DESC, id DESC) WHERE (job_id IS NOT NULL);

CREATE INDEX parent_job_id ON pipelines USING btree (parent_job_id);

CREATE INDEX pending_builds_idx ON builds USING btree (job_id, id) WHERE (status = 'pending'::build_status);

CREATE UNIQUE INDEX pipelines_name_team_id ON pipelines USING btree (name, team_id) WHERE (instance_vars IS NULL);

CREATE UNIQUE INDEX pipelines_name_team_id_instance_vars ON pipelines USING btree (name, team_id, instance_vars) WHERE (instance_vars IS NOT NULL);

CREATE INDEX pipelines_team_id ON pipelines USING btree (team_id);

CREATE INDEX rerun_of_builds_idx ON builds USING btree (rerun_of);

CREATE INDEX rerun_of_old_builds_idx ON builds USING btree (rerun_of_old);

CREATE INDEX resource_config_scope_id_and_version_md5_idx ON resource_config_versions USING btree (resource_config_scope_id, version_md5);

CREATE INDEX resource_config_scopes_last_check_build_id_idx ON resource_config_scopes USING btree (last_check_build_id);

CREATE UNIQUE INDEX resource_config_scopes_resource_config_id_uniq ON resource_config_scopes USING btree (resource_config_id) WHERE (resource_id IS NULL);

CREATE UNIQUE INDEX resource_config_scopes_resource_id_resource_config_id_uniq ON resource_config_scopes USING btree (resource_id, resource_config_id) WHERE (resource_id IS NOT NULL);

CREATE INDEX resource_config_versions_check_order_idx ON resource_config_versions USING btree (resource_config_scope_id, check_order DESC);

CREATE INDEX resource_config_versions_version ON resource_config_versions USING gin (version jsonb_path_ops) WITH (fastupdate='false');

CREATE INDEX resource_config_versions_version_md5 ON resource_config_versions USING btree (version_md5);

CREATE INDEX resource_configs_base_resource_type_id ON resource_configs USING btree (base_resource_type_id);

CREATE UNIQUE INDEX resource_configs_base_resource_type_id_so_key ON resource_configs USING btree (base_resource_type_id, source_hash);

CREATE INDEX resource_configs_resource_cache_id ON resource_configs USING btree (resource_cache_id);

CREATE UNIQUE INDEX resource_configs_resource_cache_id_so_key ON resource_configs USING btree (resource_cache_id, source_hash);

CREATE INDEX resource_types_pipeline_id ON resource_types USING btree (pipeline_id);

CREATE INDEX resource_types_resource_config_id ON resource_types USING btree (resource_config_id);

CREATE INDEX resources_in_memory_build_id_idx ON resources USING btree (in_memory_build_id);

CREATE INDEX resources_pipeline_id ON resources USING btree (pipeline_id);

CREATE INDEX resources_resource_config_id ON resources USING btree (resource_config_id);

CREATE INDEX succeeded_builds_ordering_with_rerun_builds_idx ON builds USING btree (job_id) INCLUDE (id, rerun_of, rerun_of_old) WHERE (status = 'succeeded'::build_status);

CREATE INDEX unencrypted_private_plans_build_idx ON builds USING btree (id) WHERE ((nonce IS NULL) AND (private_plan IS NOT NULL));

CREATE INDEX volumes_container_id ON volumes USING btree (container_id);

CREATE UNIQUE INDEX volumes_handle ON volumes USING btree (handle);

CREATE INDEX volumes_parent_id ON volumes USING btree (parent_id);

CREATE INDEX volumes_team_id ON volumes USING btree (team_id);

CREATE INDEX volumes_worker_base_resource_type_id ON volumes USING btree (worker_base_resource_type_id);

CREATE INDEX volumes_worker_name ON volumes USING btree (worker_name);

CREATE INDEX volumes_worker_resource_cache_id ON volumes USING btree (worker_resource_cache_id);

CREATE UNIQUE INDEX volumes_worker_resource_cache_unique ON volumes USING btree (worker_resource_cache_id);

CREATE INDEX volumes_worker_task_cache_id ON volumes USING btree (worker_task_cache_id);

CREATE INDEX worker_resource_cert_volumes_idx ON volumes USING btree (worker_name, worker_resource_certs_id);

CREATE INDEX workers_team_id ON workers USING btree (team_id);

ALTER TABLE ONLY build_comments
    ADD CONSTRAINT build_comments_build_id_fkey FOREIGN KEY (build_id) REFERENCES builds(id) ON DELETE CASCADE;

ALTER TABLE ONLY build_resource_config_version_inputs
    ADD CONSTRAINT build_resource_config_version_inputs_build_id_fkey FOREIGN KEY (build_id) REFERENCES builds(id) ON DELETE CASCADE;

ALTER TABLE ONLY build_resource_config_version_inputs
    ADD CONSTRAINT build_resource_config_version_inputs_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources(id) ON DELETE CASCADE;

ALTER TABLE ONLY build_resource_config_version_outputs
    ADD CONSTRAINT build_resource_config_version_outputs_build_id_fkey FOREIGN KEY (build_id) REFERENCES builds(id) ON DELETE CASCADE;

ALTER TABLE ONLY build_resource_config_version_outputs
    ADD CONSTRAINT build_resource_config_version_outputs_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources(id) ON DELETE CASCADE;

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_pipeline_id_fkey FOREIGN KEY (pipeline_id) REFERENCES pipelines(id) ON DELETE CASCADE;

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_rerun_of_fkey FOREIGN KEY (rerun_of_old) REFERENCES builds(id) ON DELETE CASCADE;

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_rerun_of_fkey1 FOREIGN KEY (rerun_of) REFERENCES builds(id) ON DELETE CASCADE;

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources(id) ON DELETE CASCADE;

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_resource_type_id_fkey FOREIGN KEY (resource_type_id) REFERENCES resource_types(id) ON DELETE CASCADE;

ALTER TABLE ONLY builds
    ADD CONSTRAINT builds_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE CASCADE;

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_build_id_fkey FOREIGN KEY (build_id) REFERENCES builds(id) ON DELETE SET NULL;

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_image_check_container_id_fkey FOREIGN KEY (image_check_container_id) REFERENCES containers(id) ON DELETE SET NULL;

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_image_get_container_id_fkey FOREIGN KEY (image_get_container_id) REFERENCES containers(id) ON DELETE SET NULL;

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE SET NULL;

ALTER TABLE ONLY containers
    ADD CONSTRAINT containers_worker_name_fkey FOREIGN KEY (worker_name) REFERENCES workers(name) ON DELETE CASCADE;

ALTER TABLE ONLY volumes
    ADD CONSTRAINT fkey_container_id FOREIGN KEY (container_id) REFERENCES containers(id) ON DELETE SET NULL;

ALTER TABLE ONLY builds
    ADD CONSTRAINT fkey_job_id FOREIGN KEY (job_id) REFERENCES jobs(id) ON DELETE CASCADE;

ALTER TABLE ONLY job_inputs
    ADD CONSTRAINT job_inputs_job_id_fkey FOREIGN KEY (job_id) REFERENCES jobs(id) ON DELETE CASCADE;

ALTER TABLE ONLY job_inputs
    ADD CONSTRAINT job_inputs_passed_job_id_fkey FOREIGN KEY (passed_job_id) REFERENCES jobs(id) ON DELETE CASCADE;

ALTER TABLE ONLY job_inputs
    ADD CONSTRAINT job_inputs_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources(id) ON DELETE CASCADE;

ALTER TABLE ONLY jobs
    ADD CONSTRAINT jobs_latest_completed_build_id_fkey FOREIGN KEY (latest_completed_build_id) REFERENCES builds(id) ON DELETE SET NULL;

ALTER TABLE ONLY jobs
    ADD CONSTRAINT jobs_next_build_id_fkey FOREIGN KEY (next_build_id) REFERENCES builds(id) ON DELETE SET NULL;

ALTER TABLE ONLY jobs
    ADD CONSTRAINT jobs_pipeline_id_fkey FOREIGN KEY (pipeline_id) REFERENCES pipelines(id) ON DELETE CASCADE;

ALTER TABLE ONLY jobs
    ADD CONSTRAINT jobs_transition_build_id_fkey FOREIGN KEY (transition_build_id) REFERENCES builds(id) ON DELETE SET NULL;

ALTER TABLE ONLY pipelines
    ADD CONSTRAINT pipelines_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_config_scopes
    ADD CONSTRAINT resource_config_scopes_resource_config_id_fkey FOREIGN KEY (resource_config_id) REFERENCES resource_configs(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_config_scopes
    ADD CONSTRAINT resource_config_scopes_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_config_versions
    ADD CONSTRAINT resource_config_versions_resource_config_scope_id_fkey FOREIGN KEY (resource_config_scope_id) REFERENCES resource_config_scopes(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_configs
    ADD CONSTRAINT resource_configs_base_resource_type_id_fkey FOREIGN KEY (base_resource_type_id) REFERENCES base_resource_types(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_pins
    ADD CONSTRAINT resource_pins_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_types
    ADD CONSTRAINT resource_types_pipeline_id_fkey FOREIGN KEY (pipeline_id) REFERENCES pipelines(id) ON DELETE CASCADE;

ALTER TABLE ONLY resource_types
    ADD CONSTRAINT resource_types_resource_config_id_fkey FOREIGN KEY (resource_config_id) REFERENCES resource_configs(id) ON DELETE RESTRICT;

ALTER TABLE ONLY resources
    ADD CONSTRAINT resources_pipeline_id_fkey FOREIGN KEY (pipeline_id) REFERENCES pipelines(id) ON DELETE CASCADE;

ALTER TABLE ONLY resources
    ADD CONSTRAINT resources_resource_config_id_fkey FOREIGN KEY (resource_config_id) REFERENCES resource_configs(id) ON DELETE RESTRICT;

ALTER TABLE ONLY resources
    ADD CONSTRAINT resources_resource_config_scope_id_fkey FOREIGN KEY (resource_config_scope_id) REFERENCES resource_config_scopes(id) ON DELETE SET NULL;

ALTER TABLE ONLY volumes
    ADD CONSTRAINT volumes_parent_id_fkey FOREIGN KEY (parent_id, parent_state) REFERENCES volumes(id, state) DEFERRABLE;

ALTER TABLE ONLY volumes
    ADD CONSTRAINT volumes_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE SET NULL;

ALTER TABLE ONLY volumes
    ADD CONSTRAINT volumes_worker_name_fkey FOREIGN KEY (worker_name) REFERENCES workers(name) ON DELETE CASCADE;

ALTER TABLE ONLY workers
    ADD CONSTRAINT workers_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE CASCADE;
