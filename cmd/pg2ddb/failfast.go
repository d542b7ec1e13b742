package main

import (
	"fmt"
	"strings"

	"github.com/pg2ddb/pg2ddb/plans"
)

// predictedRejectsError is a load, an export or a load --via refused before
// it created anything: the plan's recorded counts of values DynamoDB
// refuses make more rejected rows than --max-rejects allows.
type predictedRejectsError struct {
	command   string
	rows, max int64
	estimated bool
	tables    []string
}

func (e *predictedRejectsError) Error() string {
	return fmt.Sprintf("%s: the plan predicts at least %s%s rejected rows, more than --max-rejects %s; nothing was created or written. %s. "+
		"Raise --max-rejects to %s to load the rest, or choose in the plan what to do with the values "+
		"(specials: string on the column's attribute keeps NaN and ±Infinity as strings, specials: omit keeps the row without them; "+
		"a numeric column written with type: S keeps its exact text; "+
		"an empty value needs another key or the rows excluded at the source; "+
		"an item over 400 KB needs one of its big columns excluded or shortened), then load again",
		e.command, plans.About(!e.estimated), plans.Thousands(e.rows), plans.Thousands(e.max), strings.Join(e.tables, "; "), plans.Thousands(e.rows))
}

// checkPredictedRejects refuses a run whose plan predicts more rejected
// rows than maxRejects, before any table or object is created: the load
// would otherwise stop at the first reject past the limit, perhaps hours
// in. A resumed run is not checked here: its rejects so far are in the
// checkpoint, which the run itself counts against the limit.
func checkPredictedRejects(command string, p *plans.Plan, maxRejects int64, resume bool) error {
	if resume {
		return nil
	}
	e := &predictedRejectsError{command: command, max: maxRejects}
	for i := range p.Tables {
		t := &p.Tables[i]
		rs := t.PredictedRejects(p.Options)
		if len(rs) == 0 {
			continue
		}
		rows, est := plans.PredictedRejectRows(rs)
		e.rows += rows
		e.estimated = e.estimated || est
		e.tables = append(e.tables, fmt.Sprintf("%s (target %s): %s", t.Source, t.Target, plans.DescribeRejects(rs)))
	}
	if e.rows > maxRejects {
		return e
	}
	return nil
}
