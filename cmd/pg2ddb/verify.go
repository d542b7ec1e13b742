package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) verifyCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "verify PLAN",
		Short: "Check that every source row of a plan arrived in DynamoDB",
		Long: `verify compares, per table, the source row count minus rejects with the DynamoDB
item count, and a sample of source rows attribute by attribute.`,
		Example: `  pg2ddb verify plans/shop.yaml --endpoint-url http://127.0.0.1:8000
  pg2ddb verify plans/shop.yaml --sample 5000`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, _ []string) error { return fmt.Errorf("verify: %w", errNotImplemented) },
	}
	a.source.register(c.Flags())
	a.target.register(c.Flags())
	return c
}
