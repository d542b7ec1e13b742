-- The constraints and indexes of the kept tables, as pg_dump writes them (its order), added
-- after the data.

ALTER TABLE ONLY public.comment_actions
    ADD CONSTRAINT comment_actions_pkey PRIMARY KEY (person_id, comment_id);

ALTER TABLE ONLY public.comment
    ADD CONSTRAINT comment_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_report
    ADD CONSTRAINT comment_report_comment_id_creator_id_key UNIQUE (comment_id, creator_id);

ALTER TABLE ONLY public.comment_report
    ADD CONSTRAINT comment_report_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.community_actions
    ADD CONSTRAINT community_actions_pkey PRIMARY KEY (person_id, community_id);

ALTER TABLE ONLY public.community
    ADD CONSTRAINT community_featured_url_key UNIQUE (featured_url);

ALTER TABLE ONLY public.community
    ADD CONSTRAINT community_moderators_url_key UNIQUE (moderators_url);

ALTER TABLE ONLY public.community
    ADD CONSTRAINT community_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment
    ADD CONSTRAINT idx_comment_ap_id UNIQUE (ap_id);

ALTER TABLE ONLY public.community
    ADD CONSTRAINT idx_community_actor_id UNIQUE (ap_id);

ALTER TABLE ONLY public.community
    ADD CONSTRAINT idx_community_followers_url UNIQUE (followers_url);

ALTER TABLE ONLY public.person
    ADD CONSTRAINT idx_person_actor_id UNIQUE (ap_id);

ALTER TABLE ONLY public.post
    ADD CONSTRAINT idx_post_ap_id UNIQUE (ap_id);

ALTER TABLE ONLY public.private_message
    ADD CONSTRAINT idx_private_message_ap_id UNIQUE (ap_id);

ALTER TABLE ONLY public.local_image
    ADD CONSTRAINT image_upload_pkey PRIMARY KEY (pictrs_alias);

ALTER TABLE ONLY public.instance
    ADD CONSTRAINT instance_domain_key UNIQUE (domain);

ALTER TABLE ONLY public.instance
    ADD CONSTRAINT instance_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.language
    ADD CONSTRAINT language_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.local_user
    ADD CONSTRAINT local_user_email_key UNIQUE (email);

ALTER TABLE ONLY public.local_user_language
    ADD CONSTRAINT local_user_language_pkey PRIMARY KEY (local_user_id, language_id);

ALTER TABLE ONLY public.local_user
    ADD CONSTRAINT local_user_person_id_key UNIQUE (person_id);

ALTER TABLE ONLY public.local_user
    ADD CONSTRAINT local_user_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.login_token
    ADD CONSTRAINT login_token_pkey PRIMARY KEY (token);

ALTER TABLE ONLY public.person
    ADD CONSTRAINT person__pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.person_actions
    ADD CONSTRAINT person_actions_pkey PRIMARY KEY (person_id, target_id);

ALTER TABLE ONLY public.person
    ADD CONSTRAINT person_name_instance_unique UNIQUE (name, instance_id);

ALTER TABLE ONLY public.post_actions
    ADD CONSTRAINT post_actions_pkey PRIMARY KEY (person_id, post_id);

ALTER TABLE ONLY public.post
    ADD CONSTRAINT post_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.post_report
    ADD CONSTRAINT post_report_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.post_report
    ADD CONSTRAINT post_report_post_id_creator_id_key UNIQUE (post_id, creator_id);

ALTER TABLE ONLY public.private_message
    ADD CONSTRAINT private_message_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.received_activity
    ADD CONSTRAINT received_activity_pkey PRIMARY KEY (ap_id);

CREATE INDEX idx_comment_actions_comment ON public.comment_actions USING btree (comment_id);

CREATE INDEX idx_comment_actions_like_score ON public.comment_actions USING btree (comment_id, vote_is_upvote, person_id) WHERE (vote_is_upvote IS NOT NULL);

CREATE INDEX idx_comment_actions_liked_not_null ON public.comment_actions USING btree (person_id, comment_id) WHERE ((voted_at IS NOT NULL) OR (vote_is_upvote IS NOT NULL));

CREATE INDEX idx_comment_actions_person ON public.comment_actions USING btree (person_id);

CREATE INDEX idx_comment_actions_saved_not_null ON public.comment_actions USING btree (person_id, comment_id) WHERE (saved_at IS NOT NULL);

CREATE INDEX idx_comment_actions_voted_at ON public.comment_actions USING btree (voted_at) WHERE (voted_at IS NOT NULL);

CREATE INDEX idx_comment_community ON public.comment USING btree (community_id);

CREATE INDEX idx_comment_content_trigram ON public.comment USING gin (content public.gin_trgm_ops);

CREATE INDEX idx_comment_controversy ON public.comment USING btree (controversy_rank DESC);

CREATE INDEX idx_comment_creator ON public.comment USING btree (creator_id);

CREATE INDEX idx_comment_hot ON public.comment USING btree (hot_rank DESC, score DESC);

CREATE INDEX idx_comment_language ON public.comment USING btree (language_id);

CREATE INDEX idx_comment_nonzero_hotrank ON public.comment USING btree (published_at) WHERE (hot_rank <> (0)::double precision);

CREATE INDEX idx_comment_post ON public.comment USING btree (post_id);

CREATE INDEX idx_comment_published ON public.comment USING btree (published_at DESC);

CREATE INDEX idx_comment_report_creator ON public.comment_report USING btree (creator_id);

CREATE INDEX idx_comment_report_published ON public.comment_report USING btree (published_at DESC);

CREATE INDEX idx_comment_report_resolver ON public.comment_report USING btree (resolver_id);

CREATE INDEX idx_comment_score ON public.comment USING btree (score DESC);

CREATE INDEX idx_community_actions_became_moderator ON public.community_actions USING btree (became_moderator_at) WHERE (became_moderator_at IS NOT NULL);

CREATE INDEX idx_community_actions_became_moderator_not_null ON public.community_actions USING btree (person_id, community_id) WHERE (became_moderator_at IS NOT NULL);

CREATE INDEX idx_community_actions_blocked_not_null ON public.community_actions USING btree (person_id, community_id) WHERE (blocked_at IS NOT NULL);

CREATE INDEX idx_community_actions_community ON public.community_actions USING btree (community_id);

CREATE INDEX idx_community_actions_follow_approver ON public.community_actions USING btree (follow_approver_id);

CREATE INDEX idx_community_actions_followed ON public.community_actions USING btree (followed_at) WHERE (followed_at IS NOT NULL);

CREATE INDEX idx_community_actions_followed_not_null ON public.community_actions USING btree (person_id, community_id) WHERE ((followed_at IS NOT NULL) OR (follow_state IS NOT NULL));

CREATE INDEX idx_community_actions_person ON public.community_actions USING btree (person_id);

CREATE INDEX idx_community_actions_received_ban_not_null ON public.community_actions USING btree (person_id, community_id) WHERE (received_ban_at IS NOT NULL);

CREATE INDEX idx_community_comments ON public.community USING btree (comments DESC, id DESC);

CREATE INDEX idx_community_hot ON public.community USING btree (hot_rank DESC, id DESC);

CREATE INDEX idx_community_instance ON public.community USING btree (instance_id);

CREATE UNIQUE INDEX idx_community_lower_actor_id ON public.community USING btree (lower((ap_id)::text));

CREATE INDEX idx_community_lower_name ON public.community USING btree (lower((name)::text) DESC, id DESC);

CREATE INDEX idx_community_nonzero_hotrank ON public.community USING btree (published_at) WHERE (hot_rank <> (0)::double precision);

CREATE INDEX idx_community_posts ON public.community USING btree (posts DESC, id DESC);

CREATE INDEX idx_community_published ON public.community USING btree (published_at DESC, id DESC);

CREATE INDEX idx_community_random_number ON public.community USING btree (random_number) INCLUDE (local, nsfw) WHERE (NOT (deleted OR removed OR (visibility = 'Private'::public.community_visibility) OR (visibility = 'Unlisted'::public.community_visibility)));

CREATE INDEX idx_community_subscribers ON public.community USING btree (subscribers DESC, id DESC);

CREATE INDEX idx_community_subscribers_local ON public.community USING btree (subscribers_local DESC, id DESC);

CREATE INDEX idx_community_title ON public.community USING btree (title DESC, id DESC);

CREATE INDEX idx_community_trigram ON public.community USING gin (name public.gin_trgm_ops, title public.gin_trgm_ops, summary public.gin_trgm_ops, sidebar public.gin_trgm_ops);

CREATE INDEX idx_community_users_active_day ON public.community USING btree (users_active_day DESC, id DESC);

CREATE INDEX idx_community_users_active_half_year ON public.community USING btree (users_active_half_year DESC, id DESC);

CREATE INDEX idx_community_users_active_month ON public.community USING btree (users_active_month DESC, id DESC);

CREATE INDEX idx_community_users_active_week ON public.community USING btree (users_active_week DESC, id DESC);

CREATE INDEX idx_image_upload_person_id ON public.local_image USING btree (person_id);

CREATE INDEX idx_local_image_thumbnail_post ON public.local_image USING btree (thumbnail_for_post_id);

CREATE INDEX idx_local_user_invited_by_local_user_id ON public.local_user USING btree (invited_by_local_user_id);

CREATE INDEX idx_local_user_language_language ON public.local_user_language USING btree (language_id);

CREATE INDEX idx_login_token_user_token ON public.login_token USING btree (user_id, token);

CREATE INDEX idx_path_gist ON public.comment USING gist (path);

CREATE INDEX idx_person_actions_blocked_not_null ON public.person_actions USING btree (person_id, target_id) WHERE (blocked_at IS NOT NULL);

CREATE INDEX idx_person_actions_followed_not_null ON public.person_actions USING btree (person_id, target_id) WHERE ((followed_at IS NOT NULL) OR (follow_pending IS NOT NULL));

CREATE INDEX idx_person_actions_person ON public.person_actions USING btree (person_id);

CREATE INDEX idx_person_actions_target ON public.person_actions USING btree (target_id);

CREATE INDEX idx_person_comment_score ON public.person USING btree (comment_score DESC);

CREATE INDEX idx_person_instance ON public.person USING btree (instance_id);

CREATE INDEX idx_person_local_instance ON public.person USING btree (local DESC, instance_id);

CREATE UNIQUE INDEX idx_person_lower_actor_id ON public.person USING btree (lower((ap_id)::text));

CREATE INDEX idx_person_lower_name ON public.person USING btree (lower((name)::text));

CREATE INDEX idx_person_post_score ON public.person USING btree (post_score DESC);

CREATE INDEX idx_person_published ON public.person USING btree (published_at DESC);

CREATE INDEX idx_person_trigram ON public.person USING gin (name public.gin_trgm_ops, display_name public.gin_trgm_ops, bio public.gin_trgm_ops);

CREATE INDEX idx_post_actions_like_score ON public.post_actions USING btree (post_id, vote_is_upvote, person_id) WHERE (vote_is_upvote IS NOT NULL);

CREATE INDEX idx_post_actions_liked_not_null ON public.post_actions USING btree (person_id, post_id) WHERE ((voted_at IS NOT NULL) OR (vote_is_upvote IS NOT NULL));

CREATE INDEX idx_post_actions_person ON public.post_actions USING btree (person_id);

CREATE INDEX idx_post_actions_person_hidden ON public.post_actions USING btree (person_id, hidden_at DESC, post_id DESC) WHERE (hidden_at IS NOT NULL);

CREATE INDEX idx_post_actions_person_read ON public.post_actions USING btree (person_id, read_at DESC, post_id DESC) WHERE (read_at IS NOT NULL);

CREATE INDEX idx_post_actions_post ON public.post_actions USING btree (post_id);

CREATE INDEX idx_post_actions_read_comments_not_null ON public.post_actions USING btree (person_id, post_id) WHERE ((read_comments_at IS NOT NULL) OR (read_comments_amount IS NOT NULL));

CREATE INDEX idx_post_actions_saved_not_null ON public.post_actions USING btree (person_id, post_id) WHERE (saved_at IS NOT NULL);

CREATE INDEX idx_post_actions_voted_at ON public.post_actions USING btree (voted_at) WHERE (voted_at IS NOT NULL);

CREATE INDEX idx_post_community ON public.post USING btree (community_id);

CREATE INDEX idx_post_community_active ON public.post USING btree (featured_local DESC, hot_rank_active DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_community_controversy ON public.post USING btree (featured_local DESC, controversy_rank DESC, id DESC, community_id);

CREATE INDEX idx_post_community_hot ON public.post USING btree (featured_local DESC, hot_rank DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_community_most_comments ON public.post USING btree (featured_local DESC, comments DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_community_newest_comment_time ON public.post USING btree (featured_local DESC, COALESCE(newest_comment_time_at, published_at) DESC, id DESC, community_id);

CREATE INDEX idx_post_community_newest_comment_time_necro ON public.post USING btree (featured_local DESC, COALESCE(newest_comment_time_necro_at, published_at) DESC, id DESC, community_id);

CREATE INDEX idx_post_community_published ON public.post USING btree (published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_community_scaled ON public.post USING btree (featured_local DESC, scaled_rank DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_community_score ON public.post USING btree (featured_local DESC, score DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_creator ON public.post USING btree (creator_id);

CREATE INDEX idx_post_featured_community_active ON public.post USING btree (featured_community DESC, hot_rank_active DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_controversy ON public.post USING btree (featured_community DESC, controversy_rank DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_hot ON public.post USING btree (featured_community DESC, hot_rank DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_most_comments ON public.post USING btree (featured_community DESC, comments DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_newest_comment_time ON public.post USING btree (featured_community DESC, COALESCE(newest_comment_time_at, published_at) DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_newest_comment_time_necr ON public.post USING btree (featured_community DESC, COALESCE(newest_comment_time_necro_at, published_at) DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_published ON public.post USING btree (featured_community DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_published_asc ON public.post USING btree (featured_community DESC, public.reverse_timestamp_sort(published_at) DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_scaled ON public.post USING btree (featured_community DESC, scaled_rank DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_community_score ON public.post USING btree (featured_community DESC, score DESC, published_at DESC, id DESC, community_id);

CREATE INDEX idx_post_featured_local_active ON public.post USING btree (featured_local DESC, hot_rank_active DESC, published_at DESC, id DESC);

CREATE INDEX idx_post_featured_local_controversy ON public.post USING btree (featured_local DESC, controversy_rank DESC, id DESC);

CREATE INDEX idx_post_featured_local_hot ON public.post USING btree (featured_local DESC, hot_rank DESC, published_at DESC, id DESC);

CREATE INDEX idx_post_featured_local_most_comments ON public.post USING btree (featured_local DESC, comments DESC, published_at DESC, id DESC);

CREATE INDEX idx_post_featured_local_newest_comment_time ON public.post USING btree (featured_local DESC, COALESCE(newest_comment_time_at, published_at) DESC, id DESC);

CREATE INDEX idx_post_featured_local_newest_comment_time_necro ON public.post USING btree (featured_local DESC, COALESCE(newest_comment_time_necro_at, published_at) DESC, id DESC);

CREATE INDEX idx_post_featured_local_published ON public.post USING btree (featured_local DESC, published_at DESC, id DESC);

CREATE INDEX idx_post_featured_local_scaled ON public.post USING btree (featured_local DESC, scaled_rank DESC, published_at DESC, id DESC);

CREATE INDEX idx_post_featured_local_score ON public.post USING btree (featured_local DESC, score DESC, published_at DESC, id DESC);

CREATE INDEX idx_post_language ON public.post USING btree (language_id);

CREATE INDEX idx_post_nonzero_hotrank ON public.post USING btree (published_at DESC) WHERE ((hot_rank <> (0)::double precision) OR (hot_rank_active <> (0)::double precision));

CREATE INDEX idx_post_published ON public.post USING btree (published_at);

CREATE INDEX idx_post_report_creator ON public.post_report USING btree (creator_id);

CREATE INDEX idx_post_report_published ON public.post_report USING btree (published_at DESC);

CREATE INDEX idx_post_report_resolver ON public.post_report USING btree (resolver_id);

CREATE INDEX idx_post_scheduled_publish_time ON public.post USING btree (scheduled_publish_time_at);

CREATE INDEX idx_post_trigram ON public.post USING gin (name public.gin_trgm_ops, body public.gin_trgm_ops, alt_text public.gin_trgm_ops);

CREATE INDEX idx_post_url ON public.post USING btree (url);

CREATE INDEX idx_post_url_content_type ON public.post USING gin (url_content_type public.gin_trgm_ops);

CREATE INDEX idx_private_message_creator ON public.private_message USING btree (creator_id);

CREATE INDEX idx_private_message_recipient ON public.private_message USING btree (recipient_id);

ALTER TABLE ONLY public.comment_actions
    ADD CONSTRAINT comment_actions_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comment(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_actions
    ADD CONSTRAINT comment_actions_person_id_fkey FOREIGN KEY (person_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment
    ADD CONSTRAINT comment_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.community(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment
    ADD CONSTRAINT comment_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment
    ADD CONSTRAINT comment_language_id_fkey FOREIGN KEY (language_id) REFERENCES public.language(id);

ALTER TABLE ONLY public.comment
    ADD CONSTRAINT comment_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.post(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_report
    ADD CONSTRAINT comment_report_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comment(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_report
    ADD CONSTRAINT comment_report_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_report
    ADD CONSTRAINT comment_report_resolver_id_fkey FOREIGN KEY (resolver_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.community_actions
    ADD CONSTRAINT community_actions_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.community(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.community_actions
    ADD CONSTRAINT community_actions_follow_approver_id_fkey FOREIGN KEY (follow_approver_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.community_actions
    ADD CONSTRAINT community_actions_person_id_fkey FOREIGN KEY (person_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.community
    ADD CONSTRAINT community_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES public.instance(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.local_image
    ADD CONSTRAINT local_image_person_id_fkey FOREIGN KEY (person_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.local_image
    ADD CONSTRAINT local_image_thumbnail_for_post_id_fkey FOREIGN KEY (thumbnail_for_post_id) REFERENCES public.post(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.local_user
    ADD CONSTRAINT local_user_invited_by_local_user_id_fkey FOREIGN KEY (invited_by_local_user_id) REFERENCES public.local_user(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.local_user_language
    ADD CONSTRAINT local_user_language_language_id_fkey FOREIGN KEY (language_id) REFERENCES public.language(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.local_user_language
    ADD CONSTRAINT local_user_language_local_user_id_fkey FOREIGN KEY (local_user_id) REFERENCES public.local_user(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.local_user
    ADD CONSTRAINT local_user_person_id_fkey FOREIGN KEY (person_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.login_token
    ADD CONSTRAINT login_token_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.local_user(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.person_actions
    ADD CONSTRAINT person_actions_person_id_fkey FOREIGN KEY (person_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.person_actions
    ADD CONSTRAINT person_actions_target_id_fkey FOREIGN KEY (target_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.person
    ADD CONSTRAINT person_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES public.instance(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post_actions
    ADD CONSTRAINT post_actions_person_id_fkey FOREIGN KEY (person_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post_actions
    ADD CONSTRAINT post_actions_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.post(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post
    ADD CONSTRAINT post_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.community(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post
    ADD CONSTRAINT post_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post
    ADD CONSTRAINT post_language_id_fkey FOREIGN KEY (language_id) REFERENCES public.language(id);

ALTER TABLE ONLY public.post_report
    ADD CONSTRAINT post_report_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post_report
    ADD CONSTRAINT post_report_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.post(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.post_report
    ADD CONSTRAINT post_report_resolver_id_fkey FOREIGN KEY (resolver_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.private_message
    ADD CONSTRAINT private_message_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.private_message
    ADD CONSTRAINT private_message_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES public.person(id) ON UPDATE CASCADE ON DELETE CASCADE;

