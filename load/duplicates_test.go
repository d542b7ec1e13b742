package load_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/pg2ddb/pg2ddb/target"
	"github.com/pg2ddb/pg2ddb/verify"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// histSQL builds a purchase history like dellstore2's cust_hist: no
// constraint, and rows that repeat another in every column — 12 rows
// twice and 4 of them three times: 12 sets of identical rows, 16 repeats,
// 616 rows.
var histSQL = []string{
	`CREATE TABLE public.hist (customerid int NOT NULL, orderid int NOT NULL, prod_id int NOT NULL)`,
	`INSERT INTO public.hist SELECT i % 97 + 1, i, (i * 7) % 500 + 1 FROM generate_series(1, 600) i`,
	`INSERT INTO public.hist SELECT * FROM public.hist WHERE orderid % 50 = 0`,
	`INSERT INTO public.hist SELECT i % 97 + 1, i, (i * 7) % 500 + 1 FROM generate_series(150, 600, 150) i`,
	`CREATE INDEX hist_rev ON public.hist (prod_id DESC, orderid DESC)`,
}

const (
	histRows    = 616
	histGroups  = 12
	histRepeats = 16
)

// itemKeys returns the sorted "pk|sk" of every item of a table.
func itemKeys(t *testing.T, tb *plans.Table, items []map[string]types.AttributeValue) []string {
	t.Helper()
	var keys []string
	for _, it := range items {
		k := ""
		for _, a := range []string{tb.PartitionKey.Attribute, attrOf(tb.SortKey)} {
			if a == "" {
				continue
			}
			switch v := it[a].(type) {
			case *types.AttributeValueMemberS:
				k += v.Value + "|"
			case *types.AttributeValueMemberN:
				k += v.Value + "|"
			default:
				t.Fatalf("item %v: key attribute %s is %T", it, a, it[a])
			}
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func attrOf(k *plans.Key) string {
	if k == nil {
		return ""
	}
	return k.Attribute
}

// TestWholeRowDuplicates: a table with whole-row duplicates, planned by
// mapping.Design, loads and verifies clean under each duplicates choice:
// number (the default) keeps every row with the same keys on every load,
// keep-one writes one copy and records each repeat in the rejects file.
// Without the choice (the plan before it existed) every copy of a
// repeated row is rejected as a key collision: rows that exist nowhere
// else are missing from DynamoDB.
func TestWholeRowDuplicates(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, histSQL...)
	p := fixture.PlannedFor(t, db.Pool)
	tb := &p.Tables[0]
	d := tb.Duplicates
	if d == nil || d.Action != plans.DuplicatesNumber || d.Groups != histGroups || d.Repeats != histRepeats {
		t.Fatalf("plan duplicates = %+v, want number of %d groups, %d repeats; warnings %q", d, histGroups, histRepeats, tb.Warnings)
	}
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("the designed plan is invalid: %v", probs)
	}
	ddb := testenv.DynamoDB(t)
	src := snapshotSource(t, db.Pool)
	dir := t.TempDir()

	t.Run("number", func(t *testing.T) {
		rejects := filepath.Join(dir, "number.jsonl")
		res, err := load.Run(t.Context(), p, src, ddb, load.Options{RejectsPath: rejects, Existing: target.Recreate})
		if err != nil {
			t.Fatal(err)
		}
		if tr := res.Tables[0]; tr.Written != histRows || tr.Rejected != 0 {
			t.Fatalf("wrote %d and rejected %d of %d rows, want all written", tr.Written, tr.Rejected, histRows)
		}
		first := itemKeys(t, tb, fixture.ScanAll(t, ddb, tb.Target))
		var n2, n3 int
		for _, k := range first {
			n2 += strings.Count(k, plans.Separator+"2|")
			n3 += strings.Count(k, plans.Separator+"3|")
		}
		if n2 != histGroups || n3 != histRepeats-histGroups {
			t.Errorf("%d keys end in #2 and %d in #3, want %d and %d", n2, n3, histGroups, histRepeats-histGroups)
		}
		rep := fixture.MustVerify(t, p, src, ddb, rejects, 1000)
		if tv := rep.Tables[0]; tv.Items != histRows || tv.Dropped != 0 || tv.Sampled != histRows {
			t.Errorf("verify %+v", tv)
		}
		// A reload writes the same keys: the numbering does not depend
		// on where the copies lie.
		fixture.Exec(t, db.Pool, `CLUSTER public.hist USING hist_rev`)
		if _, err := load.Run(t.Context(), p, snapshotSource(t, db.Pool), ddb, load.Options{Existing: target.Recreate, Order: "table"}); err != nil {
			t.Fatal(err)
		}
		if again := itemKeys(t, tb, fixture.ScanAll(t, ddb, tb.Target)); !slices.Equal(first, again) {
			t.Errorf("a reload wrote other keys")
		}
	})

	t.Run("keep-one", func(t *testing.T) {
		kp := *p
		kp.Tables = slices.Clone(p.Tables)
		k := &kp.Tables[0]
		k.Duplicates = &plans.Duplicates{Action: plans.DuplicatesKeepOne, Groups: d.Groups, Repeats: d.Repeats}
		rejects := filepath.Join(dir, "keep-one.jsonl")
		// The reviewed drops do not count against --max-rejects 0; one
		// more than the plan found does.
		k.Duplicates.Repeats = histRepeats - 1
		_, err := load.Run(t.Context(), &kp, src, ddb, load.Options{RejectsPath: rejects, Existing: target.Recreate, LimitRejects: true})
		var tooMany *pipeline.TooManyRejectsError
		if !errors.As(err, &tooMany) || tooMany.Planned != histRepeats-1 || !strings.Contains(err.Error(), "plus the 15 repeats the plan drops") {
			t.Fatalf("err %v, want too many rejects beyond the 15 planned drops", err)
		}
		k.Duplicates.Repeats = histRepeats
		res, err := load.Run(t.Context(), &kp, src, ddb, load.Options{RejectsPath: rejects, Existing: target.Recreate, LimitRejects: true})
		if err != nil {
			t.Fatal(err)
		}
		if tr := res.Tables[0]; tr.Written != histRows-histRepeats || tr.Rejected != histRepeats {
			t.Fatalf("wrote %d and rejected %d, want %d and %d", tr.Written, tr.Rejected, histRows-histRepeats, histRepeats)
		}
		recs, err := item.ReadRejects(rejects)
		if err != nil {
			t.Fatal(err)
		}
		items := map[string]map[string]types.AttributeValue{}
		for _, it := range fixture.ScanAll(t, ddb, k.Target) {
			items[itemKeys(t, k, []map[string]types.AttributeValue{it})[0]] = it
		}
		for _, r := range recs {
			if r.Reason != plans.DuplicateReason {
				t.Errorf("reject reason %q, want %q", r.Reason, plans.DuplicateReason)
				continue
			}
			// The dropped copy is the row that was kept.
			key := r.Key[k.PartitionKey.Attribute] + "|" + r.Key[k.SortKey.Attribute] + "|"
			kept, ok := items[key]
			if !ok {
				t.Errorf("dropped copy %s: no item kept with its key", key)
				continue
			}
			dropped, err := item.DecodeItem(r.Item)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(dropped, kept) {
				t.Errorf("dropped copy %v differs from the item kept %v", dropped, kept)
			}
		}
		if len(recs) != histRepeats {
			t.Errorf("%d lines in the rejects file, want %d", len(recs), histRepeats)
		}
		rep := fixture.MustVerify(t, &kp, src, ddb, rejects, 1000)
		if tv := rep.Tables[0]; tv.Dropped != histRepeats || tv.Rejected != 0 || tv.Sampled != histRows-histRepeats {
			t.Errorf("verify %+v", tv)
		}
		// Without the rejects file verify still expects the drops.
		fixture.MustVerify(t, &kp, src, ddb, "", 100)
		// A rejects file that misses a dropped copy is a difference.
		rep, err = verify.Verify(t.Context(), &kp, src, ddb, verify.VerifyOptions{RejectsPath: filepath.Join(dir, "number.jsonl"), Sample: -1})
		if err != nil {
			t.Fatal(err)
		}
		if rep.OK() {
			t.Errorf("verify with a rejects file that lacks the dropped copies found no difference")
		}
	})

	// A resume re-reads the rows before its checkpoint and finds them
	// unchanged: numbered keys and dropped copies are the same on every
	// read, so the resumed load ends as a load in one go.
	for _, action := range []string{plans.DuplicatesNumber, plans.DuplicatesKeepOne} {
		t.Run("resume "+action, func(t *testing.T) {
			rp := *p
			rp.Tables = slices.Clone(p.Tables)
			r := &rp.Tables[0]
			r.Duplicates = &plans.Duplicates{Action: action, Groups: d.Groups, Repeats: d.Repeats}
			cpPath, rejects := filepath.Join(dir, action+".cp.json"), filepath.Join(dir, action+".resume.jsonl")
			ctx, cancel := context.WithCancel(t.Context())
			stopper := cancelAfter(ddb, 8, cancel)
			opts := load.Options{Workers: 1, CheckpointPath: cpPath, RejectsPath: rejects, Existing: target.Recreate}
			if _, err := load.Run(ctx, &rp, snapshotSource(t, db.Pool), stopper, opts); !errors.Is(err, pipeline.ErrInterrupted) {
				t.Fatalf("err %v, want interrupted", err)
			}
			opts.Resume, opts.Existing = true, target.Refuse
			src := snapshotSource(t, db.Pool)
			res, err := load.Run(t.Context(), &rp, src, ddb, opts)
			if err != nil {
				t.Fatal(err)
			}
			if tr := res.Tables[0]; tr.Skipped == 0 || tr.Skipped+tr.Read != histRows {
				t.Fatalf("resume %+v", tr)
			}
			want := int64(histRows)
			if action == plans.DuplicatesKeepOne {
				want -= histRepeats
			}
			rep := fixture.MustVerify(t, &rp, src, ddb, rejects, 1000)
			if tv := rep.Tables[0]; tv.Items != want {
				t.Errorf("%d items after the resume, want %d", tv.Items, want)
			}
		})
	}

	t.Run("no choice", func(t *testing.T) {
		np := *p
		np.Tables = slices.Clone(p.Tables)
		np.Tables[0].Duplicates = nil
		res, err := load.Run(t.Context(), &np, src, ddb, load.Options{RejectsPath: filepath.Join(dir, "none.jsonl"), Existing: target.Recreate})
		if err != nil {
			t.Fatal(err)
		}
		// 28 rows belong to the 12 repeated sets: all rejected.
		if tr := res.Tables[0]; tr.Written != histRows-histGroups-histRepeats {
			t.Errorf("without a choice wrote %d, want %d (every copy a key collision)", tr.Written, histRows-histGroups-histRepeats)
		}
	})
}
