package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/target"
)

// capacityFlags override the plan's capacity of the tables a command
// creates: load, import and bulk-put.
type capacityFlags struct {
	mode                  string
	readUnits, writeUnits int64
	warmReads, warmWrites int64
}

// register adds --capacity, --read-units and --write-units, and with warm
// --warm-reads and --warm-writes (ImportTable creates tables without warm
// throughput, so import does not offer them).
func (f *capacityFlags) register(fs *pflag.FlagSet, warm bool) {
	fs.StringVar(&f.mode, "capacity", "", "capacity of created tables: on-demand or provisioned (default: the plan's)")
	fs.Int64Var(&f.readUnits, "read-units", 0, "provisioned read units of created tables")
	fs.Int64Var(&f.writeUnits, "write-units", 0, "provisioned write units of created tables")
	if warm {
		fs.Int64Var(&f.warmReads, "warm-reads", 0, "warm throughput, reads per second, of created tables")
		fs.Int64Var(&f.warmWrites, "warm-writes", 0, "warm throughput, writes per second, of created tables")
	}
}

// capacity is the capacity the flags ask for, or nil when they leave the
// plan's. Warm throughput alone asks for on-demand tables with it.
func (f *capacityFlags) capacity() (*plans.Capacity, error) {
	if f.mode == "" && f.warmReads <= 0 && f.warmWrites <= 0 {
		return nil, nil
	}
	c := plans.Capacity{Mode: or(f.mode, plans.OnDemand), ReadUnits: f.readUnits, WriteUnits: f.writeUnits, WarmReads: f.warmReads, WarmWrites: f.warmWrites}
	if c.Mode != plans.OnDemand && c.Mode != plans.Provisioned {
		return nil, fmt.Errorf("--capacity must be %s or %s, got %q", plans.OnDemand, plans.Provisioned, c.Mode)
	}
	return &c, nil
}

// existingTables is what --append and --recreate ask of target tables that
// already exist.
func existingTables(appendTo, recreate bool) (target.Existing, error) {
	switch {
	case appendTo && recreate:
		return target.Refuse, errors.New("--append and --recreate exclude each other")
	case appendTo:
		return target.Append, nil
	case recreate:
		return target.Recreate, nil
	}
	return target.Refuse, nil
}
