package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/target"
)

// usageError is a command line that parsed but cannot run as given (a
// confirmation it lacks, flags that exclude each other): one line, exit
// status 2, without the usage.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// confirmInput is where a question is answered, and inputIsTerminal says
// whether a person is there to answer it; tests replace both.
var (
	confirmInput    io.Reader = os.Stdin
	inputIsTerminal           = func() bool { return isTerminal(os.Stdin) }
)

// registerYes adds --yes, the confirmation of --recreate's deletions.
func registerYes(fs *pflag.FlagSet, yes *bool) {
	fs.BoolVar(yes, "yes", false, "confirm --recreate's deletions without asking (needed when not on a terminal)")
}

// confirmRecreate lists the plan tables that exist in DynamoDB, which
// --recreate is about to delete with everything in them, and asks on a
// terminal whether to go on. Without a terminal it refuses unless yes:
// a script deletes tables only when told to in so many words. Nothing
// existing, nothing to ask.
func (a *app) confirmRecreate(ctx context.Context, what string, db target.API, tables []plans.Table, yes bool) error {
	var exist []string
	for _, t := range tables {
		d, err := target.Describe(ctx, db, t.Target)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if d != nil {
			exist = append(exist, t.Target)
		}
	}
	if len(exist) == 0 || yes {
		return nil
	}
	list := strings.Join(exist, ", ")
	if !inputIsTerminal() {
		return &usageError{fmt.Sprintf("%s: --recreate would delete %s and their items: %s; pass --yes to confirm (no terminal to ask on)",
			what, tablesText(len(exist)), list)}
	}
	fmt.Fprintf(a.stderr, "pg2ddb: --recreate deletes %s and their items: %s\nDelete them? [y/N] ", tablesText(len(exist)), list)
	answer, err := bufio.NewReader(confirmInput).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: read the answer: %w", what, err)
	}
	switch strings.ToLower(strings.TrimSpace(answer)) {
	case "y", "yes":
		return nil
	}
	return fmt.Errorf("%s: --recreate not confirmed; nothing was deleted", what)
}

// tablesText is "1 existing table", "2 existing tables".
func tablesText(n int) string {
	return fmt.Sprintf("%d existing %s", n, plural(n, "table", "tables"))
}
