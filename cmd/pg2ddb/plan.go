package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

// planFlags are the settings of pg2ddb plan.
type planFlags struct {
	schemas     []string
	tables      []string
	writeRate   int64
	tablePrefix string
	nulls       string
	out         string
	pricing     pricingFlags
	allowEmpty  bool
	// shardHotKeys asks for write sharding for the load's sake.
	shardHotKeys bool
}

func (a *app) planCommand() *cobra.Command {
	var f planFlags
	c := &cobra.Command{
		Use:   "plan",
		Short: "Design DynamoDB keys from the data and write a plan file",
		Long: `plan inspects and profiles the source, designs a natural composite key for every
table (rejecting sequence-style partition keys, sharding hot ones) and writes the
plan as YAML for a person to review, edit and commit.`,
		Example: `  pg2ddb plan --source postgres://me@db/shop -o plans/shop.yaml
  pg2ddb plan --schema public --tables 'orders,customers' --write-rate 4000 -o plans/shop.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return a.runPlan(cmd, &f) },
	}
	a.source.register(c.Flags())
	fs := c.Flags()
	fs.StringSliceVar(&f.schemas, "schema", nil, "schemas to plan (default: every non-system schema)")
	fs.StringSliceVar(&f.tables, "tables", nil, "table names or globs to plan, comma-separated (default: all)")
	fs.Int64Var(&f.writeRate, "write-rate", mapping.DefaultWriteRate, "planned load rate in WCU/s: sizes write sharding and load-time estimates")
	fs.StringVar(&f.tablePrefix, "table-prefix", "", "prefix for every DynamoDB table name")
	fs.BoolVar(&f.shardHotKeys, "shard-hot-keys", false, "write-shard a partition key whose hottest value holds the load back, even when the source's live write rate does not need it")
	fs.StringVar(&f.nulls, "nulls", plans.NullsOmit, "what a NULL becomes: omit (no attribute) or null ({\"NULL\": true})")
	fs.StringVarP(&f.out, "output", "o", "", "plan file to write (required), e.g. plans/shop.yaml")
	f.pricing.register(fs)
	fs.BoolVar(&f.allowEmpty, "allow-empty", false, "write a plan of a source with no table or view instead of refusing it")
	return c
}

func (a *app) runPlan(cmd *cobra.Command, f *planFlags) error {
	if f.out == "" {
		return errors.New("plan: -o FILE is required (where to write the plan)")
	}
	if f.nulls != plans.NullsOmit && f.nulls != plans.NullsWrite {
		return fmt.Errorf("plan: --nulls must be %s or %s, got %q", plans.NullsOmit, plans.NullsWrite, f.nulls)
	}
	if f.writeRate < 1 {
		return fmt.Errorf("plan: --write-rate must be at least 1 WCU/s, got %d", f.writeRate)
	}
	pricing, err := f.pricing.pricing()
	if err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	if err := checkWritable("-o", f.out); err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	ctx := cmd.Context()
	pool, err := a.source.connect(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	snap, err := extract.Begin(ctx, pool)
	if err != nil {
		return err
	}
	defer snap.Close(ctx)
	schema, err := extract.Inspect(ctx, snap, extract.InspectOptions{Schemas: f.schemas, Tables: f.tables})
	if err != nil {
		return err
	}
	if len(schema.Tables) == 0 && !f.allowEmpty {
		return a.emptySource("plan", pool, schema.Database, f.schemas, f.tables)
	}
	profile, err := extract.ProfileTables(ctx, snap, schema, extract.ProfileOptions{})
	if err != nil {
		return err
	}
	// Workload evidence, read in the same snapshot; its absence is
	// recorded in the plan, never an error.
	workload, err := extract.ReadWorkload(ctx, snap, schema)
	if err != nil {
		return err
	}
	p, err := mapping.Design(ctx, schema, profile, snap, mapping.Options{
		WriteRate: f.writeRate, TablePrefix: f.tablePrefix, Nulls: f.nulls, ShardHotKeys: f.shardHotKeys,
		Schemas: f.schemas, Tables: f.tables, Workload: workload,
	})
	if err != nil {
		return err
	}
	p.Source.ServerVersion = schema.Version
	if err := plans.WriteFile(f.out, p); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "wrote %s: %d tables planned, %d skipped\n\n", f.out, len(p.Tables), len(p.Skipped))
	if err := plans.Summarize(a.stdout, p); err != nil {
		return err
	}
	warned := 0
	for _, t := range p.Tables {
		if len(t.Warnings) > 0 {
			warned++
		}
	}
	lt := mapping.TotalLoad(p)
	fmt.Fprintf(a.stdout, "\nestimated load at %s WCU/s: %s interleaved, %s in plain table order\n",
		plans.Thousands(f.writeRate), plans.Seconds(lt.Interleaved), plans.Seconds(lt.TableOrder))
	cost := mapping.PlanCost(p, f.writeRate, pricing)
	fmt.Fprintln(a.stdout)
	if err := plans.RenderCost(a.stdout, &cost, plans.FormatText); err != nil {
		return err
	}
	for i := range p.Tables {
		t := &p.Tables[i]
		if rs := t.PredictedRejects(p.Options); len(rs) > 0 {
			fmt.Fprintf(a.stdout, "%s: a load rejects %s\n", t.Source, plans.DescribeRejects(rs))
		}
	}
	if warned > 0 {
		fmt.Fprintf(a.stdout, "%d %s with warnings: run `pg2ddb review %s` before loading\n", warned, plural(warned, "table", "tables"), f.out)
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strings.TrimSpace(many)
}
