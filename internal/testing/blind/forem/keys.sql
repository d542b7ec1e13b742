-- The indexes (t.index) and foreign keys (add_foreign_key) of schema.rb for the kept tables,
-- as Rails creates them, after the data. Left out (SOURCE.md): the GIN indexes for full-text
-- and trigram search and over jsonb (they serve no equality lookup and need pg_trgm), and
-- the two unique expression indexes over digest(body_markdown, 'sha512') (they need
-- pgcrypto; they only stop double submissions). Foreign keys to tables that were not kept
-- (chat_channels from tags) are left out with their tables.

CREATE INDEX index_api_secrets_on_user_id ON api_secrets USING btree (user_id);
CREATE UNIQUE INDEX index_api_secrets_on_secret ON api_secrets USING btree (secret);

CREATE UNIQUE INDEX index_articles_on_canonical_url ON articles USING btree (canonical_url);
CREATE INDEX index_articles_on_collection_id ON articles USING btree (collection_id);
CREATE INDEX index_articles_on_comment_score ON articles USING btree (comment_score);
CREATE INDEX index_articles_on_comments_count ON articles USING btree (comments_count);
CREATE INDEX index_articles_on_featured_number ON articles USING btree (featured_number);
CREATE UNIQUE INDEX index_articles_on_feed_source_url ON articles USING btree (feed_source_url);
CREATE INDEX index_articles_on_hotness_score_and_comments_count ON articles USING btree (hotness_score, comments_count);
CREATE INDEX index_articles_on_hotness_score ON articles USING btree (hotness_score);
CREATE INDEX index_articles_on_path ON articles USING btree (path);
CREATE INDEX index_articles_on_public_reactions_count ON articles USING btree (public_reactions_count DESC);
CREATE INDEX index_articles_on_published ON articles USING btree (published);
CREATE INDEX index_articles_on_published_at ON articles USING btree (published_at);
CREATE UNIQUE INDEX index_articles_on_slug_and_user_id ON articles USING btree (slug, user_id);
CREATE INDEX index_articles_on_user_id ON articles USING btree (user_id);

CREATE UNIQUE INDEX index_badge_achievements_on_badge_id_and_user_id ON badge_achievements USING btree (badge_id, user_id);
CREATE INDEX index_badge_achievements_on_user_id_and_badge_id ON badge_achievements USING btree (user_id, badge_id);

CREATE UNIQUE INDEX index_badges_on_slug ON badges USING btree (slug);
CREATE UNIQUE INDEX index_badges_on_title ON badges USING btree (title);

CREATE INDEX index_collections_on_organization_id ON collections USING btree (organization_id);
CREATE UNIQUE INDEX index_collections_on_slug_and_user_id ON collections USING btree (slug, user_id);
CREATE INDEX index_collections_on_user_id ON collections USING btree (user_id);

CREATE INDEX index_comments_on_ancestry ON comments USING btree (ancestry);
CREATE INDEX index_comments_on_commentable_id_and_commentable_type ON comments USING btree (commentable_id, commentable_type);
CREATE INDEX index_comments_on_created_at ON comments USING btree (created_at);
CREATE INDEX index_comments_on_deleted ON comments USING btree (deleted) WHERE (deleted = false);
CREATE INDEX index_comments_on_hidden_by_commentable_user ON comments USING btree (hidden_by_commentable_user) WHERE (hidden_by_commentable_user = false);
CREATE INDEX index_comments_on_score ON comments USING btree (score);
CREATE INDEX index_comments_on_user_id ON comments USING btree (user_id);

CREATE INDEX index_follows_on_created_at ON follows USING btree (created_at);
CREATE UNIQUE INDEX index_follows_on_followable_and_follower ON follows USING btree (followable_id, followable_type, follower_id, follower_type);
CREATE INDEX fk_followables ON follows USING btree (followable_id, followable_type);
CREATE INDEX fk_follows ON follows USING btree (follower_id, follower_type);

CREATE UNIQUE INDEX index_identities_on_provider_and_uid ON identities USING btree (provider, uid);
CREATE UNIQUE INDEX index_identities_on_provider_and_user_id ON identities USING btree (provider, user_id);

CREATE UNIQUE INDEX index_mentions_on_user_id_and_mentionable_id_mentionable_type ON mentions USING btree (user_id, mentionable_id, mentionable_type);

CREATE INDEX index_notification_subscriptions_on_notifiable_and_config ON notification_subscriptions USING btree (notifiable_id, notifiable_type, config);
CREATE UNIQUE INDEX idx_notification_subs_on_user_id_notifiable_type_notifiable_id ON notification_subscriptions USING btree (user_id, notifiable_type, notifiable_id);

CREATE INDEX index_notifications_on_created_at ON notifications USING btree (created_at);
CREATE INDEX index_notifications_on_notifiable_id_notifiable_type_and_action ON notifications USING btree (notifiable_id, notifiable_type, action);
CREATE INDEX index_notifications_on_notifiable_type ON notifications USING btree (notifiable_type);
CREATE INDEX index_notifications_on_notified_at ON notifications USING btree (notified_at);
CREATE UNIQUE INDEX index_notifications_on_org_notifiable_and_action_not_null ON notifications USING btree (organization_id, notifiable_id, notifiable_type, action) WHERE (action IS NOT NULL);
CREATE UNIQUE INDEX index_notifications_on_org_notifiable_action_is_null ON notifications USING btree (organization_id, notifiable_id, notifiable_type) WHERE (action IS NULL);
CREATE UNIQUE INDEX index_notifications_on_user_notifiable_and_action_not_null ON notifications USING btree (user_id, notifiable_id, notifiable_type, action) WHERE (action IS NOT NULL);
CREATE UNIQUE INDEX index_notifications_on_user_notifiable_action_is_null ON notifications USING btree (user_id, notifiable_id, notifiable_type) WHERE (action IS NULL);
CREATE UNIQUE INDEX index_notifications_user_id_organization_id_notifiable_action ON notifications USING btree (user_id, organization_id, notifiable_id, notifiable_type, action);

CREATE UNIQUE INDEX index_organization_memberships_on_user_id_and_organization_id ON organization_memberships USING btree (user_id, organization_id);

CREATE UNIQUE INDEX index_organizations_on_secret ON organizations USING btree (secret);
CREATE UNIQUE INDEX index_organizations_on_slug ON organizations USING btree (slug);

CREATE INDEX index_page_views_on_article_id ON page_views USING btree (article_id);
CREATE INDEX index_page_views_on_created_at ON page_views USING btree (created_at);
CREATE INDEX index_page_views_on_user_id ON page_views USING btree (user_id);

CREATE UNIQUE INDEX index_profiles_on_user_id ON profiles USING btree (user_id);

CREATE INDEX index_reactions_on_category ON reactions USING btree (category);
CREATE INDEX index_reactions_on_created_at ON reactions USING btree (created_at);
CREATE INDEX index_reactions_on_points ON reactions USING btree (points);
CREATE INDEX index_reactions_on_reactable_id_and_reactable_type ON reactions USING btree (reactable_id, reactable_type);
CREATE INDEX index_reactions_on_reactable_type ON reactions USING btree (reactable_type);
CREATE INDEX index_reactions_on_status ON reactions USING btree (status);
CREATE UNIQUE INDEX index_reactions_on_user_id_reactable_id_reactable_type_category ON reactions USING btree (user_id, reactable_id, reactable_type, category);

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
CREATE INDEX index_tags_on_social_preview_template ON tags USING btree (social_preview_template);
CREATE INDEX index_tags_on_supported ON tags USING btree (supported);

CREATE UNIQUE INDEX index_user_blocks_on_blocked_id_and_blocker_id ON user_blocks USING btree (blocked_id, blocker_id);

CREATE UNIQUE INDEX index_users_on_confirmation_token ON users USING btree (confirmation_token);
CREATE INDEX index_users_on_created_at ON users USING btree (created_at);
CREATE UNIQUE INDEX index_users_on_email ON users USING btree (email);
CREATE INDEX index_users_on_feed_fetched_at ON users USING btree (feed_fetched_at);
CREATE INDEX index_users_on_feed_url ON users USING btree (feed_url) WHERE ((COALESCE(feed_url, ''::character varying))::text <> ''::text);
CREATE UNIQUE INDEX index_users_on_github_username ON users USING btree (github_username);
CREATE UNIQUE INDEX index_users_on_invitation_token ON users USING btree (invitation_token);
CREATE INDEX index_users_on_invitations_count ON users USING btree (invitations_count);
CREATE INDEX index_users_on_invited_by_id ON users USING btree (invited_by_id);
CREATE INDEX index_users_on_invited_by_type_and_invited_by_id ON users USING btree (invited_by_type, invited_by_id);
CREATE INDEX index_users_on_old_old_username ON users USING btree (old_old_username);
CREATE INDEX index_users_on_old_username ON users USING btree (old_username);
CREATE UNIQUE INDEX index_users_on_reset_password_token ON users USING btree (reset_password_token);
CREATE UNIQUE INDEX index_users_on_twitter_username ON users USING btree (twitter_username);
CREATE UNIQUE INDEX index_users_on_username ON users USING btree (username);

CREATE INDEX index_users_settings_on_user_id ON users_settings USING btree (user_id);

ALTER TABLE ONLY api_secrets ADD CONSTRAINT fk_rails_api_secrets_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY articles ADD CONSTRAINT fk_rails_articles_collections FOREIGN KEY (collection_id) REFERENCES collections(id) ON DELETE SET NULL;
ALTER TABLE ONLY articles ADD CONSTRAINT fk_rails_articles_organizations FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE SET NULL;
ALTER TABLE ONLY articles ADD CONSTRAINT fk_rails_articles_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY badge_achievements ADD CONSTRAINT fk_rails_badge_achievements_badges FOREIGN KEY (badge_id) REFERENCES badges(id);
ALTER TABLE ONLY badge_achievements ADD CONSTRAINT fk_rails_badge_achievements_users FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY badge_achievements ADD CONSTRAINT fk_rails_badge_achievements_rewarder FOREIGN KEY (rewarder_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY collections ADD CONSTRAINT fk_rails_collections_organizations FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE SET NULL;
ALTER TABLE ONLY collections ADD CONSTRAINT fk_rails_collections_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY comments ADD CONSTRAINT fk_rails_comments_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY identities ADD CONSTRAINT fk_rails_identities_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY mentions ADD CONSTRAINT fk_rails_mentions_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY notification_subscriptions ADD CONSTRAINT fk_rails_notification_subscriptions_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY notifications ADD CONSTRAINT fk_rails_notifications_organizations FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE;
ALTER TABLE ONLY notifications ADD CONSTRAINT fk_rails_notifications_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY organization_memberships ADD CONSTRAINT fk_rails_organization_memberships_organizations FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE;
ALTER TABLE ONLY organization_memberships ADD CONSTRAINT fk_rails_organization_memberships_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY page_views ADD CONSTRAINT fk_rails_page_views_articles FOREIGN KEY (article_id) REFERENCES articles(id) ON DELETE CASCADE;
ALTER TABLE ONLY page_views ADD CONSTRAINT fk_rails_page_views_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE ONLY profiles ADD CONSTRAINT fk_rails_profiles_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY reactions ADD CONSTRAINT fk_rails_reactions_users FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY taggings ADD CONSTRAINT fk_rails_taggings_tags FOREIGN KEY (tag_id) REFERENCES tags(id) ON DELETE CASCADE;
ALTER TABLE ONLY tags ADD CONSTRAINT fk_rails_tags_badges FOREIGN KEY (badge_id) REFERENCES badges(id) ON DELETE SET NULL;
ALTER TABLE ONLY user_blocks ADD CONSTRAINT fk_rails_user_blocks_blocked FOREIGN KEY (blocked_id) REFERENCES users(id);
ALTER TABLE ONLY user_blocks ADD CONSTRAINT fk_rails_user_blocks_blocker FOREIGN KEY (blocker_id) REFERENCES users(id);
ALTER TABLE ONLY users_settings ADD CONSTRAINT fk_rails_users_settings_users FOREIGN KEY (user_id) REFERENCES users(id);
