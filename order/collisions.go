package order

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/pg2ddb/pg2ddb/spill"
)

// collisionBuckets is the number of bucket files a spilled count uses:
// each is read back whole, so one holds about 1/collisionBuckets of the
// table's hashes (10M rows: 2.5 MB).
const collisionBuckets = 64

// collisionCount finds the (pk, sk) hashes that occur more than once in a
// scan, in bounded memory: a key without a unique-index proof may collide,
// and every copy of a collision must be rejected, so the count of every
// key must be known before its first row is written. A map of every row's
// hash cost 40–60 bytes a row (half a gigabyte at 10M rows); this keeps
// the hashes in a slice, 16 bytes each, up to Tuning.CollisionMemory of them,
// and beyond that spills them to bucket files by their first byte. After
// the scan each bucket is sorted on its own, and only the repeated hashes
// (collisions are rare) are kept, with their counts.
type collisionCount struct {
	memory  int    // hashes kept in memory before a spill (Tuning.CollisionMemory)
	dir     string // where bucket files go
	mem     [][16]byte
	buckets []*os.File
	writers []*bufio.Writer
	sizes   []int64
}

// add counts one row's key hash.
func (c *collisionCount) add(h [16]byte) error {
	c.mem = append(c.mem, h)
	if len(c.mem) >= c.memory {
		return c.spill()
	}
	return nil
}

// spill moves the hashes in memory to the bucket files.
func (c *collisionCount) spill() error {
	if c.buckets == nil {
		c.buckets = make([]*os.File, collisionBuckets)
		c.writers = make([]*bufio.Writer, collisionBuckets)
		c.sizes = make([]int64, collisionBuckets)
	}
	for _, h := range c.mem {
		i := int(h[0]) % collisionBuckets
		if c.buckets[i] == nil {
			f, err := spill.TempFile(c.dir)
			if err != nil {
				return err
			}
			c.buckets[i], c.writers[i] = f, bufio.NewWriterSize(f, 16<<10)
		}
		if _, err := c.writers[i].Write(h[:]); err != nil {
			return fmt.Errorf("spill: %w", err)
		}
		c.sizes[i] += int64(len(h))
	}
	c.mem = c.mem[:0]
	return nil
}

// repeated returns the hashes counted more than once, with their counts.
// The count stays readable by contains until close.
func (c *collisionCount) repeated() (map[[16]byte]uint32, error) {
	out := map[[16]byte]uint32{}
	if c.buckets == nil {
		countRuns(c.mem, out)
		return out, nil
	}
	if err := c.spill(); err != nil {
		return nil, err
	}
	c.mem = nil
	var hs [][16]byte
	for i, f := range c.buckets {
		if f == nil {
			continue
		}
		if err := c.writers[i].Flush(); err != nil {
			return nil, fmt.Errorf("spill: %w", err)
		}
		raw := make([]byte, c.sizes[i])
		if _, err := f.ReadAt(raw, 0); err != nil && err != io.EOF {
			return nil, fmt.Errorf("spill: %w", err)
		}
		hs = hs[:0]
		for off := 0; off+16 <= len(raw); off += 16 {
			hs = append(hs, [16]byte(raw[off:off+16]))
		}
		countRuns(hs, out)
	}
	return out, nil
}

// contains sets probes[h] for every probe h that was counted; it is
// called after repeated (which sorted the hashes kept in memory), before
// close, and reads only the bucket files that a probe falls in.
func (c *collisionCount) contains(probes map[[16]byte]bool) error {
	if c.buckets == nil {
		for h := range probes {
			_, ok := slices.BinarySearchFunc(c.mem, h, func(a, b [16]byte) int { return bytes.Compare(a[:], b[:]) })
			probes[h] = ok
		}
		return nil
	}
	var want [collisionBuckets]bool
	for h := range probes {
		want[int(h[0])%collisionBuckets] = true
	}
	for i, f := range c.buckets {
		if f == nil || !want[i] {
			continue
		}
		raw := make([]byte, c.sizes[i])
		if _, err := f.ReadAt(raw, 0); err != nil && err != io.EOF {
			return fmt.Errorf("spill: %w", err)
		}
		for off := 0; off+16 <= len(raw); off += 16 {
			if _, ok := probes[[16]byte(raw[off:off+16])]; ok {
				probes[[16]byte(raw[off:off+16])] = true
			}
		}
	}
	return nil
}

// countRuns sorts hs and adds every hash that occurs more than once to out.
func countRuns(hs [][16]byte, out map[[16]byte]uint32) {
	slices.SortFunc(hs, func(a, b [16]byte) int { return bytes.Compare(a[:], b[:]) })
	for i := 0; i < len(hs); {
		j := i + 1
		for j < len(hs) && hs[j] == hs[i] {
			j++
		}
		if j-i > 1 {
			out[hs[i]] = uint32(j - i)
		}
		i = j
	}
}

// close removes the bucket files.
func (c *collisionCount) close() {
	for _, f := range c.buckets {
		if f != nil {
			f.Close()
		}
	}
	c.buckets, c.mem = nil, nil
}
