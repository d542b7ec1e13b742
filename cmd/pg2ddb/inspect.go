package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// inspectFlags are the options of `pg2ddb inspect`.
type inspectFlags struct {
	schemas []string
	tables  []string
	format  string
	exact   bool
	// allowEmpty accepts a source with no table or view.
	allowEmpty bool
}

// inspectReport is the document `pg2ddb inspect --format json` writes:
//
//	{
//	  "schema":  extract.Schema  — "database", "server_version", "tables": [{
//	             "schema", "name", "kind" ("table" | "partitioned table" | "view" |
//	             "materialized view"), "migratable", "comment", "partitions",
//	             "columns": [{"name", "position", "type", "base_type", "type_modifier",
//	             "domain", "category", "enum", "element", "not_null", "default",
//	             "identity", "generated", "comment", "sequence", "uuid_default"}],
//	             "primary_key" and "unique": [{"name", "columns", "constraint",
//	             "predicate", "expressions", "nulls_not_distinct", "method"}],
//	             "foreign_keys": [{"name", "columns", "ref_schema", "ref_table",
//	             "ref_columns", "from_partition"}],
//	             "indexes" (ordinary indexes, same fields as "unique"),
//	             "policies": [{"name", "using", "check", "columns"}]}]
//	  "profile": extract.Profile — "tables": [{"schema", "name", "rows",
//	             "rows_estimated", "sampled_rows", "total_bytes", "avg_row_bytes",
//	             "error", "columns": [{"name", "nulls", "null_fraction", "distinct",
//	             "distinct_estimated", "top_values": [{"value", "count"}],
//	             "top_values_estimated", "top_share", "min", "max", "avg_width",
//	             "max_width", "correlation", "sequence": {"kind", "evidence",
//	             "time_ordered"}}]}]
//	}
//
// The names are the JSON tags of package extract's model and stay stable;
// fields are added, never renamed.
type inspectReport struct {
	Schema  *catalog.Schema  `json:"schema"`
	Profile *catalog.Profile `json:"profile"`
}

func (a *app) inspectCommand() *cobra.Command {
	f := &inspectFlags{}
	c := &cobra.Command{
		Use:   "inspect",
		Short: "Show the source schema and a profile of its data",
		Long: `inspect reads the PostgreSQL catalog and profiles every table: row counts, sizes,
keys and foreign keys, and per column its type, nulls, distinct values, hottest value
and whether it looks like a sequence-style key (a poor DynamoDB partition key).

Everything is read from one read-only snapshot; nothing is written to the source.
Views and materialized views are listed but not profiled (they are not migrated by
default). A table the role may not read is reported, the others are still inspected,
and the exit status is non-zero.`,
		Example: `  pg2ddb inspect --source postgres://me@db/shop
  pg2ddb inspect --schema public --tables 'order*' --format json
  pg2ddb inspect --schema sales,billing --exact`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return a.runInspect(cmd, f) },
	}
	a.source.register(c.Flags())
	c.Flags().StringSliceVar(&f.schemas, "schema", nil, "schemas to inspect, repeatable or comma-separated (default: every non-system schema)")
	c.Flags().StringSliceVar(&f.tables, "tables", nil, "table name globs, matched against name and schema.name (default: all)")
	c.Flags().StringVar(&f.format, "format", "text", "output format: text or json")
	c.Flags().BoolVar(&f.exact, "exact", false, "read every row of every table, even over the sampling threshold")
	c.Flags().BoolVar(&f.allowEmpty, "allow-empty", false, "report a source with no table or view instead of refusing it")
	return c
}

func (a *app) runInspect(cmd *cobra.Command, f *inspectFlags) error {
	if f.format != "text" && f.format != "json" {
		return fmt.Errorf("inspect: --format must be text or json, got %q", f.format)
	}
	ctx := cmd.Context()
	pool, err := a.source.connect(ctx)
	if err != nil {
		return fmt.Errorf("inspect: %w", err)
	}
	defer pool.Close()
	snap, err := extract.Begin(ctx, pool)
	if err != nil {
		return fmt.Errorf("inspect: %w", err)
	}
	defer snap.Close(ctx)
	schema, err := extract.Inspect(ctx, snap, extract.InspectOptions{Schemas: f.schemas, Tables: f.tables})
	if err != nil {
		return fmt.Errorf("inspect: %w", err)
	}
	if len(schema.Tables) == 0 && !f.allowEmpty {
		return a.emptySource("inspect", pool, schema.Database, f.schemas, f.tables)
	}
	opts := extract.ProfileOptions{ForceExact: f.exact}
	if isTerminal(a.stderr) {
		opts.Progress = func(table string, done, total int) {
			if table == "" {
				fmt.Fprint(a.stderr, "\r\033[K")
				return
			}
			fmt.Fprintf(a.stderr, "\r\033[Kprofiling %s (%d/%d)", table, done+1, total)
		}
	}
	profile, err := extract.ProfileTables(ctx, snap, schema, opts)
	if err != nil {
		return fmt.Errorf("inspect: %w", err)
	}

	if f.format == "json" {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(inspectReport{Schema: schema, Profile: profile}); err != nil {
			return fmt.Errorf("inspect: write json: %w", err)
		}
	} else if err := writeInspectText(a.stdout, schema, profile); err != nil {
		return fmt.Errorf("inspect: write report: %w", err)
	}

	var failed []string
	for _, tp := range profile.Tables {
		if tp.Error != "" {
			failed = append(failed, tp.Error)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("inspect: %d of %d tables could not be read: %s", len(failed), len(profile.Tables), strings.Join(failed, "; "))
	}
	return nil
}

// writeInspectText renders the schema and profile for a person: per table
// its size, keys and foreign keys, then a column table.
func writeInspectText(w io.Writer, schema *catalog.Schema, profile *catalog.Profile) error {
	fmt.Fprintf(w, "database %s (PostgreSQL %s): %d relations\n", schema.Database, strings.Fields(schema.Version + " ")[0], len(schema.Tables))
	for i := range schema.Tables {
		t := &schema.Tables[i]
		tp := profile.Table(t.Schema, t.Name)
		fmt.Fprintln(w)
		head := fmt.Sprintf("%s  %s", t.QualifiedName(), t.Kind)
		switch {
		case !t.Migratable:
			head += " (listed, not migrated)"
		case tp != nil && tp.Error != "":
			head += "  NOT READ: " + tp.Error
		case tp != nil:
			rows := plans.Thousands(tp.Rows)
			if tp.RowsEstimated {
				rows = "~" + rows + fmt.Sprintf(" (estimated; %s sampled)", plans.Thousands(tp.SampledRows))
			}
			head += fmt.Sprintf("  %s rows  %s on disk  %s per row", rows, inspectBytes(float64(tp.TotalBytes)), inspectBytes(tp.AvgRowBytes))
		}
		fmt.Fprintln(w, head)
		if t.Comment != "" {
			fmt.Fprintf(w, "  comment      %s\n", t.Comment)
		}
		if len(t.Partitions) > 0 {
			fmt.Fprintf(w, "  partitions   %d: %s\n", len(t.Partitions), strings.Join(t.Partitions, ", "))
		}
		if t.PrimaryKey != nil {
			fmt.Fprintf(w, "  primary key  %s (%s)\n", t.PrimaryKey.Name, strings.Join(t.PrimaryKey.Columns, ", "))
		} else if t.Migratable {
			fmt.Fprintln(w, "  primary key  none")
		}
		for _, u := range t.Uniques {
			kind := "unique"
			if !u.Constraint {
				kind = "unique index"
			}
			extra := ""
			if len(u.Expressions) > 0 {
				extra += " expressions " + strings.Join(u.Expressions, ", ")
			}
			if u.Predicate != "" {
				extra += " WHERE " + u.Predicate
			}
			if !u.KeyCandidate() {
				extra += " (not a key: partial or expression)"
			}
			fmt.Fprintf(w, "  %-12s %s (%s)%s\n", kind, u.Name, strings.Join(u.Columns, ", "), extra)
		}
		for _, fk := range t.ForeignKeys {
			from := ""
			if fk.FromPartition != "" {
				from = " (declared on " + fk.FromPartition + ")"
			}
			fmt.Fprintf(w, "  foreign key  %s (%s) → %s.%s (%s)%s\n", fk.Name, strings.Join(fk.Columns, ", "),
				fk.RefSchema, fk.RefTable, strings.Join(fk.RefColumns, ", "), from)
		}
		if err := writeInspectColumns(w, t, tp); err != nil {
			return err
		}
	}
	return nil
}

func writeInspectColumns(w io.Writer, t *catalog.Table, tp *catalog.TableProfile) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	profiled := tp != nil && tp.Error == ""
	if profiled {
		fmt.Fprintln(tw, "  COLUMN\tTYPE\tNULLS\tDISTINCT\tTOP VALUE (SHARE)\tSEQUENCE-STYLE")
	} else {
		fmt.Fprintln(tw, "  COLUMN\tTYPE")
	}
	for i := range t.Columns {
		c := &t.Columns[i]
		typ := c.Type
		if c.Identity != "" {
			typ += " identity"
		}
		if !c.NotNull {
			typ += " null"
		}
		if !profiled {
			fmt.Fprintf(tw, "  %s\t%s\n", c.Name, typ)
			continue
		}
		cp := tp.Column(c.Name)
		if cp == nil {
			fmt.Fprintf(tw, "  %s\t%s\n", c.Name, typ)
			continue
		}
		distinct := plans.Thousands(cp.Distinct)
		if cp.DistinctEstimated {
			distinct = "~" + distinct
		}
		top := "-"
		if len(cp.TopValues) > 0 {
			top = fmt.Sprintf("%s (%.1f%%)", inspectValue(cp.TopValues[0].Value), 100*cp.TopShare)
			if cp.TopValuesEstimated {
				top += " ~"
			}
		}
		seq := "-"
		if cp.Sequence != nil {
			seq = strings.Join(cp.Sequence.Evidence, "; ")
		}
		fmt.Fprintf(tw, "  %s\t%s\t%.1f%%\t%s\t%s\t%s\n", c.Name, typ, 100*cp.NullFraction, distinct, top, seq)
	}
	return tw.Flush()
}

// inspectValue shows a value on one line, at most 32 characters.
func inspectValue(v string) string {
	v = strings.NewReplacer("\n", `\n`, "\t", `\t`, "\r", `\r`).Replace(v)
	if utf8.RuneCountInString(v) > 32 {
		r := []rune(v)
		v = string(r[:31]) + "…"
	}
	if v == "" {
		return `""`
	}
	return v
}

// inspectBytes renders a size in B, kB, MB or GB.
func inspectBytes(n float64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", n/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", n/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", n/(1<<10))
	}
	return fmt.Sprintf("%.0f B", n)
}
