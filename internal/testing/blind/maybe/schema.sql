-- Maybe (maybe-finance/maybe, db/schema.rb), 24 of its tables translated to the SQL that
-- `bin/rails db:schema:load` runs; see SOURCE.md. Rails 7.2 conventions: `id: :uuid,
-- default: -> { "gen_random_uuid()" }` gets `id uuid DEFAULT gen_random_uuid() PRIMARY
-- KEY`; t.string is character varying, t.datetime timestamp(6), t.decimal numeric(p, s);
-- `t.virtual ... stored: true` is a stored generated column; `null: false` is NOT NULL.
-- Indexes and foreign keys are in keys.sql.

CREATE TABLE accounts (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    subtype character varying,
    family_id uuid NOT NULL,
    name character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    accountable_type character varying,
    accountable_id uuid,
    balance numeric(19,4),
    currency character varying,
    classification character varying GENERATED ALWAYS AS (
CASE
    WHEN ((accountable_type)::text = ANY ((ARRAY['Loan'::character varying, 'CreditCard'::character varying, 'OtherLiability'::character varying])::text[])) THEN 'liability'::text
    ELSE 'asset'::text
END) STORED,
    import_id uuid,
    plaid_account_id uuid,
    cash_balance numeric(19,4) DEFAULT 0.0,
    locked_attributes jsonb DEFAULT '{}'::jsonb,
    status character varying DEFAULT 'active'
);

CREATE TABLE balances (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    account_id uuid NOT NULL,
    date date NOT NULL,
    balance numeric(19,4) NOT NULL,
    currency character varying DEFAULT 'USD' NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    cash_balance numeric(19,4) DEFAULT 0.0,
    start_cash_balance numeric(19,4) DEFAULT 0.0 NOT NULL,
    start_non_cash_balance numeric(19,4) DEFAULT 0.0 NOT NULL,
    cash_inflows numeric(19,4) DEFAULT 0.0 NOT NULL,
    cash_outflows numeric(19,4) DEFAULT 0.0 NOT NULL,
    non_cash_inflows numeric(19,4) DEFAULT 0.0 NOT NULL,
    non_cash_outflows numeric(19,4) DEFAULT 0.0 NOT NULL,
    net_market_flows numeric(19,4) DEFAULT 0.0 NOT NULL,
    cash_adjustments numeric(19,4) DEFAULT 0.0 NOT NULL,
    non_cash_adjustments numeric(19,4) DEFAULT 0.0 NOT NULL,
    flows_factor integer DEFAULT 1 NOT NULL,
    start_balance numeric(19,4) GENERATED ALWAYS AS ((start_cash_balance + start_non_cash_balance)) STORED,
    end_cash_balance numeric(19,4) GENERATED ALWAYS AS (((start_cash_balance + ((cash_inflows - cash_outflows) * (flows_factor)::numeric)) + cash_adjustments)) STORED,
    end_non_cash_balance numeric(19,4) GENERATED ALWAYS AS ((((start_non_cash_balance + ((non_cash_inflows - non_cash_outflows) * (flows_factor)::numeric)) + net_market_flows) + non_cash_adjustments)) STORED,
    end_balance numeric(19,4) GENERATED ALWAYS AS ((((start_cash_balance + ((cash_inflows - cash_outflows) * (flows_factor)::numeric)) + cash_adjustments) + (((start_non_cash_balance + ((non_cash_inflows - non_cash_outflows) * (flows_factor)::numeric)) + net_market_flows) + non_cash_adjustments))) STORED
);

CREATE TABLE categories (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    name character varying NOT NULL,
    color character varying DEFAULT '#6172F3' NOT NULL,
    family_id uuid NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    parent_id uuid,
    classification character varying DEFAULT 'expense' NOT NULL,
    lucide_icon character varying DEFAULT 'shapes' NOT NULL
);

CREATE TABLE depositories (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    locked_attributes jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE entries (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    account_id uuid NOT NULL,
    entryable_type character varying,
    entryable_id uuid,
    amount numeric(19,4) NOT NULL,
    currency character varying,
    date date,
    name character varying NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    import_id uuid,
    notes text,
    excluded boolean DEFAULT false,
    plaid_id character varying,
    locked_attributes jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE exchange_rates (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    from_currency character varying NOT NULL,
    to_currency character varying NOT NULL,
    rate numeric NOT NULL,
    date date NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE TABLE families (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    name character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    currency character varying DEFAULT 'USD',
    locale character varying DEFAULT 'en',
    stripe_customer_id character varying,
    date_format character varying DEFAULT '%m-%d-%Y',
    country character varying DEFAULT 'US',
    timezone character varying,
    data_enrichment_enabled boolean DEFAULT false,
    early_access boolean DEFAULT false,
    auto_sync_on_login boolean DEFAULT true NOT NULL,
    latest_sync_activity_at timestamp(6) without time zone DEFAULT CURRENT_TIMESTAMP,
    latest_sync_completed_at timestamp(6) without time zone DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE holdings (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    account_id uuid NOT NULL,
    security_id uuid NOT NULL,
    date date NOT NULL,
    qty numeric(19,4) NOT NULL,
    price numeric(19,4) NOT NULL,
    amount numeric(19,4) NOT NULL,
    currency character varying NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE TABLE import_rows (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    import_id uuid NOT NULL,
    account character varying,
    date character varying,
    qty character varying,
    ticker character varying,
    price character varying,
    amount character varying,
    currency character varying,
    name character varying,
    category character varying,
    tags character varying,
    entity_type character varying,
    notes text,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    exchange_operating_mic character varying
);

CREATE TABLE imports (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    column_mappings jsonb,
    status character varying,
    raw_file_str character varying,
    normalized_csv_str character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    col_sep character varying DEFAULT ',',
    family_id uuid NOT NULL,
    account_id uuid,
    type character varying NOT NULL,
    date_col_label character varying,
    amount_col_label character varying,
    name_col_label character varying,
    category_col_label character varying,
    tags_col_label character varying,
    account_col_label character varying,
    qty_col_label character varying,
    ticker_col_label character varying,
    price_col_label character varying,
    entity_type_col_label character varying,
    notes_col_label character varying,
    currency_col_label character varying,
    date_format character varying DEFAULT '%m/%d/%Y',
    signage_convention character varying DEFAULT 'inflows_positive',
    error character varying,
    number_format character varying,
    exchange_operating_mic_col_label character varying,
    amount_type_strategy character varying DEFAULT 'signed_amount',
    amount_type_inflow_value character varying
);

CREATE TABLE investments (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    locked_attributes jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE merchants (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    name character varying NOT NULL,
    color character varying,
    family_id uuid,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    logo_url character varying,
    website_url character varying,
    type character varying NOT NULL,
    source character varying,
    provider_merchant_id character varying
);

CREATE TABLE plaid_accounts (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    plaid_item_id uuid NOT NULL,
    plaid_id character varying NOT NULL,
    plaid_type character varying NOT NULL,
    plaid_subtype character varying,
    current_balance numeric(19,4),
    available_balance numeric(19,4),
    currency character varying NOT NULL,
    name character varying NOT NULL,
    mask character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    raw_payload jsonb DEFAULT '{}'::jsonb,
    raw_transactions_payload jsonb DEFAULT '{}'::jsonb,
    raw_investments_payload jsonb DEFAULT '{}'::jsonb,
    raw_liabilities_payload jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE plaid_items (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    family_id uuid NOT NULL,
    access_token character varying,
    plaid_id character varying NOT NULL,
    name character varying,
    next_cursor character varying,
    scheduled_for_deletion boolean DEFAULT false,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    available_products character varying[] DEFAULT '{}',
    billed_products character varying[] DEFAULT '{}',
    plaid_region character varying DEFAULT 'us' NOT NULL,
    institution_url character varying,
    institution_id character varying,
    institution_color character varying,
    status character varying DEFAULT 'good' NOT NULL,
    raw_payload jsonb DEFAULT '{}'::jsonb,
    raw_institution_payload jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE securities (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    ticker character varying NOT NULL,
    name character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    country_code character varying,
    exchange_mic character varying,
    exchange_acronym character varying,
    logo_url character varying,
    exchange_operating_mic character varying,
    offline boolean DEFAULT false NOT NULL,
    failed_fetch_at timestamp(6) without time zone,
    failed_fetch_count integer DEFAULT 0 NOT NULL,
    last_health_check_at timestamp(6) without time zone
);

CREATE TABLE security_prices (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    date date NOT NULL,
    price numeric(19,4) NOT NULL,
    currency character varying DEFAULT 'USD' NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    security_id uuid
);

CREATE TABLE sessions (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    user_id uuid NOT NULL,
    user_agent character varying,
    ip_address character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    active_impersonator_session_id uuid,
    subscribed_at timestamp(6) without time zone,
    prev_transaction_page_params jsonb DEFAULT '{}'::jsonb,
    data jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE taggings (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    tag_id uuid NOT NULL,
    taggable_type character varying,
    taggable_id uuid,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE TABLE tags (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    name character varying,
    color character varying DEFAULT '#e99537' NOT NULL,
    family_id uuid NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE TABLE trades (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    security_id uuid NOT NULL,
    qty numeric(19,4),
    price numeric(19,4),
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    currency character varying,
    locked_attributes jsonb DEFAULT '{}'::jsonb
);

CREATE TABLE transactions (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    category_id uuid,
    merchant_id uuid,
    locked_attributes jsonb DEFAULT '{}'::jsonb,
    kind character varying DEFAULT 'standard' NOT NULL
);

CREATE TABLE transfers (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    inflow_transaction_id uuid NOT NULL,
    outflow_transaction_id uuid NOT NULL,
    status character varying DEFAULT 'pending' NOT NULL,
    notes text,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE TABLE users (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    family_id uuid NOT NULL,
    first_name character varying,
    last_name character varying,
    email character varying,
    password_digest character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    role character varying DEFAULT 'member' NOT NULL,
    active boolean DEFAULT true NOT NULL,
    onboarded_at timestamp(6) without time zone,
    unconfirmed_email character varying,
    otp_secret character varying,
    otp_required boolean DEFAULT false NOT NULL,
    otp_backup_codes character varying[] DEFAULT '{}',
    show_sidebar boolean DEFAULT true,
    default_period character varying DEFAULT 'last_30_days' NOT NULL,
    last_viewed_chat_id uuid,
    show_ai_sidebar boolean DEFAULT true,
    ai_enabled boolean DEFAULT false NOT NULL,
    theme character varying DEFAULT 'system',
    rule_prompts_disabled boolean DEFAULT false,
    rule_prompt_dismissed_at timestamp(6) without time zone,
    goals text[] DEFAULT '{}',
    set_onboarding_preferences_at timestamp(6) without time zone,
    set_onboarding_goals_at timestamp(6) without time zone
);

CREATE TABLE valuations (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    locked_attributes jsonb DEFAULT '{}'::jsonb,
    kind character varying DEFAULT 'reconciliation' NOT NULL
);
