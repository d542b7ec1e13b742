-- The indexes (t.index) of schema.rb for the kept tables, as Rails creates them: `where:`
-- becomes WHERE, `order: :desc` DESC, `order: "NULLS FIRST"` NULLS FIRST, `using: :gin`
-- USING gin. schema.rb's only add_foreign_key lines (active_storage_attachments and
-- active_storage_variant_records to active_storage_blobs) name tables that were not kept:
-- Loomio keeps every reference between these tables in Rails associations only.

CREATE INDEX index_attachments_on_attachable_id_and_attachable_type ON attachments USING btree (attachable_id, attachable_type);
CREATE INDEX index_attachments_on_comment_id ON attachments USING btree (comment_id);

CREATE INDEX index_comments_on_discussion_id ON comments USING btree (discussion_id);
CREATE INDEX index_comments_on_parent_type_and_parent_id ON comments USING btree (parent_type, parent_id);

CREATE INDEX index_discussion_readers_discussion_id ON discussion_readers USING btree (discussion_id);
CREATE INDEX discussion_readers_guests ON discussion_readers USING btree (guest) WHERE (guest = true);
CREATE INDEX inviter_id_not_null ON discussion_readers USING btree (inviter_id) WHERE (inviter_id IS NOT NULL);
CREATE UNIQUE INDEX index_discussion_readers_on_token ON discussion_readers USING btree (token);
CREATE UNIQUE INDEX index_discussion_readers_on_user_id_and_discussion_id ON discussion_readers USING btree (user_id, discussion_id);

CREATE INDEX index_discussions_on_author_id ON discussions USING btree (author_id);
CREATE INDEX index_discussions_on_created_at ON discussions USING btree (created_at);
CREATE INDEX index_discussions_on_discarded_at ON discussions USING btree (discarded_at) WHERE (discarded_at IS NULL);
CREATE INDEX index_discussions_on_group_id ON discussions USING btree (group_id);
CREATE UNIQUE INDEX index_discussions_on_key ON discussions USING btree (key);
CREATE INDEX index_discussions_on_last_activity_at ON discussions USING btree (last_activity_at DESC);
CREATE INDEX index_discussions_on_private ON discussions USING btree (private);
CREATE INDEX index_discussions_on_tags ON discussions USING gin (tags);
CREATE INDEX index_discussions_on_template ON discussions USING btree (template) WHERE (template IS TRUE);

CREATE INDEX index_documents_on_group_id ON documents USING btree (group_id);
CREATE INDEX index_documents_on_model_id ON documents USING btree (model_id);
CREATE INDEX index_documents_on_model_type ON documents USING btree (model_type);

CREATE INDEX index_events_on_created_at ON events USING btree (created_at);
CREATE UNIQUE INDEX index_events_on_discussion_id_and_sequence_id ON events USING btree (discussion_id, sequence_id);
CREATE INDEX index_events_on_eventable_id_and_kind ON events USING btree (eventable_id, kind);
CREATE INDEX index_events_on_eventable_type_and_eventable_id ON events USING btree (eventable_type, eventable_id);
CREATE INDEX index_events_on_parent_id_and_discussion_id ON events USING btree (parent_id, discussion_id) WHERE (discussion_id IS NOT NULL);
CREATE INDEX index_events_on_parent_id ON events USING btree (parent_id);
CREATE INDEX index_events_on_position_key ON events USING btree (position_key);
CREATE INDEX index_events_on_user_id ON events USING btree (user_id);

CREATE INDEX index_groups_on_archived_at ON groups USING btree (archived_at) WHERE (archived_at IS NULL);
CREATE INDEX index_groups_on_created_at ON groups USING btree (created_at);
CREATE INDEX index_groups_on_full_name ON groups USING btree (full_name);
CREATE UNIQUE INDEX index_groups_on_handle ON groups USING btree (handle);
CREATE UNIQUE INDEX index_groups_on_key ON groups USING btree (key);
CREATE INDEX index_groups_on_name ON groups USING btree (name);
CREATE INDEX index_groups_on_parent_id ON groups USING btree (parent_id);
CREATE INDEX groups_subscription_id_idx ON groups USING btree (subscription_id);
CREATE UNIQUE INDEX index_groups_on_token ON groups USING btree (token);

CREATE INDEX index_membership_requests_on_group_id ON membership_requests USING btree (group_id);
CREATE INDEX index_membership_requests_on_requestor_id ON membership_requests USING btree (requestor_id);
CREATE INDEX index_membership_requests_on_responder_id ON membership_requests USING btree (responder_id);

CREATE INDEX index_memberships_on_created_at ON memberships USING btree (created_at);
CREATE UNIQUE INDEX index_memberships_on_group_id_and_user_id ON memberships USING btree (group_id, user_id);
CREATE INDEX index_memberships_on_inviter_id ON memberships USING btree (inviter_id);
CREATE UNIQUE INDEX index_memberships_on_token ON memberships USING btree (token);
CREATE INDEX index_memberships_on_user_id_and_volume ON memberships USING btree (user_id, volume);
CREATE INDEX index_memberships_on_volume ON memberships USING btree (volume);

CREATE INDEX index_notifications_on_event_id ON notifications USING btree (event_id);
CREATE INDEX index_notifications_on_id ON notifications USING btree (id DESC);
CREATE INDEX notifications_user_id_id_idx ON notifications USING btree (user_id, id);
CREATE INDEX index_notifications_on_user_id ON notifications USING btree (user_id);

CREATE INDEX index_outcomes_on_poll_id ON outcomes USING btree (poll_id);

CREATE INDEX index_poll_options_on_poll_id ON poll_options USING btree (poll_id);

CREATE UNIQUE INDEX index_poll_unsubscriptions_on_poll_id_and_user_id ON poll_unsubscriptions USING btree (poll_id, user_id);

CREATE INDEX index_polls_on_author_id ON polls USING btree (author_id);
CREATE INDEX index_polls_on_closed_at_and_closing_at ON polls USING btree (closed_at, closing_at);
CREATE INDEX index_polls_on_closed_at_and_discussion_id ON polls USING btree (closed_at, discussion_id);
CREATE INDEX index_polls_on_discussion_id ON polls USING btree (discussion_id);
CREATE INDEX index_polls_on_group_id ON polls USING btree (group_id);
CREATE UNIQUE INDEX index_polls_on_key ON polls USING btree (key);
CREATE INDEX index_polls_on_tags ON polls USING gin (tags);

CREATE INDEX index_reactions_on_created_at ON reactions USING btree (created_at);
CREATE INDEX index_reactions_on_reactable_id_and_reactable_type ON reactions USING btree (reactable_id, reactable_type);
CREATE INDEX index_reactions_on_user_id ON reactions USING btree (user_id);

CREATE INDEX index_stance_choices_on_poll_option_id ON stance_choices USING btree (poll_option_id);
CREATE INDEX index_stance_choices_on_stance_id ON stance_choices USING btree (stance_id);

CREATE INDEX stances_guests ON stances USING btree (guest) WHERE (guest = true);
CREATE INDEX index_stances_on_participant_id ON stances USING btree (participant_id);
CREATE INDEX index_stances_on_poll_id_and_cast_at ON stances USING btree (poll_id, cast_at NULLS FIRST);
CREATE UNIQUE INDEX index_stances_on_poll_id_and_participant_id_and_latest ON stances USING btree (poll_id, participant_id, latest) WHERE (latest = true);
CREATE INDEX index_stances_on_poll_id ON stances USING btree (poll_id);
CREATE UNIQUE INDEX index_stances_on_token ON stances USING btree (token);

CREATE INDEX index_subscriptions_on_owner_id ON subscriptions USING btree (owner_id);
CREATE INDEX index_subscriptions_on_plan ON subscriptions USING btree (plan);

CREATE INDEX index_taggings_on_tag_id ON taggings USING btree (tag_id);
CREATE INDEX index_taggings_on_taggable_type_and_taggable_id ON taggings USING btree (taggable_type, taggable_id);

CREATE UNIQUE INDEX index_tags_on_group_id_and_name ON tags USING btree (group_id, name);
CREATE INDEX index_tags_on_group_id ON tags USING btree (group_id);
CREATE INDEX index_tags_on_name ON tags USING btree (name);

CREATE INDEX index_users_on_api_key ON users USING btree (api_key);
CREATE UNIQUE INDEX index_users_on_email ON users USING btree (email);
CREATE INDEX index_users_on_email_verified ON users USING btree (email_verified);
CREATE UNIQUE INDEX index_users_on_key ON users USING btree (key);
CREATE INDEX users_remember_token_idx ON users USING btree (remember_token);
CREATE UNIQUE INDEX index_users_on_reset_password_token ON users USING btree (reset_password_token);
CREATE UNIQUE INDEX index_users_on_unlock_token ON users USING btree (unlock_token);
CREATE UNIQUE INDEX index_users_on_unsubscribe_token ON users USING btree (unsubscribe_token);
CREATE UNIQUE INDEX index_users_on_username ON users USING btree (username);

CREATE INDEX index_versions_on_item_type_and_item_id ON versions USING btree (item_type, item_id);
