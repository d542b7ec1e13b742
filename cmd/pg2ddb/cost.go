package main

import (
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

// pricingFlags choose the price table plan and review estimate costs with:
// the built-in one, or a file over it, for a region.
type pricingFlags struct {
	file   string
	region string
}

func (f *pricingFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.file, "pricing", "", "YAML or JSON file of DynamoDB prices over the built-in us-east-1 table (fields: see docs/costs.md)")
	fs.StringVar(&f.region, "region", "", "AWS region the cost estimate is for (default: the pricing table's; other regions need --pricing)")
}

// pricing reads the price table the flags name; it is read before any
// database work so a bad file fails fast.
func (f *pricingFlags) pricing() (plans.Pricing, error) {
	var data []byte
	if f.file != "" {
		var err error
		if data, err = os.ReadFile(f.file); err != nil {
			return plans.Pricing{}, fmt.Errorf("read pricing file: %w", err)
		}
	}
	p, err := mapping.ParsePricing(data, f.region)
	if err != nil && f.file != "" {
		return plans.Pricing{}, fmt.Errorf("%s: %w", f.file, err)
	}
	return p, err
}
