package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) loadCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "load PLAN",
		Short: "Bulk-load a reviewed plan into DynamoDB in interleaved order",
		Long: `load creates the plan's tables and writes every source row from one consistent
snapshot, one item of every partition key per round, with retries, a write budget,
a rejects file for rows DynamoDB cannot take, and a checkpoint to resume from.`,
		Example: `  pg2ddb load plans/shop.yaml --endpoint-url http://127.0.0.1:8000
  pg2ddb load plans/shop.yaml --recreate --max-wcu 4000
  pg2ddb load plans/shop.yaml --resume`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, _ []string) error { return fmt.Errorf("load: %w", errNotImplemented) },
	}
	a.source.register(c.Flags())
	a.target.register(c.Flags())
	return c
}
