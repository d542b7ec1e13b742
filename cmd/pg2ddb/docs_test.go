package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// docsPending are documents that README.md and docs/ link to before they
// exist: each is being written on another branch. Drop a name when its file
// lands.
var docsPending = map[string]bool{}

// TestDocsNameRealCommandsAndFlags keeps README.md and docs/*.md true to the
// CLI they describe: every `pg2ddb COMMAND --flag …` (or `COMMAND --flag …`)
// in their code (fenced blocks and inline code) names a command that exists
// and flags it takes,
// every inline `--flag` is a flag of some command, and every relative link
// names a file of the repository. `make docs-check` runs it alone.
func TestDocsNameRealCommandsAndFlags(t *testing.T) {
	t.Parallel()
	root, err := testenv.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	cli := newRootCommand(io.Discard, io.Discard)
	for _, path := range files {
		rel, _ := filepath.Rel(root, path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, span := range codeSpans(string(b)) {
			for _, problem := range checkCommandLine(cli, span.text) {
				t.Errorf("%s:%d: %s in %q", rel, span.line, problem, span.text)
			}
		}
		for _, l := range relativeLinks(string(b)) {
			target := filepath.Join(filepath.Dir(path), l.target)
			repoRel, _ := filepath.Rel(root, target)
			if _, err := os.Stat(target); err != nil && !docsPending[filepath.ToSlash(repoRel)] {
				t.Errorf("%s:%d: link to %s: no such file", rel, l.line, l.target)
			}
		}
	}
}

// TestDocsCheckerFindsWhatIsWrong shows the checker above can fail: each of
// these lines names something the CLI does not have.
func TestDocsCheckerFindsWhatIsWrong(t *testing.T) {
	t.Parallel()
	cli := newRootCommand(io.Discard, io.Discard)
	for _, line := range []string{
		"pg2ddb lode plans/x.yaml",
		"pg2ddb load plans/x.yaml -o out.yaml",
		"pg2ddb load plans/x.yaml --no-such-flag",
		"pg2ddb load plans/x.yaml [--append|--no-such-flag]",
		"bin/pg2ddb verify plans/x.yaml --sample=10 --workers 8",
		"pg2ddb export PLAN --to s3://b/p; pg2ddb import PLAN --to s3://b/p",
		"--no-such-flag",
		"plan --exact",
	} {
		if len(checkCommandLine(cli, line)) == 0 {
			t.Errorf("no problem found in %q", line)
		}
	}
	for _, line := range []string{
		"pg2ddb load plans/x.yaml --recreate --max-wcu=4000 [--order interleave|table] [--append|--recreate]",
		"pg2ddb export PLAN --to s3://b/p && pg2ddb import PLAN --from s3://b/p",
		"pg2ddb bulk-put PLAN (or load --via bulk-put)",
		"pg2ddb --help",
		"pg2ddb plan -o plans/x.yaml",
		"pg2ddb COMMAND --help",
		"--warn-snapshot-age 0",
		"inspect --exact",
		"load --via import|bulk-put --stage s3://…",
		"pg2ddb: load stopped: 1 rows rejected --nonsense in a message",
		"npm ci --no-audit --no-fund",
	} {
		if p := checkCommandLine(cli, line); len(p) != 0 {
			t.Errorf("%q: %v", line, p)
		}
	}
	spans := codeSpans("text `pg2ddb plan -o x.yaml` more\n```\npg2ddb load x.yaml \\\n  --resume\n```\n")
	if len(spans) != 2 || spans[0].text != "pg2ddb plan -o x.yaml" || spans[1].text != "pg2ddb load x.yaml --resume" || spans[1].line != 3 {
		t.Errorf("codeSpans = %+v", spans)
	}
}

type docSpan struct {
	line int
	text string
}

var inlineCode = regexp.MustCompile("`([^`]+)`")

// codeSpans returns the code of a Markdown document: each line of a fenced
// block (lines continued with a backslash joined) and each inline span.
func codeSpans(doc string) []docSpan {
	var spans []docSpan
	fenced := false
	pending, pendingLine := "", 0
	for i, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			for _, m := range inlineCode.FindAllStringSubmatch(line, -1) {
				spans = append(spans, docSpan{i + 1, m[1]})
			}
			continue
		}
		if pending == "" {
			pendingLine = i + 1
		}
		if strings.HasSuffix(line, `\`) {
			pending += strings.TrimSuffix(line, `\`) + " "
			continue
		}
		spans = append(spans, docSpan{pendingLine, strings.Join(strings.Fields(pending+line), " ")})
		pending = ""
	}
	return spans
}

// checkCommandLine returns what is wrong with the pg2ddb invocations in
// one line of code: unknown commands, and flags the command does not take.
// A line that starts with a flag must name a flag of some command.
func checkCommandLine(cli *cobra.Command, line string) []string {
	var problems []string
	tokens := strings.Fields(line)
	if len(tokens) > 0 && strings.HasPrefix(tokens[0], "--") {
		if name := flagName(tokens[0]); !anyCommandHasFlag(cli, name) {
			problems = append(problems, "no command has --"+name)
		}
		return problems
	}
	var cmd *cobra.Command
	// `load --via import`: a command named without pg2ddb before it.
	if len(tokens) > 1 && strings.HasPrefix(tokens[1], "--") {
		cmd = subcommand(cli, tokens[0])
	}
	for i := 0; i < len(tokens); i++ {
		tok := strings.Trim(tokens[i], "[](),")
		switch {
		case tok == "pg2ddb" || strings.HasSuffix(tok, "/pg2ddb"):
			cmd = cli
			if i+1 < len(tokens) {
				next := strings.TrimRight(tokens[i+1], ",;:)")
				if isPlaceholder(next) || strings.HasPrefix(next, "-") {
					continue
				}
				i++
				cmd = subcommand(cli, next)
				if cmd == nil {
					problems = append(problems, "unknown command "+next)
				}
			}
		case cmd != nil && strings.HasPrefix(tok, "--"):
			// [--append|--recreate]: alternatives, each a flag.
			for _, alt := range strings.Split(tok, "|") {
				if !strings.HasPrefix(alt, "--") {
					continue
				}
				if name := flagName(alt); !hasFlag(cmd, name) {
					problems = append(problems, cmd.Name()+" has no --"+name)
				}
			}
		}
		if cmd != nil && len(tok) == 2 && tok[0] == '-' && tok[1] != '-' {
			if cmd.Flags().ShorthandLookup(tok[1:]) == nil && cmd.InheritedFlags().ShorthandLookup(tok[1:]) == nil && tok != "-h" {
				problems = append(problems, cmd.Name()+" has no "+tok)
			}
		}
		switch t := tokens[i]; {
		case t == "|" || t == "||" || t == "&&" || t == "&" || strings.HasSuffix(t, ";") || strings.HasPrefix(t, "("):
			cmd = nil // the next command of a shell line
		}
	}
	return problems
}

func flagName(tok string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(strings.Trim(tok, "[](),"), "--"), "=")
	return strings.TrimRight(name, ".:")
}

func isPlaceholder(s string) bool { return s != "" && strings.ToUpper(s) == s }

func subcommand(cli *cobra.Command, name string) *cobra.Command {
	if name == "help" {
		return cli
	}
	for _, c := range cli.Commands() {
		if c.Name() == name {
			return c
		}
	}
	return nil
}

func hasFlag(c *cobra.Command, name string) bool {
	return name == "help" || c.Flags().Lookup(name) != nil || c.InheritedFlags().Lookup(name) != nil
}

func anyCommandHasFlag(cli *cobra.Command, name string) bool {
	for _, c := range cli.Commands() {
		if hasFlag(c, name) {
			return true
		}
	}
	return false
}

type docLink struct {
	line   int
	target string
}

var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// relativeLinks returns the links of a Markdown document to files of the
// repository: not to the web, not to an anchor of the same page.
func relativeLinks(doc string) []docLink {
	var links []docLink
	for i, line := range strings.Split(doc, "\n") {
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links = append(links, docLink{i + 1, target})
		}
	}
	return links
}
