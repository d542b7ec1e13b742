-- The CREATE INDEX statements of miniflux's migrations that survive the last one, in the
-- migrations' order, added after the data (enclosures_user_entry_url_idx is replaced by the
-- unique index of a later migration; document_vectors_idx is left out with its column).

CREATE INDEX entries_feed_idx on entries using btree(feed_id);
CREATE INDEX entries_user_status_idx ON entries(user_id, status);
CREATE INDEX feeds_user_category_idx ON feeds(user_id, category_id);
CREATE UNIQUE INDEX entries_share_code_idx ON entries USING btree(share_code) WHERE share_code <> '';
CREATE INDEX entries_user_feed_idx ON entries (user_id, feed_id);
CREATE INDEX entries_id_user_status_idx ON entries USING btree (id, user_id, status);
CREATE INDEX entries_feed_id_status_hash_idx ON entries USING btree (feed_id, status, hash);
CREATE INDEX entries_user_id_status_starred_idx ON entries (user_id, status, starred);
CREATE UNIQUE INDEX users_google_id_idx ON users(google_id) WHERE google_id <> '';
CREATE UNIQUE INDEX users_openid_connect_id_idx ON users(openid_connect_id) WHERE openid_connect_id <> '';
CREATE INDEX entries_feed_url_idx ON entries(feed_id, url);
CREATE INDEX entries_user_status_feed_idx ON entries(user_id, status, feed_id);
CREATE INDEX entries_user_status_changed_idx ON entries(user_id, status, changed_at);
CREATE UNIQUE INDEX enclosures_user_entry_url_unique_idx ON enclosures(user_id, entry_id, md5(url));
