package order

import (
	"bytes"
	"strconv"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
)

// numbering gives the copies of whole-row duplicates their numbers under
// plans.DuplicatesNumber without ever taking the key of a real row. The
// copies of a base key (pk, sk) are numbered base#k with the k ≥ 2 for
// which base#k is not the key of a first copy ("real" row), in order:
// rows ('c1','red') twice and ('c1','red#2') give red, red#2 and red#3.
// Numbered keys of different bases never meet: the text after the last
// Separator is the number, so base#k = base'#k' means base = base' and
// k = k'.
//
// The real keys are known only when the scan ends, so during the scan a
// copy is marked rather than numbered: its numbered key is base, a NUL
// byte and its occurrence (PostgreSQL text holds no NUL byte, and a
// numbered key is of type S). When the scan ends, the candidate numbers of
// every base are looked up among the counted keys of the real rows, and
// Fill writes the number found in place of the mark.
type numbering struct {
	// sk says the number goes on the sort key; otherwise on the partition
	// key (a table without a sort key).
	sk     bool
	groups map[[16]byte]*numGroup
	// copies counts the rows of one (base, occurrence): more than one
	// when different rows share a base key, a collision of their copies as
	// of their first copies.
	copies map[numKey]uint32
	buf    []byte
}

// numGroup is the copies of one base key.
type numGroup struct {
	pk, sk []byte
	max    uint32   // the highest occurrence
	next   uint32   // the next candidate number to look up
	free   []uint32 // free[i] is the number of occurrence i+2
}

type numKey struct {
	base [16]byte
	occ  uint32
}

func newNumbering(t plans.Table) *numbering {
	return &numbering{sk: t.SortKey != nil, groups: map[[16]byte]*numGroup{}, copies: map[numKey]uint32{}}
}

// mark makes rec, the occ-th copy (occ ≥ 2) of its row, a numbered copy.
// A copy whose key has a NULL is rejected whatever its number: it gets
// Separator and occ at once, as the SQL of the same choice does.
func (n *numbering) mark(rec spill.Record, occ uint32, keyHash func(pk, sk []byte) [16]byte) spill.Record {
	field := &rec.PK
	if n.sk {
		field = &rec.SK
	}
	if *field == nil {
		return rec
	}
	if rec.PK == nil {
		rec.SK = append(append([]byte(nil), rec.SK...), plans.Separator+strconv.Itoa(int(occ))...)
		return rec
	}
	h := keyHash(rec.PK, rec.SK)
	g := n.groups[h]
	if g == nil {
		g = &numGroup{pk: bytes.Clone(rec.PK), sk: bytes.Clone(rec.SK), next: 2}
		n.groups[h] = g
	}
	g.max = max(g.max, occ)
	n.copies[numKey{h, occ}]++
	*field = strconv.AppendUint(append(append([]byte(nil), *field...), 0), uint64(occ), 10)
	return rec
}

// marked reports whether rec's key was marked for numbering.
func (n *numbering) marked(pk, sk []byte) bool {
	if n.sk {
		return bytes.IndexByte(sk, 0) >= 0
	}
	return bytes.IndexByte(pk, 0) >= 0
}

// find gives every base its numbers: the candidates base#2, base#3, … not
// among the real keys that taken answers, as many as the base has copies.
func (n *numbering) find(taken func(map[[16]byte]bool) error, keyHash func(pk, sk []byte) [16]byte) error {
	type cand struct {
		g  *numGroup
		hs [][16]byte
	}
	for {
		probes := map[[16]byte]bool{}
		var cands []cand
		for _, g := range n.groups {
			need := int(g.max) - 1 - len(g.free)
			if need <= 0 {
				continue
			}
			c := cand{g: g}
			for k := range uint32(need) {
				h := keyHash(n.candidate(g, g.next+k))
				c.hs = append(c.hs, h)
				probes[h] = false
			}
			cands = append(cands, c)
		}
		if len(cands) == 0 {
			return nil
		}
		if err := taken(probes); err != nil {
			return err
		}
		for _, c := range cands {
			for i, h := range c.hs {
				if !probes[h] {
					c.g.free = append(c.g.free, c.g.next+uint32(i))
				}
			}
			c.g.next += uint32(len(c.hs))
		}
	}
}

// candidate is g's key numbered k.
func (n *numbering) candidate(g *numGroup, k uint32) (pk, sk []byte) {
	n.buf = strconv.AppendUint(append(append(n.buf[:0], n.field(g)...), plans.Separator...), uint64(k), 10)
	if n.sk {
		return g.pk, n.buf
	}
	return n.buf, g.sk
}

func (n *numbering) field(g *numGroup) []byte {
	if n.sk {
		return g.sk
	}
	return g.pk
}

// fill replaces the mark in r's key by its number and sets its copies.
// Every mark was counted in the scan and find gave its base a number for
// each occurrence.
func (n *numbering) fill(r *Row, keyHash func(pk, sk []byte) [16]byte) {
	field := &r.PK
	if n.sk {
		field = &r.SK
	}
	i := bytes.IndexByte(*field, 0)
	occ, _ := strconv.ParseUint(string((*field)[i+1:]), 10, 32)
	base := (*field)[:i]
	var h [16]byte
	if n.sk {
		h = keyHash(r.PK, base)
	} else {
		h = keyHash(base, r.SK)
	}
	g := n.groups[h]
	*field = strconv.AppendUint(append(append([]byte(nil), base...), plans.Separator...), uint64(g.free[occ-2]), 10)
	r.Copies = int64(n.copies[numKey{h, uint32(occ)}])
}
