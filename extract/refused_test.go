package extract_test

import (
	"context"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestProfileCountsRefusedValues: the profile pass counts, per column, the
// values DynamoDB refuses: NaN and ±Infinity, numbers beyond its range, and
// empty strings and bytea (refused as keys).
func TestProfileCountsRefusedValues(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	_, err := db.Pool.Exec(context.Background(), `
CREATE TABLE readings (
    id int PRIMARY KEY,
    f8 double precision,
    f4 real,
    n numeric,
    code text,
    pad char(3),
    blob bytea
);
INSERT INTO readings VALUES
    (1, 'NaN', 'Infinity', 'NaN', '', '   ', '\x'),
    (2, '-Infinity', 1.5, 1e126, '', 'a', '\x00'),
    (3, 1e-300, 2.5, 1e-131, 'x', 'b', NULL),
    (4, 1.0, 'NaN', 12345678901234567890123456789012345678.9, 'y', NULL, '\x01'),
    (5, NULL, NULL, 1.5, NULL, 'c', '\x');`)
	if err != nil {
		t.Fatal(err)
	}
	s := snapshot(t, db)
	sc := mustInspect(t, s, extract.InspectOptions{Tables: []string{"readings"}})
	p := profile(t, s, sc, extract.ProfileOptions{})
	for _, want := range []struct {
		col                         string
		specials, outOfRange, empty int64
	}{
		{"id", 0, 0, 0},
		{"f8", 2, 1, 0},
		{"f4", 2, 0, 0},
		{"n", 1, 3, 0},
		{"code", 0, 0, 2},
		{"pad", 0, 0, 1},
		{"blob", 0, 0, 2},
	} {
		c := mustColumn(t, p, "public", "readings", want.col)
		if c.Specials != want.specials || c.OutOfRange != want.outOfRange || c.Empty != want.empty {
			t.Errorf("%s: specials %d, out of range %d, empty %d; want %d, %d, %d",
				want.col, c.Specials, c.OutOfRange, c.Empty, want.specials, want.outOfRange, want.empty)
		}
	}
}
