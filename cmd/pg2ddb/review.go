package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) reviewCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "review PLAN",
		Short: "Dry run: show what loading a plan would write, without writing",
		Long: `review reads a plan file and the source, and shows per table the keys and why,
rejected candidates, warnings, sample items as DynamoDB JSON, the distribution of
partition keys, item sizes and the estimated load time. Nothing is written.`,
		Example: `  pg2ddb review plans/shop.yaml
  pg2ddb review plans/shop.yaml --format markdown > review.md`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, _ []string) error { return fmt.Errorf("review: %w", errNotImplemented) },
	}
	a.source.register(c.Flags())
	return c
}
