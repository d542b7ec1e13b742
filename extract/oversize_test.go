package extract_test

import (
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestProfileCountsOversizeRows: the profile pass counts the rows whose
// string and bytea values alone weigh more than DynamoDB's 400 KB: one
// big text, a text and a bytea that are over only together, and a padded
// character(n) over only with its padding (not counted: a load writes it
// without). A row just under the limit, a big JSON document (its item
// size is not bounded by its text) and a big value in a generated column
// (not written) are not counted.
func TestProfileCountsOversizeRows(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	_, err := db.Pool.Exec(t.Context(), `
CREATE TABLE docs (
    id int PRIMARY KEY,
    body text,
    blob bytea,
    pad char(300000),
    doc jsonb,
    shout text GENERATED ALWAYS AS (upper(body) || upper(body)) STORED
);
INSERT INTO docs (id, body) SELECT i, md5(i::text) FROM generate_series(1, 50) i;
INSERT INTO docs (id, body) VALUES (100, repeat('x', 450000));
INSERT INTO docs (id, body, blob) VALUES (101, repeat('y', 300000), decode(repeat('ab', 150000), 'hex'));
INSERT INTO docs (id, body, blob) VALUES (102, repeat('z', 409000), '\x00');
INSERT INTO docs (id, body, pad) VALUES (103, repeat('p', 200000), 'short');
INSERT INTO docs (id, doc) VALUES (104, jsonb_build_object('a', repeat('j', 500000)));
INSERT INTO docs (id, body) VALUES (105, repeat('g', 300000));
INSERT INTO docs (id, body) VALUES (106, repeat('w', 500000));
ANALYZE docs;`)
	if err != nil {
		t.Fatal(err)
	}
	s := snapshot(t, db)
	sc := mustInspect(t, s, extract.InspectOptions{Tables: []string{"docs"}})
	p := profile(t, s, sc, extract.ProfileOptions{})
	tp := p.Table("public", "docs")
	if tp == nil {
		t.Fatal("no profile of docs")
	}
	want := []catalog.SizedColumn{{Name: "body", MaxBytes: 500000}, {Name: "blob", MaxBytes: 150000}, {Name: "pad", MaxBytes: 5}}
	if tp.OversizeRows != 3 || tp.OversizeMinBytes != 450000 || !slices.Equal(tp.OversizeColumns, want) {
		t.Fatalf("oversize rows %d, least %d, over %v; want 3 (ids 100, 101, 106), least 450,000 (100 and 101), over %v",
			tp.OversizeRows, tp.OversizeMinBytes, tp.OversizeColumns, want)
	}
}
