package main

import (
	"reflect"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/target"
)

func TestCapacityFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		flags capacityFlags
		want  *plans.Capacity
		err   bool
	}{
		{"none: the plan's", capacityFlags{}, nil, false},
		{"units alone: the plan's", capacityFlags{readUnits: 5, writeUnits: 5}, nil, false},
		{"on-demand", capacityFlags{mode: plans.OnDemand}, &plans.Capacity{Mode: plans.OnDemand}, false},
		{"provisioned", capacityFlags{mode: plans.Provisioned, readUnits: 5, writeUnits: 7},
			&plans.Capacity{Mode: plans.Provisioned, ReadUnits: 5, WriteUnits: 7}, false},
		{"warm alone: on-demand", capacityFlags{warmWrites: 4000},
			&plans.Capacity{Mode: plans.OnDemand, WarmWrites: 4000}, false},
		{"provisioned and warm", capacityFlags{mode: plans.Provisioned, readUnits: 1, writeUnits: 2, warmReads: 3, warmWrites: 4},
			&plans.Capacity{Mode: plans.Provisioned, ReadUnits: 1, WriteUnits: 2, WarmReads: 3, WarmWrites: 4}, false},
		{"unknown mode", capacityFlags{mode: "reserved"}, nil, true},
	} {
		got, err := c.flags.capacity()
		if (err != nil) != c.err {
			t.Errorf("%s: error %v, want error %v", c.name, err, c.err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: capacity %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestExistingTables(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		appendTo, recreate bool
		want               target.Existing
		err                bool
	}{
		{false, false, target.Refuse, false},
		{true, false, target.Append, false},
		{false, true, target.Recreate, false},
		{true, true, target.Refuse, true},
	} {
		got, err := existingTables(c.appendTo, c.recreate)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("existingTables(%v, %v) = %v, %v; want %v, error %v", c.appendTo, c.recreate, got, err, c.want, c.err)
		}
	}
}
