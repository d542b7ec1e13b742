package s3load

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

func TestParseS3URL(t *testing.T) {
	for _, tc := range []struct {
		in, bucket, prefix, err string
	}{
		{in: "s3://b", bucket: "b"},
		{in: "s3://b/", bucket: "b"},
		{in: "s3://b/exports/shop", bucket: "b", prefix: "exports/shop/"},
		{in: "s3://b/exports/shop/", bucket: "b", prefix: "exports/shop/"},
		{in: "https://b/x", err: "not an S3 location"},
		{in: "s3:///x", err: "not an S3 location"},
		{in: "b/x", err: "not an S3 location"},
	} {
		loc, err := ParseURL(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v, want an error with %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || loc.Bucket != tc.bucket || loc.Prefix != tc.prefix {
			t.Errorf("%q: %+v %v; want bucket %q prefix %q", tc.in, loc, err, tc.bucket, tc.prefix)
		}
	}
}

// TestShardCount: a quarter of the objects the estimate needs, at least
// one and at most maxShards.
func TestShardCount(t *testing.T) {
	x := &exporter{opts: ExportOptions{ObjectSize: 64 << 20}}
	tb := plans.Table{Estimates: plans.Estimates{AvgItemBytes: 400}}
	for _, tc := range []struct {
		rows int64
		want int
	}{{0, 1}, {1000, 1}, {1_000_000, 2}, {10_000_000, 16}, {1_000_000_000, maxShards}} {
		if got := x.shardCount(tb, tc.rows); got != tc.want {
			t.Errorf("%d rows of 400 B: %d shards, want %d", tc.rows, got, tc.want)
		}
	}
}

func TestBulkWriteUnits(t *testing.T) {
	prov := plans.Table{Capacity: plans.Capacity{Mode: plans.Provisioned, ReadUnits: 10, WriteUnits: 500}}
	onDemand := plans.Table{Capacity: plans.Capacity{Mode: plans.OnDemand}}
	for _, tc := range []struct {
		t    plans.Table
		flag int64
		want int64
	}{{prov, 0, MinBulkWriteUnits}, {prov, 5000, 5000}, {onDemand, 0, 0}, {onDemand, 2048, 2048},
		{plans.Table{Capacity: plans.Capacity{Mode: plans.Provisioned, WriteUnits: 4000}}, 0, 4000}} {
		if got := bulkWriteUnits(tc.t, JobOptions{MaxWriteUnits: tc.flag}); got != tc.want {
			t.Errorf("%+v, flag %d: %d, want %d", tc.t.Capacity, tc.flag, got, tc.want)
		}
	}
}
