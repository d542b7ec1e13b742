package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/verify"
)

func (a *app) verifyCommand() *cobra.Command {
	var (
		sample  int
		rejects string
		tables  []string
		full    bool
	)
	c := &cobra.Command{
		Use:   "verify PLAN",
		Short: "Check that every source row of a plan arrived in DynamoDB",
		Long: `verify compares, per table, the source row count minus rejects with the DynamoDB
item count, and a sample of source rows attribute by attribute. Differences are
printed and the exit status is non-zero.`,
		Example: `  pg2ddb verify plans/shop.yaml --endpoint-url http://127.0.0.1:8000
  pg2ddb verify plans/shop.yaml --sample 5000`,
		Args: planArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			op, err := a.openPlan(ctx, args[0], tables)
			if err != nil {
				return err
			}
			defer op.close(ctx)
			db, err := a.target.client(ctx)
			if err != nil {
				return err
			}
			if sample == 0 {
				sample = -1
			}
			rep, err := verify.Verify(ctx, op.plan, load.SnapshotSource{Snapshot: op.snap}, db, verify.VerifyOptions{
				Sample: sample, RejectsPath: or(rejects, args[0]+".rejects.jsonl"), Full: full,
			})
			if err != nil {
				return err
			}
			diffs := 0
			for _, t := range rep.Tables {
				mark := "ok  "
				if t.DifferenceCount > 0 {
					mark = "DIFF"
				}
				dropped := ""
				if t.Dropped > 0 {
					dropped = " - " + plans.Thousands(t.Dropped) + " repeats dropped"
				}
				compared := "sampled"
				if full {
					compared = "compared in full"
				}
				fmt.Fprintf(a.stdout, "%s %s: %s source rows - %s rejected%s = %s items in DynamoDB; %s %s, %d differences\n",
					mark, t.Target, plans.Thousands(t.SourceRows), plans.Thousands(t.Rejected), dropped, plans.Thousands(t.Items),
					plans.Thousands(int64(t.Sampled)), compared, t.DifferenceCount)
				for _, d := range t.Differences {
					fmt.Fprintf(a.stdout, "     %s\n", d)
				}
				if n := t.DifferenceCount - len(t.Differences); n > 0 {
					fmt.Fprintf(a.stdout, "     … and %d more\n", n)
				}
				diffs += t.DifferenceCount
			}
			if diffs > 0 {
				return fmt.Errorf("verify: %d differences in %d tables", diffs, len(rep.Tables))
			}
			fmt.Fprintf(a.stdout, "verified %d tables: no differences\n", len(rep.Tables))
			return nil
		},
	}
	a.source.register(c.Flags())
	a.target.register(c.Flags())
	c.Flags().IntVar(&sample, "sample", 1000, "source rows per table compared attribute by attribute (0: none)")
	c.Flags().StringVar(&rejects, "rejects", "", "the load's rejects file (default: PLAN.rejects.jsonl)")
	c.Flags().StringSliceVar(&tables, "tables", nil, "verify only these tables, comma-separated")
	c.Flags().BoolVar(&full, "full", false, "compare every source row with its item attribute by attribute, and list items no row has (the check after a sync)")
	return c
}
