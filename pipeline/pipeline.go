package pipeline

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pg2ddb/pg2ddb/plans"
)

// Progress is a live view of one table's load.
type Progress struct {
	Source, Target string
	// Total is the number of source rows; Skipped were acknowledged by an
	// earlier run (resume); Rechecked of those were read again to prove
	// that the source did not change under the load.
	Total, Skipped, Rechecked                   int64
	Read, Written, Rejected, Retries, Throttles int64
	WCU                                         int64
	Elapsed                                     time.Duration
	// Rate is the current write budget in WCU/s (+Inf when unlimited).
	Rate float64
	// Done is the last report of the table's run; Incomplete says that
	// run ended (interrupted, or stopped by an error) before every row was
	// acknowledged, so a display must not show the table finished.
	Done, Incomplete bool
}

// ErrInterrupted is returned (wrapped) when ctx ended the load before every
// row was written; the checkpoint holds what was acknowledged.
var ErrInterrupted = errors.New("load interrupted")

// TooManyRejectsError is returned when rejects passed Options.MaxRejects
// and the load stopped. It says what was written and what was not.
type TooManyRejectsError struct {
	// Rejected counts the rejected rows of the load, earlier runs of a
	// resumed load included; Max is the limit, and Planned the repeats
	// that the plan's keep-one choices drop, allowed on top of it.
	Rejected, Max, Planned int64
	Path                   string
	// Table is the table the load stopped in, Acknowledged and SourceRows
	// its progress; NotLoaded are the tables after it.
	Table                    string
	Acknowledged, SourceRows int64
	// Counted says SourceRows is exact (TableResult.Counted).
	Counted   bool
	NotLoaded []string
}

func (e *TooManyRejectsError) Error() string {
	where := ""
	if e.Path != "" {
		where = " (reasons in " + e.Path + ")"
	}
	s := fmt.Sprintf("load stopped: %d rows rejected%s, more than --max-rejects %d", e.Rejected, where, e.Max)
	if e.Planned > 0 {
		s += fmt.Sprintf(" plus the %d repeats the plan drops (duplicates: keep-one)", e.Planned)
	}
	if e.Table != "" {
		s += fmt.Sprintf("; %s: %s of %s%s rows acknowledged", e.Table, plans.Thousands(e.Acknowledged), plans.About(e.Counted), plans.Thousands(e.SourceRows))
	}
	if len(e.NotLoaded) > 0 {
		s += fmt.Sprintf("; not loaded: %s", strings.Join(e.NotLoaded, ", "))
	}
	return s + "; continue with --resume and a higher --max-rejects, or fix the plan and load again"
}
