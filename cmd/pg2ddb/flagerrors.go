package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagMessage is the one line a command line that does not parse gets:
// an unknown flag with the nearest real one, a value that does not parse
// with what the flag takes, in words rather than Go's parser errors.
func flagMessage(c *cobra.Command, err error) string {
	var unknown *pflag.NotExistError
	var invalid *pflag.InvalidValueError
	switch {
	case errors.As(err, &unknown):
		if near := nearestFlag(c, unknown.GetSpecifiedName()); near != "" {
			return fmt.Sprintf("%s (did you mean --%s?)", err.Error(), near)
		}
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return fmt.Sprintf("invalid value %q for --%s: want %s", invalid.GetValue(), f.Name, valueKind(f))
	}
	return err.Error()
}

// valueKind says in words what a flag's value must be.
func valueKind(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "count":
		return "a whole number, such as 8"
	case "float32", "float64":
		return "a number, such as 4000 or 0.5"
	case "duration":
		return "a duration, such as 30s, 10m or 1h30m"
	case "bool":
		return "true or false (or the flag alone for true)"
	}
	return "a " + f.Value.Type()
}

// nearestFlag returns the flag of c whose name is nearest to name (an edit
// distance of at most 2, or one name a prefix of the other), or "".
func nearestFlag(c *cobra.Command, name string) string {
	best, bestD := "", 3
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := editDistance(name, f.Name)
		if len(name) >= 3 && (strings.HasPrefix(f.Name, name) || strings.HasPrefix(name, f.Name)) {
			d = min(d, 1)
		}
		if d < bestD || (d == bestD && f.Name < best) {
			best, bestD = f.Name, d
		}
	}
	c.Flags().VisitAll(visit)
	c.InheritedFlags().VisitAll(visit)
	return best
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// usageLine is the one-line usage printed after a usage error.
func usageLine(c *cobra.Command) string {
	return fmt.Sprintf("Usage: %s (%s --help lists the flags)", c.UseLine(), c.CommandPath())
}

// unknownCommand rewrites cobra's error for a command that does not exist
// ("unknown command "lod" for "pg2ddb"\n\nDid you mean this?\n\tload")
// as one line with the suggestion, and reports whether err was one.
func unknownCommand(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "unknown command ") {
		return "", false
	}
	head, suggestions, found := strings.Cut(msg, "Did you mean this?")
	head = strings.TrimSpace(strings.Replace(head, ` for "pg2ddb"`, "", 1))
	if found {
		head += " (did you mean " + strings.Join(strings.Fields(suggestions), " or ") + "?)"
	}
	return head, true
}

// planArg is the argument rule of the commands that take one plan file.
func planArg(c *cobra.Command, args []string) error {
	if len(args) == 1 {
		return nil
	}
	what := "no plan file"
	if len(args) > 1 {
		what = fmt.Sprintf("%d arguments (%s)", len(args), strings.Join(args, " "))
	}
	return &usageError{fmt.Sprintf("%s takes one plan file, got %s; %s", c.CommandPath(), what, usageLine(c))}
}
