-- Primary keys, unique and plain indexes and foreign keys of the kept tables, added after
-- the data. Primary keys and indexes carry the source's names and definitions; keys.sql
-- keeps a selection of each table's indexes (see SOURCE.md): GIN trigram indexes, partial
-- indexes over columns that were cut and indexes over cut columns are left out. Foreign keys
-- join kept tables where the source declares one (structure.sql names them fk_<hash> or
-- fk_rails_<hash>; here fk_<table>_<column>); GitLab's cross-database references (CI to
-- main, and the polymorphic noteable, target and source columns) are "loose" foreign keys
-- kept by the application and not declared, as in the source.

ALTER TABLE ONLY namespaces ADD CONSTRAINT namespaces_pkey PRIMARY KEY (id);
ALTER TABLE ONLY projects ADD CONSTRAINT projects_pkey PRIMARY KEY (id);
ALTER TABLE ONLY users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY emails ADD CONSTRAINT emails_pkey PRIMARY KEY (id);
ALTER TABLE ONLY events ADD CONSTRAINT events_pkey PRIMARY KEY (id);
ALTER TABLE ONLY issue_assignees ADD CONSTRAINT issue_assignees_pkey PRIMARY KEY (issue_id, user_id);
ALTER TABLE ONLY issues ADD CONSTRAINT issues_pkey PRIMARY KEY (id);
ALTER TABLE ONLY keys ADD CONSTRAINT keys_pkey PRIMARY KEY (id);
ALTER TABLE ONLY label_links ADD CONSTRAINT label_links_pkey PRIMARY KEY (id);
ALTER TABLE ONLY labels ADD CONSTRAINT labels_pkey PRIMARY KEY (id);
ALTER TABLE ONLY members ADD CONSTRAINT members_pkey PRIMARY KEY (id);
ALTER TABLE ONLY merge_request_diffs ADD CONSTRAINT merge_request_diffs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY merge_requests ADD CONSTRAINT merge_requests_pkey PRIMARY KEY (id);
ALTER TABLE ONLY milestones ADD CONSTRAINT milestones_pkey PRIMARY KEY (id);
ALTER TABLE ONLY notes ADD CONSTRAINT notes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY project_statistics ADD CONSTRAINT project_statistics_pkey PRIMARY KEY (id);
ALTER TABLE ONLY routes ADD CONSTRAINT routes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY todos ADD CONSTRAINT todos_pkey PRIMARY KEY (id);
ALTER TABLE ONLY ci_pipelines ADD CONSTRAINT ci_pipelines_pkey PRIMARY KEY (id, partition_id);
ALTER TABLE ONLY ci_builds ADD CONSTRAINT ci_builds_pkey PRIMARY KEY (id, partition_id);

-- namespaces
CREATE UNIQUE INDEX index_namespaces_name_parent_id_type ON namespaces USING btree (name, parent_id, type);
CREATE INDEX index_namespaces_on_created_at ON namespaces USING btree (created_at);
CREATE INDEX index_namespaces_on_owner_id ON namespaces USING btree (owner_id);
CREATE UNIQUE INDEX index_namespaces_on_parent_id_and_id ON namespaces USING btree (parent_id, id);
CREATE INDEX index_namespaces_on_path ON namespaces USING btree (path);
CREATE INDEX index_namespaces_on_type_and_id ON namespaces USING btree (type, id);
CREATE INDEX index_on_namespaces_lower_name ON namespaces USING btree (lower((name)::text));
CREATE INDEX index_on_namespaces_lower_path ON namespaces USING btree (lower((path)::text));

-- routes
CREATE UNIQUE INDEX index_routes_on_namespace_id ON routes USING btree (namespace_id);
CREATE UNIQUE INDEX index_routes_on_path ON routes USING btree (path);
CREATE UNIQUE INDEX index_routes_on_source_type_and_source_id ON routes USING btree (source_type, source_id);
CREATE INDEX index_on_routes_lower_path ON routes USING btree (lower((path)::text));

-- users
CREATE UNIQUE INDEX index_users_on_confirmation_token ON users USING btree (confirmation_token);
CREATE INDEX index_users_on_created_at ON users USING btree (created_at);
CREATE UNIQUE INDEX index_users_on_email ON users USING btree (email);
CREATE INDEX index_users_on_feed_token ON users USING btree (feed_token);
CREATE INDEX index_users_on_state_and_user_type ON users USING btree (state, user_type);
CREATE INDEX index_users_on_username ON users USING btree (username);
CREATE INDEX index_on_users_lower_email ON users USING btree (lower((email)::text));
CREATE INDEX index_on_users_lower_username ON users USING btree (lower((username)::text));

-- emails
CREATE UNIQUE INDEX index_emails_on_confirmation_token ON emails USING btree (confirmation_token);
CREATE UNIQUE INDEX index_emails_on_email ON emails USING btree (email);
CREATE INDEX index_emails_on_user_id ON emails USING btree (user_id);

-- keys
CREATE INDEX index_keys_on_fingerprint ON keys USING btree (fingerprint);
CREATE UNIQUE INDEX index_keys_on_fingerprint_sha256_unique ON keys USING btree (fingerprint_sha256);
CREATE INDEX index_keys_on_last_used_at ON keys USING btree (last_used_at DESC NULLS LAST);
CREATE INDEX index_keys_on_user_id ON keys USING btree (user_id);

-- projects
CREATE INDEX index_projects_api_path_id_desc ON projects USING btree (path, id DESC);
CREATE INDEX index_projects_on_creator_id_and_id ON projects USING btree (creator_id, id);
CREATE INDEX index_projects_on_last_activity_at_and_id ON projects USING btree (last_activity_at, id);
CREATE INDEX index_projects_on_lower_name ON projects USING btree (lower((name)::text));
CREATE INDEX index_projects_on_name_and_id ON projects USING btree (name, id);
CREATE INDEX index_projects_on_namespace_id_and_id ON projects USING btree (namespace_id, id);
CREATE UNIQUE INDEX index_projects_on_project_namespace_id ON projects USING btree (project_namespace_id);

-- project_statistics
CREATE INDEX index_project_statistics_on_namespace_id ON project_statistics USING btree (namespace_id);
CREATE UNIQUE INDEX index_project_statistics_on_project_id ON project_statistics USING btree (project_id);
CREATE INDEX index_project_statistics_on_repository_size_and_project_id ON project_statistics USING btree (repository_size, project_id);
CREATE INDEX index_project_statistics_on_root_namespace_id ON project_statistics USING btree (root_namespace_id);
CREATE INDEX index_project_statistics_on_storage_size_and_project_id ON project_statistics USING btree (storage_size, project_id);

-- members
CREATE INDEX index_members_on_access_level ON members USING btree (access_level);
CREATE INDEX index_members_on_expires_at ON members USING btree (expires_at);
CREATE INDEX index_members_on_invite_email ON members USING btree (invite_email);
CREATE UNIQUE INDEX index_members_on_invite_token ON members USING btree (invite_token);
CREATE INDEX index_members_on_member_namespace_id_compound ON members USING btree (member_namespace_id, type, requested_at, id);
CREATE INDEX index_members_on_source_and_type_and_access_level ON members USING btree (source_id, source_type, type, access_level);
CREATE INDEX index_members_on_user_id_and_access_level_requested_at_is_null ON members USING btree (user_id, access_level) WHERE (requested_at IS NULL);

-- labels and label_links
CREATE INDEX index_labels_on_group_id ON labels USING btree (group_id);
CREATE UNIQUE INDEX index_labels_on_group_id_and_title_varchar_unique ON labels USING btree (group_id, title varchar_pattern_ops) WHERE (project_id IS NULL);
CREATE INDEX index_labels_on_project_id ON labels USING btree (project_id);
CREATE UNIQUE INDEX index_labels_on_project_id_and_title_varchar_unique ON labels USING btree (project_id, title varchar_pattern_ops) WHERE (group_id IS NULL);
CREATE INDEX index_labels_on_title_varchar ON labels USING btree (title varchar_pattern_ops);
CREATE INDEX index_labels_on_type_and_project_id ON labels USING btree (type, project_id);
CREATE INDEX index_label_links_on_label_id_and_target_type ON label_links USING btree (label_id, target_type);
CREATE INDEX index_label_links_on_target_id_and_target_type ON label_links USING btree (target_id, target_type);
CREATE INDEX index_on_label_links_all_columns ON label_links USING btree (target_id, label_id, target_type);

-- milestones
CREATE INDEX index_milestones_on_due_date ON milestones USING btree (due_date);
CREATE INDEX index_milestones_on_group_id ON milestones USING btree (group_id);
CREATE UNIQUE INDEX index_milestones_on_project_id_and_iid ON milestones USING btree (project_id, iid);
CREATE INDEX index_milestones_on_title ON milestones USING btree (title);

-- issues and issue_assignees
CREATE INDEX index_issues_on_author_id ON issues USING btree (author_id);
CREATE INDEX index_issues_on_closed_by_id ON issues USING btree (closed_by_id);
CREATE INDEX index_issues_on_confidential ON issues USING btree (confidential);
CREATE INDEX index_issues_on_milestone_id_and_id ON issues USING btree (milestone_id, id);
CREATE UNIQUE INDEX index_issues_on_namespace_id_iid_unique ON issues USING btree (namespace_id, iid);
CREATE UNIQUE INDEX index_issues_on_project_id_and_iid ON issues USING btree (project_id, iid);
CREATE INDEX index_issues_on_project_id_and_state_id_and_created_at_and_id ON issues USING btree (project_id, state_id, created_at, id);
CREATE INDEX index_issues_on_project_id_and_upvotes_count ON issues USING btree (project_id, upvotes_count);
CREATE INDEX index_issues_on_updated_at ON issues USING btree (updated_at);
CREATE INDEX index_issue_assignees_on_user_id_and_issue_id ON issue_assignees USING btree (user_id, issue_id);

-- merge_requests and merge_request_diffs
CREATE INDEX index_merge_requests_on_assignee_id ON merge_requests USING btree (assignee_id);
CREATE INDEX index_merge_requests_on_author_id_and_created_at ON merge_requests USING btree (author_id, created_at);
CREATE INDEX index_merge_requests_on_created_at ON merge_requests USING btree (created_at);
CREATE INDEX index_merge_requests_on_head_pipeline_id ON merge_requests USING btree (head_pipeline_id);
CREATE INDEX index_merge_requests_on_latest_merge_request_diff_id ON merge_requests USING btree (latest_merge_request_diff_id);
CREATE INDEX index_merge_requests_on_milestone_id ON merge_requests USING btree (milestone_id);
CREATE INDEX index_merge_requests_on_source_project_id_and_source_branch ON merge_requests USING btree (source_project_id, source_branch);
CREATE INDEX index_merge_requests_on_target_project_id_and_created_at_and_id ON merge_requests USING btree (target_project_id, created_at, id);
CREATE UNIQUE INDEX index_merge_requests_on_target_project_id_and_iid ON merge_requests USING btree (target_project_id, iid);
CREATE INDEX index_merge_requests_on_target_project_id_and_source_branch ON merge_requests USING btree (target_project_id, source_branch);
CREATE INDEX index_merge_requests_on_tp_id_and_merge_commit_sha_and_id ON merge_requests USING btree (target_project_id, merge_commit_sha, id);
CREATE INDEX index_merge_request_diffs_on_merge_request_id_and_id ON merge_request_diffs USING btree (merge_request_id, id);
CREATE INDEX index_merge_request_diffs_on_project_id ON merge_request_diffs USING btree (project_id);
CREATE UNIQUE INDEX index_merge_request_diffs_on_unique_merge_request_id ON merge_request_diffs USING btree (merge_request_id) WHERE (diff_type = 2);
CREATE INDEX index_on_merge_request_diffs_head_commit_sha ON merge_request_diffs USING btree (head_commit_sha);

-- notes
CREATE INDEX index_notes_on_author_id_and_created_at_and_id ON notes USING btree (author_id, created_at, id);
CREATE INDEX index_notes_on_created_at ON notes USING btree (created_at);
CREATE INDEX index_notes_on_discussion_id ON notes USING btree (discussion_id);
CREATE INDEX index_notes_on_line_code ON notes USING btree (line_code);
CREATE INDEX index_notes_on_namespace_id ON notes USING btree (namespace_id);
CREATE INDEX index_notes_on_noteable_id_and_noteable_type_and_system ON notes USING btree (noteable_id, noteable_type, system);
CREATE INDEX index_notes_on_noteable_id_noteable_type_and_id ON notes USING btree (noteable_id, noteable_type, id);
CREATE INDEX index_notes_on_project_id_and_id_and_system_false ON notes USING btree (project_id, id) WHERE (NOT system);
CREATE INDEX index_notes_on_project_id_and_noteable_type ON notes USING btree (project_id, noteable_type);

-- events
CREATE INDEX index_events_author_id_project_id_action_target_type_created_at ON events USING btree (author_id, project_id, action, target_type, created_at);
CREATE INDEX index_events_for_group_activity ON events USING btree (group_id, target_type, action, id) WHERE (group_id IS NOT NULL);
CREATE INDEX index_events_for_project_activity ON events USING btree (project_id, target_type, action, id);
CREATE INDEX index_events_on_author_id_and_created_at ON events USING btree (author_id, created_at);
CREATE INDEX index_events_on_author_id_and_id ON events USING btree (author_id, id);
CREATE INDEX index_events_on_group_id_and_id ON events USING btree (group_id, id) WHERE (group_id IS NOT NULL);
CREATE INDEX index_events_on_project_id_and_created_at ON events USING btree (project_id, created_at);
CREATE INDEX index_events_on_project_id_and_id ON events USING btree (project_id, id);
CREATE UNIQUE INDEX index_events_on_target_type_and_target_id_and_fingerprint ON events USING btree (target_type, target_id, fingerprint);

-- todos
CREATE INDEX index_todos_on_author_id_and_created_at ON todos USING btree (author_id, created_at);
CREATE INDEX index_todos_on_note_id ON todos USING btree (note_id);
CREATE INDEX index_todos_on_project_id_and_id ON todos USING btree (project_id, id);
CREATE INDEX index_todos_on_target_type_and_target_id ON todos USING btree (target_type, target_id);
CREATE INDEX index_todos_on_user_id_and_id_done ON todos USING btree (user_id, id) WHERE ((state)::text = 'done'::text);
CREATE INDEX index_todos_on_user_id_and_id_pending ON todos USING btree (user_id, id) WHERE ((state)::text = 'pending'::text);
CREATE INDEX index_on_todos_user_project_target_and_state ON todos USING btree (user_id, project_id, target_type, target_id, id) WHERE ((state)::text = 'pending'::text);

-- ci_pipelines and ci_builds (the partitioned parents' index definitions, on the partitions)
CREATE UNIQUE INDEX index_ci_pipelines_on_project_id_and_iid ON ci_pipelines USING btree (project_id, iid, partition_id) WHERE (iid IS NOT NULL);
CREATE INDEX index_ci_pipelines_on_merge_request_id ON ci_pipelines USING btree (merge_request_id) WHERE (merge_request_id IS NOT NULL);
CREATE INDEX index_ci_pipelines_on_project_id_and_ref_and_status_and_id ON ci_pipelines USING btree (project_id, ref, status, id);
CREATE INDEX index_ci_pipelines_on_project_id_and_sha ON ci_pipelines USING btree (project_id, sha);
CREATE INDEX index_ci_pipelines_on_user_id_and_created_at_and_config_source ON ci_pipelines USING btree (user_id, created_at, config_source);
CREATE INDEX index_ci_builds_on_commit_id_and_status_and_type ON ci_builds USING btree (commit_id, status, type);
CREATE INDEX index_ci_builds_on_commit_id_and_stage_idx_and_created_at ON ci_builds USING btree (commit_id, stage_idx, created_at);
CREATE INDEX index_ci_builds_on_project_id_and_id ON ci_builds USING btree (project_id, id);
CREATE INDEX index_ci_builds_on_runner_id_and_id_desc ON ci_builds USING btree (runner_id, id DESC);
CREATE UNIQUE INDEX unique_ci_builds_token_encrypted_and_partition_id ON ci_builds USING btree (token_encrypted, partition_id) WHERE (token_encrypted IS NOT NULL);
CREATE INDEX index_ci_builds_on_user_id ON ci_builds USING btree (user_id);

-- foreign keys
ALTER TABLE ONLY namespaces ADD CONSTRAINT fk_namespaces_parent_id FOREIGN KEY (parent_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY namespaces ADD CONSTRAINT fk_namespaces_owner_id FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY routes ADD CONSTRAINT fk_routes_namespace_id FOREIGN KEY (namespace_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY emails ADD CONSTRAINT fk_emails_user_id FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY keys ADD CONSTRAINT fk_keys_user_id FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY projects ADD CONSTRAINT fk_projects_namespace_id FOREIGN KEY (namespace_id) REFERENCES namespaces(id) ON DELETE RESTRICT;
ALTER TABLE ONLY projects ADD CONSTRAINT fk_projects_project_namespace_id FOREIGN KEY (project_namespace_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY projects ADD CONSTRAINT fk_projects_creator_id FOREIGN KEY (creator_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY project_statistics ADD CONSTRAINT fk_project_statistics_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY project_statistics ADD CONSTRAINT fk_project_statistics_namespace_id FOREIGN KEY (namespace_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY members ADD CONSTRAINT fk_members_user_id FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY members ADD CONSTRAINT fk_members_member_namespace_id FOREIGN KEY (member_namespace_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY labels ADD CONSTRAINT fk_labels_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY labels ADD CONSTRAINT fk_labels_group_id FOREIGN KEY (group_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY label_links ADD CONSTRAINT fk_label_links_label_id FOREIGN KEY (label_id) REFERENCES labels(id) ON DELETE CASCADE;
ALTER TABLE ONLY milestones ADD CONSTRAINT fk_milestones_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY milestones ADD CONSTRAINT fk_milestones_group_id FOREIGN KEY (group_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY issues ADD CONSTRAINT fk_issues_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY issues ADD CONSTRAINT fk_issues_namespace_id FOREIGN KEY (namespace_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY issues ADD CONSTRAINT fk_issues_author_id FOREIGN KEY (author_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY issues ADD CONSTRAINT fk_issues_closed_by_id FOREIGN KEY (closed_by_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY issues ADD CONSTRAINT fk_issues_milestone_id FOREIGN KEY (milestone_id) REFERENCES milestones(id) ON DELETE SET NULL;
ALTER TABLE ONLY issue_assignees ADD CONSTRAINT fk_issue_assignees_issue_id FOREIGN KEY (issue_id) REFERENCES issues(id) ON DELETE CASCADE;
ALTER TABLE ONLY issue_assignees ADD CONSTRAINT fk_issue_assignees_user_id FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY merge_requests ADD CONSTRAINT fk_merge_requests_target_project_id FOREIGN KEY (target_project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY merge_requests ADD CONSTRAINT fk_merge_requests_source_project_id FOREIGN KEY (source_project_id) REFERENCES projects(id) ON DELETE SET NULL;
ALTER TABLE ONLY merge_requests ADD CONSTRAINT fk_merge_requests_author_id FOREIGN KEY (author_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY merge_requests ADD CONSTRAINT fk_merge_requests_assignee_id FOREIGN KEY (assignee_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY merge_requests ADD CONSTRAINT fk_merge_requests_milestone_id FOREIGN KEY (milestone_id) REFERENCES milestones(id) ON DELETE SET NULL;
ALTER TABLE ONLY merge_requests ADD CONSTRAINT fk_merge_requests_latest_merge_request_diff_id FOREIGN KEY (latest_merge_request_diff_id) REFERENCES merge_request_diffs(id) ON DELETE SET NULL;
ALTER TABLE ONLY merge_request_diffs ADD CONSTRAINT fk_merge_request_diffs_merge_request_id FOREIGN KEY (merge_request_id) REFERENCES merge_requests(id) ON DELETE CASCADE;
ALTER TABLE ONLY notes ADD CONSTRAINT fk_notes_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY events ADD CONSTRAINT fk_events_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY events ADD CONSTRAINT fk_events_author_id FOREIGN KEY (author_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY events ADD CONSTRAINT fk_events_group_id FOREIGN KEY (group_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY todos ADD CONSTRAINT fk_todos_user_id FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY todos ADD CONSTRAINT fk_todos_author_id FOREIGN KEY (author_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY todos ADD CONSTRAINT fk_todos_project_id FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY todos ADD CONSTRAINT fk_todos_note_id FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE;
ALTER TABLE ONLY todos ADD CONSTRAINT fk_todos_group_id FOREIGN KEY (group_id) REFERENCES namespaces(id) ON DELETE CASCADE;
ALTER TABLE ONLY ci_builds ADD CONSTRAINT fk_ci_builds_commit_id FOREIGN KEY (commit_id, partition_id) REFERENCES ci_pipelines(id, partition_id) ON UPDATE CASCADE ON DELETE CASCADE;
