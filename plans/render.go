package plans

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Format is how Render lays out a plan for a person.
type Format string

// The formats Render knows. Markdown is for pasting into a pull request.
const (
	FormatText     Format = "text"
	FormatMarkdown Format = "markdown"
)

// Render writes the design part of a plan for a human reviewer: per table
// the warnings first, then the keys and why, sharding, the uniqueness proof,
// the rejected candidates, the estimates and the excluded columns; then the
// skipped relations. Review adds what needs the database (sample items,
// distributions) around it.
func Render(w io.Writer, p *Plan, format Format) error {
	r := renderer{md: format == FormatMarkdown}
	switch format {
	case FormatText, FormatMarkdown:
	default:
		return fmt.Errorf("render plan: unknown format %q (text or markdown)", format)
	}
	r.heading(1, "Plan for "+p.Source.Database)
	r.line(fmt.Sprintf("write rate %s WCU/s, NULLs: %s, NaN/Infinity: %s", Thousands(p.Options.WriteRate), p.Options.Nulls, p.Options.FloatSpecials))
	for i := range p.Tables {
		r.blank()
		RenderTable(&r.b, &p.Tables[i], format)
	}
	if len(p.Skipped) > 0 {
		r.blank()
		r.heading(2, "Skipped")
		for _, s := range p.Skipped {
			r.item(s.Source + ": " + s.Why)
		}
	}
	_, err := io.WriteString(w, r.b.String())
	if err != nil {
		return fmt.Errorf("render plan: %w", err)
	}
	return nil
}

// RenderTable writes the design of one table (see Render) to b.
func RenderTable(b *strings.Builder, t *Table, format Format) {
	r := renderer{md: format == FormatMarkdown}
	r.heading(2, t.Source+" → "+t.Target)
	if len(t.Warnings) > 0 {
		r.label("Warnings")
		for _, w := range t.Warnings {
			r.item("⚠ " + w)
		}
	}
	r.key("Partition key", &t.PartitionKey)
	if t.SortKey != nil {
		r.key("Sort key", t.SortKey)
	} else {
		r.label("Sort key: none (the partition key alone identifies an item)")
	}
	if s := t.Sharding; s != nil && s.Shards > 1 {
		r.label(fmt.Sprintf("Write sharding: %d shards, suffix %s<shard of the sort key>", s.Shards, Separator))
		for _, w := range s.Why {
			r.item(w)
		}
		if s.ReadCost != "" {
			r.item("read cost: " + s.ReadCost)
		}
	}
	if t.Unique != "" {
		r.label("Unique: " + t.Unique)
	}
	if d := t.Duplicates; d != nil {
		r.label("Whole-row duplicates: " + duplicatesText(d))
		for _, w := range d.Why {
			r.item(w)
		}
	}
	if len(t.Rejected) > 0 {
		r.label("Rejected partition key candidates")
		for _, c := range t.Rejected {
			s := r.code(strings.Join(c.Columns, Separator))
			if c.Score > 0 {
				s += fmt.Sprintf(" (score %.3f)", c.Score)
			}
			r.item(s + ": " + strings.Join(c.Why, "; "))
		}
	}
	r.access(t)
	e := t.Estimates
	r.label("Estimates")
	r.item(fmt.Sprintf("%s items, %s B average, %s B largest, %.2f WCU per item, %s WCU in all",
		Thousands(e.Items), Thousands(e.AvgItemBytes), Thousands(e.MaxItemBytes), e.WCUPerItem, Thousands(e.TotalWCU)))
	hot := ""
	if e.HottestKey != "" {
		hot = fmt.Sprintf(" (hottest %s)", r.code(e.HottestKey))
	}
	r.item(fmt.Sprintf("%s partition keys, items per key: max %s%s, median %s",
		Thousands(e.DistinctPartitionKeys), Thousands(e.ItemsPerKeyMax), hot, Thousands(e.ItemsPerKeyMedian)))
	if e.Partitions > 0 {
		r.item(fmt.Sprintf("load time: %s estimated (ideal %s; hottest key floor %s; busiest of %d partitions %s WCU = %s at 1,000 WCU/s)",
			Seconds(e.LoadSeconds), Seconds(e.IdealLoadSeconds), Seconds(e.HotKeyFloorSeconds), e.Partitions, Thousands(e.HotPartitionWCU), Seconds(float64(e.HotPartitionWCU)/1000)))
	} else {
		r.item(fmt.Sprintf("load time: ideal %s, hottest key floor %s", Seconds(e.IdealLoadSeconds), Seconds(e.HotKeyFloorSeconds)))
	}
	if e.IndexWCU > 0 {
		r.item(fmt.Sprintf("enabled indexes add %s WCU to the load's billed writes, written on their own throughput", Thousands(e.IndexWCU)))
	}
	if e.RowsOver400KB > 0 {
		r.item(fmt.Sprintf("%s rows over DynamoDB's 400 KB item limit", Thousands(e.RowsOver400KB)))
	}
	if len(t.Excluded) > 0 {
		r.label("Excluded columns")
		for _, x := range t.Excluded {
			r.item(r.code(x.Column) + " (" + x.PGType + "): " + x.Why)
		}
	}
	b.WriteString(r.b.String())
}

// access writes the table's lookups and what serves each — a table in
// markdown, one line each in text — and then the proposed indexes, enabled
// or not, with the rule that decided, their keys, projection and cost.
func (r *renderer) access(t *Table) {
	if len(t.AccessPaths) > 0 {
		r.label("Access paths")
		if r.md {
			r.b.WriteString("| lookup | from | served by | why |\n|---|---|---|---|\n")
			for _, a := range t.AccessPaths {
				served := mdText(a.ServedBy)
				if a.ServedBy != ServedByBase && a.ServedBy != ServedByNone {
					served = codeSpan(strings.ReplaceAll(a.ServedBy, "|", "\\|"))
				}
				r.b.WriteString("| " + mdCell(a.Name) + " | " + mdCell(a.Kind+": "+a.Source) + " | " + served + " | " + mdCell(strings.Join(a.Why, "; ")) + " |\n")
			}
		} else {
			for _, a := range t.AccessPaths {
				r.item(a.Name + " [" + a.Kind + ": " + a.Source + "] → " + a.ServedBy + ": " + strings.Join(a.Why, "; "))
			}
		}
	}
	if len(t.Indexes) > 0 {
		r.label("Proposed global secondary indexes")
		for _, ix := range t.Indexes {
			state := "off"
			if ix.Enabled {
				state = "ON"
			}
			keys := ix.PartitionKey.Attribute + " " + ix.PartitionKey.Type
			if ix.SortKey != nil {
				keys += ", sort " + ix.SortKey.Attribute + " " + ix.SortKey.Type
			}
			r.item(fmt.Sprintf("%s [%s] key %s, projection %s, %s WCU (%g per item) — rule: %s",
				r.code(ix.Name), state, r.code(keys), ix.Projection, Thousands(ix.TotalWCU), ix.WCUPerItem, ix.Rule))
			why := append([]string{}, ix.PartitionKey.Why...)
			if ix.SortKey != nil {
				why = append(why, ix.SortKey.Why...)
			}
			for _, w := range append(why, ix.Why...) {
				r.item("  " + w)
			}
		}
	}
}

// mdCell keeps a markdown table cell on one row: pipes escaped, line
// breaks as spaces, HTML escaped (see mdText).
func mdCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(mdText(s))
}

// codeOpen and codeClose mark a code span inside a markdown line until
// mdText writes it: names are the source's to choose, so the text around
// a code span is escaped and the span itself is not (markdown shows a
// code span's content as literal text).
const (
	codeOpen  = "\x00"
	codeClose = "\x01"
)

// htmlEscaper escapes what a markdown renderer would read as HTML.
var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// mdText is s for a markdown document: HTML escaped outside code spans,
// code spans (r.code) fenced with more backticks than they hold, so a
// table or column name shows as written and never as markup.
func mdText(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, codeOpen)
		if i < 0 {
			b.WriteString(htmlEscaper.Replace(s))
			return b.String()
		}
		b.WriteString(htmlEscaper.Replace(s[:i]))
		s = s[i+len(codeOpen):]
		j := strings.Index(s, codeClose)
		if j < 0 {
			j = len(s)
		}
		b.WriteString(codeSpan(s[:j]))
		s = s[min(j+len(codeClose), len(s)):]
	}
}

// codeSpan is s as a markdown code span: fenced by one backtick more than
// its longest run, padded with a space when it starts or ends with one.
func codeSpan(s string) string {
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

type renderer struct {
	b  strings.Builder
	md bool
}

func (r *renderer) heading(level int, s string) {
	if r.md {
		r.b.WriteString(strings.Repeat("#", level) + " " + mdText(s) + "\n\n")
		return
	}
	r.b.WriteString(s + "\n")
	if level == 1 {
		r.b.WriteString(strings.Repeat("=", len([]rune(s))) + "\n")
	}
}

// line writes s as it is: callers escape what a markdown line holds of
// names (mdCell).
func (r *renderer) line(s string) { r.b.WriteString(s + "\n") }
func (r *renderer) blank()        { r.b.WriteString("\n") }

func (r *renderer) label(s string) {
	if r.md {
		r.b.WriteString("\n**" + mdText(s) + "**\n\n")
		return
	}
	r.b.WriteString("  " + s + "\n")
}

func (r *renderer) item(s string) {
	if r.md {
		r.b.WriteString("- " + mdText(s) + "\n")
		return
	}
	r.b.WriteString("    - " + s + "\n")
}

func (r *renderer) code(s string) string {
	if r.md {
		return codeOpen + s + codeClose
	}
	return s
}

func (r *renderer) key(label string, k *Key) {
	parts := make([]string, len(k.Parts))
	for i, p := range k.Parts {
		enc := p.Encoding
		if p.Encoding == EncInteger {
			enc += strconv.Itoa(p.Width)
		}
		parts[i] = p.Column + " (" + enc + ")"
	}
	s := fmt.Sprintf("%s: %s %s = %s", label, r.code(k.Attribute), k.Type, strings.Join(parts, " "+Separator+" "))
	if k.Score > 0 {
		s += fmt.Sprintf(", score %.3f", k.Score)
	}
	r.label(s)
	for _, w := range k.Why {
		r.item(w)
	}
}

// shorten cuts s to at most n characters for a one-line summary: at the
// last word that fits, marked with "…", never inside a character.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	for i := cut; i > 0; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimRight(string(r[:cut]), " ,;:") + "…"
}

// Summarize writes one line per table — target, partition key, sort key,
// shards and warnings — the screen pg2ddb plan ends with.
func Summarize(w io.Writer, p *Plan) error {
	rows := [][]string{{"TABLE", "PARTITION KEY", "SORT KEY", "SHARDS", "WARNINGS"}}
	for i := range p.Tables {
		t := &p.Tables[i]
		sk, shards := "-", "-"
		if t.SortKey != nil {
			sk = partColumns(t.SortKey.Parts)
		}
		if t.Sharding != nil && t.Sharding.Shards > 1 {
			shards = strconv.Itoa(t.Sharding.Shards)
		}
		warn := "-"
		if len(t.Warnings) > 0 {
			warn = shorten(t.Warnings[0], 60)
			if len(t.Warnings) > 1 {
				warn = fmt.Sprintf("(%d) %s", len(t.Warnings), warn)
			}
		}
		rows = append(rows, []string{t.Source, partColumns(t.PartitionKey.Parts), sk, shards, warn})
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, c := range row {
			if i == len(row)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c + strings.Repeat(" ", widths[i]-len([]rune(c))+2))
		}
		b.WriteString("\n")
	}
	for _, s := range p.Skipped {
		fmt.Fprintf(&b, "skipped %s: %s\n", s.Source, s.Why)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("summarize plan: %w", err)
	}
	return nil
}

// Thousands formats n with comma separators: 16044 → "16,044".
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Seconds formats a duration in seconds for people: "0.02 s", "4.0 s",
// "3 min 12 s".
func Seconds(s float64) string {
	switch {
	case s < 1:
		return fmt.Sprintf("%.2f s", s)
	case s < 60:
		return fmt.Sprintf("%.1f s", s)
	case s < 3600:
		return fmt.Sprintf("%d min %d s", int(s)/60, int(s)%60)
	default:
		return fmt.Sprintf("%d h %d min", int(s)/3600, int(s)%3600/60)
	}
}

// duplicatesText says in one line what a load does with whole-row
// duplicates.
func duplicatesText(d *Duplicates) string {
	found := fmt.Sprintf("%s sets of identical rows", Thousands(d.Groups))
	if d.Repeats > 0 {
		found += fmt.Sprintf(" (%s repeats)", Thousands(d.Repeats))
	}
	switch d.Action {
	case DuplicatesNumber:
		return found + ", action " + d.Action + ": every copy is kept, the n-th copy's key ends in " + Separator + "n"
	case DuplicatesKeepOne:
		return found + ", action " + d.Action + ": one copy is written, each repeat goes to the rejects file"
	}
	return found + ", action " + d.Action
}

// About is "about " before a row count that is not exact, "" before one that is.
func About(counted bool) string {
	if counted {
		return ""
	}
	return "about "
}
