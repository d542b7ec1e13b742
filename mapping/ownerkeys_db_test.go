package mapping

import (
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestDeclaredKeyOwnership (issue 21): keys decided by the declared keys'
// structure where no foreign key is declared.
//
//   - regions.region_no, dense 1..40 but made by no sequence or default,
//     leads the primary keys of the other tables: an assigned owner number,
//     the identity (rule assigned-owner-number), not the unique-in-data
//     label beside it;
//   - account_events' key begins with accounts' whole key, whose last
//     column (a 16-byte id) identifies an account alone: the account owns
//     its events (rule parent-key-prefix), with bytea parts in hex;
//   - thing_tags' key begins with things' key too, but that key ends in a
//     version: no entity of its own, so rule parent-key-prefix does not
//     apply;
//   - jobs (region_no, kind, due, job_no): a two-value kind holding many of
//     a region's jobs keeps its place before the time (rule
//     kind-before-time).
func TestDeclaredKeyOwnership(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE regions (region_no int PRIMARY KEY, label text NOT NULL)`,
		`INSERT INTO regions SELECT r, 'region-' || r FROM generate_series(1, 40) r`,
		`CREATE TABLE accounts (region_no int NOT NULL, tenant bytea NOT NULL, account_id bytea NOT NULL, name text NOT NULL,
		   PRIMARY KEY (region_no, tenant, account_id))`,
		`INSERT INTO accounts SELECT 1 + a % 40, decode(md5('t' || a % 5), 'hex'), decode(md5('a' || a), 'hex'), 'acct ' || a FROM generate_series(1, 300) a`,
		`CREATE TABLE account_events (region_no int NOT NULL, tenant bytea NOT NULL, account_id bytea NOT NULL, event_no bigint NOT NULL, body text,
		   PRIMARY KEY (region_no, tenant, account_id, event_no))`,
		`INSERT INTO account_events SELECT region_no, tenant, account_id, e, 'e' FROM accounts, generate_series(1, 3) e`,
		`CREATE TABLE things (region_no int NOT NULL, thing_id int NOT NULL, version int NOT NULL, PRIMARY KEY (region_no, thing_id, version))`,
		`INSERT INTO things SELECT 1 + t % 40, t, v FROM generate_series(1, 200) t, generate_series(1, 3) v`,
		`CREATE TABLE thing_tags (region_no int NOT NULL, thing_id int NOT NULL, version int NOT NULL, k text NOT NULL, v text,
		   PRIMARY KEY (region_no, thing_id, version, k))`,
		`INSERT INTO thing_tags SELECT region_no, thing_id, version, k, 'x' FROM things, unnest(ARRAY['name', 'colour']) k`,
		`CREATE TABLE jobs (region_no int NOT NULL, kind int NOT NULL, due timestamp NOT NULL, job_no bigint NOT NULL,
		   PRIMARY KEY (region_no, kind, due, job_no))`,
		`INSERT INTO jobs SELECT 1 + j % 40, j % 2, timestamp '2026-01-01' + j * interval '1 minute', j FROM generate_series(1, 400) j`,
		`ANALYZE`,
	)
	keys := func(name string) (pk, sk []string, encs []string, why string) {
		for _, tb := range p.Tables {
			if tb.Source != "public."+name {
				continue
			}
			for _, kp := range tb.PartitionKey.Parts {
				pk, encs = append(pk, kp.Column), append(encs, kp.Encoding)
			}
			if tb.SortKey != nil {
				for _, kp := range tb.SortKey.Parts {
					sk, encs = append(sk, kp.Column), append(encs, kp.Encoding)
				}
				why = strings.Join(tb.SortKey.Why, "; ")
			}
			return pk, sk, encs, strings.Join(tb.PartitionKey.Why, "; ") + "; " + why
		}
		t.Fatalf("no plan for %s", name)
		return
	}
	if pk, sk, _, why := keys("regions"); !slices.Equal(pk, []string{"region_no"}) || len(sk) != 0 || !strings.Contains(why, RuleAssignedOwnerNumber) {
		t.Errorf("regions: %v / %v (%s), want region_no by %s", pk, sk, why, RuleAssignedOwnerNumber)
	}
	pk, sk, encs, why := keys("account_events")
	if !slices.Equal(pk, []string{"region_no", "tenant", "account_id"}) || !slices.Equal(sk, []string{"event_no"}) || !strings.Contains(why, RuleParentKeyPrefix) {
		t.Errorf("account_events: %v / %v (%s), want region_no+tenant+account_id / event_no by %s", pk, sk, why, RuleParentKeyPrefix)
	}
	if !slices.Equal(encs, []string{plans.EncInteger, plans.EncHex, plans.EncHex, plans.EncNumber}) {
		t.Errorf("account_events encodings %v, want bytea parts in hex", encs)
	}
	if pk, sk, _, why := keys("thing_tags"); strings.Contains(why, RuleParentKeyPrefix) {
		t.Errorf("thing_tags: %v / %v by %s, but things' key ends in a version (%s)", pk, sk, RuleParentKeyPrefix, why)
	}
	if pk, sk, _, why := keys("jobs"); !slices.Equal(pk, []string{"region_no"}) || !slices.Equal(sk, []string{"kind", "due", "job_no"}) || !strings.Contains(why, RuleKindBeforeTime) {
		t.Errorf("jobs: %v / %v (%s), want region_no / kind+due+job_no by %s", pk, sk, why, RuleKindBeforeTime)
	}
}
