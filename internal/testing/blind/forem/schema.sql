-- Forem (forem/forem, db/schema.rb), 21 of its tables translated to the SQL that
-- `bin/rails db:schema:load` runs; see SOURCE.md. Rails 6.1 conventions: a table without an
-- id option gets `id bigserial PRIMARY KEY`; t.string is character varying, t.datetime is
-- timestamp (timestamp(6) with `precision: 6`), t.float is double precision; `null: false`
-- is NOT NULL. users and articles keep the columns that name, identify, own, order or count
-- (SOURCE.md lists the ones left out). Indexes and foreign keys are in keys.sql.

CREATE TABLE api_secrets (
    id bigserial PRIMARY KEY,
    created_at timestamp without time zone NOT NULL,
    description character varying NOT NULL,
    secret character varying,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE articles (
    id bigserial PRIMARY KEY,
    any_comments_hidden boolean DEFAULT false,
    approved boolean DEFAULT false,
    archived boolean DEFAULT false,
    body_markdown text,
    boost_states jsonb DEFAULT '{}'::jsonb NOT NULL,
    cached_tag_list character varying,
    cached_user_name character varying,
    cached_user_username character varying,
    canonical_url character varying,
    co_author_ids bigint[] DEFAULT '{}'::bigint[],
    collection_id bigint,
    comment_score integer DEFAULT 0,
    comments_count integer DEFAULT 0 NOT NULL,
    created_at timestamp without time zone NOT NULL,
    crossposted_at timestamp without time zone,
    description character varying,
    edited_at timestamp without time zone,
    featured boolean DEFAULT false,
    featured_number integer,
    feed_source_url character varying,
    hotness_score integer DEFAULT 0,
    last_comment_at timestamp without time zone DEFAULT '2017-01-01 05:00:00'::timestamp without time zone,
    main_image character varying,
    nth_published_by_author integer DEFAULT 0,
    organization_id bigint,
    originally_published_at timestamp without time zone,
    page_views_count integer DEFAULT 0,
    path character varying,
    positive_reactions_count integer DEFAULT 0 NOT NULL,
    public_reactions_count integer DEFAULT 0 NOT NULL,
    published boolean DEFAULT false,
    published_at timestamp without time zone,
    published_from_feed boolean DEFAULT false,
    reactions_count integer DEFAULT 0 NOT NULL,
    reading_time integer DEFAULT 0,
    score integer DEFAULT 0,
    show_comments boolean DEFAULT true,
    slug text,
    spaminess_rating integer DEFAULT 0,
    title character varying,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint,
    user_subscriptions_count integer DEFAULT 0 NOT NULL
);

CREATE TABLE badge_achievements (
    id bigserial PRIMARY KEY,
    badge_id bigint NOT NULL,
    created_at timestamp without time zone NOT NULL,
    rewarder_id bigint,
    rewarding_context_message text,
    rewarding_context_message_markdown text,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint NOT NULL
);

CREATE TABLE badges (
    id bigserial PRIMARY KEY,
    badge_image character varying,
    created_at timestamp without time zone NOT NULL,
    credits_awarded integer DEFAULT 0 NOT NULL,
    description character varying NOT NULL,
    slug character varying NOT NULL,
    title character varying NOT NULL,
    updated_at timestamp without time zone NOT NULL
);

CREATE TABLE collections (
    id bigserial PRIMARY KEY,
    created_at timestamp without time zone NOT NULL,
    description character varying,
    main_image character varying,
    organization_id bigint,
    published boolean DEFAULT false,
    slug character varying,
    social_image character varying,
    title character varying,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE comments (
    id bigserial PRIMARY KEY,
    ancestry character varying,
    body_html text,
    body_markdown text,
    commentable_id bigint,
    commentable_type character varying,
    created_at timestamp without time zone NOT NULL,
    deleted boolean DEFAULT false,
    edited boolean DEFAULT false,
    edited_at timestamp without time zone,
    hidden_by_commentable_user boolean DEFAULT false,
    id_code character varying,
    markdown_character_count integer,
    positive_reactions_count integer DEFAULT 0 NOT NULL,
    processed_html text,
    public_reactions_count integer DEFAULT 0 NOT NULL,
    reactions_count integer DEFAULT 0 NOT NULL,
    receive_notifications boolean DEFAULT true,
    score integer DEFAULT 0,
    spaminess_rating integer DEFAULT 0,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE follows (
    id bigserial PRIMARY KEY,
    blocked boolean DEFAULT false NOT NULL,
    created_at timestamp without time zone,
    explicit_points double precision DEFAULT 1.0,
    followable_id bigint NOT NULL,
    followable_type character varying NOT NULL,
    follower_id bigint NOT NULL,
    follower_type character varying NOT NULL,
    implicit_points double precision DEFAULT 0.0,
    points double precision DEFAULT 1.0,
    subscription_status character varying DEFAULT 'all_articles'::character varying NOT NULL,
    updated_at timestamp without time zone
);

CREATE TABLE identities (
    id bigserial PRIMARY KEY,
    auth_data_dump text,
    created_at timestamp without time zone NOT NULL,
    provider character varying,
    secret character varying,
    token character varying,
    uid character varying,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE mentions (
    id bigserial PRIMARY KEY,
    created_at timestamp without time zone NOT NULL,
    mentionable_id bigint,
    mentionable_type character varying,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE notification_subscriptions (
    id bigserial PRIMARY KEY,
    config text DEFAULT 'all_comments'::text NOT NULL,
    created_at timestamp without time zone NOT NULL,
    notifiable_id bigint NOT NULL,
    notifiable_type character varying NOT NULL,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint NOT NULL
);

CREATE TABLE notifications (
    id bigserial PRIMARY KEY,
    action character varying,
    created_at timestamp without time zone NOT NULL,
    json_data jsonb,
    notifiable_id bigint,
    notifiable_type character varying,
    notified_at timestamp without time zone,
    organization_id bigint,
    read boolean DEFAULT false,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE organization_memberships (
    id bigserial PRIMARY KEY,
    created_at timestamp without time zone NOT NULL,
    organization_id bigint NOT NULL,
    type_of_user character varying NOT NULL,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint NOT NULL,
    user_title character varying
);

CREATE TABLE organizations (
    id bigserial PRIMARY KEY,
    articles_count integer DEFAULT 0 NOT NULL,
    bg_color_hex character varying,
    company_size character varying,
    created_at timestamp without time zone NOT NULL,
    credits_count integer DEFAULT 0 NOT NULL,
    email character varying,
    github_username character varying,
    last_article_at timestamp without time zone DEFAULT '2017-01-01 05:00:00'::timestamp without time zone,
    location character varying,
    name character varying,
    old_slug character varying,
    profile_image character varying,
    secret character varying,
    slug character varying,
    summary text,
    tag_line character varying,
    twitter_username character varying,
    updated_at timestamp without time zone NOT NULL,
    url character varying
);

CREATE TABLE page_views (
    id bigserial PRIMARY KEY,
    article_id bigint,
    counts_for_number_of_views integer DEFAULT 1,
    created_at timestamp without time zone NOT NULL,
    domain character varying,
    path character varying,
    referrer character varying,
    time_tracked_in_seconds integer DEFAULT 15,
    updated_at timestamp without time zone NOT NULL,
    user_agent character varying,
    user_id bigint
);

CREATE TABLE profiles (
    id bigserial PRIMARY KEY,
    created_at timestamp(6) without time zone NOT NULL,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    user_id bigint NOT NULL
);

CREATE TABLE reactions (
    id bigserial PRIMARY KEY,
    category character varying,
    created_at timestamp without time zone NOT NULL,
    points double precision DEFAULT 1.0,
    reactable_id bigint,
    reactable_type character varying,
    status character varying DEFAULT 'valid'::character varying,
    updated_at timestamp without time zone NOT NULL,
    user_id bigint
);

CREATE TABLE taggings (
    id bigserial PRIMARY KEY,
    context character varying(128),
    created_at timestamp without time zone,
    tag_id bigint,
    taggable_id bigint,
    taggable_type character varying,
    tagger_id bigint,
    tagger_type character varying
);

CREATE TABLE tags (
    id bigserial PRIMARY KEY,
    alias_for character varying,
    badge_id bigint,
    bg_color_hex character varying,
    category character varying DEFAULT 'uncategorized'::character varying NOT NULL,
    created_at timestamp without time zone,
    hotness_score integer DEFAULT 0,
    keywords_for_search character varying,
    mod_chat_channel_id bigint,
    name character varying,
    pretty_name character varying,
    profile_image character varying,
    requires_approval boolean DEFAULT false,
    rules_html text,
    rules_markdown text,
    short_summary character varying,
    social_image character varying,
    social_preview_template character varying DEFAULT 'article'::character varying,
    submission_template text,
    supported boolean DEFAULT false,
    taggings_count integer DEFAULT 0,
    text_color_hex character varying,
    updated_at timestamp without time zone,
    wiki_body_html text,
    wiki_body_markdown text
);

CREATE TABLE user_blocks (
    id bigserial PRIMARY KEY,
    blocked_id bigint NOT NULL,
    blocker_id bigint NOT NULL,
    config character varying DEFAULT 'default'::character varying NOT NULL,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL
);

CREATE TABLE users (
    id bigserial PRIMARY KEY,
    articles_count integer DEFAULT 0 NOT NULL,
    badge_achievements_count integer DEFAULT 0 NOT NULL,
    comments_count integer DEFAULT 0 NOT NULL,
    confirmation_sent_at timestamp without time zone,
    confirmation_token character varying,
    confirmed_at timestamp without time zone,
    created_at timestamp without time zone NOT NULL,
    current_sign_in_at timestamp without time zone,
    current_sign_in_ip inet,
    email character varying,
    encrypted_password character varying DEFAULT ''::character varying NOT NULL,
    feed_fetched_at timestamp without time zone DEFAULT '2017-01-01 05:00:00'::timestamp without time zone,
    feed_url character varying,
    following_orgs_count integer DEFAULT 0 NOT NULL,
    following_tags_count integer DEFAULT 0 NOT NULL,
    following_users_count integer DEFAULT 0 NOT NULL,
    github_username character varying,
    invitation_token character varying,
    invitations_count integer DEFAULT 0,
    invited_by_id bigint,
    invited_by_type character varying,
    last_article_at timestamp without time zone DEFAULT '2017-01-01 05:00:00'::timestamp without time zone,
    last_comment_at timestamp without time zone DEFAULT '2017-01-01 05:00:00'::timestamp without time zone,
    last_sign_in_at timestamp without time zone,
    last_sign_in_ip inet,
    location character varying,
    name character varying,
    old_old_username character varying,
    old_username character varying,
    profile_image character varying,
    reactions_count integer DEFAULT 0 NOT NULL,
    registered boolean DEFAULT true,
    registered_at timestamp without time zone,
    reset_password_sent_at timestamp without time zone,
    reset_password_token character varying,
    score integer DEFAULT 0,
    sign_in_count integer DEFAULT 0 NOT NULL,
    summary text,
    twitter_username character varying,
    updated_at timestamp without time zone NOT NULL,
    username character varying,
    CONSTRAINT users_username_not_null CHECK ((username IS NOT NULL))
);

CREATE TABLE users_settings (
    id bigserial PRIMARY KEY,
    brand_color1 character varying DEFAULT '#000000'::character varying,
    brand_color2 character varying DEFAULT '#ffffff'::character varying,
    config_font integer DEFAULT 0 NOT NULL,
    config_navbar integer DEFAULT 0 NOT NULL,
    config_theme integer DEFAULT 0 NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    display_announcements boolean DEFAULT true NOT NULL,
    display_email_on_profile boolean DEFAULT false NOT NULL,
    display_sponsors boolean DEFAULT true NOT NULL,
    editor_version integer DEFAULT 0 NOT NULL,
    experience_level integer,
    feed_mark_canonical boolean DEFAULT false NOT NULL,
    feed_referential_link boolean DEFAULT true NOT NULL,
    feed_url character varying,
    inbox_guidelines character varying,
    inbox_type integer DEFAULT 0 NOT NULL,
    permit_adjacent_sponsors boolean DEFAULT true,
    updated_at timestamp(6) without time zone NOT NULL,
    user_id bigint NOT NULL
);
