-- The indexes (t.index) and foreign keys (add_foreign_key) of schema.rb for the kept tables,
-- as Rails creates them: index options become USING/WHERE/DESC/opclass, a foreign key
-- without a name gets Rails' fk_rails_<first 10 hex digits of SHA-256 of
-- "<table>_<column>_fk">, on_delete: :nullify is ON DELETE SET NULL. The one foreign key
-- to a dropped table (media_attachments.scheduled_status_id -> scheduled_statuses) is
-- left out; its index stays.

CREATE INDEX search_index ON accounts USING gin ((((setweight(to_tsvector('simple'::regconfig, (display_name)::text), 'A'::"char") || setweight(to_tsvector('simple'::regconfig, (username)::text), 'B'::"char")) || setweight(to_tsvector('simple'::regconfig, (COALESCE(domain, ''::character varying))::text), 'C'::"char"))));
CREATE UNIQUE INDEX index_accounts_on_username_and_domain_lower ON accounts USING btree (lower((username)::text), COALESCE(lower((domain)::text), ''::text));
CREATE INDEX index_accounts_on_domain_and_id ON accounts USING btree (domain, id);
CREATE INDEX index_accounts_on_moved_to_account_id ON accounts USING btree (moved_to_account_id) WHERE (moved_to_account_id IS NOT NULL);
CREATE INDEX index_accounts_on_uri ON accounts USING btree (uri);
CREATE INDEX index_accounts_on_url ON accounts USING btree (url text_pattern_ops) WHERE (url IS NOT NULL);
CREATE UNIQUE INDEX index_account_stats_on_account_id ON account_stats USING btree (account_id);
CREATE INDEX index_account_stats_on_last_status_at_and_account_id ON account_stats USING btree (last_status_at DESC NULLS LAST, account_id);
CREATE UNIQUE INDEX index_blocks_on_account_id_and_target_account_id ON blocks USING btree (account_id, target_account_id);
CREATE INDEX index_blocks_on_target_account_id ON blocks USING btree (target_account_id);
CREATE UNIQUE INDEX index_bookmarks_on_account_id_and_status_id ON bookmarks USING btree (account_id, status_id);
CREATE INDEX index_bookmarks_on_status_id ON bookmarks USING btree (status_id);
CREATE UNIQUE INDEX index_conversations_on_parent_status_id ON conversations USING btree (parent_status_id) WHERE (parent_status_id IS NOT NULL);
CREATE UNIQUE INDEX index_conversations_on_uri ON conversations USING btree (uri text_pattern_ops) WHERE (uri IS NOT NULL);
CREATE UNIQUE INDEX index_custom_emojis_on_shortcode_and_domain ON custom_emojis USING btree (shortcode, domain);
CREATE UNIQUE INDEX index_domain_blocks_on_domain ON domain_blocks USING btree (domain);
CREATE INDEX index_favourites_on_account_id_and_id ON favourites USING btree (account_id, id);
CREATE UNIQUE INDEX index_favourites_on_account_id_and_status_id ON favourites USING btree (account_id, status_id);
CREATE INDEX index_favourites_on_status_id ON favourites USING btree (status_id);
CREATE UNIQUE INDEX index_featured_tags_on_account_id_and_tag_id ON featured_tags USING btree (account_id, tag_id);
CREATE INDEX index_featured_tags_on_tag_id ON featured_tags USING btree (tag_id);
CREATE UNIQUE INDEX index_follow_requests_on_account_id_and_target_account_id ON follow_requests USING btree (account_id, target_account_id);
CREATE UNIQUE INDEX index_follows_on_account_id_and_target_account_id ON follows USING btree (account_id, target_account_id);
CREATE INDEX index_follows_on_target_account_id_and_account_id ON follows USING btree (target_account_id, account_id);
CREATE UNIQUE INDEX index_invites_on_code ON invites USING btree (code);
CREATE INDEX index_invites_on_user_id ON invites USING btree (user_id);
CREATE UNIQUE INDEX index_list_accounts_on_account_id_and_list_id ON list_accounts USING btree (account_id, list_id);
CREATE INDEX index_list_accounts_on_follow_id ON list_accounts USING btree (follow_id) WHERE (follow_id IS NOT NULL);
CREATE INDEX index_list_accounts_on_follow_request_id ON list_accounts USING btree (follow_request_id) WHERE (follow_request_id IS NOT NULL);
CREATE INDEX index_list_accounts_on_list_id_and_account_id ON list_accounts USING btree (list_id, account_id);
CREATE INDEX index_lists_on_account_id ON lists USING btree (account_id);
CREATE INDEX index_login_activities_on_user_id ON login_activities USING btree (user_id);
CREATE UNIQUE INDEX index_markers_on_user_id_and_timeline ON markers USING btree (user_id, timeline);
CREATE INDEX index_media_attachments_on_account_id_and_status_id ON media_attachments USING btree (account_id, status_id DESC);
CREATE INDEX index_media_attachments_on_scheduled_status_id ON media_attachments USING btree (scheduled_status_id) WHERE (scheduled_status_id IS NOT NULL);
CREATE UNIQUE INDEX index_media_attachments_on_shortcode ON media_attachments USING btree (shortcode text_pattern_ops) WHERE (shortcode IS NOT NULL);
CREATE INDEX index_media_attachments_on_status_id ON media_attachments USING btree (status_id);
CREATE UNIQUE INDEX index_mentions_on_account_id_and_status_id ON mentions USING btree (account_id, status_id);
CREATE INDEX index_mentions_on_status_id ON mentions USING btree (status_id);
CREATE UNIQUE INDEX index_mutes_on_account_id_and_target_account_id ON mutes USING btree (account_id, target_account_id);
CREATE INDEX index_mutes_on_target_account_id ON mutes USING btree (target_account_id);
CREATE INDEX index_notifications_on_account_id_and_group_key ON notifications USING btree (account_id, group_key) WHERE (group_key IS NOT NULL);
CREATE INDEX index_notifications_on_account_id_and_id_and_type ON notifications USING btree (account_id, id DESC, type);
CREATE INDEX index_notifications_on_filtered ON notifications USING btree (account_id, id DESC, type) WHERE (filtered = false);
CREATE INDEX index_notifications_on_activity_id_and_activity_type ON notifications USING btree (activity_id, activity_type);
CREATE INDEX index_notifications_on_from_account_id ON notifications USING btree (from_account_id);
CREATE UNIQUE INDEX index_oauth_access_tokens_on_refresh_token ON oauth_access_tokens USING btree (refresh_token text_pattern_ops) WHERE (refresh_token IS NOT NULL);
CREATE INDEX index_oauth_access_tokens_on_resource_owner_id ON oauth_access_tokens USING btree (resource_owner_id) WHERE (resource_owner_id IS NOT NULL);
CREATE UNIQUE INDEX index_oauth_access_tokens_on_token ON oauth_access_tokens USING btree (token);
CREATE INDEX index_oauth_applications_on_owner_id_and_owner_type ON oauth_applications USING btree (owner_id, owner_type);
CREATE INDEX index_oauth_applications_on_superapp ON oauth_applications USING btree (superapp) WHERE (superapp = true);
CREATE UNIQUE INDEX index_oauth_applications_on_uid ON oauth_applications USING btree (uid);
CREATE INDEX index_poll_votes_on_account_id ON poll_votes USING btree (account_id);
CREATE INDEX index_poll_votes_on_poll_id ON poll_votes USING btree (poll_id);
CREATE INDEX index_polls_on_account_id ON polls USING btree (account_id);
CREATE INDEX index_polls_on_status_id ON polls USING btree (status_id);
CREATE INDEX index_preview_cards_on_author_account_id ON preview_cards USING btree (author_account_id) WHERE (author_account_id IS NOT NULL);
CREATE UNIQUE INDEX index_preview_cards_on_url ON preview_cards USING btree (url);
CREATE INDEX index_reports_on_account_id ON reports USING btree (account_id);
CREATE INDEX index_reports_on_action_taken_by_account_id ON reports USING btree (action_taken_by_account_id) WHERE (action_taken_by_account_id IS NOT NULL);
CREATE INDEX index_reports_on_assigned_account_id ON reports USING btree (assigned_account_id) WHERE (assigned_account_id IS NOT NULL);
CREATE INDEX index_reports_on_target_account_id ON reports USING btree (target_account_id);
CREATE UNIQUE INDEX index_settings_on_var ON settings USING btree (var);
CREATE UNIQUE INDEX index_status_pins_on_account_id_and_status_id ON status_pins USING btree (account_id, status_id);
CREATE INDEX index_status_pins_on_status_id ON status_pins USING btree (status_id);
CREATE UNIQUE INDEX index_status_stats_on_status_id ON status_stats USING btree (status_id);
CREATE INDEX index_statuses_20190820 ON statuses USING btree (account_id, id DESC, visibility, updated_at) WHERE (deleted_at IS NULL);
CREATE INDEX index_statuses_on_account_id ON statuses USING btree (account_id);
CREATE INDEX index_statuses_on_conversation_id ON statuses USING btree (conversation_id);
CREATE INDEX index_statuses_on_deleted_at ON statuses USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);
CREATE INDEX index_statuses_local_20190824 ON statuses USING btree (id DESC, account_id) WHERE ((local OR (uri IS NULL)) AND (deleted_at IS NULL) AND (visibility = 0) AND (reblog_of_id IS NULL) AND ((NOT reply) OR (in_reply_to_account_id = account_id)));
CREATE INDEX index_statuses_public_20250129 ON statuses USING btree (id DESC, language, account_id) WHERE ((deleted_at IS NULL) AND (visibility = 0) AND (reblog_of_id IS NULL) AND ((NOT reply) OR (in_reply_to_account_id = account_id)));
CREATE INDEX index_statuses_on_in_reply_to_account_id ON statuses USING btree (in_reply_to_account_id) WHERE (in_reply_to_account_id IS NOT NULL);
CREATE INDEX index_statuses_on_in_reply_to_id ON statuses USING btree (in_reply_to_id) WHERE (in_reply_to_id IS NOT NULL);
CREATE INDEX index_statuses_on_reblog_of_id_and_account_id ON statuses USING btree (reblog_of_id, account_id);
CREATE UNIQUE INDEX index_statuses_on_uri ON statuses USING btree (uri text_pattern_ops) WHERE (uri IS NOT NULL);
CREATE INDEX index_statuses_tags_on_status_id ON statuses_tags USING btree (status_id);
CREATE UNIQUE INDEX index_tag_follows_on_account_id_and_tag_id ON tag_follows USING btree (account_id, tag_id);
CREATE INDEX index_tag_follows_on_tag_id ON tag_follows USING btree (tag_id);
CREATE UNIQUE INDEX index_tags_on_name_lower_btree ON tags USING btree (lower((name)::text) text_pattern_ops);
CREATE INDEX index_users_on_account_id ON users USING btree (account_id);
CREATE UNIQUE INDEX index_users_on_confirmation_token ON users USING btree (confirmation_token);
CREATE INDEX index_users_on_created_by_application_id ON users USING btree (created_by_application_id) WHERE (created_by_application_id IS NOT NULL);
CREATE UNIQUE INDEX index_users_on_email ON users USING btree (email);
CREATE UNIQUE INDEX index_users_on_reset_password_token ON users USING btree (reset_password_token text_pattern_ops) WHERE (reset_password_token IS NOT NULL);
CREATE INDEX index_users_on_role_id ON users USING btree (role_id) WHERE (role_id IS NOT NULL);
CREATE INDEX index_users_on_unconfirmed_email ON users USING btree (unconfirmed_email) WHERE (unconfirmed_email IS NOT NULL);
CREATE UNIQUE INDEX index_web_settings_on_user_id ON web_settings USING btree (user_id);

ALTER TABLE ONLY accounts
    ADD CONSTRAINT fk_rails_2320833084 FOREIGN KEY (moved_to_account_id) REFERENCES accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY account_stats
    ADD CONSTRAINT fk_rails_215bb31ff1 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY blocks
    ADD CONSTRAINT fk_9571bfabc1 FOREIGN KEY (target_account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY blocks
    ADD CONSTRAINT fk_4269e03e65 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY bookmarks
    ADD CONSTRAINT fk_rails_9f6ac182a6 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY bookmarks
    ADD CONSTRAINT fk_rails_11207ffcfd FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY favourites
    ADD CONSTRAINT fk_5eb6c2b873 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY favourites
    ADD CONSTRAINT fk_b0e856845e FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY featured_tags
    ADD CONSTRAINT fk_rails_174efcf15f FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY featured_tags
    ADD CONSTRAINT fk_rails_23a9055c7c FOREIGN KEY (tag_id) REFERENCES tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY follow_requests
    ADD CONSTRAINT fk_9291ec025d FOREIGN KEY (target_account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY follow_requests
    ADD CONSTRAINT fk_76d644b0e7 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY follows
    ADD CONSTRAINT fk_745ca29eac FOREIGN KEY (target_account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY follows
    ADD CONSTRAINT fk_32ed1b5560 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY invites
    ADD CONSTRAINT fk_rails_ff69dbb2ac FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY list_accounts
    ADD CONSTRAINT fk_rails_85fee9d6ab FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY list_accounts
    ADD CONSTRAINT fk_rails_f11f9d1fcc FOREIGN KEY (follow_request_id) REFERENCES follow_requests(id) ON DELETE CASCADE;

ALTER TABLE ONLY list_accounts
    ADD CONSTRAINT fk_rails_40f9cc29f1 FOREIGN KEY (follow_id) REFERENCES follows(id) ON DELETE CASCADE;

ALTER TABLE ONLY list_accounts
    ADD CONSTRAINT fk_rails_e54e356c88 FOREIGN KEY (list_id) REFERENCES lists(id) ON DELETE CASCADE;

ALTER TABLE ONLY lists
    ADD CONSTRAINT fk_rails_3853b78dac FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY login_activities
    ADD CONSTRAINT fk_rails_e4b6396b41 FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY markers
    ADD CONSTRAINT fk_rails_a7009bc2b6 FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY media_attachments
    ADD CONSTRAINT fk_96dd81e81b FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY media_attachments
    ADD CONSTRAINT fk_rails_3ec0cfdd70 FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE SET NULL;

ALTER TABLE ONLY mentions
    ADD CONSTRAINT fk_970d43f9d1 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY mentions
    ADD CONSTRAINT fk_rails_59edbe2887 FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY mutes
    ADD CONSTRAINT fk_eecff219ea FOREIGN KEY (target_account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY mutes
    ADD CONSTRAINT fk_b8d8daf315 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT fk_fbd6b0bf9e FOREIGN KEY (from_account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT fk_c141c8ee55 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY oauth_access_tokens
    ADD CONSTRAINT fk_f5fc4c1ee3 FOREIGN KEY (application_id) REFERENCES oauth_applications(id) ON DELETE CASCADE;

ALTER TABLE ONLY oauth_access_tokens
    ADD CONSTRAINT fk_e84df68546 FOREIGN KEY (resource_owner_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY oauth_applications
    ADD CONSTRAINT fk_b0988c7c0a FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY poll_votes
    ADD CONSTRAINT fk_rails_b6c18cf44a FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY poll_votes
    ADD CONSTRAINT fk_rails_a6e6974b7e FOREIGN KEY (poll_id) REFERENCES polls(id) ON DELETE CASCADE;

ALTER TABLE ONLY polls
    ADD CONSTRAINT fk_rails_5b19a0c011 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY polls
    ADD CONSTRAINT fk_rails_3e0d9f1115 FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY preview_cards
    ADD CONSTRAINT fk_rails_dca4905b94 FOREIGN KEY (author_account_id) REFERENCES accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY reports
    ADD CONSTRAINT fk_bca45b75fd FOREIGN KEY (action_taken_by_account_id) REFERENCES accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY reports
    ADD CONSTRAINT fk_rails_4e7a498fb4 FOREIGN KEY (assigned_account_id) REFERENCES accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY reports
    ADD CONSTRAINT fk_eb37af34f0 FOREIGN KEY (target_account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY reports
    ADD CONSTRAINT fk_4b81f7522c FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY reports
    ADD CONSTRAINT fk_rails_3deb8c7acb FOREIGN KEY (application_id) REFERENCES oauth_applications(id) ON DELETE SET NULL;

ALTER TABLE ONLY status_pins
    ADD CONSTRAINT fk_d4cb435b62 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY status_pins
    ADD CONSTRAINT fk_rails_65c05552f1 FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY status_stats
    ADD CONSTRAINT fk_rails_4a247aac42 FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY statuses
    ADD CONSTRAINT fk_c7fa917661 FOREIGN KEY (in_reply_to_account_id) REFERENCES accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY statuses
    ADD CONSTRAINT fk_9bda1543f7 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY statuses
    ADD CONSTRAINT fk_rails_94a6f70399 FOREIGN KEY (in_reply_to_id) REFERENCES statuses(id) ON DELETE SET NULL;

ALTER TABLE ONLY statuses
    ADD CONSTRAINT fk_rails_256483a9ab FOREIGN KEY (reblog_of_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY statuses_tags
    ADD CONSTRAINT fk_rails_df0fe11427 FOREIGN KEY (status_id) REFERENCES statuses(id) ON DELETE CASCADE;

ALTER TABLE ONLY statuses_tags
    ADD CONSTRAINT fk_3081861e21 FOREIGN KEY (tag_id) REFERENCES tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY tag_follows
    ADD CONSTRAINT fk_rails_091e831473 FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY tag_follows
    ADD CONSTRAINT fk_rails_0deefe597f FOREIGN KEY (tag_id) REFERENCES tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY users
    ADD CONSTRAINT fk_50500f500d FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY users
    ADD CONSTRAINT fk_rails_8fb2a43e88 FOREIGN KEY (invite_id) REFERENCES invites(id) ON DELETE SET NULL;

ALTER TABLE ONLY users
    ADD CONSTRAINT fk_rails_ecc9536e7c FOREIGN KEY (created_by_application_id) REFERENCES oauth_applications(id) ON DELETE SET NULL;

ALTER TABLE ONLY users
    ADD CONSTRAINT fk_rails_642f17018b FOREIGN KEY (role_id) REFERENCES user_roles(id) ON DELETE SET NULL;

ALTER TABLE ONLY web_settings
    ADD CONSTRAINT fk_11910667b2 FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
