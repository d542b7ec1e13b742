package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/follow"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
	"github.com/pg2ddb/pg2ddb/target"
)

// syncFlags are the settings of pg2ddb sync.
type syncFlags struct {
	resume, drop, untilCaughtUp bool
	appendTo, recreate, yes     bool
	workers, readers, window    int
	slot, state                 string
	checkpoint, rejects         string
	maxRejects                  int64
	slotWait                    time.Duration
	progress                    string
	progressEvery               time.Duration
	writeClient                 string
}

// slotPrefix starts the name of every slot and publication sync creates,
// so the ones left behind can be listed.
const slotPrefix = "pg2ddb_"

func (a *app) syncCommand() *cobra.Command {
	var f syncFlags
	c := &cobra.Command{
		Use:   "sync PLAN",
		Short: "Load a plan, then follow the source's changes until the cut-over",
		Long: `sync migrates a live database without stopping its writes. It creates a publication
of the plan's tables and a logical replication slot (pgoutput), loads the tables from
the slot's own snapshot exactly as load does, then applies every committed INSERT,
UPDATE and DELETE since that snapshot to DynamoDB with the plan's encoder, in commit
order per item, until stopped (Ctrl-C) or, with --until-caught-up, until it has
applied everything the source had written.

The source needs wal_level=logical and a role with REPLICATION (docs/cutover.md).
Before it creates anything, sync refuses tables whose replica identity does not carry
the plan's key columns (with the ALTER TABLE ... REPLICA IDENTITY that fixes it), whose
key no unique index proves unique, or whose plan numbers or drops whole-row duplicates.
A TRUNCATE of a followed table stops the sync.

The slot's confirmed position advances only after DynamoDB acknowledged every change
before it, so after Ctrl-C, kill -9 or a lost connection, sync --resume continues
(changes applied again are idempotent). A slot holds WAL on the source until it is
confirmed or dropped: sync --drop removes the slot and the publication.`,
		Example: `  pg2ddb sync plans/shop.yaml --endpoint-url http://127.0.0.1:8000
  pg2ddb sync plans/shop.yaml --resume --until-caught-up
  pg2ddb sync plans/shop.yaml --drop`,
		Args: planArg,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runSync(cmd.Context(), args[0], &f) },
	}
	a.source.register(c.Flags())
	a.target.register(c.Flags())
	fs := c.Flags()
	fs.BoolVar(&f.resume, "resume", false, "continue a sync from its state file and slot")
	fs.BoolVar(&f.drop, "drop", false, "drop the sync's replication slot and publication, and its state file")
	fs.BoolVar(&f.untilCaughtUp, "until-caught-up", false, "exit once every change the source had written is applied")
	fs.BoolVar(&f.appendTo, "append", false, "load into target tables that already hold items")
	fs.BoolVar(&f.recreate, "recreate", false, "delete and recreate target tables that exist (lists them first)")
	registerYes(fs, &f.yes)
	fs.IntVar(&f.workers, "workers", 8, "concurrent BatchWriteItem writers")
	registerWriteClient(fs, &f.writeClient)
	fs.IntVar(&f.readers, "readers", 0, "source connections of the initial load: its tables side by side and the ranges a large table is read in (see load --readers)")
	fs.IntVar(&f.window, "window", 5000, "most changes applied as one window (one write per item per window)")
	fs.StringVar(&f.slot, "slot", "", "name of the replication slot and publication (default: pg2ddb_ and a hash of the plan's path)")
	fs.StringVar(&f.state, "state", "", "sync state file (default: PLAN.sync.json)")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "the load's checkpoint file (default: PLAN.checkpoint.json)")
	fs.StringVar(&f.rejects, "rejects", "", "rejects file, JSON lines, shared with the load (default: PLAN.rejects.jsonl)")
	fs.Int64Var(&f.maxRejects, "max-rejects", 0, "rejected rows allowed over the initial load and the changes (see load --max-rejects); one more stops the sync with exit status 3")
	fs.DurationVar(&f.slotWait, "slot-wait", time.Minute, "how long creating the slot may wait for the transactions running on the source to end")
	fs.StringVar(&f.progress, "progress", "auto", "progress display: auto, bar, log, json or none (the following phase logs lines)")
	fs.DurationVar(&f.progressEvery, "progress-every", 2*time.Second, "how often the following phase reports its progress")
	return c
}

// defaultSlot names the slot of a plan: the prefix and a hash of the plan
// file's absolute path, so two plans never share one.
func defaultSlot(planPath string) string {
	abs, err := filepath.Abs(planPath)
	if err != nil {
		abs = planPath
	}
	h := sha256.Sum256([]byte(abs))
	return slotPrefix + hex.EncodeToString(h[:6])
}

func (a *app) runSync(ctx context.Context, planPath string, f *syncFlags) error {
	statePath := or(f.state, planPath+".sync.json")
	if f.drop {
		return a.dropSync(ctx, planPath, statePath, f)
	}
	if f.appendTo && f.recreate {
		return errors.New("sync: --append and --recreate exclude each other")
	}
	if f.resume && f.recreate {
		return errors.New("sync: --resume continues a sync; --recreate would delete what it wrote")
	}
	if _, err := load.ParseWriteClient(f.writeClient); err != nil {
		return fmt.Errorf("sync: --write-client: %w", err)
	}
	if err := checkOutputs("--state", statePath, "--checkpoint", or(f.checkpoint, planPath+".checkpoint.json"),
		"--rejects", or(f.rejects, planPath+".rejects.jsonl")); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	plan, err := plans.ReadFile(planPath)
	if err != nil {
		return err
	}
	// A resumed sync counts its rejects so far itself, as a resumed load does.
	if err := checkPredictedRejects("sync", plan, f.maxRejects, f.resume); err != nil {
		return err
	}
	pool, err := a.source.connect(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	slots, err := replication.Slots(ctx, pool, slotPrefix)
	if err != nil {
		return err
	}

	var st *follow.State
	if f.resume {
		if st, err = follow.ReadState(statePath); err != nil {
			return err
		}
		if st == nil {
			return fmt.Errorf("sync --resume: no sync state at %s; start one with pg2ddb sync %s", statePath, planPath)
		}
		if findSlot(slots, st.Slot) == nil {
			return fmt.Errorf("sync --resume: the replication slot %s no longer exists, so the changes since it was confirmed are lost to pg2ddb; start over: pg2ddb sync --drop %s, then pg2ddb sync %s --recreate", st.Slot, planPath, planPath)
		}
	} else {
		name := or(f.slot, defaultSlot(planPath))
		if s := findSlot(slots, name); s != nil {
			orphan, err := a.dropOrphanSlot(ctx, pool, *s, statePath)
			if err != nil {
				return err
			}
			if !orphan {
				return fmt.Errorf("sync: the replication slot %s exists already (retaining %s of WAL): continue that sync with --resume, or remove it with --drop", name, bytesText(s.Retained))
			}
		}
		st = follow.NewState(name, name, "")
	}
	a.warnSlots(slots, st.Slot)

	tables, err := plan.Select(nil)
	if err != nil {
		return err
	}
	refusals, err := replication.Check(ctx, pool, tables)
	if err != nil {
		return err
	}
	if len(refusals) > 0 {
		lines := make([]string, len(refusals))
		for i, r := range refusals {
			lines[i] = "  " + r.String()
		}
		fmt.Fprintln(a.stderr, "pg2ddb: sync cannot follow these tables:\n"+strings.Join(lines, "\n"))
		return fmt.Errorf("sync: %d of %d tables cannot be followed (reasons above); nothing was created", len(refusals), len(tables))
	}
	cs := a.source.connString()
	db, err := a.target.client(ctx)
	if err != nil {
		return err
	}
	defer func() {
		// Whatever happened, the slot stays and holds WAL until sync
		// follows it again or --drop removes it: say so.
		if s, err := replication.Slots(context.WithoutCancel(ctx), pool, st.Slot); err == nil && len(s) > 0 && !f.drop {
			fmt.Fprintf(a.stderr, "pg2ddb: the replication slot %s stays on the source, retaining %s of WAL, until pg2ddb sync %s --resume follows it again or --drop removes it\n", st.Slot, bytesText(s[0].Retained), planPath)
		}
	}()

	if !st.Loaded && f.recreate {
		if err := a.confirmRecreate(ctx, "sync", db, tables, f.yes); err != nil {
			return err
		}
	}
	if !st.Loaded {
		if err := a.syncLoad(ctx, planPath, statePath, plan, pool, cs, db, st, f); err != nil {
			return err
		}
	}
	return a.syncFollow(ctx, planPath, statePath, plan, pool, cs, db, st, f)
}

// dropOrphanSlot drops s, a slot of this sync's name, when no sync state
// exists at statePath and no one holds the slot (after the grace a killed
// holder's walsender needs to go): a sync killed between creating its slot
// and writing its first state leaves such a slot, and nothing can resume
// from it, so starting over is what --drop would do. It reports whether it
// dropped the slot; a slot with a state, or one in use, is left alone.
func (a *app) dropOrphanSlot(ctx context.Context, pool *pgxpool.Pool, s replication.SlotInfo, statePath string) (bool, error) {
	if st, err := follow.ReadState(statePath); err != nil || st != nil {
		return false, err
	}
	if s.Active {
		free, err := replication.WaitReleased(ctx, pool, s.Name, slotBusyWait)
		if err != nil || !free {
			return false, err
		}
	}
	rc, err := replication.Connect(ctx, a.source.connString())
	if err != nil {
		return false, err
	}
	defer rc.Close(ctx)
	if err := rc.DropSlot(ctx, s.Name); err != nil {
		return false, err
	}
	fmt.Fprintf(a.stderr, "pg2ddb: dropped the replication slot %s: no sync state at %s records it (a sync stopped before its first state write left it), so this sync starts over\n", s.Name, statePath)
	return true, nil
}

// syncLoad creates the publication and the slot (unless resuming), and
// loads the plan from the slot's snapshot; a resumed load reads a new
// snapshot, which is later than the slot's consistent point, and the
// changes since that point are applied afterwards either way.
func (a *app) syncLoad(ctx context.Context, planPath, statePath string, plan *plans.Plan, pool *pgxpool.Pool, cs string, db loadClient, st *follow.State, f *syncFlags) error {
	var snap *extract.Snapshot
	began := time.Now()
	if !f.resume {
		rc, err := replication.Connect(ctx, cs)
		if err != nil {
			return err
		}
		names := make([]plans.TableName, len(plan.Tables))
		for i, t := range plan.Tables {
			if names[i], err = plans.ParseTableName(t.Source); err != nil {
				rc.Close(ctx)
				return err
			}
		}
		if err := rc.CreatePublication(ctx, st.Publication, names); err != nil {
			rc.Close(ctx)
			return err
		}
		slot, err := rc.CreateSlot(ctx, st.Slot, f.slotWait, pool)
		if err != nil {
			rc.Close(ctx)
			return err
		}
		st.Consistent = slot.Consistent.String()
		// The slot's snapshot lives until the replication connection's
		// next command: it is adopted (imported and exported again)
		// before anything else runs there.
		snap, err = extract.Adopt(ctx, pool, slot.Snapshot)
		rc.Close(ctx)
		if err != nil {
			return err
		}
		if err := st.Write(statePath); err != nil {
			snap.Close(ctx)
			return err
		}
		fmt.Fprintf(a.stderr, "pg2ddb: created publication and replication slot %s at %s; loading from its snapshot\n", st.Slot, st.Consistent)
	} else {
		var err error
		if snap, err = extract.Begin(ctx, pool); err != nil {
			return err
		}
		fmt.Fprintf(a.stderr, "pg2ddb: resuming the initial load from a new snapshot; the changes since %s follow it\n", st.Consistent)
	}
	defer snap.Close(ctx)
	if _, err := checkLive(ctx, snap, plan, planPath); err != nil {
		return err
	}
	readers := f.readers
	if readers == 0 {
		readers = a.source.defaultReaders()
	}
	opts := load.Options{
		Readers: readers, SideBySide: readers, Workers: f.workers,
		CheckpointPath: or(f.checkpoint, planPath+".checkpoint.json"),
		RejectsPath:    or(f.rejects, planPath+".rejects.jsonl"),
		LimitRejects:   true, MaxRejects: f.maxRejects,
	}
	opts.WriteClient, _ = load.ParseWriteClient(f.writeClient) // checked in runSync
	switch {
	case f.appendTo:
		opts.Existing = target.Append
	case f.recreate:
		opts.Existing = target.Recreate
	}
	if f.resume {
		cp, err := load.ReadCheckpoint(opts.CheckpointPath)
		if err != nil {
			return err
		}
		if cp != nil {
			opts.Resume, opts.RestartUnfinished = true, true
		} else {
			opts.Existing = target.Append
		}
	}
	ui, err := newProgressUI(a.stderr, f.progress)
	if err != nil {
		return err
	}
	opts.Progress = ui.update
	opts.Logf = func(format string, args ...any) { ui.note(fmt.Sprintf("pg2ddb: "+format, args...)) }
	res, err := load.Run(ctx, plan, load.SnapshotSource{Snapshot: snap}, db, opts)
	ui.finish()
	if res != nil {
		printSummary(a.stdout, res, loadEstimates(plan, 0))
	}
	if err != nil {
		if errors.Is(err, pipeline.ErrInterrupted) {
			return fmt.Errorf("%w; continue with pg2ddb sync %s --resume", err, planPath)
		}
		return err
	}
	st.Loaded = true
	if err := st.Write(statePath); err != nil {
		return err
	}
	fmt.Fprintf(a.stderr, "pg2ddb: initial load done in %s; following the changes since %s\n", time.Since(began).Round(time.Millisecond), st.Consistent)
	return nil
}

// loadClient is what sync writes DynamoDB with.
type loadClient interface {
	load.Client
	follow.Client
}

// syncFollow applies the slot's changes until stopped or caught up.
func (a *app) syncFollow(ctx context.Context, planPath, statePath string, plan *plans.Plan, pool *pgxpool.Pool, cs string, db loadClient, st *follow.State, f *syncFlags) error {
	from, err := replication.ParseLSN(or(st.Confirmed, st.Consistent))
	if err != nil {
		return fmt.Errorf("sync state %s: %w", statePath, err)
	}
	stream, err := startStream(ctx, cs, st, from)
	if err != nil {
		return err
	}
	// Close ends the stream and returns once the server released the
	// slot, so it is free for --resume or --drop when sync returns.
	defer stream.Close(ctx)
	changes, err := extract.NewChanges(ctx, pool)
	if err != nil {
		return err
	}
	defer changes.Close(ctx)
	opts := follow.Options{
		Workers: f.workers, Window: f.window, State: st, StatePath: statePath,
		RejectsPath: or(f.rejects, planPath+".rejects.jsonl"), UntilCaughtUp: f.untilCaughtUp,
		Current:       func(ctx context.Context) (replication.LSN, error) { return replication.CurrentLSN(ctx, pool) },
		ProgressEvery: f.progressEvery,
		LimitRejects:  true, MaxRejects: f.maxRejects, RejectedBefore: rejectedBefore(planPath, st, f),
	}
	if f.progress != "none" {
		opts.Progress = func(p follow.Progress) { fmt.Fprintln(a.stderr, "pg2ddb: sync: "+progressLine(p)) }
	}
	res, err := follow.Run(ctx, plan, stream, changes, db, opts)
	if res != nil {
		fmt.Fprintf(a.stdout, "sync: %s changes applied in %s, confirmed to the slot up to %s\n", plans.Thousands(res.Applied), res.Elapsed.Round(time.Millisecond), res.Confirmed)
		for _, t := range res.Tables {
			fmt.Fprintf(a.stdout, "  %s: %s inserts, %s updates, %s deletes, %s rejected\n", t.Target, plans.Thousands(t.Inserts), plans.Thousands(t.Updates), plans.Thousands(t.Deletes), plans.Thousands(t.Rejected))
		}
	}
	if err != nil {
		if errors.Is(err, pipeline.ErrInterrupted) {
			return fmt.Errorf("%w; continue with pg2ddb sync %s --resume", err, planPath)
		}
		return err
	}
	if res.CaughtUp {
		fmt.Fprintf(a.stdout, "sync: caught up with the source at %s\n", res.Confirmed)
	}
	return nil
}

// rejectedBefore counts the rows rejected before this run follows: by the
// initial load (its checkpoint) and by earlier runs (the sync state).
func rejectedBefore(planPath string, st *follow.State, f *syncFlags) int64 {
	var n int64
	if cp, err := load.ReadCheckpoint(or(f.checkpoint, planPath+".checkpoint.json")); err == nil && cp != nil {
		for _, tc := range cp.Tables {
			n += tc.Rejected
		}
	}
	for _, c := range st.Tables {
		n += c.Rejected
	}
	return n
}

// slotBusyWait bounds how long sync waits for its slot to be released by
// an earlier process: a sync killed a moment ago leaves its walsender until
// the server notices the closed connection.
const slotBusyWait = 30 * time.Second

// startStream connects and starts streaming the slot, waiting while the
// slot is still in use by a process that just ended.
func startStream(ctx context.Context, cs string, st *follow.State, from replication.LSN) (*replication.Stream, error) {
	deadline := time.Now().Add(slotBusyWait)
	for {
		rc, err := replication.Connect(ctx, cs)
		if err != nil {
			return nil, err
		}
		stream, err := rc.StartStream(ctx, st.Slot, st.Publication, from)
		if err == nil {
			return stream, nil
		}
		rc.Close(ctx)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "55006" || time.Now().After(deadline) { // object_in_use
			return nil, err
		}
		if err := target.Sleep(ctx, 200*time.Millisecond); err != nil {
			return nil, err
		}
	}
}

// progressLine renders one progress report.
func progressLine(p follow.Progress) string {
	lag := "lag "
	if p.LagBytes >= 0 {
		lag += bytesText(p.LagBytes) + ", "
	}
	lag += fmt.Sprintf("%.1f s", p.LagSeconds)
	var parts []string
	for _, t := range p.Tables {
		if t.Inserts+t.Updates+t.Deletes > 0 {
			s := fmt.Sprintf("%s +%d ~%d -%d", t.Target, t.Inserts, t.Updates, t.Deletes)
			if t.Rejected > 0 {
				s += fmt.Sprintf(" (%d rejected)", t.Rejected)
			}
			parts = append(parts, s)
		}
	}
	s := fmt.Sprintf("%s changes applied (%.0f/s), %s", plans.Thousands(p.Applied), p.Rate, lag)
	if p.CaughtUp {
		s += ", caught up"
	}
	if len(parts) > 0 {
		s += "; " + strings.Join(parts, ", ")
	}
	return s
}

// dropSync drops the sync's slot and publication and its state file.
func (a *app) dropSync(ctx context.Context, planPath, statePath string, f *syncFlags) error {
	name := f.slot
	pub := ""
	if st, err := follow.ReadState(statePath); err != nil {
		return err
	} else if st != nil && name == "" {
		name, pub = st.Slot, st.Publication
	}
	if name == "" {
		name = defaultSlot(planPath)
	}
	if pub == "" {
		pub = name
	}
	pool, err := a.source.connect(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	slots, err := replication.Slots(ctx, pool, name)
	if err != nil {
		return err
	}
	rc, err := replication.Connect(ctx, a.source.connString())
	if err != nil {
		return err
	}
	defer rc.Close(ctx)
	if s := findSlot(slots, name); s != nil {
		if s.Active {
			// A sync that just ended or was killed leaves its walsender
			// holding the slot until the server notices: wait for that
			// as startStream does, and refuse only a slot still in use.
			free, err := replication.WaitReleased(ctx, pool, name, slotBusyWait)
			if err != nil {
				return err
			}
			if !free {
				return fmt.Errorf("sync --drop: the replication slot %s is in use by a running sync; stop it first", name)
			}
		}
		if err := rc.DropSlot(ctx, name); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "dropped replication slot %s (it retained %s of WAL)\n", name, bytesText(s.Retained))
	} else {
		fmt.Fprintf(a.stdout, "no replication slot %s\n", name)
	}
	if err := rc.DropPublication(ctx, pub); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "dropped publication %s\n", pub)
	if err := os.Remove(statePath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove sync state: %w", err)
	}
	if rest, err := replication.Slots(ctx, pool, slotPrefix); err == nil {
		a.warnSlots(rest, "")
	}
	return nil
}

// warnSlots warns about pg2ddb's slots other than own: each holds WAL on
// the source until it is dropped.
func (a *app) warnSlots(slots []replication.SlotInfo, own string) {
	for _, s := range slots {
		if s.Name == own {
			continue
		}
		state := "inactive"
		if s.Active {
			state = "active"
		}
		fmt.Fprintf(a.stderr, "pg2ddb: warning: replication slot %s (%s, database %s) is left behind, retaining %s of WAL; drop it with pg2ddb sync --drop --slot %s PLAN\n",
			s.Name, state, s.Database, bytesText(s.Retained), s.Name)
	}
}

func findSlot(slots []replication.SlotInfo, name string) *replication.SlotInfo {
	for i := range slots {
		if slots[i].Name == name {
			return &slots[i]
		}
	}
	return nil
}

// bytesText renders a byte count in kB, MB or GB.
func bytesText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
