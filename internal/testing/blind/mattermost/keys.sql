-- The constraints and indexes of the kept tables, verbatim and in the dump's order (the
-- pg_dump comment headers left out). Mattermost declares no foreign keys among these
-- tables: references live in the application.

ALTER TABLE ONLY public.bots
    ADD CONSTRAINT bots_pkey PRIMARY KEY (userid);
ALTER TABLE ONLY public.channelmemberhistory
    ADD CONSTRAINT channelmemberhistory_pkey PRIMARY KEY (channelid, userid, jointime);
ALTER TABLE ONLY public.channelmembers
    ADD CONSTRAINT channelmembers_pkey PRIMARY KEY (channelid, userid);
ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_name_teamid_key UNIQUE (name, teamid);
ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.emoji
    ADD CONSTRAINT emoji_name_deleteat_key UNIQUE (name, deleteat);
ALTER TABLE ONLY public.emoji
    ADD CONSTRAINT emoji_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.fileinfo
    ADD CONSTRAINT fileinfo_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.preferences
    ADD CONSTRAINT preferences_pkey PRIMARY KEY (userid, category, name);
ALTER TABLE ONLY public.reactions
    ADD CONSTRAINT reactions_pkey PRIMARY KEY (postid, userid, emojiname);
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.sidebarcategories
    ADD CONSTRAINT sidebarcategories_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.status
    ADD CONSTRAINT status_pkey PRIMARY KEY (userid);
ALTER TABLE ONLY public.teammembers
    ADD CONSTRAINT teammembers_pkey PRIMARY KEY (teamid, userid);
ALTER TABLE ONLY public.teams
    ADD CONSTRAINT teams_name_key UNIQUE (name);
ALTER TABLE ONLY public.teams
    ADD CONSTRAINT teams_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.threadmemberships
    ADD CONSTRAINT threadmemberships_pkey PRIMARY KEY (postid, userid);
ALTER TABLE ONLY public.threads
    ADD CONSTRAINT threads_pkey PRIMARY KEY (postid);
ALTER TABLE ONLY public.useraccesstokens
    ADD CONSTRAINT useraccesstokens_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.useraccesstokens
    ADD CONSTRAINT useraccesstokens_token_key UNIQUE (token);
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_authdata_key UNIQUE (authdata);
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_key UNIQUE (email);
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_username_key UNIQUE (username);
CREATE INDEX idx_channel_search_txt ON public.channels USING gin (to_tsvector('english'::regconfig, (((((name)::text || ' '::text) || (displayname)::text) || ' '::text) || (purpose)::text)));
CREATE INDEX idx_channelmembers_channel_id_scheme_guest_user_id ON public.channelmembers USING btree (channelid, schemeguest, userid);
CREATE INDEX idx_channelmembers_user_id_channel_id_last_viewed_at ON public.channelmembers USING btree (userid, channelid, lastviewedat);
CREATE INDEX idx_channels_create_at ON public.channels USING btree (createat);
CREATE INDEX idx_channels_delete_at ON public.channels USING btree (deleteat);
CREATE INDEX idx_channels_displayname_lower ON public.channels USING btree (lower((displayname)::text));
CREATE INDEX idx_channels_name_lower ON public.channels USING btree (lower((name)::text));
CREATE INDEX idx_channels_scheme_id ON public.channels USING btree (schemeid);
CREATE INDEX idx_channels_team_id_display_name ON public.channels USING btree (teamid, displayname);
CREATE INDEX idx_channels_team_id_type ON public.channels USING btree (teamid, type);
CREATE INDEX idx_channels_update_at ON public.channels USING btree (updateat);
CREATE INDEX idx_emoji_create_at ON public.emoji USING btree (createat);
CREATE INDEX idx_emoji_delete_at ON public.emoji USING btree (deleteat);
CREATE INDEX idx_emoji_update_at ON public.emoji USING btree (updateat);
CREATE INDEX idx_fileinfo_content_txt ON public.fileinfo USING gin (to_tsvector('english'::regconfig, content));
CREATE INDEX idx_fileinfo_create_at ON public.fileinfo USING btree (createat);
CREATE INDEX idx_fileinfo_delete_at ON public.fileinfo USING btree (deleteat);
CREATE INDEX idx_fileinfo_extension_at ON public.fileinfo USING btree (extension);
CREATE INDEX idx_fileinfo_name_splitted ON public.fileinfo USING gin (to_tsvector('english'::regconfig, translate((name)::text, '.,-'::text, '   '::text)));
CREATE INDEX idx_fileinfo_name_txt ON public.fileinfo USING gin (to_tsvector('english'::regconfig, (name)::text));
CREATE INDEX idx_fileinfo_postid_at ON public.fileinfo USING btree (postid);
CREATE INDEX idx_fileinfo_update_at ON public.fileinfo USING btree (updateat);
CREATE INDEX idx_posts_channel_id_delete_at_create_at ON public.posts USING btree (channelid, deleteat, createat);
CREATE INDEX idx_posts_channel_id_update_at ON public.posts USING btree (channelid, updateat);
CREATE INDEX idx_posts_create_at ON public.posts USING btree (createat);
CREATE INDEX idx_posts_delete_at ON public.posts USING btree (deleteat);
CREATE INDEX idx_posts_hashtags_txt ON public.posts USING gin (to_tsvector('english'::regconfig, (hashtags)::text));
CREATE INDEX idx_posts_is_pinned ON public.posts USING btree (ispinned);
CREATE INDEX idx_posts_message_txt ON public.posts USING gin (to_tsvector('english'::regconfig, (message)::text));
CREATE INDEX idx_posts_root_id_delete_at ON public.posts USING btree (rootid, deleteat);
CREATE INDEX idx_posts_update_at ON public.posts USING btree (updateat);
CREATE INDEX idx_posts_user_id ON public.posts USING btree (userid);
CREATE INDEX idx_preferences_category ON public.preferences USING btree (category);
CREATE INDEX idx_preferences_name ON public.preferences USING btree (name);
CREATE INDEX idx_sessions_create_at ON public.sessions USING btree (createat);
CREATE INDEX idx_sessions_expires_at ON public.sessions USING btree (expiresat);
CREATE INDEX idx_sessions_last_activity_at ON public.sessions USING btree (lastactivityat);
CREATE INDEX idx_sessions_token ON public.sessions USING btree (token);
CREATE INDEX idx_sessions_user_id ON public.sessions USING btree (userid);
CREATE INDEX idx_status_status_dndendtime ON public.status USING btree (status, dndendtime);
CREATE INDEX idx_teammembers_delete_at ON public.teammembers USING btree (deleteat);
CREATE INDEX idx_teammembers_user_id ON public.teammembers USING btree (userid);
CREATE INDEX idx_teams_create_at ON public.teams USING btree (createat);
CREATE INDEX idx_teams_delete_at ON public.teams USING btree (deleteat);
CREATE INDEX idx_teams_invite_id ON public.teams USING btree (inviteid);
CREATE INDEX idx_teams_scheme_id ON public.teams USING btree (schemeid);
CREATE INDEX idx_teams_update_at ON public.teams USING btree (updateat);
CREATE INDEX idx_thread_memberships_last_update_at ON public.threadmemberships USING btree (lastupdated);
CREATE INDEX idx_thread_memberships_last_view_at ON public.threadmemberships USING btree (lastviewed);
CREATE INDEX idx_thread_memberships_user_id ON public.threadmemberships USING btree (userid);
CREATE INDEX idx_threads_channel_id_last_reply_at ON public.threads USING btree (channelid, lastreplyat);
CREATE INDEX idx_user_access_tokens_user_id ON public.useraccesstokens USING btree (userid);
CREATE INDEX idx_users_all_no_full_name_txt ON public.users USING gin (to_tsvector('english'::regconfig, (((((username)::text || ' '::text) || (nickname)::text) || ' '::text) || (email)::text)));
CREATE INDEX idx_users_all_txt ON public.users USING gin (to_tsvector('english'::regconfig, (((((((((username)::text || ' '::text) || (firstname)::text) || ' '::text) || (lastname)::text) || ' '::text) || (nickname)::text) || ' '::text) || (email)::text)));
CREATE INDEX idx_users_create_at ON public.users USING btree (createat);
CREATE INDEX idx_users_delete_at ON public.users USING btree (deleteat);
CREATE INDEX idx_users_email_lower_textpattern ON public.users USING btree (lower((email)::text) text_pattern_ops);
CREATE INDEX idx_users_firstname_lower_textpattern ON public.users USING btree (lower((firstname)::text) text_pattern_ops);
CREATE INDEX idx_users_lastname_lower_textpattern ON public.users USING btree (lower((lastname)::text) text_pattern_ops);
CREATE INDEX idx_users_names_no_full_name_txt ON public.users USING gin (to_tsvector('english'::regconfig, (((username)::text || ' '::text) || (nickname)::text)));
CREATE INDEX idx_users_names_txt ON public.users USING gin (to_tsvector('english'::regconfig, (((((((username)::text || ' '::text) || (firstname)::text) || ' '::text) || (lastname)::text) || ' '::text) || (nickname)::text)));
CREATE INDEX idx_users_nickname_lower_textpattern ON public.users USING btree (lower((nickname)::text) text_pattern_ops);
CREATE INDEX idx_users_update_at ON public.users USING btree (updateat);
CREATE INDEX idx_users_username_lower_textpattern ON public.users USING btree (lower((username)::text) text_pattern_ops);
