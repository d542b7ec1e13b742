package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) planCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "plan",
		Short: "Design DynamoDB keys from the data and write a plan file",
		Long: `plan inspects and profiles the source, designs a natural composite key for every
table (rejecting sequence-style partition keys, sharding hot ones) and writes the
plan as YAML for a person to review, edit and commit.`,
		Example: `  pg2ddb plan --source postgres://me@db/shop -o plans/shop.yaml
  pg2ddb plan --schema public --tables 'orders,customers' --write-rate 4000 -o plans/shop.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return fmt.Errorf("plan: %w", errNotImplemented) },
	}
	a.source.register(c.Flags())
	return c
}
