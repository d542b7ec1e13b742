-- The indexes (t.index) of schema.rb for the kept tables, as Rails creates them (`where:`
-- becomes WHERE, `order: { date: :desc }` DESC, expression indexes verbatim), then the
-- add_foreign_key lines whose two tables were both kept. Left out: the foreign keys to
-- tables that were not kept (sessions to impersonation_sessions, users to chats).

CREATE INDEX index_accounts_on_accountable_id_and_accountable_type ON accounts USING btree (accountable_id, accountable_type);
CREATE INDEX index_accounts_on_accountable_type ON accounts USING btree (accountable_type);
CREATE INDEX index_accounts_on_currency ON accounts USING btree (currency);
CREATE INDEX index_accounts_on_family_id_and_accountable_type ON accounts USING btree (family_id, accountable_type);
CREATE INDEX index_accounts_on_family_id_and_id ON accounts USING btree (family_id, id);
CREATE INDEX index_accounts_on_family_id_and_status ON accounts USING btree (family_id, status);
CREATE INDEX index_accounts_on_family_id ON accounts USING btree (family_id);
CREATE INDEX index_accounts_on_import_id ON accounts USING btree (import_id);
CREATE INDEX index_accounts_on_plaid_account_id ON accounts USING btree (plaid_account_id);
CREATE INDEX index_accounts_on_status ON accounts USING btree (status);

CREATE UNIQUE INDEX index_account_balances_on_account_id_date_currency_unique ON balances USING btree (account_id, date, currency);
CREATE INDEX index_balances_on_account_id_and_date ON balances USING btree (account_id, date DESC);
CREATE INDEX index_balances_on_account_id ON balances USING btree (account_id);

CREATE INDEX index_categories_on_family_id ON categories USING btree (family_id);

CREATE INDEX index_entries_on_lower_name ON entries USING btree (lower((name)::text));
CREATE INDEX index_entries_on_account_id_and_date ON entries USING btree (account_id, date);
CREATE INDEX index_entries_on_account_id ON entries USING btree (account_id);
CREATE INDEX index_entries_on_date ON entries USING btree (date);
CREATE INDEX index_entries_on_entryable_type ON entries USING btree (entryable_type);
CREATE INDEX index_entries_on_import_id ON entries USING btree (import_id);

CREATE UNIQUE INDEX index_exchange_rates_on_base_converted_date_unique ON exchange_rates USING btree (from_currency, to_currency, date);
CREATE INDEX index_exchange_rates_on_from_currency ON exchange_rates USING btree (from_currency);
CREATE INDEX index_exchange_rates_on_to_currency ON exchange_rates USING btree (to_currency);

CREATE UNIQUE INDEX idx_on_account_id_security_id_date_currency_5323e39f8b ON holdings USING btree (account_id, security_id, date, currency);
CREATE INDEX index_holdings_on_account_id ON holdings USING btree (account_id);
CREATE INDEX index_holdings_on_security_id ON holdings USING btree (security_id);

CREATE INDEX index_import_rows_on_import_id ON import_rows USING btree (import_id);

CREATE INDEX index_imports_on_family_id ON imports USING btree (family_id);

CREATE UNIQUE INDEX index_merchants_on_family_id_and_name ON merchants USING btree (family_id, name) WHERE ((type)::text = 'FamilyMerchant'::text);
CREATE INDEX index_merchants_on_family_id ON merchants USING btree (family_id);
CREATE UNIQUE INDEX index_merchants_on_source_and_name ON merchants USING btree (source, name) WHERE ((type)::text = 'ProviderMerchant'::text);
CREATE INDEX index_merchants_on_type ON merchants USING btree (type);

CREATE UNIQUE INDEX index_plaid_accounts_on_plaid_id ON plaid_accounts USING btree (plaid_id);
CREATE INDEX index_plaid_accounts_on_plaid_item_id ON plaid_accounts USING btree (plaid_item_id);

CREATE INDEX index_plaid_items_on_family_id ON plaid_items USING btree (family_id);
CREATE UNIQUE INDEX index_plaid_items_on_plaid_id ON plaid_items USING btree (plaid_id);

CREATE UNIQUE INDEX index_securities_on_ticker_and_exchange_operating_mic_unique ON securities USING btree (upper((ticker)::text), COALESCE(upper((exchange_operating_mic)::text), ''::text));
CREATE INDEX index_securities_on_country_code ON securities USING btree (country_code);
CREATE INDEX index_securities_on_exchange_operating_mic ON securities USING btree (exchange_operating_mic);

CREATE UNIQUE INDEX index_security_prices_on_security_id_and_date_and_currency ON security_prices USING btree (security_id, date, currency);
CREATE INDEX index_security_prices_on_security_id ON security_prices USING btree (security_id);

CREATE INDEX index_sessions_on_active_impersonator_session_id ON sessions USING btree (active_impersonator_session_id);
CREATE INDEX index_sessions_on_user_id ON sessions USING btree (user_id);

CREATE INDEX index_taggings_on_tag_id ON taggings USING btree (tag_id);
CREATE INDEX index_taggings_on_taggable ON taggings USING btree (taggable_type, taggable_id);

CREATE INDEX index_tags_on_family_id ON tags USING btree (family_id);

CREATE INDEX index_trades_on_security_id ON trades USING btree (security_id);

CREATE INDEX index_transactions_on_category_id ON transactions USING btree (category_id);
CREATE INDEX index_transactions_on_kind ON transactions USING btree (kind);
CREATE INDEX index_transactions_on_merchant_id ON transactions USING btree (merchant_id);

CREATE UNIQUE INDEX idx_on_inflow_transaction_id_outflow_transaction_id_8cd07a28bd ON transfers USING btree (inflow_transaction_id, outflow_transaction_id);
CREATE INDEX index_transfers_on_inflow_transaction_id ON transfers USING btree (inflow_transaction_id);
CREATE INDEX index_transfers_on_outflow_transaction_id ON transfers USING btree (outflow_transaction_id);
CREATE INDEX index_transfers_on_status ON transfers USING btree (status);

CREATE UNIQUE INDEX index_users_on_email ON users USING btree (email);
CREATE INDEX index_users_on_family_id ON users USING btree (family_id);
CREATE INDEX index_users_on_last_viewed_chat_id ON users USING btree (last_viewed_chat_id);
CREATE UNIQUE INDEX index_users_on_otp_secret ON users USING btree (otp_secret) WHERE (otp_secret IS NOT NULL);

ALTER TABLE accounts ADD CONSTRAINT fk_rails_363bf5a48d FOREIGN KEY (family_id) REFERENCES families(id);
ALTER TABLE accounts ADD CONSTRAINT fk_rails_86697e7a91 FOREIGN KEY (import_id) REFERENCES imports(id);
ALTER TABLE accounts ADD CONSTRAINT fk_rails_9d788ddfbc FOREIGN KEY (plaid_account_id) REFERENCES plaid_accounts(id);
ALTER TABLE balances ADD CONSTRAINT fk_rails_9452e1f8fd FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
ALTER TABLE categories ADD CONSTRAINT fk_rails_22ababf336 FOREIGN KEY (family_id) REFERENCES families(id);
ALTER TABLE entries ADD CONSTRAINT fk_rails_37a3feaeb6 FOREIGN KEY (account_id) REFERENCES accounts(id);
ALTER TABLE entries ADD CONSTRAINT fk_rails_f8a7316f9a FOREIGN KEY (import_id) REFERENCES imports(id);
ALTER TABLE holdings ADD CONSTRAINT fk_rails_ef2ad271e6 FOREIGN KEY (account_id) REFERENCES accounts(id);
ALTER TABLE holdings ADD CONSTRAINT fk_rails_cd86ce9d77 FOREIGN KEY (security_id) REFERENCES securities(id);
ALTER TABLE import_rows ADD CONSTRAINT fk_rails_13e503c4a1 FOREIGN KEY (import_id) REFERENCES imports(id);
ALTER TABLE imports ADD CONSTRAINT fk_rails_fef4f8a5b1 FOREIGN KEY (family_id) REFERENCES families(id);
ALTER TABLE merchants ADD CONSTRAINT fk_rails_ea5781c1b9 FOREIGN KEY (family_id) REFERENCES families(id);
ALTER TABLE plaid_accounts ADD CONSTRAINT fk_rails_8fb63dd78c FOREIGN KEY (plaid_item_id) REFERENCES plaid_items(id);
ALTER TABLE plaid_items ADD CONSTRAINT fk_rails_9c72cf4f53 FOREIGN KEY (family_id) REFERENCES families(id);
ALTER TABLE security_prices ADD CONSTRAINT fk_rails_fb42b7e597 FOREIGN KEY (security_id) REFERENCES securities(id);
ALTER TABLE sessions ADD CONSTRAINT fk_rails_758836b4f0 FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE taggings ADD CONSTRAINT fk_rails_9fcd2e236b FOREIGN KEY (tag_id) REFERENCES tags(id);
ALTER TABLE tags ADD CONSTRAINT fk_rails_c7b66bad79 FOREIGN KEY (family_id) REFERENCES families(id);
ALTER TABLE trades ADD CONSTRAINT fk_rails_89e7d6c7d0 FOREIGN KEY (security_id) REFERENCES securities(id);
ALTER TABLE transactions ADD CONSTRAINT fk_rails_0ea2ad3927 FOREIGN KEY (category_id) REFERENCES categories(id) ON DELETE SET NULL;
ALTER TABLE transactions ADD CONSTRAINT fk_rails_3e4f7da228 FOREIGN KEY (merchant_id) REFERENCES merchants(id);
ALTER TABLE transfers ADD CONSTRAINT fk_rails_b7f6b2cde7 FOREIGN KEY (inflow_transaction_id) REFERENCES transactions(id) ON DELETE CASCADE;
ALTER TABLE transfers ADD CONSTRAINT fk_rails_9d957b82f0 FOREIGN KEY (outflow_transaction_id) REFERENCES transactions(id) ON DELETE CASCADE;
ALTER TABLE users ADD CONSTRAINT fk_rails_87dbf420c1 FOREIGN KEY (family_id) REFERENCES families(id);
