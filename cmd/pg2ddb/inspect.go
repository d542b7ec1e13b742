package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) inspectCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "inspect",
		Short: "Show the source schema and a profile of its data",
		Long: `inspect reads the PostgreSQL catalog and profiles every table: row counts, sizes,
keys and foreign keys, and per column its type, nulls, distinct values, hottest value
and whether it looks like a sequence-style key (a poor DynamoDB partition key).`,
		Example: `  pg2ddb inspect --source postgres://me@db/shop
  pg2ddb inspect --schema public --tables 'order*' --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return fmt.Errorf("inspect: %w", errNotImplemented) },
	}
	a.source.register(c.Flags())
	return c
}
