package main

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/pg2ddb/pg2ddb/pipeline"
)

// progressEvent is one line of --progress json; docs/progress-json.md
// describes it. Field names are stable: fields are added, never renamed.
type progressEvent struct {
	Time  string `json:"time"`
	Event string `json:"event"`
	// Table is the target table, Source the source table.
	Table  string `json:"table,omitempty"`
	Source string `json:"source,omitempty"`
	// Total is the source rows (the plan's estimate until the read ends);
	// Acknowledged the items DynamoDB acknowledged, earlier runs of a
	// resumed load included; Rejected the rows in the rejects file.
	Total        *int64 `json:"total,omitempty"`
	Acknowledged *int64 `json:"acknowledged,omitempty"`
	Rejected     *int64 `json:"rejected,omitempty"`
	Retries      *int64 `json:"retries,omitempty"`
	Throttles    *int64 `json:"throttles,omitempty"`
	// New is how many retries, throttles or rejects this event adds.
	New *int64 `json:"new,omitempty"`
	// ItemsPerSecond and WCUPerSecond are over the last 10 s; ETASeconds
	// divides what is left by that rate.
	ItemsPerSecond *float64 `json:"items_per_second,omitempty"`
	WCUPerSecond   *float64 `json:"wcu_per_second,omitempty"`
	ETASeconds     *float64 `json:"eta_seconds,omitempty"`
	ElapsedSeconds *float64 `json:"elapsed_seconds,omitempty"`
	// Complete is set on table_finished: false when the run ended before
	// every row was acknowledged (Ctrl-C, an error).
	Complete *bool  `json:"complete,omitempty"`
	Message  string `json:"message,omitempty"`
}

// jsonEvery is how often a table's progress event is written.
const jsonEvery = time.Second

func (u *progressUI) emit(e progressEvent) {
	e.Time = u.now().UTC().Format(time.RFC3339Nano)
	b, err := json.Marshal(e)
	if err != nil {
		return
	}
	fmt.Fprintf(u.w, "%s\n", b)
}

func ptr[T any](v T) *T { return &v }

// events writes the events p makes: table_started on a table's first
// report, retries, throttles and rejects when their counts grow, progress
// at most every jsonEvery, table_finished on its last.
func (u *progressUI) events(p pipeline.Progress, items, wcu float64, eta string, ok bool) {
	prev, seen := u.last[p.Target]
	u.last[p.Target] = p
	base := func(event string) progressEvent {
		return progressEvent{Event: event, Table: p.Target, Source: p.Source, Total: ptr(p.Total), Acknowledged: ptr(acknowledged(p)),
			Rejected: ptr(p.Rejected), Retries: ptr(p.Retries), Throttles: ptr(p.Throttles), ElapsedSeconds: ptr(round3(p.Elapsed.Seconds()))}
	}
	if !seen {
		u.emit(base("table_started"))
		u.lastLog[p.Target] = u.now()
	}
	for _, c := range []struct {
		event     string
		now, then int64
	}{{"retries", p.Retries, prev.Retries}, {"throttles", p.Throttles, prev.Throttles}, {"rejects", p.Rejected, prev.Rejected}} {
		if c.now > c.then {
			e := base(c.event)
			e.New = ptr(c.now - c.then)
			u.emit(e)
		}
	}
	if p.Done {
		e := base("table_finished")
		e.Complete = ptr(!p.Incomplete)
		u.emit(e)
		delete(u.last, p.Target)
		delete(u.lastLog, p.Target)
		return
	}
	if last, ok := u.lastLog[p.Target]; seen && ok && u.now().Sub(last) < jsonEvery {
		return
	}
	u.lastLog[p.Target] = u.now()
	e := base("progress")
	if ok {
		e.ItemsPerSecond, e.WCUPerSecond = ptr(round3(items)), ptr(round3(wcu))
	}
	if eta != "" && items > 0 {
		e.ETASeconds = ptr(math.Round(float64(p.Total-processed(p)) / items))
	}
	u.emit(e)
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
