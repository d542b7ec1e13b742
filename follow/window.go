package follow

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
)

// window is a run of changes applied together: at most one write per item.
type window struct {
	// changes counts the changes the window covers; safe is the position
	// that may be confirmed once its writes are acknowledged (0: none).
	changes int
	safe    replication.LSN
	// ops are the writes, one per item, by table.
	ops map[*tableState]map[string]*op
	// truncate, when set, ends the run after the window.
	truncate *replication.Truncate
}

// op is the last write of one item in a window: a put of Item, or a
// delete of the key Key.
type op struct {
	put  map[string]types.AttributeValue
	del  map[string]types.AttributeValue
	text string // the key's Text form
}

// relInfo is a relation as the encoder needs it.
type relInfo struct {
	ts       *tableState // nil: not a followed table
	cols     []extract.ChangedColumn
	identity []string
	isID     []bool
	full     bool // REPLICA IDENTITY FULL: the old row comes whole
	// uncovered names the plan's key columns the replica identity does not
	// include ("" when it includes them all).
	uncovered string
}

func (f *follower) relation(r *replication.Relation) *relInfo {
	if ri, ok := f.rels[r]; ok {
		return ri
	}
	ri := &relInfo{ts: f.tables[r.Name], full: r.Identity == 'f'}
	for _, c := range r.Columns {
		ri.cols = append(ri.cols, extract.ChangedColumn{Name: c.Name, TypeOID: c.TypeOID, TypeMod: c.TypeMod})
		ri.isID = append(ri.isID, c.Identity)
		if c.Identity {
			ri.identity = append(ri.identity, c.Name)
		}
	}
	if ri.ts != nil && !ri.full {
		for _, k := range replication.KeyColumns(ri.ts.t) {
			if !slices.Contains(ri.identity, k) {
				ri.uncovered += " " + k
			}
		}
	}
	f.rels[r] = ri
	return ri
}

// build reads events into windows and hands each on, encoded.
func (f *follower) build(ctx context.Context, in <-chan message, out chan<- *window) error {
	var pending []*replication.Change
	var safe, handed replication.LSN
	inTx := false
	flush := func(truncate *replication.Truncate) error {
		if len(pending) == 0 && safe <= handed && truncate == nil {
			return nil
		}
		w, err := f.prepare(ctx, pending)
		if err != nil {
			return err
		}
		w.safe, w.truncate = safe, truncate
		handed = safe
		pending = nil
		select {
		case out <- w:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for m := range in {
		switch ev := m.ev.(type) {
		case *replication.Begin:
			inTx = true
		case *replication.Commit:
			inTx = false
			safe = ev.End
		case *replication.Position:
			// Everything that committed before the server's position has
			// been received; between transactions it may be confirmed
			// once what came before is applied.
			if !inTx && ev.WALEnd > safe {
				safe = ev.WALEnd
			}
		case *replication.Change:
			if f.relation(ev.Rel).ts != nil {
				pending = append(pending, ev)
			}
		case *replication.Truncate:
			followed := &replication.Truncate{}
			for _, r := range ev.Rels {
				if f.relation(r).ts != nil {
					followed.Rels = append(followed.Rels, r)
				}
			}
			if len(followed.Rels) > 0 {
				return flush(followed)
			}
		}
		if len(pending) >= f.opts.Window || (m.idle && !inTx) || (m.idle && len(pending) > 0) {
			if err := flush(nil); err != nil {
				return err
			}
		}
	}
	// Stopped: apply what was received, up to its last commit.
	return flush(nil)
}

// input locates a change's evaluated rows: new and old (-1: none).
type input struct{ newRow, oldRow int }

// prepare encodes the changes and keeps each item's last write.
func (f *follower) prepare(ctx context.Context, changes []*replication.Change) (*window, error) {
	w := &window{changes: len(changes), ops: map[*tableState]map[string]*op{}}
	// Rows to evaluate, per relation, and where each change's rows are.
	type batch struct {
		ri   *relInfo
		rows []extract.ChangedRow
		out  []order.Row
	}
	batches := map[*replication.Relation]*batch{}
	var relOrder []*replication.Relation
	where := make([]input, len(changes))
	for i, c := range changes {
		ri := f.relation(c.Rel)
		b := batches[c.Rel]
		if b == nil {
			b = &batch{ri: ri}
			batches[c.Rel] = b
			relOrder = append(relOrder, c.Rel)
		}
		where[i] = input{-1, -1}
		if c.Kind != replication.Insert && ri.uncovered != "" {
			// sync checked this before it started; the table's replica
			// identity changed since.
			return nil, fmt.Errorf("%s of %s: its replica identity no longer includes the key column(s)%s, so the old item cannot be found; sync stops (every change before is applied): restore the replica identity and resume", kindName(c.Kind), ri.ts.t.Source, ri.uncovered)
		}
		if c.Kind != replication.Delete {
			row, err := newRow(ri, c)
			if err != nil {
				return nil, err
			}
			where[i].newRow = len(b.rows)
			b.rows = append(b.rows, row)
		}
		if c.Old != nil {
			where[i].oldRow = len(b.rows)
			b.rows = append(b.rows, oldRow(ri, c))
		}
	}
	for _, r := range relOrder {
		b := batches[r]
		out, err := f.eval.Rows(ctx, b.ri.ts.t, b.ri.cols, b.ri.identity, b.rows)
		if err != nil {
			return nil, err
		}
		b.out = out
	}
	for i, c := range changes {
		b := batches[c.Rel]
		ts := b.ri.ts
		ops := w.ops[ts]
		if ops == nil {
			ops = map[string]*op{}
			w.ops[ts] = ops
		}
		var nr, or *order.Row
		if where[i].newRow >= 0 {
			nr = &b.out[where[i].newRow]
		}
		if where[i].oldRow >= 0 {
			or = &b.out[where[i].oldRow]
		}
		switch c.Kind {
		case replication.Insert:
			ts.counts.inserts.Add(1)
		case replication.Update:
			ts.counts.updates.Add(1)
		case replication.Delete:
			ts.counts.deletes.Add(1)
		}
		// The old item goes when the row is deleted or its key changed.
		if or != nil && hasKey(ts.t, or) {
			if nr == nil || !hasKey(ts.t, nr) || keyText(ts.t, nr) != keyText(ts.t, or) {
				ops[keyText(ts.t, or)] = deleteOp(ts.t, or)
			}
		}
		if nr == nil || nr.Copies == 0 {
			// Deleted, or an UPDATE whose unchanged values are gone with
			// the row: a later change removes or replaces the item.
			continue
		}
		it, rej := ts.enc.Encode(nr)
		if rej != nil {
			ts.counts.rejected.Add(1)
			if f.rejects != nil {
				if err := f.rejects.Add(item.RejectOf(ts.t, -1, rej.Item, rej.Reason)); err != nil {
					return nil, err
				}
			}
			// The item must not keep a state the row no longer has.
			if hasKey(ts.t, nr) {
				ops[keyText(ts.t, nr)] = deleteOp(ts.t, nr)
			}
			continue
		}
		ops[keyText(ts.t, nr)] = &op{put: it.Attrs, text: keyText(ts.t, nr)}
	}
	return w, nil
}

func kindName(k replication.Kind) string {
	switch k {
	case replication.Update:
		return "UPDATE"
	case replication.Delete:
		return "DELETE"
	}
	return "INSERT"
}

// newRow is the row after an INSERT or UPDATE. An unchanged TOASTed
// column is taken from the old row when the change carries it (the whole
// old row under REPLICA IDENTITY FULL, the identity columns in an old
// key); otherwise it is marked for Changes to read from the source.
func newRow(ri *relInfo, c *replication.Change) (extract.ChangedRow, error) {
	row := extract.ChangedRow{Values: make([][]byte, len(c.New))}
	for i, v := range c.New {
		switch v.Kind {
		case 't':
			row.Values[i] = nonNil(v.Text)
		case 'u':
			if c.Old != nil && i < len(c.Old) && (c.OldKind == 'O' || (c.OldKind == 'K' && ri.isID[i])) && c.Old[i].Kind == 't' {
				row.Values[i] = nonNil(c.Old[i].Text)
				continue
			}
			if ri.isID[i] {
				return row, fmt.Errorf("change of %s: the replica identity column %s was not sent (unchanged TOASTed value without an old key)", ri.ts.t.Source, ri.cols[i].Name)
			}
			if row.Unchanged == nil {
				row.Unchanged = make([]bool, len(c.New))
			}
			row.Unchanged[i] = true
		}
	}
	return row, nil
}

// oldRow is what a change carries of the row before it. Of an old key
// only the identity columns hold values.
func oldRow(ri *relInfo, c *replication.Change) extract.ChangedRow {
	row := extract.ChangedRow{Values: make([][]byte, len(c.Old))}
	for i, v := range c.Old {
		if v.Kind == 't' && (c.OldKind == 'O' || ri.isID[i]) {
			row.Values[i] = nonNil(v.Text)
		}
	}
	return row
}

// nonNil keeps an empty text value apart from NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// hasKey reports whether the row's item key can be encoded.
func hasKey(t plans.Table, r *order.Row) bool {
	return r.Problem == "" && r.PK != nil && (t.SortKey == nil || r.SK != nil)
}

func keyText(t plans.Table, r *order.Row) string {
	return item.Key{PK: string(r.PK), SK: string(r.SK)}.Text(t)
}

// deleteOp deletes the item of r's key.
func deleteOp(t plans.Table, r *order.Row) *op {
	k := map[string]types.AttributeValue{t.PartitionKey.Attribute: keyValue(t.PartitionKey.Type, r.PK)}
	if t.SortKey != nil {
		k[t.SortKey.Attribute] = keyValue(t.SortKey.Type, r.SK)
	}
	return &op{del: k, text: keyText(t, r)}
}

func keyValue(typ string, v []byte) types.AttributeValue {
	switch typ {
	case "N":
		return &types.AttributeValueMemberN{Value: string(v)}
	case "B":
		return &types.AttributeValueMemberB{Value: append([]byte(nil), v...)}
	}
	return &types.AttributeValueMemberS{Value: string(v)}
}
