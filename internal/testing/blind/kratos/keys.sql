-- The primary keys, unique constraints and indexes, and foreign keys of the kept tables, as
-- pg_dump writes them after the migrations. Left out: the foreign keys and indexes of the
-- tables that were not kept (identity_recovery_tokens, identity_verification_tokens,
-- identity_login_codes, identity_registration_codes, session_token_exchanges,
-- courier_message_dispatches, continuity_containers, selfservice_errors,
-- selfservice_registration_flows, identity_pending_traits_changes).

ALTER TABLE ONLY courier_messages
    ADD CONSTRAINT courier_messages_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identities
    ADD CONSTRAINT identities_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_credential_identifiers
    ADD CONSTRAINT identity_credential_identifiers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_credential_types
    ADD CONSTRAINT identity_credential_types_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_credentials
    ADD CONSTRAINT identity_credentials_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_recovery_addresses
    ADD CONSTRAINT identity_recovery_addresses_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_recovery_codes
    ADD CONSTRAINT identity_recovery_codes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_verifiable_addresses
    ADD CONSTRAINT identity_verifiable_addresses_pkey PRIMARY KEY (id);
ALTER TABLE ONLY identity_verification_codes
    ADD CONSTRAINT identity_verification_codes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY networks
    ADD CONSTRAINT networks_pkey PRIMARY KEY (id);
ALTER TABLE ONLY selfservice_login_flows
    ADD CONSTRAINT selfservice_login_requests_pkey PRIMARY KEY (id);
ALTER TABLE ONLY selfservice_settings_flows
    ADD CONSTRAINT selfservice_profile_management_requests_pkey PRIMARY KEY (id);
ALTER TABLE ONLY selfservice_recovery_flows
    ADD CONSTRAINT selfservice_recovery_requests_pkey PRIMARY KEY (id);
ALTER TABLE ONLY selfservice_verification_flows
    ADD CONSTRAINT selfservice_verification_requests_pkey PRIMARY KEY (id);
ALTER TABLE ONLY session_devices
    ADD CONSTRAINT session_devices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY session_devices
    ADD CONSTRAINT unique_session_device UNIQUE (nid, session_id, ip_address, user_agent);
CREATE INDEX courier_messages_nid_created_at_id_idx ON courier_messages USING btree (nid, created_at DESC, id);
CREATE INDEX courier_messages_nid_id_created_at_idx ON courier_messages USING btree (nid, id, created_at DESC);
CREATE INDEX courier_messages_nid_recipient_created_at_id_idx ON courier_messages USING btree (nid, recipient, created_at DESC);
CREATE INDEX courier_messages_nid_status_created_at_id_idx ON courier_messages USING btree (nid, status, created_at DESC);
CREATE INDEX courier_messages_status_created_at_idx ON courier_messages USING btree (status, created_at);
CREATE INDEX courier_messages_status_id_idx ON courier_messages USING btree (status, id);
CREATE UNIQUE INDEX identities_nid_external_id_idx ON identities USING btree (nid, external_id) WHERE (external_id IS NOT NULL);
CREATE INDEX identities_nid_id_idx ON identities USING btree (nid, id);
CREATE INDEX identities_nid_organization_id_idx ON identities USING btree (organization_id);
CREATE INDEX identity_credential_identifiers_ici_nid_i_idx ON identity_credential_identifiers USING btree (identity_credential_id, nid, identifier);
CREATE UNIQUE INDEX identity_credential_identifiers_identifier_nid_type_uq_idx ON identity_credential_identifiers USING btree (nid, identity_credential_type_id, identifier);
CREATE INDEX identity_credential_identifiers_identities_id_fk_idx ON identity_credential_identifiers USING btree (identity_id);
CREATE INDEX identity_credential_identifiers_nid_i_ici_idx ON identity_credential_identifiers USING btree (nid, identifier, identity_credential_id);
CREATE UNIQUE INDEX identity_credential_types_name_idx ON identity_credential_types USING btree (name);
CREATE INDEX identity_credentials_identity_id_idx ON identity_credentials USING btree (identity_id);
CREATE INDEX identity_recovery_addresses_identity_id_idx ON identity_recovery_addresses USING btree (identity_id);
CREATE UNIQUE INDEX identity_recovery_addresses_status_via_uq_idx ON identity_recovery_addresses USING btree (nid, via, value);
CREATE INDEX identity_recovery_codes_flow_id_idx ON identity_recovery_codes USING btree (selfservice_recovery_flow_id);
CREATE INDEX identity_recovery_codes_identity_id_idx ON identity_recovery_codes USING btree (identity_id);
CREATE INDEX identity_recovery_codes_identity_recovery_address_id_idx ON identity_recovery_codes USING btree (identity_recovery_address_id);
CREATE INDEX identity_recovery_codes_nid_idx ON identity_recovery_codes USING btree (nid);
CREATE INDEX identity_verifiable_addresses_identity_id_idx ON identity_verifiable_addresses USING btree (identity_id);
CREATE UNIQUE INDEX identity_verifiable_addresses_status_via_uq_idx ON identity_verifiable_addresses USING btree (nid, via, value);
CREATE INDEX identity_verification_codes_flow_id_idx ON identity_verification_codes USING btree (selfservice_verification_flow_id);
CREATE INDEX identity_verification_codes_identity_verifiable_address_id_idx ON identity_verification_codes USING btree (identity_verifiable_address_id);
CREATE INDEX identity_verification_codes_nid_idx ON identity_verification_codes USING btree (nid);
CREATE INDEX selfservice_login_flows_nid_idx ON selfservice_login_flows USING btree (nid);
CREATE INDEX selfservice_recovery_flows_nid_idx ON selfservice_recovery_flows USING btree (nid);
CREATE INDEX selfservice_recovery_flows_recovered_identity_id_idx ON selfservice_recovery_flows USING btree (recovered_identity_id);
CREATE INDEX selfservice_settings_flows_identity_id_idx ON selfservice_settings_flows USING btree (identity_id);
CREATE INDEX selfservice_settings_flows_nid_idx ON selfservice_settings_flows USING btree (nid);
CREATE INDEX selfservice_verification_flows_nid_idx ON selfservice_verification_flows USING btree (nid);
CREATE INDEX session_devices_identities_id_fk_idx ON session_devices USING btree (identity_id);
CREATE INDEX session_devices_nid_idx ON session_devices USING btree (nid);
CREATE INDEX session_devices_session_id_idx ON session_devices USING btree (session_id);
CREATE INDEX sessions_list_active_idx ON sessions USING btree (nid, expires_at, active, created_at DESC, id);
CREATE INDEX sessions_list_identity_idx ON sessions USING btree (identity_id, nid, created_at DESC);
CREATE INDEX sessions_list_idx ON sessions USING btree (nid, created_at DESC, id);
CREATE UNIQUE INDEX sessions_logout_token_uq_idx ON sessions USING btree (logout_token);
CREATE UNIQUE INDEX sessions_token_uq_idx ON sessions USING btree (token);
ALTER TABLE ONLY courier_messages
    ADD CONSTRAINT courier_messages_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identities
    ADD CONSTRAINT identities_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_credential_identifiers
    ADD CONSTRAINT identity_credential_identifiers_identities_id_fk FOREIGN KEY (identity_id) REFERENCES identities(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_credential_identifiers
    ADD CONSTRAINT identity_credential_identifiers_identity_credential_id_fkey FOREIGN KEY (identity_credential_id) REFERENCES identity_credentials(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_credential_identifiers
    ADD CONSTRAINT identity_credential_identifiers_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_credential_identifiers
    ADD CONSTRAINT identity_credential_identifiers_type_id_fk_idx FOREIGN KEY (identity_credential_type_id) REFERENCES identity_credential_types(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_credentials
    ADD CONSTRAINT identity_credentials_identity_credential_type_id_fkey FOREIGN KEY (identity_credential_type_id) REFERENCES identity_credential_types(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_credentials
    ADD CONSTRAINT identity_credentials_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES identities(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_credentials
    ADD CONSTRAINT identity_credentials_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_recovery_addresses
    ADD CONSTRAINT identity_recovery_addresses_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES identities(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_recovery_addresses
    ADD CONSTRAINT identity_recovery_addresses_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_recovery_codes
    ADD CONSTRAINT identity_recovery_codes_identity_id_fk FOREIGN KEY (identity_id) REFERENCES identities(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_recovery_codes
    ADD CONSTRAINT identity_recovery_codes_identity_recovery_addresses_id_fk FOREIGN KEY (identity_recovery_address_id) REFERENCES identity_recovery_addresses(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_recovery_codes
    ADD CONSTRAINT identity_recovery_codes_networks_id_fk FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_recovery_codes
    ADD CONSTRAINT identity_recovery_codes_selfservice_recovery_flows_id_fk FOREIGN KEY (selfservice_recovery_flow_id) REFERENCES selfservice_recovery_flows(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_verifiable_addresses
    ADD CONSTRAINT identity_verifiable_addresses_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES identities(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_verifiable_addresses
    ADD CONSTRAINT identity_verifiable_addresses_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_verification_codes
    ADD CONSTRAINT identity_verification_codes_identity_verifiable_addresses_id_fk FOREIGN KEY (identity_verifiable_address_id) REFERENCES identity_verifiable_addresses(id) ON DELETE CASCADE;
ALTER TABLE ONLY identity_verification_codes
    ADD CONSTRAINT identity_verification_codes_networks_id_fk FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY identity_verification_codes
    ADD CONSTRAINT identity_verification_codes_selfservice_verification_flows_id_f FOREIGN KEY (selfservice_verification_flow_id) REFERENCES selfservice_verification_flows(id) ON DELETE CASCADE;
ALTER TABLE ONLY selfservice_login_flows
    ADD CONSTRAINT selfservice_login_flows_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY selfservice_settings_flows
    ADD CONSTRAINT selfservice_profile_management_requests_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES identities(id) ON DELETE CASCADE;
ALTER TABLE ONLY selfservice_recovery_flows
    ADD CONSTRAINT selfservice_recovery_flows_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY selfservice_recovery_flows
    ADD CONSTRAINT selfservice_recovery_requests_recovered_identity_id_fkey FOREIGN KEY (recovered_identity_id) REFERENCES identities(id) ON DELETE CASCADE;
ALTER TABLE ONLY selfservice_settings_flows
    ADD CONSTRAINT selfservice_settings_flows_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY selfservice_verification_flows
    ADD CONSTRAINT selfservice_verification_flows_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY session_devices
    ADD CONSTRAINT session_devices_identities_id_fk FOREIGN KEY (identity_id) REFERENCES identities(id) ON UPDATE RESTRICT ON DELETE CASCADE;
ALTER TABLE ONLY session_devices
    ADD CONSTRAINT session_metadata_nid_fk FOREIGN KEY (nid) REFERENCES networks(id) ON DELETE CASCADE;
ALTER TABLE ONLY session_devices
    ADD CONSTRAINT session_metadata_sessions_id_fk FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE;
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES identities(id) ON DELETE CASCADE;
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_nid_fk_idx FOREIGN KEY (nid) REFERENCES networks(id) ON UPDATE RESTRICT ON DELETE CASCADE;
