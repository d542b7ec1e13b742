-- The indexes (t.index) of schema.rb for the kept tables, as Rails creates them: index
-- options become WHERE, DESC NULLS LAST and USING gin, expression indexes verbatim. Left
-- out: the three pg_trgm indexes (index_contacts_on_name_email_phone_number_identifier,
-- index_messages_on_content, tags_name_trgm_idx), which need the pg_trgm extension for
-- full-text search and serve no equality lookup. schema.rb declares no foreign key between
-- the kept tables (its five add_foreign_key lines name tables that were not kept): Chatwoot
-- keeps its references in Rails associations only.

CREATE UNIQUE INDEX uniq_user_id_per_account_id ON account_users USING btree (account_id, user_id);
CREATE INDEX index_account_users_on_account_id ON account_users USING btree (account_id);
CREATE INDEX index_account_users_on_agent_capacity_policy_id ON account_users USING btree (agent_capacity_policy_id);
CREATE INDEX index_account_users_on_custom_role_id ON account_users USING btree (custom_role_id);
CREATE INDEX index_account_users_on_user_id ON account_users USING btree (user_id);

CREATE INDEX index_accounts_on_status ON accounts USING btree (status);

CREATE INDEX index_attachments_on_account_id ON attachments USING btree (account_id);
CREATE INDEX index_attachments_on_message_id ON attachments USING btree (message_id);

CREATE INDEX index_campaigns_on_account_id ON campaigns USING btree (account_id);
CREATE INDEX index_campaigns_on_campaign_status ON campaigns USING btree (campaign_status);
CREATE INDEX index_campaigns_on_campaign_type ON campaigns USING btree (campaign_type);
CREATE INDEX index_campaigns_on_inbox_id ON campaigns USING btree (inbox_id);
CREATE INDEX index_campaigns_on_scheduled_at ON campaigns USING btree (scheduled_at);

CREATE UNIQUE INDEX index_channel_web_widgets_on_hmac_token ON channel_web_widgets USING btree (hmac_token);
CREATE UNIQUE INDEX index_channel_web_widgets_on_website_token ON channel_web_widgets USING btree (website_token);

CREATE INDEX index_contact_inboxes_on_contact_id ON contact_inboxes USING btree (contact_id);
CREATE UNIQUE INDEX index_contact_inboxes_on_inbox_id_and_source_id ON contact_inboxes USING btree (inbox_id, source_id);
CREATE INDEX index_contact_inboxes_on_inbox_id ON contact_inboxes USING btree (inbox_id);
CREATE UNIQUE INDEX index_contact_inboxes_on_pubsub_token ON contact_inboxes USING btree (pubsub_token);
CREATE INDEX index_contact_inboxes_on_source_id ON contact_inboxes USING btree (source_id);

CREATE INDEX index_contacts_on_lower_email_account_id ON contacts USING btree (lower((email)::text), account_id);
CREATE INDEX index_contacts_on_account_id_and_contact_type ON contacts USING btree (account_id, contact_type);
CREATE INDEX index_contacts_on_nonempty_fields ON contacts USING btree (account_id, email, phone_number, identifier) WHERE (((email)::text <> ''::text) OR ((phone_number)::text <> ''::text) OR ((identifier)::text <> ''::text));
CREATE INDEX index_contacts_on_account_id_and_last_activity_at ON contacts USING btree (account_id, last_activity_at DESC NULLS LAST);
CREATE INDEX index_contacts_on_account_id ON contacts USING btree (account_id);
CREATE INDEX index_resolved_contact_account_id ON contacts USING btree (account_id) WHERE (((email)::text <> ''::text) OR ((phone_number)::text <> ''::text) OR ((identifier)::text <> ''::text));
CREATE INDEX index_contacts_on_blocked ON contacts USING btree (blocked);
CREATE UNIQUE INDEX uniq_email_per_account_contact ON contacts USING btree (email, account_id);
CREATE UNIQUE INDEX uniq_identifier_per_account_contact ON contacts USING btree (identifier, account_id);
CREATE INDEX index_contacts_on_phone_number_and_account_id ON contacts USING btree (phone_number, account_id);

CREATE UNIQUE INDEX index_conversations_on_account_id_and_display_id ON conversations USING btree (account_id, display_id);
CREATE INDEX index_conversations_on_id_and_account_id ON conversations USING btree (account_id, id);
CREATE INDEX conv_acid_inbid_stat_asgnid_idx ON conversations USING btree (account_id, inbox_id, status, assignee_id);
CREATE INDEX index_conversations_on_account_id ON conversations USING btree (account_id);
CREATE INDEX index_conversations_on_assignee_id_and_account_id ON conversations USING btree (assignee_id, account_id);
CREATE INDEX index_conversations_on_campaign_id ON conversations USING btree (campaign_id);
CREATE INDEX index_conversations_on_contact_id ON conversations USING btree (contact_id);
CREATE INDEX index_conversations_on_contact_inbox_id ON conversations USING btree (contact_inbox_id);
CREATE INDEX index_conversations_on_first_reply_created_at ON conversations USING btree (first_reply_created_at);
CREATE INDEX index_conversations_on_inbox_id ON conversations USING btree (inbox_id);
CREATE INDEX index_conversations_on_priority ON conversations USING btree (priority);
CREATE INDEX index_conversations_on_status_and_account_id ON conversations USING btree (status, account_id);
CREATE INDEX index_conversations_on_status_and_priority ON conversations USING btree (status, priority);
CREATE INDEX index_conversations_on_team_id ON conversations USING btree (team_id);
CREATE UNIQUE INDEX index_conversations_on_uuid ON conversations USING btree (uuid);
CREATE INDEX index_conversations_on_waiting_since ON conversations USING btree (waiting_since);

CREATE UNIQUE INDEX index_inbox_members_on_inbox_id_and_user_id ON inbox_members USING btree (inbox_id, user_id);
CREATE INDEX index_inbox_members_on_inbox_id ON inbox_members USING btree (inbox_id);

CREATE INDEX index_inboxes_on_account_id ON inboxes USING btree (account_id);
CREATE INDEX index_inboxes_on_channel_id_and_channel_type ON inboxes USING btree (channel_id, channel_type);
CREATE INDEX index_inboxes_on_portal_id ON inboxes USING btree (portal_id);

CREATE INDEX index_labels_on_account_id ON labels USING btree (account_id);
CREATE UNIQUE INDEX index_labels_on_title_and_account_id ON labels USING btree (title, account_id);

CREATE INDEX index_mentions_on_account_id ON mentions USING btree (account_id);
CREATE INDEX index_mentions_on_conversation_id ON mentions USING btree (conversation_id);
CREATE UNIQUE INDEX index_mentions_on_user_id_and_conversation_id ON mentions USING btree (user_id, conversation_id);
CREATE INDEX index_mentions_on_user_id ON mentions USING btree (user_id);

CREATE INDEX index_messages_on_additional_attributes_campaign_id ON messages USING gin (((additional_attributes -> 'campaign_id'::text)));
CREATE INDEX idx_messages_account_content_created ON messages USING btree (account_id, content_type, created_at);
CREATE INDEX index_messages_on_account_created_type ON messages USING btree (account_id, created_at, message_type);
CREATE INDEX index_messages_on_account_id_and_inbox_id ON messages USING btree (account_id, inbox_id);
CREATE INDEX index_messages_on_account_id ON messages USING btree (account_id);
CREATE INDEX index_messages_on_conversation_account_type_created ON messages USING btree (conversation_id, account_id, message_type, created_at);
CREATE INDEX index_messages_on_conversation_id ON messages USING btree (conversation_id);
CREATE INDEX index_messages_on_created_at ON messages USING btree (created_at);
CREATE INDEX index_messages_on_inbox_id ON messages USING btree (inbox_id);
CREATE INDEX index_messages_on_sender_type_and_sender_id ON messages USING btree (sender_type, sender_id);
CREATE INDEX index_messages_on_source_id ON messages USING btree (source_id);

CREATE INDEX index_notifications_on_account_id ON notifications USING btree (account_id);
CREATE INDEX index_notifications_on_last_activity_at ON notifications USING btree (last_activity_at);
CREATE INDEX uniq_primary_actor_per_account_notifications ON notifications USING btree (primary_actor_type, primary_actor_id);
CREATE INDEX uniq_secondary_actor_per_account_notifications ON notifications USING btree (secondary_actor_type, secondary_actor_id);
CREATE INDEX idx_notifications_performance ON notifications USING btree (user_id, account_id, snoozed_until, read_at);
CREATE INDEX index_notifications_on_user_id ON notifications USING btree (user_id);

CREATE INDEX reporting_events__account_id__name__created_at ON reporting_events USING btree (account_id, name, created_at);
CREATE INDEX index_reporting_events_on_account_id ON reporting_events USING btree (account_id);
CREATE INDEX index_reporting_events_on_conversation_id ON reporting_events USING btree (conversation_id);
CREATE INDEX index_reporting_events_on_created_at ON reporting_events USING btree (created_at);
CREATE INDEX index_reporting_events_on_inbox_id ON reporting_events USING btree (inbox_id);
CREATE INDEX index_reporting_events_on_name ON reporting_events USING btree (name);
CREATE INDEX index_reporting_events_on_user_id ON reporting_events USING btree (user_id);

CREATE INDEX index_taggings_on_context ON taggings USING btree (context);
CREATE UNIQUE INDEX taggings_idx ON taggings USING btree (tag_id, taggable_id, taggable_type, context, tagger_id, tagger_type);
CREATE INDEX index_taggings_on_tag_id ON taggings USING btree (tag_id);
CREATE INDEX index_taggings_on_taggable_id_and_taggable_type_and_context ON taggings USING btree (taggable_id, taggable_type, context);
CREATE INDEX taggings_idy ON taggings USING btree (taggable_id, taggable_type, tagger_id, context);
CREATE INDEX index_taggings_on_taggable_id ON taggings USING btree (taggable_id);
CREATE INDEX index_taggings_on_taggable_type ON taggings USING btree (taggable_type);
CREATE INDEX index_taggings_on_tagger_id_and_tagger_type ON taggings USING btree (tagger_id, tagger_type);
CREATE INDEX index_taggings_on_tagger_id ON taggings USING btree (tagger_id);

CREATE UNIQUE INDEX index_tags_on_name ON tags USING btree (name);

CREATE UNIQUE INDEX index_team_members_on_team_id_and_user_id ON team_members USING btree (team_id, user_id);
CREATE INDEX index_team_members_on_team_id ON team_members USING btree (team_id);
CREATE INDEX index_team_members_on_user_id ON team_members USING btree (user_id);

CREATE INDEX index_teams_on_account_id ON teams USING btree (account_id);
CREATE UNIQUE INDEX index_teams_on_name_and_account_id ON teams USING btree (name, account_id);

CREATE INDEX index_users_on_email ON users USING btree (email);
CREATE UNIQUE INDEX index_users_on_pubsub_token ON users USING btree (pubsub_token);
CREATE UNIQUE INDEX index_users_on_reset_password_token ON users USING btree (reset_password_token);
CREATE UNIQUE INDEX index_users_on_uid_and_provider ON users USING btree (uid, provider);

CREATE UNIQUE INDEX index_webhooks_on_account_id_and_url ON webhooks USING btree (account_id, url);
