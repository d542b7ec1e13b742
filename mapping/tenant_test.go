package mapping

import (
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
)

// tenantSchema is a multi-tenant schema of uuid keys the application
// makes: 20 networks; identities, addresses and messages each carry nid,
// a reference to networks, which is part of the unique keys of identities
// (nid, email) and addresses (nid, via, value). An identity's addresses
// are listed by identity (one index); messages are listed only by nid, in
// two indexes. With carriers false, only messages refers to networks (a
// single-tenant schema with a small parent).
func tenantSchema(carriers bool) (*catalog.Schema, *catalog.Profile) {
	// networks are numbered by a serial, and named (names repeat).
	networks := tableOf("networks", []catalog.Column{serialCol("id", "networks"), col("name", "text", "S"), col("created_at", "timestamp with time zone", "D")}, []string{"id"})
	identities := tableOf("identities", []catalog.Column{col("id", "uuid", "U"), col("nid", "uuid", "U"), col("email", "text", "S")},
		[]string{"id"}, fkTo("identities_nid_fkey", "nid", "networks"))
	identities.Uniques = []catalog.Index{{Name: "identities_nid_email_key", Columns: []string{"nid", "email"}, Constraint: true}}
	addresses := tableOf("addresses", []catalog.Column{col("id", "uuid", "U"), col("nid", "uuid", "U"), col("identity_id", "uuid", "U"), col("via", "text", "S"), col("value", "text", "S")},
		[]string{"id"}, fkTo("addresses_nid_fkey", "nid", "networks"), fkTo("addresses_identity_fkey", "identity_id", "identities"))
	addresses.Uniques = []catalog.Index{{Name: "addresses_nid_via_value_key", Columns: []string{"nid", "via", "value"}, Constraint: true}}
	addresses.Indexes = []catalog.Index{{Name: "addresses_identity_idx", Columns: []string{"identity_id"}}}
	messages := tableOf("messages", []catalog.Column{col("id", "uuid", "U"), col("nid", "uuid", "U"), col("recipient", "text", "S"), col("created_at", "timestamp with time zone", "D")},
		[]string{"id"}, fkTo("messages_nid_fkey", "nid", "networks"))
	messages.Indexes = []catalog.Index{{Name: "messages_nid_created_idx", Columns: []string{"nid", "created_at"}}, {Name: "messages_nid_recipient_idx", Columns: []string{"nid", "recipient"}}}
	// replies, keyed by a serial, belong to an address (which carries
	// the tenant) and carry the tenant too; the source indexes neither.
	replies := tableOf("replies", []catalog.Column{serialCol("id", "replies"), col("nid", "uuid", "U"), col("address_id", "uuid", "U"), col("body", "text", "S")},
		[]string{"id"}, fkTo("replies_nid_fkey", "nid", "networks"), fkTo("replies_address_fkey", "address_id", "addresses"))
	// groups, keyed by a serial, are named: unique in today's data, by
	// no declared key.
	// Its reference to networks is undeclared, known by its name and
	// values.
	groups := tableOf("groups", []catalog.Column{serialCol("id", "groups"), col("network_id", "bigint", "N"), col("name", "text", "S")}, []string{"id"})
	tables := []catalog.Table{networks, messages}
	if carriers {
		tables = append(tables, identities, addresses, replies, groups)
	}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "networks", Rows: 20, Columns: []catalog.ColumnProfile{prof("id", 20, 1, 8), prof("name", 15, 2, 12), prof("created_at", 20, 1, 8)}},
		{Schema: "public", Name: "identities", Rows: 2_000, Columns: []catalog.ColumnProfile{prof("id", 2_000, 1, 16), prof("nid", 20, 500, 16), prof("email", 2_000, 1, 20)}},
		{Schema: "public", Name: "addresses", Rows: 2_400, Columns: []catalog.ColumnProfile{
			prof("id", 2_400, 1, 16), prof("nid", 20, 600, 16), prof("identity_id", 2_000, 2, 16), prof("via", 2, 2_000, 5), prof("value", 2_400, 1, 20)}},
		{Schema: "public", Name: "messages", Rows: 3_000, Columns: []catalog.ColumnProfile{
			prof("id", 3_000, 1, 16), prof("nid", 20, 900, 16), prof("recipient", 1_500, 4, 20), prof("created_at", 3_000, 1, 8)}},
		{Schema: "public", Name: "groups", Rows: 400, Columns: []catalog.ColumnProfile{prof("id", 400, 1, 8), prof("network_id", 20, 40, 16), prof("name", 400, 1, 12)}},
		{Schema: "public", Name: "replies", Rows: 1_000, Columns: []catalog.ColumnProfile{
			prof("id", 1_000, 1, 8), prof("nid", 20, 300, 16), prof("address_id", 900, 2, 16), prof("body", 1_000, 1, 200)}},
	}}
	return &catalog.Schema{Tables: tables}, p
}

// TestTenantPrefix: a reference most tables carry and name in their
// unique keys, to a table of fewer rows than the square root of theirs,
// is a tenant (rule tenant-prefix): it does not own a random-id table the
// source lists by it alone (messages keep their uuid), and an identity's
// addresses, unique by (nid, via, value), take (via, value) as their sort
// key under the identity, which lives in one network; replies, keyed by
// a serial, belong to their address, not to the tenant both carry;
// the tenant table itself is keyed by the serial id every table holds,
// not by its names; groups, whose names are unique today by no declared key, are the
// tenant's (names repeat across tenants), not keyed by name. The
// same small
// parent referred to by one table only is no tenant: it still owns the
// table the source lists by it (rule random-pk-owner).
func TestTenantPrefix(t *testing.T) {
	s, p := tenantSchema(true)
	if pk, _, why := designTable(t, s, p, "messages"); !slices.Equal(pk, []string{"id"}) {
		t.Errorf("messages listed only by the tenant: pk %v (%s), want id", pk, why)
	}
	pk, sk, why := designTable(t, s, p, "addresses")
	if !slices.Equal(pk, []string{"identity_id"}) || !slices.Equal(sk, []string{"via", "value"}) || !strings.Contains(why, RuleTenantPrefix) {
		t.Errorf("addresses: pk %v sk %v why %q, want identity_id / via, value by %s", pk, sk, why, RuleTenantPrefix)
	}
	if pk, _, why := designTable(t, s, p, "replies"); !slices.Equal(pk, []string{"address_id"}) {
		t.Errorf("replies of an address, carrying the tenant too: pk %v (%s), want address_id, the finer owner", pk, why)
	}
	if pk, _, why := designTable(t, s, p, "groups"); !slices.Equal(pk, []string{"network_id"}) {
		t.Errorf("groups named uniquely only today, in a tenant's table: pk %v (%s), want network_id, the tenant that names them", pk, why)
	}
	if pk, _, why := designTable(t, s, p, "networks"); !slices.Equal(pk, []string{"id"}) || !strings.Contains(why, RuleTenantPrefix) {
		t.Errorf("the tenant table: pk %v why %q, want its serial id by %s", pk, why, RuleTenantPrefix)
	}
	s, p = tenantSchema(false)
	if pk, _, why := designTable(t, s, p, "messages"); !slices.Equal(pk, []string{"nid"}) || !strings.Contains(why, RuleRandomPKOwner) {
		t.Errorf("messages of a parent no other table refers to: pk %v why %q, want nid by %s", pk, why, RuleRandomPKOwner)
	}
}
