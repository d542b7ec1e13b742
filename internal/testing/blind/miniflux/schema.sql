-- miniflux (miniflux/v2, internal/database/migrations.go), its twelve tables with every
-- migration of the stored commit applied; see SOURCE.md. Tables are written as the
-- migrations leave them (columns in the order they were added, inline primary keys, unique
-- constraints and foreign keys where the migrations declare them inline); keys.sql adds the
-- migrations' CREATE INDEX statements after the data. Left out: schema_version (one row, no
-- key), entries.document_vectors (a derived full-text tsvector) and its GIN index, and the
-- integrations columns of the later integrations (see SOURCE.md).

CREATE TYPE entry_status AS enum('unread', 'read', 'removed');
CREATE TYPE entry_sorting_direction AS enum('asc', 'desc');
CREATE TYPE webapp_display_mode AS enum('fullscreen', 'standalone', 'minimal-ui', 'browser');
CREATE TYPE entry_sorting_order AS enum('published_at', 'created_at');

CREATE TABLE users (
	id serial not null,
	username text not null unique,
	password text,
	is_admin bool default 'f',
	language text default 'en_US',
	timezone text default 'UTC',
	theme text default 'light_serif',
	last_login_at timestamp with time zone,
	entry_direction entry_sorting_direction default 'asc',
	keyboard_shortcuts boolean default 't',
	entries_per_page int default 100,
	show_reading_time boolean default 't',
	entry_swipe boolean default 't',
	stylesheet text not null default '',
	google_id text not null default '',
	openid_connect_id text not null default '',
	display_mode webapp_display_mode default 'standalone',
	entry_order entry_sorting_order default 'published_at',
	default_reading_speed int default 265,
	cjk_reading_speed int default 500,
	default_home_page text default 'unread',
	categories_sorting_order text not null default 'unread_count',
	gesture_nav text default 'tap',
	mark_read_on_view boolean default 't',
	primary key (id)
);

-- Created as sessions by the first migration, renamed to user_sessions by the ninth.
CREATE TABLE user_sessions (
	id serial not null,
	user_id int not null,
	token text not null unique,
	created_at timestamp with time zone default now(),
	user_agent text,
	ip inet,
	primary key (id),
	unique (user_id, token),
	foreign key (user_id) references users(id) on delete cascade
);

CREATE TABLE categories (
	id serial not null,
	user_id int not null,
	title text not null,
	hide_globally boolean not null default false,
	primary key (id),
	unique (user_id, title),
	foreign key (user_id) references users(id) on delete cascade
);

CREATE TABLE feeds (
	id bigserial not null,
	user_id int not null,
	category_id int not null,
	title text not null,
	feed_url text not null,
	site_url text not null,
	checked_at timestamp with time zone default now(),
	etag_header text default '',
	last_modified_header text default '',
	parsing_error_msg text default '',
	parsing_error_count int default 0,
	scraper_rules text default '',
	rewrite_rules text default '',
	crawler boolean default 'f',
	username text default '',
	password text default '',
	user_agent text default '',
	disabled boolean default 'f',
	next_check_at timestamp with time zone default now(),
	ignore_http_cache bool default false,
	fetch_via_proxy bool default false,
	blocklist_rules text not null default '',
	keeplist_rules text not null default '',
	allow_self_signed_certificates boolean not null default false,
	cookie text default '',
	hide_globally boolean not null default false,
	url_rewrite_rules text not null default '',
	no_media_player boolean default 'f',
	apprise_service_urls text default '',
	primary key (id),
	unique (user_id, feed_url),
	foreign key (user_id) references users(id) on delete cascade,
	foreign key (category_id) references categories(id) on delete cascade
);

CREATE TABLE entries (
	id bigserial not null,
	user_id int not null,
	feed_id bigint not null,
	hash text not null,
	published_at timestamp with time zone not null,
	title text not null,
	url text not null,
	author text,
	content text,
	status entry_status default 'unread',
	starred bool default 'f',
	comments_url text default '',
	changed_at timestamp with time zone not null,
	share_code text not null default '',
	reading_time int not null default 0,
	created_at timestamp with time zone not null default now(),
	tags text[] default '{}',
	primary key (id),
	unique (feed_id, hash),
	foreign key (user_id) references users(id) on delete cascade,
	foreign key (feed_id) references feeds(id) on delete cascade
);

CREATE TABLE enclosures (
	id bigserial not null,
	user_id int not null,
	entry_id bigint not null,
	url text not null,
	size bigint default 0,
	mime_type text default '',
	media_progression int default 0,
	primary key (id),
	foreign key (user_id) references users(id) on delete cascade,
	foreign key (entry_id) references entries(id) on delete cascade
);

CREATE TABLE icons (
	id bigserial not null,
	hash text not null unique,
	mime_type text not null,
	content bytea not null,
	primary key (id)
);

CREATE TABLE feed_icons (
	feed_id bigint not null,
	icon_id bigint not null,
	primary key(feed_id, icon_id),
	foreign key (feed_id) references feeds(id) on delete cascade,
	foreign key (icon_id) references icons(id) on delete cascade
);

CREATE TABLE integrations (
	user_id int not null,
	pinboard_enabled bool default 'f',
	pinboard_token text default '',
	pinboard_tags text default 'miniflux',
	pinboard_mark_as_unread bool default 'f',
	instapaper_enabled bool default 'f',
	instapaper_username text default '',
	instapaper_password text default '',
	fever_enabled bool default 'f',
	fever_username text default '',
	fever_token text default '',
	wallabag_enabled bool default 'f',
	wallabag_url text default '',
	wallabag_client_id text default '',
	wallabag_client_secret text default '',
	wallabag_username text default '',
	wallabag_password text default '',
	telegram_bot_enabled bool default 'f',
	telegram_bot_token text default '',
	telegram_bot_chat_id text default '',
	googlereader_enabled bool default 'f',
	googlereader_username text default '',
	googlereader_password text default '',
	primary key(user_id)
);

CREATE TABLE sessions (
	id text not null,
	data jsonb not null,
	created_at timestamp with time zone not null default now(),
	primary key(id)
);

CREATE TABLE api_keys (
	id serial not null,
	user_id int not null references users(id) on delete cascade,
	token text not null unique,
	description text not null,
	last_used_at timestamp with time zone,
	created_at timestamp with time zone default now(),
	primary key(id),
	unique (user_id, description)
);

CREATE TABLE acme_cache (
	key varchar(400) not null primary key,
	data bytea not null,
	updated_at timestamptz not null
);
