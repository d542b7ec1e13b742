package plans

import (
	"strings"
	"testing"
)

// TestValidateNames checks the name rules DynamoDB imposes on a plan: table
// names of 3 to 255 of [a-zA-Z0-9_.-], a table prefix made of those
// characters, key attribute names within 255 bytes and apart from the
// columns' attribute names. PostgreSQL's freer names are fine in source.
func TestValidateNames(t *testing.T) {
	for name, tc := range map[string]struct {
		edit func(p *Plan)
		path string // "" means valid
	}{
		"quoted source, safe target": {func(p *Plan) {
			p.Tables[0].Source, p.Tables[0].Target = "public.Order Archive", "Order_Archive_1a2b3c4d"
		}, ""},
		"unicode source of 63 bytes": {func(p *Plan) {
			p.Tables[0].Source = "public.Kundenbestellungen Übersicht für das Geschäftsjahr 2024 Q1+2"
		}, ""},
		"target with a space": {func(p *Plan) { p.Tables[0].Target = "Order Archive" }, "tables[0].target"},
		"target with unicode": {func(p *Plan) { p.Tables[0].Target = "Übersicht" }, "tables[0].target"},
		"target too short":    {func(p *Plan) { p.Tables[0].Target = "ab" }, "tables[0].target"},
		"target too long":     {func(p *Plan) { p.Tables[0].Target = strings.Repeat("a", 256) }, "tables[0].target"},
		"target of 255":       {func(p *Plan) { p.Tables[0].Target = strings.Repeat("a", 255) }, ""},
		"prefix with a colon": {func(p *Plan) { p.Options.TablePrefix = "prod:" }, "options.table_prefix"},
		"prefix with a dot":   {func(p *Plan) { p.Options.TablePrefix = "prod." }, ""},
		"key attribute too long": {func(p *Plan) {
			p.Tables[0].PartitionKey.Attribute = strings.Repeat("k", 256)
		}, "tables[0].partition_key.attribute"},
		"key attribute clashes with a column": {func(p *Plan) {
			p.Tables[0].Attributes[4].Name = "pk"
		}, "tables[0].partition_key.attribute"},
		"key attribute given way": {func(p *Plan) {
			p.Tables[0].Attributes[4].Name = "pk"
			p.Tables[0].PartitionKey.Attribute = "_pk"
		}, ""},
		"column attribute with a space": {func(p *Plan) { p.Tables[0].Attributes[4].Name = "Customer Ref" }, ""},
	} {
		p := samplePlan()
		tc.edit(p)
		problems := Validate(p)
		switch {
		case tc.path == "" && len(problems) > 0:
			t.Errorf("%s: valid plan refused: %v", name, problems)
		case tc.path != "" && (len(problems) != 1 || problems[0].Path != tc.path):
			t.Errorf("%s: want one problem at %s, got %v", name, tc.path, problems)
		}
	}
}
