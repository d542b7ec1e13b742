package review

import (
	"encoding/json"
	"fmt"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// Report is what a review found: what Build measures and every writer
// renders.
type Report struct {
	// Plan is the plan file's path, as given.
	Plan     string
	Database string
	// Workload is the plan's note on workload evidence (pg_stat_statements).
	Workload  string
	WriteRate int64
	// Drift are the plan-versus-database differences review tolerated.
	Drift   []plans.Difference
	Tables  []Table
	Skipped []plans.Skipped
	Cost    *plans.CostReport
}

// Table is what review found for one table. Its JSON form is what
// pg2ddb review --format json prints per table.
type Table struct {
	Design       *plans.Table          `json:"design"`
	Samples      []json.RawMessage     `json:"samples"`
	Distribution *catalog.Distribution `json:"distribution"`
	Sizes        Sizes                 `json:"item_sizes"`
	Load         LoadEstimate          `json:"load_estimate"`
	Cost         plans.TableCost       `json:"cost"`
	// Heat is the partition-heat simulation (Options.Heat), which the
	// HTML page draws.
	Heat *Heat `json:"partition_heat,omitempty"`
	// PlanRejects is the plan's own prediction of the rows a load
	// rejects, from the counts its profile recorded over every row, set
	// beside Sizes' count over the sampled rows; nil when the plan
	// recorded none.
	PlanRejects *PlanRejects `json:"plan_rejects,omitempty"`
}

// PlanRejects is what the plan recorded of a table's values DynamoDB
// refuses (refused_values, oversize) and the rows they make a load of the
// plan as it stands reject.
type PlanRejects struct {
	// Recorded is the recorded counts in words (plans.DescribeRefused).
	Recorded  string                  `json:"recorded"`
	Predicted []plans.PredictedReject `json:"predicted"`
	// Rows is the fewest rows Predicted rejects; Estimated when a count
	// is a sample's, scaled.
	Rows      int64 `json:"rows"`
	Estimated bool  `json:"estimated,omitempty"`
}

// planRejects is the plan's prediction for t, or nil.
func planRejects(t *plans.Table, o plans.Options) *PlanRejects {
	rec := plans.DescribeRefused(t)
	if rec == "" {
		return nil
	}
	pr := &PlanRejects{Recorded: rec, Predicted: t.PredictedRejects(o)}
	if pr.Predicted == nil {
		pr.Predicted = []plans.PredictedReject{}
	}
	pr.Rows, pr.Estimated = plans.PredictedRejectRows(pr.Predicted)
	return pr
}

// Line is the prediction in words, for the text, markdown and HTML
// writers.
func (pr *PlanRejects) Line() string {
	if len(pr.Predicted) == 0 {
		return "the plan predicts no rejected rows from what its profile recorded (" + pr.Recorded + ")"
	}
	return fmt.Sprintf("the plan predicts at least %s%s rejected rows from its profile of every row: %s",
		plans.About(!pr.Estimated), plans.Thousands(pr.Rows), plans.DescribeRejects(pr.Predicted))
}

// Sizes are item sizes by DynamoDB's rules, measured by encoding rows
// exactly as a load would.
type Sizes struct {
	RowsEncoded int64   `json:"rows_encoded"`
	AvgBytes    float64 `json:"avg_bytes"`
	MaxBytes    int     `json:"max_bytes"`
	AvgWCU      float64 `json:"avg_wcu"`
	// Rejected counts encoded rows a load would put in the rejects file,
	// by reason (the first few reasons verbatim).
	Rejected int64            `json:"rejected"`
	Reasons  map[string]int64 `json:"reasons,omitempty"`
}

// LoadEstimate is the time a load takes at a write rate, in both orders.
type LoadEstimate struct {
	WriteRate          int64   `json:"write_rate"`
	TotalWCU           int64   `json:"total_wcu"`
	InterleavedSeconds float64 `json:"interleaved_seconds"`
	TableOrderSeconds  float64 `json:"table_order_seconds"`
	HotKeyFloorSeconds float64 `json:"hot_key_floor_seconds"`
	// Partitions, HotPartitionWCU and HotPartitionSeconds are the placement
	// model over the measured keys: the table's partition count, the
	// writes its busiest partition receives, and those at 1,000 WCU/s.
	Partitions          int     `json:"partitions"`
	HotPartitionWCU     int64   `json:"hot_partition_wcu"`
	HotPartitionSeconds float64 `json:"hot_partition_seconds"`
	// PlanInterleavedSeconds is the plan's own estimate at the same write
	// rate, from the profile's keys, to set beside the measured one.
	PlanInterleavedSeconds float64 `json:"plan_interleaved_seconds"`
}
