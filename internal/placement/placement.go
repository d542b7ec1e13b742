package placement

import (
	"crypto/md5"
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/codec"
)

// PartitionWCU is the write budget of one partition in WCU/s: DynamoDB's
// per-partition limit of 1,000 write units a second.
const PartitionWCU = 1000

// BurstSeconds is how many seconds of budget a partition's token bucket
// holds in the model.
const BurstSeconds = 0.1

// Hash returns the 64-bit routing hash of a partition key value: the first
// eight bytes of the MD5 of its canonical bytes (the text of an S, the
// positional text of an N, the raw bytes of a B).
func Hash(canonical []byte) uint64 {
	sum := md5.Sum(canonical)
	return binary.BigEndian.Uint64(sum[:8])
}

// Range maps a hash to one of n equal, contiguous ranges of the hash space:
// the partition of n partitions, or the Scan segment of n segments, that
// holds it.
func Range(hash uint64, n int) int {
	hi, _ := bits.Mul64(hash, uint64(n))
	return int(hi)
}

// PartitionOf returns the partition, of partitions, that a partition key
// value lands on: typ is "S", "N" or "B", and value is the string, the
// number text (any valid form: it is made canonical first) or the raw bytes.
func PartitionOf(typ, value string, partitions int) int {
	if partitions <= 1 {
		return 0
	}
	if typ == "N" {
		value = Positional(value)
	}
	return Range(Hash([]byte(value)), partitions)
}

// PartitionsFor is the number of partitions a new table starts with:
// max(⌈RCU/3000 + WCU/1000⌉, 1) when provisioned, 4 on demand (a new
// on-demand table starts around 4,000 WCU/s).
func PartitionsFor(provisioned bool, rcu, wcu int64) int {
	if !provisioned {
		return 4
	}
	return max(int(math.Ceil(float64(rcu)/3000+float64(wcu)/1000)), 1)
}

// Positional renders a decimal number the way DynamoDB returns it: plain
// positional notation without redundant zeros ("1.50" and "15E-1" both give
// "1.5", "1E3" gives "1000"). Text that is not a decimal literal is returned
// unchanged.
func Positional(s string) string {
	c := codec.CanonicalNumber(s) // "0" or "[-]d[.ddd]E<exp>"
	mant, exp, ok := strings.Cut(c, "E")
	if !ok {
		return c
	}
	neg := strings.HasPrefix(mant, "-")
	digits := strings.Replace(strings.TrimPrefix(mant, "-"), ".", "", 1)
	e, err := strconv.Atoi(exp)
	if err != nil {
		return c
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	switch n := len(digits); {
	case e < 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -e-1))
		b.WriteString(digits)
	case e >= n-1:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", e-(n-1)))
	default:
		b.WriteString(digits[:e+1])
		b.WriteByte('.')
		b.WriteString(digits[e+1:])
	}
	return b.String()
}

// Key is one partition key value and the write units a load writes to it:
// Type is "S", "N" or "B" and Value is as PartitionOf takes it.
type Key struct {
	Type  string
	Value string
	WCU   float64
}

// Spread is where a load's writes land on a table's partitions.
type Spread struct {
	// WCU holds the write units each partition receives: its named keys
	// and an even share of the rest.
	WCU []float64
	// Hottest is the partition that receives the most.
	Hottest int
	// Busiest is the expected write units of the busiest partition: the
	// rest's keys land where they hash, so some partition gets more than
	// its even share — by the spread of a hash of that many keys.
	Busiest float64
}

// Place spreads a load's writes over partitions: every key of keys on the
// partition it hashes to, and rest write units, of restKeys keys not named
// (of like size), evenly over all of them, which is where a hash puts them
// on average; Busiest adds what a hash of restKeys keys puts on one
// partition beyond its share (its expected maximum), nothing when restKeys
// is 0.
func Place(keys []Key, rest float64, restKeys int64, partitions int) Spread {
	partitions = max(partitions, 1)
	s := Spread{WCU: make([]float64, partitions)}
	for _, k := range keys {
		s.WCU[PartitionOf(k.Type, k.Value, partitions)] += k.WCU
	}
	rest = max(rest, 0)
	each := rest / float64(partitions)
	for p := range s.WCU {
		s.WCU[p] += each
		if s.WCU[p] > s.WCU[s.Hottest] {
			s.Hottest = p
		}
	}
	s.Busiest = s.WCU[s.Hottest]
	if restKeys > 0 && partitions > 1 {
		// Each partition's share of the rest is binomial: restKeys keys
		// of rest/restKeys, each on it with probability 1/partitions.
		q := 1 / float64(partitions)
		s.Busiest = expectedMax(s.WCU, rest*math.Sqrt(q*(1-q)/float64(restKeys)))
	}
	return s
}

// expectedMax is E[max_p (mean[p] + sigma·Z_p)] for independent standard
// normal Z_p: the integral of P(max > x), numerically.
func expectedMax(mean []float64, sigma float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, m := range mean {
		lo, hi = math.Min(lo, m), math.Max(hi, m)
	}
	if sigma <= 0 {
		return hi
	}
	lo, hi = lo-8*sigma, hi+8*sigma
	const steps = 2000
	dx := (hi - lo) / steps
	sum := lo
	for i := range steps {
		x := lo + (float64(i)+0.5)*dx
		below := 1.0
		for _, m := range mean {
			below *= 0.5 * math.Erfc(-(x-m)/sigma/math.Sqrt2)
		}
		sum += (1 - below) * dx
	}
	return sum
}

// Seconds is how long a load of total write units at rate WCU/s takes on
// this spread: the slower of the rate and the busiest partition at
// PartitionWCU, since a partition absorbs no more whatever the rate.
func (s Spread) Seconds(total, rate float64) float64 {
	t := s.Busiest / PartitionWCU
	if rate > 0 {
		t = math.Max(t, total/rate)
	}
	return t
}
