-- Deterministic data for the Lemmy cut: one instance, lemmy.blind.example, federating with
-- 59 others. 3,000 people (1,500 local with accounts, 1,500 remote), 300 communities (120
-- local; a few big ones draw most subscribers, posts and comments), 6,000 posts, 10,000
-- comments in reply trees, the per-person reads, votes, saves, follows and blocks, private
-- messages, reports, login tokens, uploaded images and thumbnails, and the ids of received
-- activities. Serial ids come from their sequences (rows are inserted in id order); every
-- timestamp, key and random_number is explicit (the source's now() and random() defaults
-- would differ between builds). The 184 languages are the rows Lemmy's migrations insert.
-- Aggregates (post_count, score, subscribers, ...) keep the defaults the source's triggers
-- would maintain, except community.subscribers, set from the follows at the end.

-- The languages, verbatim from the migrations (id 0 is 'und', Undetermined).
INSERT INTO language (id, code, name) VALUES
  (0, 'und', 'Undetermined'),
  (1, 'aa', 'Afaraf'),
  (2, 'ab', 'аҧсуа бызшәа'),
  (3, 'ae', 'avesta'),
  (4, 'af', 'Afrikaans'),
  (5, 'ak', 'Akan'),
  (6, 'am', 'አማርኛ'),
  (7, 'an', 'aragonés'),
  (8, 'ar', 'اَلْعَرَبِيَّةُ'),
  (9, 'as', 'অসমীয়া'),
  (10, 'av', 'авар мацӀ'),
  (11, 'ay', 'aymar aru'),
  (12, 'az', 'azərbaycan dili'),
  (13, 'ba', 'башҡорт теле'),
  (14, 'be', 'беларуская мова'),
  (15, 'bg', 'български език'),
  (16, 'bi', 'Bislama'),
  (17, 'bm', 'bamanankan'),
  (18, 'bn', 'বাংলা'),
  (19, 'bo', 'བོད་ཡིག'),
  (20, 'br', 'brezhoneg'),
  (21, 'bs', 'bosanski jezik'),
  (22, 'ca', 'Català'),
  (23, 'ce', 'нохчийн мотт'),
  (24, 'ch', 'Chamoru'),
  (25, 'co', 'corsu'),
  (26, 'cr', 'ᓀᐦᐃᔭᐍᐏᐣ'),
  (27, 'cs', 'čeština'),
  (28, 'cu', 'ѩзыкъ словѣньскъ'),
  (29, 'cv', 'чӑваш чӗлхи'),
  (30, 'cy', 'Cymraeg'),
  (31, 'da', 'dansk'),
  (32, 'de', 'Deutsch'),
  (33, 'dv', 'ދިވެހި'),
  (34, 'dz', 'རྫོང་ཁ'),
  (35, 'ee', 'Eʋegbe'),
  (36, 'el', 'Ελληνικά'),
  (37, 'en', 'English'),
  (38, 'eo', 'Esperanto'),
  (39, 'es', 'Español'),
  (40, 'et', 'eesti'),
  (41, 'eu', 'euskara'),
  (42, 'fa', 'فارسی'),
  (43, 'ff', 'Fulfulde'),
  (44, 'fi', 'suomi'),
  (45, 'fj', 'vosa Vakaviti'),
  (46, 'fo', 'føroyskt'),
  (47, 'fr', 'Français'),
  (48, 'fy', 'Frysk'),
  (49, 'ga', 'Gaeilge'),
  (50, 'gd', 'Gàidhlig'),
  (51, 'gl', 'galego'),
  (52, 'gn', 'Avañe''ẽ'),
  (53, 'gu', 'ગુજરાતી'),
  (54, 'gv', 'Gaelg'),
  (55, 'ha', 'هَوُسَ'),
  (56, 'he', 'עברית'),
  (57, 'hi', 'हिन्दी'),
  (58, 'ho', 'Hiri Motu'),
  (59, 'hr', 'Hrvatski'),
  (60, 'ht', 'Kreyòl ayisyen'),
  (61, 'hu', 'magyar'),
  (62, 'hy', 'Հայերեն'),
  (63, 'hz', 'Otjiherero'),
  (64, 'ia', 'Interlingua'),
  (65, 'id', 'Bahasa Indonesia'),
  (66, 'ie', 'Interlingue'),
  (67, 'ig', 'Asụsụ Igbo'),
  (68, 'ii', 'ꆈꌠ꒿ Nuosuhxop'),
  (69, 'ik', 'Iñupiaq'),
  (70, 'io', 'Ido'),
  (71, 'is', 'Íslenska'),
  (72, 'it', 'Italiano'),
  (73, 'iu', 'ᐃᓄᒃᑎᑐᑦ'),
  (74, 'ja', '日本語'),
  (75, 'jv', 'basa Jawa'),
  (76, 'ka', 'ქართული'),
  (77, 'kg', 'Kikongo'),
  (78, 'ki', 'Gĩkũyũ'),
  (79, 'kj', 'Kuanyama'),
  (80, 'kk', 'қазақ тілі'),
  (81, 'kl', 'kalaallisut'),
  (82, 'km', 'ខេមរភាសា'),
  (83, 'kn', 'ಕನ್ನಡ'),
  (84, 'ko', '한국어'),
  (85, 'kr', 'Kanuri'),
  (86, 'ks', 'कश्मीरी'),
  (87, 'ku', 'Kurdî'),
  (88, 'kv', 'коми кыв'),
  (89, 'kw', 'Kernewek'),
  (90, 'ky', 'Кыргызча'),
  (91, 'la', 'latine'),
  (92, 'lb', 'Lëtzebuergesch'),
  (93, 'lg', 'Luganda'),
  (94, 'li', 'Limburgs'),
  (95, 'ln', 'Lingála'),
  (96, 'lo', 'ພາສາລາວ'),
  (97, 'lt', 'lietuvių kalba'),
  (98, 'lu', 'Kiluba'),
  (99, 'lv', 'latviešu valoda'),
  (100, 'mg', 'fiteny malagasy'),
  (101, 'mh', 'Kajin M̧ajeļ'),
  (102, 'mi', 'te reo Māori'),
  (103, 'mk', 'македонски јазик'),
  (104, 'ml', 'മലയാളം'),
  (105, 'mn', 'Монгол хэл'),
  (106, 'mr', 'मराठी'),
  (107, 'ms', 'Bahasa Melayu'),
  (108, 'mt', 'Malti'),
  (109, 'my', 'ဗမာစာ'),
  (110, 'na', 'Dorerin Naoero'),
  (111, 'nb', 'Norsk bokmål'),
  (112, 'nd', 'isiNdebele'),
  (113, 'ne', 'नेपाली'),
  (114, 'ng', 'Owambo'),
  (115, 'nl', 'Nederlands'),
  (116, 'nn', 'Norsk nynorsk'),
  (117, 'no', 'Norsk'),
  (118, 'nr', 'isiNdebele'),
  (119, 'nv', 'Diné bizaad'),
  (120, 'ny', 'chiCheŵa'),
  (121, 'oc', 'occitan'),
  (122, 'oj', 'ᐊᓂᔑᓈᐯᒧᐎᓐ'),
  (123, 'om', 'Afaan Oromoo'),
  (124, 'or', 'ଓଡ଼ିଆ'),
  (125, 'os', 'ирон æвзаг'),
  (126, 'pa', 'ਪੰਜਾਬੀ'),
  (127, 'pi', 'पाऴि'),
  (128, 'pl', 'Polski'),
  (129, 'ps', 'پښتو'),
  (130, 'pt', 'Português'),
  (131, 'qu', 'Runa Simi'),
  (132, 'rm', 'rumantsch grischun'),
  (133, 'rn', 'Ikirundi'),
  (134, 'ro', 'Română'),
  (135, 'ru', 'Русский'),
  (136, 'rw', 'Ikinyarwanda'),
  (137, 'sa', 'संस्कृतम्'),
  (138, 'sc', 'sardu'),
  (139, 'sd', 'सिन्धी'),
  (140, 'se', 'Davvisámegiella'),
  (141, 'sg', 'yângâ tî sängö'),
  (142, 'si', 'සිංහල'),
  (143, 'sk', 'slovenčina'),
  (144, 'sl', 'slovenščina'),
  (145, 'sm', 'gagana fa''a Samoa'),
  (146, 'sn', 'chiShona'),
  (147, 'so', 'Soomaaliga'),
  (148, 'sq', 'Shqip'),
  (149, 'sr', 'српски језик'),
  (150, 'ss', 'SiSwati'),
  (151, 'st', 'Sesotho'),
  (152, 'su', 'Basa Sunda'),
  (153, 'sv', 'Svenska'),
  (154, 'sw', 'Kiswahili'),
  (155, 'ta', 'தமிழ்'),
  (156, 'te', 'తెలుగు'),
  (157, 'tg', 'тоҷикӣ'),
  (158, 'th', 'ไทย'),
  (159, 'ti', 'ትግርኛ'),
  (160, 'tk', 'Türkmençe'),
  (161, 'tl', 'Wikang Tagalog'),
  (162, 'tn', 'Setswana'),
  (163, 'to', 'faka Tonga'),
  (164, 'tr', 'Türkçe'),
  (165, 'ts', 'Xitsonga'),
  (166, 'tt', 'татар теле'),
  (167, 'tw', 'Twi'),
  (168, 'ty', 'Reo Tahiti'),
  (169, 'ug', 'ئۇيغۇرچە‎'),
  (170, 'uk', 'Українська'),
  (171, 'ur', 'اردو'),
  (172, 'uz', 'Ўзбек'),
  (173, 've', 'Tshivenḓa'),
  (174, 'vi', 'Tiếng Việt'),
  (175, 'vo', 'Volapük'),
  (176, 'wa', 'walon'),
  (177, 'wo', 'Wollof'),
  (178, 'xh', 'isiXhosa'),
  (179, 'yi', 'ייִדיש'),
  (180, 'yo', 'Yorùbá'),
  (181, 'za', 'Saɯ cueŋƅ'),
  (182, 'zh', '中文'),
  (183, 'zu', 'isiZulu');
SELECT setval('language_id_seq', 183);

-- Instances: the local one first, then the big federated instances, then a tail of small ones.
INSERT INTO instance (domain, published_at, updated_at, software, version)
SELECT d, timestamptz '2023-03-01 00:00:00+00' + (i * i) * interval '5 hours',
  CASE WHEN i % 3 = 0 THEN timestamptz '2025-01-01 00:00:00+00' + i * interval '3 days' END,
  CASE WHEN i = 1 OR i % 7 <> 0 THEN 'lemmy' WHEN i % 2 = 0 THEN 'mbin' ELSE 'piefed' END,
  CASE WHEN i = 1 THEN '0.19.12' WHEN i % 5 = 0 THEN NULL WHEN i % 7 <> 0 THEN pick ELSE '1.' || (i % 4) || '.0' END
FROM (SELECT i, CASE WHEN i <= 20 THEN (ARRAY['lemmy.blind.example','lemmy.world','lemmy.ml','sh.itjust.works','beehaw.org','feddit.org',
    'programming.dev','lemm.ee','lemmy.dbzer0.com','lemmy.ca','lemmy.zip','discuss.tchncs.de','sopuli.xyz','lemmy.sdf.org','infosec.pub',
    'fedia.io','lemmy.blahaj.zone','aussie.zone','midwest.social','slrpnk.net'])[i]
  ELSE 'lemmy.' || (ARRAY['alpha','bravo','delta','kilo','nova','orbit','pixel','quartz','river','solar'])[1 + i % 10] || i || '.example' END AS d,
  pg_temp.pick('iv' || i, ARRAY['0.19.3','0.19.5','0.19.8','0.19.11','0.19.12']) AS pick
  FROM generate_series(1, 60) i) x
ORDER BY i;

-- People: 1..1500 local, 1501..3000 remote on the federated instances (the big ones most).
CREATE TEMP TABLE pp AS
SELECT p, inst, fn, ln, base || CASE WHEN row_number() OVER (PARTITION BY inst, base ORDER BY p) > 1
    THEN (row_number() OVER (PARTITION BY inst, base ORDER BY p))::text ELSE '' END AS name
FROM (SELECT p, CASE WHEN p <= 1500 THEN 1 ELSE 1 + pg_temp.skew('pi' || p, 59) END AS inst, fn, ln,
    CASE pg_temp.r('pn' || p, 4) WHEN 0 THEN lower(fn) || '_' || lower(ln) WHEN 1 THEN lower(fn) || lower(ln) || (p % 100)
      WHEN 2 THEN lower(substr(fn, 1, 1)) || lower(ln) ELSE lower(fn) END AS base
  FROM generate_series(1, 3000) p
  CROSS JOIN LATERAL (SELECT pg_temp.first_name('pf' || p) AS fn, pg_temp.last_name('pl' || p) AS ln) n) x;
CREATE UNIQUE INDEX ON pp (p);
ANALYZE pp;

INSERT INTO person (name, display_name, avatar, published_at, updated_at, ap_id, bio, local, private_key, public_key, last_refreshed_at,
  banner, deleted, inbox_url, matrix_user_id, bot_account, instance_id)
SELECT pp.name, CASE WHEN pg_temp.r('pd' || p, 5) < 2 THEN pp.fn || ' ' || pp.ln END,
  CASE WHEN pg_temp.r('pa' || p, 4) = 0 THEN 'https://' || i.domain || '/pictrs/image/' || pg_temp.uuid('pav' || p) || '.png' END,
  c, CASE WHEN pg_temp.r('pu' || p, 3) = 0 THEN c + pg_temp.r('pu2' || p, 300) * interval '1 day' END,
  'https://' || i.domain || '/u/' || pp.name,
  CASE WHEN pg_temp.r('pb' || p, 6) = 0 THEN pg_temp.words('pbio' || p, 12) END,
  p <= 1500,
  CASE WHEN p <= 1500 THEN '-----BEGIN PRIVATE KEY-----' || md5('priv' || p) || md5('priv2' || p) || '-----END PRIVATE KEY-----' END,
  '-----BEGIN PUBLIC KEY-----' || md5('pub' || p) || md5('pub2' || p) || '-----END PUBLIC KEY-----',
  c + pg_temp.r('pr' || p, 600) * interval '1 day',
  CASE WHEN pg_temp.r('pbn' || p, 15) = 0 THEN 'https://' || i.domain || '/pictrs/image/' || pg_temp.uuid('pbn' || p) || '.jpg' END,
  pg_temp.r('pdel' || p, 80) = 0,
  'https://' || i.domain || '/u/' || pp.name || '/inbox',
  CASE WHEN pg_temp.r('pm' || p, 25) = 0 THEN '@' || pp.name || ':matrix.org' END,
  pg_temp.r('pbot' || p, 60) = 0, pp.inst
FROM pp JOIN instance i ON i.id = pp.inst
CROSS JOIN LATERAL (SELECT timestamptz '2023-06-01 00:00:00+00' + (p * 17280) * interval '1 second' AS c) t
ORDER BY p;

-- Local accounts, one per local person (local_user.id = person.id here); a few without an
-- e-mail address (the site does not require one), two admins, some invited by others.
INSERT INTO local_user (person_id, password_encrypted, email, show_nsfw, theme, default_post_sort_type, default_listing_type,
  interface_language, send_notifications_to_email, email_verified, accepted_application, totp_2fa_secret, admin,
  totp_2fa_enabled, last_donation_notification_at, default_comment_sort_type, invited_by_local_user_id)
SELECT p.id, '$2b$12$' || md5('lpw' || p.id) || substr(md5('lpw2' || p.id), 1, 21),
  CASE WHEN pg_temp.r('le' || p.id, 12) = 0 THEN NULL ELSE p.name || '@' || pg_temp.pick2('led' || p.id, ARRAY['gmail.com','proton.me',
    'outlook.com','posteo.de','fastmail.com','disroot.org','tutanota.com','yahoo.com']) END,
  pg_temp.r('ln' || p.id, 5) = 0, pg_temp.pick2('lt' || p.id, ARRAY['browser','darkly','litely','vaporwave-dark','i386']),
  pg_temp.pick2('ls' || p.id, ARRAY['Active','Hot','New','Top','Scaled'])::post_sort_type_enum,
  pg_temp.pick2('ll' || p.id, ARRAY['Local','Subscribed','All'])::listing_type_enum,
  pg_temp.pick2('li' || p.id, ARRAY['browser','en','de','fr','es','nl']),
  pg_temp.r('lsn' || p.id, 4) = 0, pg_temp.r('lev' || p.id, 12) <> 0, true,
  CASE WHEN pg_temp.r('l2' || p.id, 20) = 0 THEN upper(substr(md5('tot' || p.id), 1, 32)) END, p.id <= 2,
  pg_temp.r('l2' || p.id, 20) = 0, p.published_at + pg_temp.r('ld' || p.id, 365) * interval '1 day',
  pg_temp.pick2('lc' || p.id, ARRAY['Hot','Top','New'])::comment_sort_type_enum,
  CASE WHEN p.id > 50 AND pg_temp.r('linv' || p.id, 20) = 0 THEN 1 + pg_temp.skew('linb' || p.id, 40) END
FROM person p WHERE p.local ORDER BY p.id;

-- The languages a user reads: most English, some also their own; a few none chosen
-- (Undetermined only).
INSERT INTO local_user_language (local_user_id, language_id)
SELECT DISTINCT u.id, l.lid
FROM local_user u
CROSS JOIN LATERAL (VALUES (0, 0), (1, 37), (2, (ARRAY[32,47,39,115,128,130,74,44,153,72])[1 + pg_temp.r('ul' || u.id, 10)])) l(k, lid)
WHERE l.k = 0 OR (l.k = 1 AND pg_temp.r('ue' || u.id, 10) <> 0) OR (l.k = 2 AND pg_temp.r('uo' || u.id, 3) = 0)
ORDER BY 1, 2;

-- Communities: 1..120 local, the rest on federated instances; topic names, some repeated on
-- several instances.
INSERT INTO community (name, title, sidebar, removed, published_at, updated_at, deleted, nsfw, ap_id, local, private_key, public_key,
  last_refreshed_at, icon, banner, followers_url, inbox_url, instance_id, moderators_url, featured_url, visibility, summary, random_number)
SELECT cn, initcap(replace(cn, '_', ' ')), CASE WHEN pg_temp.r('cs' || k, 4) <> 0 THEN pg_temp.words('csb' || k, 30) END,
  pg_temp.r('crm' || k, 100) = 0, c, CASE WHEN k % 4 = 0 THEN c + (k % 90) * interval '1 day' END, pg_temp.r('cdl' || k, 150) = 0,
  cn IN ('nsfw_art', 'memes_nsfw'), 'https://' || i.domain || '/c/' || cn, inst = 1,
  CASE WHEN inst = 1 THEN '-----BEGIN PRIVATE KEY-----' || md5('cpriv' || k) || '-----END PRIVATE KEY-----' END,
  '-----BEGIN PUBLIC KEY-----' || md5('cpub' || k) || '-----END PUBLIC KEY-----', c + (k % 200) * interval '1 day',
  CASE WHEN k % 3 = 0 THEN 'https://' || i.domain || '/pictrs/image/' || pg_temp.uuid('cic' || k) || '.png' END,
  CASE WHEN k % 5 = 0 THEN 'https://' || i.domain || '/pictrs/image/' || pg_temp.uuid('cbn' || k) || '.jpg' END,
  CASE WHEN inst = 1 OR k % 6 <> 0 THEN 'https://' || i.domain || '/c/' || cn || '/followers' END,
  'https://' || i.domain || '/c/' || cn || '/inbox', inst,
  CASE WHEN inst = 1 OR k % 6 <> 0 THEN 'https://' || i.domain || '/c/' || cn || '/moderators' END,
  CASE WHEN inst = 1 OR k % 4 <> 0 THEN 'https://' || i.domain || '/c/' || cn || '/featured' END,
  (CASE WHEN k % 29 = 0 THEN 'Private' WHEN k % 17 = 0 THEN 'LocalOnlyPublic' ELSE 'Public' END)::community_visibility,
  CASE WHEN k % 2 = 0 THEN left(pg_temp.words('csum' || k, 10), 150) END,
  (pg_temp.hn('crn' || k) % 65536 - 32768)::smallint
FROM (SELECT k, inst, topic || CASE WHEN row_number() OVER (PARTITION BY inst, topic ORDER BY k) > 1
    THEN '_' || (row_number() OVER (PARTITION BY inst, topic ORDER BY k))::text ELSE '' END AS cn
  FROM (SELECT k, CASE WHEN k <= 120 THEN 1 ELSE 1 + pg_temp.skew2('ci' || k, 59) END AS inst,
      pg_temp.pick2('ct' || k, ARRAY['technology','linux','asklemmy','world','news','memes','selfhosted','privacy','programming','gaming',
        'science','movies','books','music','photography','cooking','gardening','cycling','fediverse','android','rust','python','politics',
        'history','space','nsfw_art','memes_nsfw','showerthoughts','aww','climate','europe','canada','australia','datahoarder','opensource']) AS topic
    FROM generate_series(1, 300) k) a) x
JOIN instance i ON i.id = x.inst
CROSS JOIN LATERAL (SELECT timestamptz '2023-06-01 00:00:00+00' + (k * k) * interval '12 minutes' + (k % 7) * interval '1 hour' AS c) t
ORDER BY k;

-- Community actions: follows (popular communities get most), blocks, moderators, bans.
INSERT INTO community_actions (followed_at, blocked_at, became_moderator_at, received_ban_at, ban_expires_at, person_id, community_id,
  follow_state, follow_approver_id, notifications)
SELECT CASE WHEN kind = 'follow' THEN t END, CASE WHEN kind = 'block' THEN t END,
  CASE WHEN kind = 'mod' THEN t END, CASE WHEN kind = 'ban' THEN t END,
  CASE WHEN kind = 'ban' AND pg_temp.r('cbe' || person_id || '-' || community_id, 2) = 0 THEN t + interval '30 days' END,
  person_id, community_id,
  CASE WHEN kind = 'follow' THEN (CASE WHEN vis = 'Private' AND pg_temp.r('cfp' || person_id, 3) = 0 THEN 'ApprovalRequired' WHEN vis = 'Private' THEN 'Accepted'
    WHEN pg_temp.r('cfs' || person_id || '-' || community_id, 40) = 0 THEN 'Pending' ELSE 'Accepted' END)::community_follower_state END,
  CASE WHEN kind = 'follow' AND vis = 'Private' AND pg_temp.r('cfp' || person_id, 3) <> 0 THEN 1 END,
  CASE WHEN kind = 'follow' AND pg_temp.r('cnm' || person_id || '-' || community_id, 25) = 0 THEN 'AllPosts'::community_notifications_mode_enum END
FROM (SELECT DISTINCT ON (person_id, community_id) person_id, community_id, kind, t, vis FROM (
  SELECT CASE WHEN a <= 5600 THEN pg_temp.skew2('cap' || a, 3000) ELSE 1 + (a % 300) END AS person_id,
    CASE WHEN a <= 5600 THEN pg_temp.skew('cac' || a, 300) ELSE 1 + (a % 300) END AS community_id,
    CASE WHEN a > 5600 THEN 'mod' WHEN a % 41 = 0 THEN 'block' WHEN a % 173 = 0 THEN 'ban' ELSE 'follow' END AS kind, a
  FROM generate_series(1, 6000) a) x
  JOIN community c ON c.id = x.community_id
  CROSS JOIN LATERAL (SELECT greatest(c.published_at, timestamptz '2023-06-01 00:00:00+00' + (x.person_id * 17280) * interval '1 second')
    + pg_temp.r('cat' || x.a, 200 * 86400) * interval '1 second' AS t, c.visibility AS vis) y
  ORDER BY person_id, community_id, a) z
ORDER BY person_id, community_id;
UPDATE community c SET subscribers = n, subscribers_local = nl
FROM (SELECT community_id, count(*) AS n, count(*) FILTER (WHERE person_id <= 1500) AS nl FROM community_actions WHERE followed_at IS NOT NULL GROUP BY 1) f
WHERE f.community_id = c.id;

-- Posts: the big communities get most; link posts (some URLs cross-posted to several
-- communities) and text posts; most in English or Undetermined.
INSERT INTO post (name, url, body, creator_id, community_id, removed, locked, published_at, updated_at, deleted, nsfw, embed_title,
  embed_description, thumbnail_url, ap_id, local, language_id, featured_community, featured_local, url_content_type, alt_text,
  newest_comment_time_necro_at, newest_comment_time_at)
SELECT initcap(pg_temp.words('pt' || n, 7)), u, CASE WHEN u IS NULL OR pg_temp.r('pbd' || n, 4) = 0 THEN pg_temp.words('pbody' || n, 40) END,
  cr, cm, pg_temp.r('prm' || n, 120) = 0, pg_temp.r('plk' || n, 90) = 0, t,
  CASE WHEN pg_temp.r('pup' || n, 8) = 0 THEN t + pg_temp.r('pup2' || n, 3 * 86400) * interval '1 second' END,
  pg_temp.r('pdl' || n, 100) = 0, cm IN (SELECT id FROM community WHERE nsfw),
  CASE WHEN u IS NOT NULL AND n % 3 <> 0 THEN initcap(pg_temp.words('pet' || n, 6)) END,
  CASE WHEN u IS NOT NULL AND n % 3 = 1 THEN pg_temp.words('ped' || n, 20) END,
  CASE WHEN u IS NOT NULL AND n % 4 <> 0 THEN 'https://lemmy.blind.example/pictrs/image/' || pg_temp.uuid('pth' || n) || '.webp' END,
  CASE WHEN cr <= 1500 THEN 'https://lemmy.blind.example/post/' || n ELSE 'https://' || pi.domain || '/post/' || (100000 + pg_temp.r('pap' || n, 9000000)) END,
  cr <= 1500, CASE WHEN pg_temp.r('plg' || n, 20) < 6 THEN 0 WHEN pg_temp.r('plg' || n, 20) < 17 THEN 37
    ELSE (ARRAY[32,47,39,115,128,130,74,44])[1 + pg_temp.r('plo' || n, 8)] END,
  pg_temp.r('pfc' || n, 200) = 0, pg_temp.r('pfl' || n, 1500) = 0,
  CASE WHEN u LIKE '%.jpg' THEN 'image/jpeg' WHEN u IS NOT NULL AND n % 5 <> 0 THEN 'text/html' END,
  CASE WHEN u LIKE '%.jpg' AND n % 2 = 0 THEN pg_temp.words('palt' || n, 6) END,
  t + pg_temp.r('pnc' || n, 5 * 86400) * interval '1 second', t + pg_temp.r('pnc' || n, 5 * 86400) * interval '1 second'
FROM generate_series(1, 6000) n
CROSS JOIN LATERAL (SELECT pg_temp.skew('pcm' || n, 300) AS cm, pg_temp.skew2('pcr' || n, 3000) AS cr,
  timestamptz '2024-01-01 00:00:00+00' + (n * 10512) * interval '1 second' AS t) a
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r('purl' || n, 10) < 4 THEN 'https://' || pg_temp.pick2('ph' || n, ARRAY['www.theguardian.com',
    'arstechnica.com','github.com','www.youtube.com','i.imgur.com','www.bbc.co.uk','lwn.net','www.theverge.com','en.wikipedia.org','news.ycombinator.com'])
    || '/' || replace(pg_temp.words('pu' || (n / 3), 3), ' ', '-') || (n / 3) || CASE WHEN n % 11 = 0 THEN '.jpg' ELSE '' END END AS u) b
JOIN person pe ON pe.id = a.cr JOIN instance pi ON pi.id = pe.instance_id
ORDER BY n;

-- Comments: reply trees under posts (the busy posts of the big communities get most); a
-- comment answers the post or an earlier comment of the same post; path is 0.<ids from the
-- root>, as Lemmy's comment tree stores it.
CREATE TEMP TABLE cm AS
SELECT n, post_id, rk, CASE WHEN rk = 1 OR pg_temp.r('cpr' || n, 5) < 2 THEN NULL ELSE 1 + pg_temp.r('cpp' || n, rk - 1) END AS parent_rk
FROM (SELECT n, post_id, row_number() OVER (PARTITION BY post_id ORDER BY n) AS rk FROM (
  SELECT n, 1 + (pg_temp.skew('cmp' || n, 6000) * 2357) % 6000 AS post_id FROM generate_series(1, 10000) n) a) b;
CREATE UNIQUE INDEX ON cm (post_id, rk);
ANALYZE cm;
CREATE TEMP TABLE cmp AS
WITH RECURSIVE t AS (
  SELECT n, post_id, rk, ('0.' || n)::text AS path FROM cm WHERE parent_rk IS NULL
  UNION ALL
  SELECT c.n, c.post_id, c.rk, t.path || '.' || c.n FROM cm c JOIN t ON t.post_id = c.post_id AND t.rk = c.parent_rk)
SELECT n, post_id, path FROM t;
INSERT INTO comment (creator_id, post_id, content, removed, published_at, updated_at, deleted, ap_id, local, path, distinguished, language_id,
  community_id)
SELECT cr, cmp.post_id, pg_temp.words('cc' || cmp.n, 5 + pg_temp.r('ccl' || cmp.n, 40)::int), pg_temp.r('crm' || cmp.n, 150) = 0,
  p.published_at + (cmp.n % 97 + 1) * interval '1 minute' + pg_temp.r('cts' || cmp.n, 2 * 86400) * interval '1 second',
  CASE WHEN pg_temp.r('cup' || cmp.n, 10) = 0 THEN p.published_at + interval '3 days' END, pg_temp.r('cdl' || cmp.n, 60) = 0,
  CASE WHEN cr <= 1500 THEN 'https://lemmy.blind.example/comment/' || cmp.n ELSE 'https://' || ci.domain || '/comment/' || (200000 + pg_temp.r('cap' || cmp.n, 9000000)) END,
  cr <= 1500, cmp.path::ltree, pg_temp.r('cds' || cmp.n, 300) = 0, CASE WHEN p.language_id = 0 AND cmp.n % 3 = 0 THEN 37 ELSE p.language_id END,
  p.community_id
FROM cmp JOIN post p ON p.id = cmp.post_id
CROSS JOIN LATERAL (SELECT pg_temp.skew2('ccr' || cmp.n, 3000) AS cr) a
JOIN person pe ON pe.id = a.cr JOIN instance ci ON ci.id = pe.instance_id
ORDER BY cmp.n;
UPDATE post p SET comments = c FROM (SELECT post_id, count(*) AS c FROM comment GROUP BY 1) x WHERE x.post_id = p.id;

-- What local people did with posts: read most they saw, voted on many, saved and hid a few.
INSERT INTO post_actions (read_at, read_comments_at, saved_at, voted_at, hidden_at, person_id, post_id, read_comments_amount, vote_is_upvote)
SELECT t, CASE WHEN a % 3 = 0 THEN t + interval '2 minutes' END, CASE WHEN a % 19 = 0 THEN t + interval '1 minute' END,
  CASE WHEN a % 5 < 3 THEN t + interval '30 seconds' END, CASE WHEN a % 47 = 0 THEN t + interval '5 minutes' END, person_id, post_id,
  CASE WHEN a % 3 = 0 THEN pg_temp.r('pac' || a, 40)::int END, CASE WHEN a % 5 < 3 THEN pg_temp.r('pav' || a, 10) <> 0 END
FROM (SELECT DISTINCT ON (person_id, post_id) person_id, post_id, a, p.published_at + pg_temp.r('pat' || a, 3 * 86400) * interval '1 second' AS t
  FROM (SELECT a, pg_temp.skew2('pap' || a, 1500) AS person_id, 1 + (pg_temp.skew('pao' || a, 6000) * 2357) % 6000 AS post_id
    FROM generate_series(1, 9300) a) x JOIN post p ON p.id = x.post_id
  ORDER BY person_id, post_id, a) y
ORDER BY person_id, post_id;

-- Votes and saves on comments by local people.
INSERT INTO comment_actions (voted_at, saved_at, person_id, comment_id, vote_is_upvote)
SELECT CASE WHEN a % 13 <> 0 THEN t END, CASE WHEN a % 13 = 0 OR a % 29 = 0 THEN t + interval '1 minute' END, person_id, comment_id,
  CASE WHEN a % 13 <> 0 THEN pg_temp.r('cav' || a, 8) <> 0 END
FROM (SELECT DISTINCT ON (person_id, comment_id) person_id, comment_id, a, c.published_at + pg_temp.r('cat' || a, 86400) * interval '1 second' AS t
  FROM (SELECT a, pg_temp.skew2('cap' || a, 1500) AS person_id, 1 + (pg_temp.skew('cao' || a, 10000) * 3571) % 10000 AS comment_id
    FROM generate_series(1, 6200) a) x JOIN comment c ON c.id = x.comment_id
  ORDER BY person_id, comment_id, a) y
ORDER BY person_id, comment_id;

-- Person actions: follows (pending while the remote side has not accepted), blocks, notes.
INSERT INTO person_actions (followed_at, blocked_at, person_id, target_id, follow_pending, noted_at, note)
SELECT CASE WHEN kind = 0 THEN t END, CASE WHEN kind = 1 THEN t END, person_id, target_id,
  CASE WHEN kind = 0 THEN target_id > 1500 AND a % 9 = 0 END,
  CASE WHEN kind = 2 THEN t END, CASE WHEN kind = 2 THEN pg_temp.words('pnote' || a, 4) END
FROM (SELECT DISTINCT ON (person_id, target_id) person_id, target_id, a, a % 3 AS kind,
    timestamptz '2024-02-01 00:00:00+00' + pg_temp.r('pat' || a, 600 * 86400) * interval '1 second' AS t
  FROM (SELECT a, pg_temp.skew2('pap' || a, 1500) AS person_id, pg_temp.skew('pat' || a, 3000) AS target_id FROM generate_series(1, 1560) a) x
  WHERE person_id <> target_id ORDER BY person_id, target_id, a) y
ORDER BY person_id, target_id;

-- Private messages between people (local senders' ids are the local ap_ids).
INSERT INTO private_message (creator_id, recipient_id, content, deleted, published_at, updated_at, ap_id, local, removed, deleted_by_recipient)
SELECT cr, rc, pg_temp.words('pmc' || m, 4 + pg_temp.r('pml' || m, 30)::int), pg_temp.r('pmd' || m, 40) = 0, t,
  CASE WHEN m % 17 = 0 THEN t + interval '10 minutes' END,
  CASE WHEN cr <= 1500 THEN 'https://lemmy.blind.example/private_message/' || m ELSE 'https://' || i.domain || '/private_message/' || (300000 + m * 7) END,
  cr <= 1500, pg_temp.r('pmr' || m, 200) = 0, pg_temp.r('pmdr' || m, 50) = 0
FROM generate_series(1, 1200) m
CROSS JOIN LATERAL (SELECT pg_temp.skew2('pmcr' || m, 3000) AS cr0, pg_temp.skew2('pmrc' || m, 1500) AS rc0) a
CROSS JOIN LATERAL (SELECT cr0 AS cr, CASE WHEN rc0 = cr0 THEN rc0 % 1500 + 1 ELSE rc0 END AS rc,
  timestamptz '2024-01-01 00:00:00+00' + (m * 43200) * interval '1 second' AS t) b
JOIN person pe ON pe.id = b.cr JOIN instance i ON i.id = pe.instance_id
ORDER BY m;

-- Reports of posts and comments: resolved by an admin or moderator most of the time.
INSERT INTO post_report (creator_id, post_id, original_post_name, original_post_url, original_post_body, reason, resolved, resolver_id,
  published_at, updated_at, violates_instance_rules, conclusion)
SELECT x.creator_id, p.id, p.name, p.url, p.body, pg_temp.pick2('prr' || x.k, ARRAY['Spam','Rule 1: be civil','Off topic','Misinformation','NSFW not tagged','Repost']),
  x.k % 10 < 7, CASE WHEN x.k % 10 < 7 THEN 1 + x.k % 2 END, p.published_at + (x.k % 50 + 1) * interval '1 hour',
  CASE WHEN x.k % 10 < 7 THEN p.published_at + (x.k % 50 + 20) * interval '1 hour' END, x.k % 4 = 0,
  CASE WHEN x.k % 10 < 7 AND x.k % 3 = 0 THEN pg_temp.pick('prc' || x.k, ARRAY['removed','no violation','warned user']) END
FROM (SELECT DISTINCT ON (post_id, creator_id) k, post_id, creator_id FROM (
  SELECT k, 1 + (pg_temp.skew('prp' || k, 6000) * 2357) % 6000 AS post_id, 3 + pg_temp.r('prc' || k, 1497) AS creator_id FROM generate_series(1, 150) k) a
  ORDER BY post_id, creator_id, k) x JOIN post p ON p.id = x.post_id
ORDER BY x.k;
INSERT INTO comment_report (creator_id, comment_id, original_comment_text, reason, resolved, resolver_id, published_at, updated_at,
  violates_instance_rules, conclusion)
SELECT x.creator_id, c.id, c.content, pg_temp.pick2('crr' || x.k, ARRAY['Spam','Rule 1: be civil','Harassment','Trolling','Misinformation']),
  x.k % 10 < 6, CASE WHEN x.k % 10 < 6 THEN 1 + x.k % 2 END, c.published_at + (x.k % 30 + 1) * interval '1 hour',
  CASE WHEN x.k % 10 < 6 THEN c.published_at + (x.k % 30 + 12) * interval '1 hour' END, x.k % 5 = 0,
  CASE WHEN x.k % 10 < 6 AND x.k % 4 = 0 THEN pg_temp.pick('crc' || x.k, ARRAY['removed','no violation','banned']) END
FROM (SELECT DISTINCT ON (comment_id, creator_id) k, comment_id, creator_id FROM (
  SELECT k, 1 + (pg_temp.skew('crp' || k, 10000) * 3571) % 10000 AS comment_id, 3 + pg_temp.r('crc' || k, 1497) AS creator_id FROM generate_series(1, 200) k) a
  ORDER BY comment_id, creator_id, k) x JOIN comment c ON c.id = x.comment_id
ORDER BY x.k;

-- Login tokens (the JWT a session carries): active users have several devices.
INSERT INTO login_token (token, user_id, published_at, ip, user_agent)
SELECT 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.' || encode(convert_to('{"sub":"' || u || '","iss":"lemmy.blind.example","iat":' || (1730000000 + t * 9000) || '}', 'UTF8'), 'base64')
    || '.' || md5('lt' || t) || substr(md5('lt2' || t), 1, 11),
  u, timestamptz '2024-10-27 00:00:00+00' + (t * 9000) * interval '1 second',
  CASE WHEN t % 9 = 0 THEN NULL ELSE '10.' || (t % 200) || '.' || (t * 7 % 250) || '.' || (t * 13 % 250) END,
  CASE WHEN t % 9 = 0 THEN NULL ELSE pg_temp.pick2('lua' || t, ARRAY['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Jerboa','Voyager/2.18','Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)','Thunder/0.5','Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0']) END
FROM generate_series(1, 1800) t
CROSS JOIN LATERAL (SELECT pg_temp.skew2('ltu' || t, 1500) AS u) a
ORDER BY t;

-- Images stored in pict-rs: uploads by local people, and thumbnails the server made for
-- link posts (no uploader).
INSERT INTO local_image (pictrs_alias, published_at, person_id, thumbnail_for_post_id)
SELECT pg_temp.uuid('img' || i) || pg_temp.pick2('ie' || i, ARRAY['.webp','.jpeg','.png','.gif']),
  timestamptz '2024-01-01 00:00:00+00' + (i * 20000) * interval '1 second',
  CASE WHEN i % 4 <> 0 THEN pg_temp.skew2('iu' || i, 1500) END,
  CASE WHEN i % 4 = 0 THEN (SELECT min(id) FROM post WHERE url IS NOT NULL AND id >= (i * 4) % 6000) END
FROM generate_series(1, 1500) i
ORDER BY i;

-- Ids of activities received from other instances (kept for deduplication).
INSERT INTO received_activity (ap_id, published_at)
SELECT 'https://' || i.domain || '/activities/' || pg_temp.pick2('rat' || a, ARRAY['like','create','update','announce','delete','follow','undo'])
    || '/' || pg_temp.uuid('ra' || a),
  timestamptz '2025-06-01 00:00:00+00' + (a * 600) * interval '1 second'
FROM generate_series(1, 3000) a JOIN instance i ON i.id = 2 + pg_temp.skew('rai' || a, 59) - 1
ORDER BY a;

DROP TABLE pp, cm, cmp;
