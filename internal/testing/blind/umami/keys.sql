-- The CREATE INDEX statements of Umami's migrations 01 to 14 that survive them, verbatim
-- (the "-- CreateIndex" comments left out) and in the migrations' order, added after the
-- data. Dropped on the way and left out: event_data_website_id_created_at_event_key_idx
-- (06, replaced by ..._data_key_idx), session_website_id_created_at_hostname_idx and
-- ..._subdivision1_idx (09, replaced by ..._region_idx), and the team_website indexes (04
-- dropped the table). The primary keys are inline in schema.sql.

-- 01_init
CREATE UNIQUE INDEX "user_user_id_key" ON "user"("user_id");
CREATE UNIQUE INDEX "user_username_key" ON "user"("username");
CREATE UNIQUE INDEX "session_session_id_key" ON "session"("session_id");
CREATE INDEX "session_created_at_idx" ON "session"("created_at");
CREATE INDEX "session_website_id_idx" ON "session"("website_id");
CREATE UNIQUE INDEX "website_website_id_key" ON "website"("website_id");
CREATE UNIQUE INDEX "website_share_id_key" ON "website"("share_id");
CREATE INDEX "website_user_id_idx" ON "website"("user_id");
CREATE INDEX "website_created_at_idx" ON "website"("created_at");
CREATE INDEX "website_share_id_idx" ON "website"("share_id");
CREATE INDEX "website_event_created_at_idx" ON "website_event"("created_at");
CREATE INDEX "website_event_session_id_idx" ON "website_event"("session_id");
CREATE INDEX "website_event_website_id_idx" ON "website_event"("website_id");
CREATE INDEX "website_event_website_id_created_at_idx" ON "website_event"("website_id", "created_at");
CREATE INDEX "website_event_website_id_session_id_created_at_idx" ON "website_event"("website_id", "session_id", "created_at");
CREATE INDEX "event_data_created_at_idx" ON "event_data"("created_at");
CREATE INDEX "event_data_website_id_idx" ON "event_data"("website_id");
CREATE INDEX "event_data_website_event_id_idx" ON "event_data"("website_event_id");
CREATE UNIQUE INDEX "team_team_id_key" ON "team"("team_id");
CREATE UNIQUE INDEX "team_access_code_key" ON "team"("access_code");
CREATE INDEX "team_access_code_idx" ON "team"("access_code");
CREATE UNIQUE INDEX "team_user_team_user_id_key" ON "team_user"("team_user_id");
CREATE INDEX "team_user_team_id_idx" ON "team_user"("team_id");
CREATE INDEX "team_user_user_id_idx" ON "team_user"("user_id");

-- 02_report_schema_session_data
CREATE INDEX "session_data_created_at_idx" ON "session_data"("created_at");
CREATE INDEX "session_data_website_id_idx" ON "session_data"("website_id");
CREATE INDEX "session_data_session_id_idx" ON "session_data"("session_id");
CREATE UNIQUE INDEX "report_report_id_key" ON "report"("report_id");
CREATE INDEX "report_user_id_idx" ON "report"("user_id");
CREATE INDEX "report_website_id_idx" ON "report"("website_id");
CREATE INDEX "report_type_idx" ON "report"("type");
CREATE INDEX "report_name_idx" ON "report"("name");

-- 03_metric_performance_index
CREATE INDEX "event_data_website_id_created_at_idx" ON "event_data"("website_id", "created_at");
CREATE INDEX "session_website_id_created_at_idx" ON "session"("website_id", "created_at");
CREATE INDEX "session_website_id_created_at_browser_idx" ON "session"("website_id", "created_at", "browser");
CREATE INDEX "session_website_id_created_at_os_idx" ON "session"("website_id", "created_at", "os");
CREATE INDEX "session_website_id_created_at_device_idx" ON "session"("website_id", "created_at", "device");
CREATE INDEX "session_website_id_created_at_screen_idx" ON "session"("website_id", "created_at", "screen");
CREATE INDEX "session_website_id_created_at_language_idx" ON "session"("website_id", "created_at", "language");
CREATE INDEX "session_website_id_created_at_country_idx" ON "session"("website_id", "created_at", "country");
CREATE INDEX "session_website_id_created_at_city_idx" ON "session"("website_id", "created_at", "city");
CREATE INDEX "website_event_website_id_created_at_url_path_idx" ON "website_event"("website_id", "created_at", "url_path");
CREATE INDEX "website_event_website_id_created_at_url_query_idx" ON "website_event"("website_id", "created_at", "url_query");
CREATE INDEX "website_event_website_id_created_at_referrer_domain_idx" ON "website_event"("website_id", "created_at", "referrer_domain");
CREATE INDEX "website_event_website_id_created_at_page_title_idx" ON "website_event"("website_id", "created_at", "page_title");
CREATE INDEX "website_event_website_id_created_at_event_name_idx" ON "website_event"("website_id", "created_at", "event_name");

-- 04_team_redesign
CREATE INDEX "website_team_id_idx" ON "website"("team_id");
CREATE INDEX "website_created_by_idx" ON "website"("created_by");

-- 05_add_visit_id
CREATE INDEX "website_event_visit_id_idx" ON "website_event"("visit_id");
CREATE INDEX "website_event_website_id_visit_id_created_at_idx" ON "website_event"("website_id", "visit_id", "created_at");

-- 06_session_data
CREATE INDEX "event_data_website_id_created_at_data_key_idx" ON "event_data"("website_id", "created_at", "data_key");
CREATE INDEX "session_data_session_id_created_at_idx" ON "session_data"("session_id", "created_at");
CREATE INDEX "session_data_website_id_created_at_data_key_idx" ON "session_data"("website_id", "created_at", "data_key");

-- 07_add_tag
CREATE INDEX "website_event_website_id_created_at_tag_idx" ON "website_event"("website_id", "created_at", "tag");

-- 09_update_hostname_region
CREATE INDEX "website_event_website_id_created_at_hostname_idx" ON "website_event"("website_id", "created_at", "hostname");
CREATE INDEX "session_website_id_created_at_region_idx" ON "session"("website_id", "created_at", "region");

-- 11_add_segment
CREATE UNIQUE INDEX "segment_segment_id_key" ON "segment"("segment_id");
CREATE INDEX "segment_website_id_idx" ON "segment"("website_id");

-- 13_add_revenue
CREATE UNIQUE INDEX "revenue_revenue_id_key" ON "revenue"("revenue_id");
CREATE INDEX "revenue_website_id_idx" ON "revenue"("website_id");
CREATE INDEX "revenue_session_id_idx" ON "revenue"("session_id");
CREATE INDEX "revenue_website_id_created_at_idx" ON "revenue"("website_id", "created_at");
CREATE INDEX "revenue_website_id_session_id_created_at_idx" ON "revenue"("website_id", "session_id", "created_at");

-- 14_add_link_and_pixel
CREATE UNIQUE INDEX "link_link_id_key" ON "link"("link_id");
CREATE UNIQUE INDEX "link_slug_key" ON "link"("slug");
CREATE INDEX "link_slug_idx" ON "link"("slug");
CREATE INDEX "link_user_id_idx" ON "link"("user_id");
CREATE INDEX "link_team_id_idx" ON "link"("team_id");
CREATE INDEX "link_created_at_idx" ON "link"("created_at");
CREATE UNIQUE INDEX "pixel_pixel_id_key" ON "pixel"("pixel_id");
CREATE UNIQUE INDEX "pixel_slug_key" ON "pixel"("slug");
CREATE INDEX "pixel_slug_idx" ON "pixel"("slug");
CREATE INDEX "pixel_user_id_idx" ON "pixel"("user_id");
CREATE INDEX "pixel_team_id_idx" ON "pixel"("team_id");
CREATE INDEX "pixel_created_at_idx" ON "pixel"("created_at");
