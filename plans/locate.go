package plans

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Locator finds the places of a plan file's values by their plan path
// ("tables[3].attributes[2].column"), so that a message about a hand
// edit can name the line to fix.
type Locator struct{ root *yaml.Node }

// NewLocator parses data as YAML; a file that does not parse locates
// nothing.
func NewLocator(data []byte) *Locator {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return &Locator{}
	}
	return &Locator{root: doc.Content[0]}
}

// Locate returns the line and column (from 1) of the value at path, or of
// the deepest part of path that exists; 0, 0 when not even the first does.
func (l *Locator) Locate(path string) (line, column int) {
	n := l.root
	if n == nil {
		return 0, 0
	}
	for _, step := range splitPath(path) {
		next := child(n, step)
		if next == nil {
			break
		}
		n, line, column = next, next.Line, next.Column
	}
	return line, column
}

// splitPath splits "tables[3].attributes[2].column" into tables, 3,
// attributes, 2, column.
func splitPath(path string) []string {
	var out []string
	for _, part := range strings.Split(path, ".") {
		for part != "" {
			name, rest, ok := strings.Cut(part, "[")
			if name != "" {
				out = append(out, name)
			}
			if !ok {
				break
			}
			idx, after, _ := strings.Cut(rest, "]")
			out = append(out, "["+idx)
			part = after
		}
	}
	return out
}

func child(n *yaml.Node, step string) *yaml.Node {
	if idx, ok := strings.CutPrefix(step, "["); ok {
		i, err := strconv.Atoi(idx)
		if n.Kind != yaml.SequenceNode || err != nil || i < 0 || i >= len(n.Content) {
			return nil
		}
		return n.Content[i]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == step {
			return n.Content[i+1]
		}
	}
	return nil
}
