package plans

import (
	"crypto/md5"
	"encoding/binary"
	"strconv"
)

// Shard returns the write shard (0..shards-1) of an item whose encoded sort
// key value is sortKey: the first four bytes of MD5(sortKey) read as a
// big-endian unsigned integer, modulo shards. It is the seeds' calculated
// suffix: anyone who knows an item's sort key computes its shard again, and
// PostgreSQL computes the same number with
//
//	(('x' || substr(md5(sk), 1, 8))::bit(32)::bigint) % shards
func Shard(sortKey string, shards int) int {
	if shards <= 1 {
		return 0
	}
	sum := md5.Sum([]byte(sortKey))
	return int(binary.BigEndian.Uint32(sum[:4]) % uint32(shards))
}

// ShardSQL returns a PostgreSQL expression equal to Shard(expr, shards) for
// a text expression expr, so the source query can order rows by shard.
func ShardSQL(expr string, shards int) string {
	if shards <= 1 {
		return "0"
	}
	return "((('x' || substr(md5(" + expr + "), 1, 8))::bit(32)::bigint) % " + strconv.Itoa(shards) + ")"
}
