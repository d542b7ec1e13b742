-- Lemmy, the federated link aggregator (LemmyNet/lemmy, migrations/*/up.sql applied in order
-- to an empty PostgreSQL 15 database and dumped with pg_dump --schema-only), cut down to 18
-- of its 58 tables: instances, people and local users with their languages, communities and
-- the per-person community actions, posts, comments and the per-person actions on them,
-- person actions, private messages, reports, login tokens, local images and received
-- activities. See SOURCE.md. Types, functions, sequences and tables are the dump's, in its
-- order; keys.sql adds the dump's constraints and indexes of the kept tables after the data.

CREATE EXTENSION IF NOT EXISTS ltree;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TYPE public.comment_sort_type_enum AS ENUM (
    'Hot',
    'Top',
    'New',
    'Old',
    'Controversial'
);

CREATE TYPE public.community_follower_state AS ENUM (
    'Accepted',
    'Pending',
    'ApprovalRequired',
    'Denied'
);

CREATE TYPE public.community_notifications_mode_enum AS ENUM (
    'AllPostsAndComments',
    'AllPosts',
    'RepliesAndMentions',
    'Mute'
);

CREATE TYPE public.community_visibility AS ENUM (
    'Public',
    'LocalOnlyPublic',
    'LocalOnlyPrivate',
    'Private',
    'Unlisted'
);

CREATE TYPE public.listing_type_enum AS ENUM (
    'All',
    'Local',
    'Subscribed',
    'ModeratorView',
    'Suggested'
);

CREATE TYPE public.post_listing_mode_enum AS ENUM (
    'List',
    'Card',
    'SmallCard'
);

CREATE TYPE public.post_notifications_mode_enum AS ENUM (
    'AllComments',
    'RepliesAndMentions',
    'Mute'
);

CREATE TYPE public.post_sort_type_enum AS ENUM (
    'Active',
    'Hot',
    'New',
    'Old',
    'Top',
    'MostComments',
    'NewComments',
    'Controversial',
    'Scaled'
);

CREATE TYPE public.vote_show_enum AS ENUM (
    'Show',
    'ShowForOthers',
    'Hide'
);

CREATE SEQUENCE public.changeme_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
    CYCLE;

CREATE FUNCTION public.generate_unique_changeme() RETURNS text
    LANGUAGE sql
    AS $$
    SELECT
        'http://changeme.invalid/seq/' || nextval('changeme_seq')::text;
$$;

CREATE FUNCTION public.random_smallint() RETURNS smallint
    LANGUAGE sql PARALLEL RESTRICTED
    RETURN trunc(((random() * (65536)::double precision) - (32768)::double precision));

CREATE FUNCTION public.reverse_timestamp_sort(t timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
BEGIN
    RETURN (-1000000 * EXTRACT(EPOCH FROM t))::bigint;
END;
$$;

CREATE TABLE public.comment (
    id integer NOT NULL,
    creator_id integer NOT NULL,
    post_id integer NOT NULL,
    content text NOT NULL,
    removed boolean DEFAULT false NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    deleted boolean DEFAULT false NOT NULL,
    ap_id character varying(255) NOT NULL,
    local boolean DEFAULT true NOT NULL,
    path public.ltree DEFAULT '0'::public.ltree NOT NULL,
    distinguished boolean DEFAULT false NOT NULL,
    language_id integer DEFAULT 0 NOT NULL,
    score integer DEFAULT 0 NOT NULL,
    upvotes integer DEFAULT 0 NOT NULL,
    downvotes integer DEFAULT 0 NOT NULL,
    child_count integer DEFAULT 0 NOT NULL,
    hot_rank real DEFAULT 0.0001 NOT NULL,
    controversy_rank real DEFAULT 0 NOT NULL,
    report_count smallint DEFAULT 0 NOT NULL,
    unresolved_report_count smallint DEFAULT 0 NOT NULL,
    federation_pending boolean DEFAULT false NOT NULL,
    locked boolean DEFAULT false NOT NULL,
    community_id integer NOT NULL
);

CREATE TABLE public.comment_actions (
    voted_at timestamp with time zone,
    saved_at timestamp with time zone,
    person_id integer NOT NULL,
    comment_id integer NOT NULL,
    vote_is_upvote boolean,
    CONSTRAINT comment_actions_check_liked CHECK (((voted_at IS NULL) = (vote_is_upvote IS NULL)))
);

CREATE SEQUENCE public.comment_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.comment_id_seq OWNED BY public.comment.id;

CREATE TABLE public.comment_report (
    id integer NOT NULL,
    creator_id integer NOT NULL,
    comment_id integer NOT NULL,
    original_comment_text text NOT NULL,
    reason text NOT NULL,
    resolved boolean DEFAULT false NOT NULL,
    resolver_id integer,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    violates_instance_rules boolean DEFAULT false NOT NULL,
    conclusion text
);

CREATE SEQUENCE public.comment_report_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.comment_report_id_seq OWNED BY public.comment_report.id;

CREATE TABLE public.community (
    id integer NOT NULL,
    name character varying(255) NOT NULL,
    title character varying(50),
    sidebar text,
    removed boolean DEFAULT false NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    deleted boolean DEFAULT false NOT NULL,
    nsfw boolean DEFAULT false NOT NULL,
    ap_id character varying(255) DEFAULT public.generate_unique_changeme() NOT NULL,
    local boolean DEFAULT true NOT NULL,
    private_key text,
    public_key text NOT NULL,
    last_refreshed_at timestamp with time zone DEFAULT now() NOT NULL,
    icon text,
    banner text,
    followers_url character varying(255) DEFAULT public.generate_unique_changeme(),
    inbox_url character varying(255) DEFAULT public.generate_unique_changeme() NOT NULL,
    posting_restricted_to_mods boolean DEFAULT false NOT NULL,
    instance_id integer NOT NULL,
    moderators_url character varying(255),
    featured_url character varying(255),
    visibility public.community_visibility DEFAULT 'Public'::public.community_visibility NOT NULL,
    summary character varying(150),
    random_number smallint DEFAULT public.random_smallint() NOT NULL,
    subscribers integer DEFAULT 0 NOT NULL,
    posts integer DEFAULT 0 NOT NULL,
    comments integer DEFAULT 0 NOT NULL,
    users_active_day integer DEFAULT 0 NOT NULL,
    users_active_week integer DEFAULT 0 NOT NULL,
    users_active_month integer DEFAULT 0 NOT NULL,
    users_active_half_year integer DEFAULT 0 NOT NULL,
    hot_rank real DEFAULT 0.0001 NOT NULL,
    subscribers_local integer DEFAULT 0 NOT NULL,
    interactions_month integer DEFAULT 0 NOT NULL,
    report_count smallint DEFAULT 0 NOT NULL,
    unresolved_report_count smallint DEFAULT 0 NOT NULL,
    local_removed boolean DEFAULT false NOT NULL
);

CREATE TABLE public.community_actions (
    followed_at timestamp with time zone,
    blocked_at timestamp with time zone,
    became_moderator_at timestamp with time zone,
    received_ban_at timestamp with time zone,
    ban_expires_at timestamp with time zone,
    person_id integer NOT NULL,
    community_id integer NOT NULL,
    follow_state public.community_follower_state,
    follow_approver_id integer,
    notifications public.community_notifications_mode_enum,
    follow_activity_id text,
    CONSTRAINT community_actions_check_followed CHECK ((((followed_at IS NULL) = (follow_state IS NULL)) AND (NOT ((followed_at IS NULL) AND (follow_approver_id IS NOT NULL))))),
    CONSTRAINT community_actions_check_received_ban CHECK ((NOT ((received_ban_at IS NULL) AND (ban_expires_at IS NOT NULL))))
);

CREATE SEQUENCE public.community_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.community_id_seq OWNED BY public.community.id;

CREATE TABLE public.instance (
    id integer NOT NULL,
    domain character varying(255) NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    software character varying(255),
    version character varying(255)
);

CREATE SEQUENCE public.instance_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.instance_id_seq OWNED BY public.instance.id;

CREATE TABLE public.language (
    id integer NOT NULL,
    code character varying(3) NOT NULL,
    name text NOT NULL
);

CREATE SEQUENCE public.language_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.language_id_seq OWNED BY public.language.id;

CREATE TABLE public.local_image (
    pictrs_alias text NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    person_id integer,
    thumbnail_for_post_id integer
);

CREATE TABLE public.local_user (
    id integer NOT NULL,
    person_id integer NOT NULL,
    password_encrypted text,
    email text,
    show_nsfw boolean DEFAULT false NOT NULL,
    theme text DEFAULT 'browser'::text NOT NULL,
    default_post_sort_type public.post_sort_type_enum DEFAULT 'Active'::public.post_sort_type_enum NOT NULL,
    default_listing_type public.listing_type_enum DEFAULT 'Local'::public.listing_type_enum NOT NULL,
    interface_language character varying(20) DEFAULT 'browser'::character varying NOT NULL,
    show_avatars boolean DEFAULT true NOT NULL,
    send_notifications_to_email boolean DEFAULT false NOT NULL,
    show_bot_accounts boolean DEFAULT true NOT NULL,
    show_read_posts boolean DEFAULT true NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    accepted_application boolean DEFAULT false NOT NULL,
    totp_2fa_secret text,
    open_links_in_new_tab boolean DEFAULT false NOT NULL,
    blur_nsfw boolean DEFAULT true NOT NULL,
    infinite_scroll_enabled boolean DEFAULT false NOT NULL,
    admin boolean DEFAULT false NOT NULL,
    post_listing_mode public.post_listing_mode_enum DEFAULT 'List'::public.post_listing_mode_enum NOT NULL,
    totp_2fa_enabled boolean DEFAULT false NOT NULL,
    animated_images_enabled boolean DEFAULT true NOT NULL,
    collapse_bot_comments boolean DEFAULT false NOT NULL,
    last_donation_notification_at timestamp with time zone DEFAULT (now() - (random() * '1 year'::interval)) NOT NULL,
    private_messages_enabled boolean DEFAULT true NOT NULL,
    default_comment_sort_type public.comment_sort_type_enum DEFAULT 'Hot'::public.comment_sort_type_enum NOT NULL,
    auto_mark_fetched_posts_as_read boolean DEFAULT false NOT NULL,
    hide_posts_with_media boolean DEFAULT false NOT NULL,
    default_post_time_range_seconds integer,
    show_score boolean DEFAULT false NOT NULL,
    show_upvotes boolean DEFAULT true NOT NULL,
    show_downvotes public.vote_show_enum DEFAULT 'Show'::public.vote_show_enum NOT NULL,
    show_upvote_percentage boolean DEFAULT false NOT NULL,
    show_person_votes boolean DEFAULT true NOT NULL,
    default_items_per_page integer DEFAULT 20 NOT NULL,
    invited_by_local_user_id integer,
    show_media boolean DEFAULT true NOT NULL
);

CREATE SEQUENCE public.local_user_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.local_user_id_seq OWNED BY public.local_user.id;

CREATE TABLE public.local_user_language (
    local_user_id integer NOT NULL,
    language_id integer NOT NULL
);

CREATE TABLE public.login_token (
    token text NOT NULL,
    user_id integer NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    ip text,
    user_agent text
);

CREATE TABLE public.person (
    id integer NOT NULL,
    name character varying(255) NOT NULL,
    display_name character varying(50),
    avatar text,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    ap_id character varying(255) DEFAULT public.generate_unique_changeme() NOT NULL,
    bio text,
    local boolean DEFAULT true NOT NULL,
    private_key text,
    public_key text NOT NULL,
    last_refreshed_at timestamp with time zone DEFAULT now() NOT NULL,
    banner text,
    deleted boolean DEFAULT false NOT NULL,
    inbox_url character varying(255) DEFAULT public.generate_unique_changeme() NOT NULL,
    matrix_user_id text,
    bot_account boolean DEFAULT false NOT NULL,
    instance_id integer NOT NULL,
    post_count integer DEFAULT 0 NOT NULL,
    post_score integer DEFAULT 0 NOT NULL,
    comment_count integer DEFAULT 0 NOT NULL,
    comment_score integer DEFAULT 0 NOT NULL
);

CREATE TABLE public.person_actions (
    followed_at timestamp with time zone,
    blocked_at timestamp with time zone,
    person_id integer NOT NULL,
    target_id integer NOT NULL,
    follow_pending boolean,
    noted_at timestamp with time zone,
    note text,
    voted_at timestamp with time zone,
    upvotes integer,
    downvotes integer,
    CONSTRAINT person_actions_check_followed CHECK (((followed_at IS NULL) = (follow_pending IS NULL)))
);

CREATE SEQUENCE public.person_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.person_id_seq OWNED BY public.person.id;

CREATE TABLE public.post (
    id integer NOT NULL,
    name character varying(200) NOT NULL,
    url character varying(2000),
    body text,
    creator_id integer NOT NULL,
    community_id integer NOT NULL,
    removed boolean DEFAULT false NOT NULL,
    locked boolean DEFAULT false NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    deleted boolean DEFAULT false NOT NULL,
    nsfw boolean DEFAULT false NOT NULL,
    embed_title text,
    embed_description text,
    thumbnail_url text,
    ap_id character varying(255) NOT NULL,
    local boolean DEFAULT true NOT NULL,
    embed_video_url text,
    language_id integer DEFAULT 0 NOT NULL,
    featured_community boolean DEFAULT false NOT NULL,
    featured_local boolean DEFAULT false NOT NULL,
    url_content_type text,
    alt_text text,
    scheduled_publish_time_at timestamp with time zone,
    newest_comment_time_necro_at timestamp with time zone,
    newest_comment_time_at timestamp with time zone,
    comments integer DEFAULT 0 NOT NULL,
    score integer DEFAULT 0 NOT NULL,
    upvotes integer DEFAULT 0 NOT NULL,
    downvotes integer DEFAULT 0 NOT NULL,
    hot_rank real DEFAULT 0.0001 NOT NULL,
    hot_rank_active real DEFAULT 0.0001 NOT NULL,
    controversy_rank real DEFAULT 0 NOT NULL,
    scaled_rank real DEFAULT 0.0001 NOT NULL,
    report_count smallint DEFAULT 0 NOT NULL,
    unresolved_report_count smallint DEFAULT 0 NOT NULL,
    federation_pending boolean DEFAULT false NOT NULL,
    embed_video_width integer,
    embed_video_height integer
);

CREATE TABLE public.post_actions (
    read_at timestamp with time zone,
    read_comments_at timestamp with time zone,
    saved_at timestamp with time zone,
    voted_at timestamp with time zone,
    hidden_at timestamp with time zone,
    person_id integer NOT NULL,
    post_id integer NOT NULL,
    read_comments_amount integer,
    vote_is_upvote boolean,
    notifications public.post_notifications_mode_enum,
    CONSTRAINT post_actions_check_liked CHECK (((voted_at IS NULL) = (vote_is_upvote IS NULL))),
    CONSTRAINT post_actions_check_read_comments CHECK (((read_comments_at IS NULL) = (read_comments_amount IS NULL)))
);

CREATE SEQUENCE public.post_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.post_id_seq OWNED BY public.post.id;

CREATE TABLE public.post_report (
    id integer NOT NULL,
    creator_id integer NOT NULL,
    post_id integer NOT NULL,
    original_post_name character varying(200) NOT NULL,
    original_post_url text,
    original_post_body text,
    reason text NOT NULL,
    resolved boolean DEFAULT false NOT NULL,
    resolver_id integer,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    violates_instance_rules boolean DEFAULT false NOT NULL,
    conclusion text
);

CREATE SEQUENCE public.post_report_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.post_report_id_seq OWNED BY public.post_report.id;

CREATE TABLE public.private_message (
    id integer NOT NULL,
    creator_id integer NOT NULL,
    recipient_id integer NOT NULL,
    content text NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    ap_id character varying(255) NOT NULL,
    local boolean DEFAULT true NOT NULL,
    removed boolean DEFAULT false NOT NULL,
    deleted_by_recipient boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.private_message_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.private_message_id_seq OWNED BY public.private_message.id;

CREATE TABLE public.received_activity (
    ap_id text NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.comment ALTER COLUMN id SET DEFAULT nextval('public.comment_id_seq'::regclass);

ALTER TABLE ONLY public.comment_report ALTER COLUMN id SET DEFAULT nextval('public.comment_report_id_seq'::regclass);

ALTER TABLE ONLY public.community ALTER COLUMN id SET DEFAULT nextval('public.community_id_seq'::regclass);

ALTER TABLE ONLY public.instance ALTER COLUMN id SET DEFAULT nextval('public.instance_id_seq'::regclass);

ALTER TABLE ONLY public.language ALTER COLUMN id SET DEFAULT nextval('public.language_id_seq'::regclass);

ALTER TABLE ONLY public.local_user ALTER COLUMN id SET DEFAULT nextval('public.local_user_id_seq'::regclass);

ALTER TABLE ONLY public.person ALTER COLUMN id SET DEFAULT nextval('public.person_id_seq'::regclass);

ALTER TABLE ONLY public.post ALTER COLUMN id SET DEFAULT nextval('public.post_id_seq'::regclass);

ALTER TABLE ONLY public.post_report ALTER COLUMN id SET DEFAULT nextval('public.post_report_id_seq'::regclass);

ALTER TABLE ONLY public.private_message ALTER COLUMN id SET DEFAULT nextval('public.private_message_id_seq'::regclass);

