-- Concourse CI: concourse/concourse atc/db/migration/migrations/*.up.sql applied in order
-- and dumped (pg_dump --section=pre-data), cut to 20 tables; see SOURCE.md.

CREATE TYPE build_status AS ENUM ('pending', 'started', 'aborted', 'succeeded', 'failed', 'errored');
CREATE TYPE container_state AS ENUM ('creating', 'created', 'destroying', 'failed');
CREATE TYPE volume_state AS ENUM ('creating', 'created', 'destroying', 'failed');
CREATE TYPE worker_state AS ENUM ('running', 'stalled', 'landing', 'landed', 'retiring');

CREATE TABLE access_tokens (
    token text NOT NULL,
    sub text NOT NULL,
    claims jsonb,
    expires_at timestamp with time zone
);

CREATE TABLE base_resource_types (
    id integer NOT NULL,
    name text NOT NULL,
    unique_version_history boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE base_resource_types_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE base_resource_types_id_seq OWNED BY base_resource_types.id;

CREATE TABLE build_comments (
    build_id bigint NOT NULL,
    comment text DEFAULT ''::text NOT NULL
);

CREATE TABLE build_resource_config_version_inputs (
    build_id bigint NOT NULL,
    resource_id integer NOT NULL,
    version_digest text NOT NULL,
    name text NOT NULL,
    first_occurrence boolean
);

CREATE TABLE build_resource_config_version_outputs (
    build_id bigint NOT NULL,
    resource_id integer NOT NULL,
    version_digest text NOT NULL,
    name text NOT NULL
);

CREATE TABLE builds (
    id bigint NOT NULL,
    name text NOT NULL,
    status build_status NOT NULL,
    scheduled boolean DEFAULT false NOT NULL,
    start_time timestamp with time zone,
    end_time timestamp with time zone,
    schema character varying(16),
    private_plan text,
    completed boolean DEFAULT false NOT NULL,
    job_id integer,
    reap_time timestamp with time zone,
    team_id integer NOT NULL,
    manually_triggered boolean DEFAULT false,
    interceptible boolean DEFAULT true,
    nonce text,
    public_plan json DEFAULT '{}'::json,
    pipeline_id integer,
    drained boolean DEFAULT false NOT NULL,
    create_time timestamp with time zone DEFAULT now() NOT NULL,
    aborted boolean DEFAULT false NOT NULL,
    rerun_of_old integer,
    rerun_number integer DEFAULT 0 NOT NULL,
    inputs_ready boolean DEFAULT false NOT NULL,
    needs_v6_migration boolean DEFAULT true NOT NULL,
    span_context jsonb,
    resource_id integer,
    resource_type_id integer,
    created_by text,
    rerun_of bigint
);

CREATE SEQUENCE builds_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE builds_id_seq OWNED BY builds.id;

CREATE TABLE containers (
    handle text NOT NULL,
    build_id bigint,
    plan_id text,
    pipeline_id integer,
    resource_id integer,
    worker_name text,
    id integer NOT NULL,
    team_id integer,
    state container_state DEFAULT 'creating'::container_state NOT NULL,
    meta_type text DEFAULT ''::text NOT NULL,
    meta_step_name text DEFAULT ''::text NOT NULL,
    meta_attempt text DEFAULT ''::text NOT NULL,
    meta_working_directory text DEFAULT ''::text NOT NULL,
    meta_process_user text DEFAULT ''::text NOT NULL,
    meta_pipeline_id integer DEFAULT 0 NOT NULL,
    meta_job_id integer DEFAULT 0 NOT NULL,
    meta_build_id bigint DEFAULT 0 NOT NULL,
    meta_pipeline_name text DEFAULT ''::text NOT NULL,
    meta_job_name text DEFAULT ''::text NOT NULL,
    meta_build_name text DEFAULT ''::text NOT NULL,
    image_check_container_id integer,
    image_get_container_id integer,
    missing_since timestamp with time zone,
    resource_config_check_session_id integer,
    last_hijack timestamp with time zone,
    meta_pipeline_instance_vars text DEFAULT ''::text NOT NULL,
    in_memory_build_id bigint,
    in_memory_build_create_time timestamp with time zone
);

CREATE SEQUENCE containers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE containers_id_seq OWNED BY containers.id;

CREATE TABLE job_inputs (
    name text NOT NULL,
    job_id integer NOT NULL,
    resource_id integer NOT NULL,
    passed_job_id integer,
    trigger boolean DEFAULT false NOT NULL,
    version text
);

CREATE TABLE jobs (
    name text NOT NULL,
    build_number_seq integer DEFAULT 0 NOT NULL,
    paused boolean DEFAULT false,
    id integer NOT NULL,
    pipeline_id integer NOT NULL,
    first_logged_build_id bigint DEFAULT 0 NOT NULL,
    inputs_determined boolean DEFAULT false NOT NULL,
    max_in_flight_reached boolean DEFAULT false NOT NULL,
    config text,
    active boolean DEFAULT false NOT NULL,
    interruptible boolean DEFAULT false NOT NULL,
    nonce text,
    tags text[],
    latest_completed_build_id bigint,
    next_build_id bigint,
    transition_build_id bigint,
    has_new_inputs boolean DEFAULT false,
    schedule_requested timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL,
    last_scheduled timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL,
    public boolean DEFAULT false NOT NULL,
    max_in_flight integer DEFAULT 0 NOT NULL,
    disable_manual_trigger boolean DEFAULT false NOT NULL,
    paused_by text,
    paused_at timestamp with time zone,
    disable_reruns boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE jobs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE jobs_id_seq OWNED BY jobs.id;

CREATE TABLE pipelines (
    version integer DEFAULT 0 NOT NULL,
    id integer NOT NULL,
    name text NOT NULL,
    paused boolean DEFAULT false,
    ordering integer DEFAULT 0 NOT NULL,
    team_id integer NOT NULL,
    public boolean DEFAULT false NOT NULL,
    groups json,
    cache_index integer DEFAULT 1 NOT NULL,
    var_sources text,
    nonce text,
    last_updated timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    parent_job_id integer,
    parent_build_id bigint,
    display jsonb,
    instance_vars jsonb,
    secondary_ordering integer NOT NULL,
    paused_by text,
    paused_at timestamp with time zone,
    user_data text
);

CREATE SEQUENCE pipelines_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE pipelines_id_seq OWNED BY pipelines.id;

CREATE TABLE resource_config_scopes (
    id bigint NOT NULL,
    resource_config_id integer NOT NULL,
    resource_id integer,
    last_check_start_time timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL,
    last_check_end_time timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL,
    last_check_succeeded boolean DEFAULT false NOT NULL,
    last_check_build_id bigint,
    last_check_build_plan json DEFAULT '{}'::json,
    next_check_time timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL
);

CREATE SEQUENCE resource_config_scopes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE resource_config_scopes_id_seq OWNED BY resource_config_scopes.id;

CREATE TABLE resource_config_versions (
    id bigint NOT NULL,
    version jsonb NOT NULL,
    version_md5 text,
    metadata jsonb DEFAULT 'null'::jsonb NOT NULL,
    check_order integer DEFAULT 0 NOT NULL,
    resource_config_scope_id bigint NOT NULL,
    span_context jsonb,
    version_sha256 text NOT NULL
);

CREATE SEQUENCE resource_config_versions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE resource_config_versions_id_seq OWNED BY resource_config_versions.id;

CREATE TABLE resource_configs (
    id integer NOT NULL,
    base_resource_type_id integer,
    source_hash text NOT NULL,
    resource_cache_id integer,
    last_referenced timestamp with time zone DEFAULT '1970-01-01 00:00:00+00'::timestamp with time zone NOT NULL
);

CREATE SEQUENCE resource_configs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE resource_configs_id_seq OWNED BY resource_configs.id;

CREATE TABLE resource_pins (
    resource_id integer NOT NULL,
    version jsonb NOT NULL,
    comment_text text NOT NULL
);

CREATE TABLE resource_types (
    id integer NOT NULL,
    pipeline_id integer,
    name text NOT NULL,
    type text NOT NULL,
    config text,
    active boolean DEFAULT false NOT NULL,
    nonce text,
    resource_config_id integer
);

CREATE SEQUENCE resource_types_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE resource_types_id_seq OWNED BY resource_types.id;

CREATE TABLE resources (
    name text NOT NULL,
    id integer NOT NULL,
    pipeline_id integer NOT NULL,
    config text,
    active boolean DEFAULT false NOT NULL,
    nonce text,
    resource_config_id integer,
    resource_config_scope_id bigint,
    in_memory_build_id bigint,
    in_memory_build_start_time timestamp with time zone,
    in_memory_build_plan json,
    in_memory_build_status build_status
);

CREATE SEQUENCE resources_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE resources_id_seq OWNED BY resources.id;

CREATE TABLE teams (
    id integer NOT NULL,
    name text NOT NULL,
    basic_auth json,
    admin boolean DEFAULT false,
    auth text,
    nonce text,
    CONSTRAINT constraint_teams_name_not_empty CHECK ((length(name) > 0))
);

CREATE SEQUENCE teams_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE teams_id_seq OWNED BY teams.id;

CREATE TABLE users (
    id integer NOT NULL,
    sub text NOT NULL,
    username text NOT NULL,
    connector text NOT NULL,
    last_login timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE users_id_seq OWNED BY users.id;

CREATE TABLE volumes (
    id integer NOT NULL,
    handle text NOT NULL,
    worker_name text NOT NULL,
    path text,
    container_id integer,
    team_id integer,
    state volume_state DEFAULT 'creating'::volume_state NOT NULL,
    parent_id integer,
    parent_state volume_state,
    worker_base_resource_type_id integer,
    worker_resource_cache_id integer,
    worker_task_cache_id integer,
    worker_resource_certs_id integer,
    missing_since timestamp with time zone,
    worker_artifact_id integer
);

CREATE SEQUENCE volumes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE volumes_id_seq OWNED BY volumes.id;

CREATE TABLE workers (
    addr text,
    expires timestamp with time zone,
    active_containers integer DEFAULT 0,
    resource_types text,
    platform text,
    tags text,
    baggageclaim_url text DEFAULT ''::text,
    name text NOT NULL,
    http_proxy_url text,
    https_proxy_url text,
    no_proxy text,
    start_time timestamp with time zone,
    team_id integer,
    state worker_state DEFAULT 'running'::worker_state NOT NULL,
    version text,
    certs_path text,
    ephemeral boolean,
    active_volumes integer DEFAULT 0,
    active_tasks integer DEFAULT 0,
    stalled_since timestamp with time zone,
    max_active_tasks integer DEFAULT 0,
    CONSTRAINT addr_when_running CHECK ((((state <> 'stalled'::worker_state) AND (state <> 'landed'::worker_state) AND ((addr IS NOT NULL) OR (baggageclaim_url IS NOT NULL))) OR (state = 'stalled'::worker_state) OR (state = 'landed'::worker_state))),
    CONSTRAINT workers_active_tasks_check CHECK ((active_tasks >= 0))
);

ALTER TABLE ONLY base_resource_types ALTER COLUMN id SET DEFAULT nextval('base_resource_types_id_seq'::regclass);

ALTER TABLE ONLY builds ALTER COLUMN id SET DEFAULT nextval('builds_id_seq'::regclass);

ALTER TABLE ONLY containers ALTER COLUMN id SET DEFAULT nextval('containers_id_seq'::regclass);

ALTER TABLE ONLY jobs ALTER COLUMN id SET DEFAULT nextval('jobs_id_seq'::regclass);

ALTER TABLE ONLY pipelines ALTER COLUMN id SET DEFAULT nextval('pipelines_id_seq'::regclass);

ALTER TABLE ONLY resource_config_scopes ALTER COLUMN id SET DEFAULT nextval('resource_config_scopes_id_seq'::regclass);

ALTER TABLE ONLY resource_config_versions ALTER COLUMN id SET DEFAULT nextval('resource_config_versions_id_seq'::regclass);

ALTER TABLE ONLY resource_configs ALTER COLUMN id SET DEFAULT nextval('resource_configs_id_seq'::regclass);

ALTER TABLE ONLY resource_types ALTER COLUMN id SET DEFAULT nextval('resource_types_id_seq'::regclass);

ALTER TABLE ONLY resources ALTER COLUMN id SET DEFAULT nextval('resources_id_seq'::regclass);

ALTER TABLE ONLY teams ALTER COLUMN id SET DEFAULT nextval('teams_id_seq'::regclass);

ALTER TABLE ONLY users ALTER COLUMN id SET DEFAULT nextval('users_id_seq'::regclass);

ALTER TABLE ONLY volumes ALTER COLUMN id SET DEFAULT nextval('volumes_id_seq'::regclass);
