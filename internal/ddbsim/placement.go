package ddbsim

import (
	"crypto/md5"
	"encoding/binary"
	"math"
)

// DefaultPartitionWCU is the write budget of one simulated partition, in
// WCU/s, when Options.PartitionWCU is not set: DynamoDB's per-partition
// limit of 1,000 write units a second.
const DefaultPartitionWCU = 1000

// DefaultBurstSeconds is how many seconds of budget a partition's token
// bucket holds when Options.BurstSeconds is not set.
const DefaultBurstSeconds = 0.1

// PartitionOf returns the partition, of partitions, that the simulator puts
// a partition key value on: typ is "S", "N" or "B", and value is the
// string, the number text (any valid form; it is made canonical first, as
// the server does) or the raw bytes. It is the server's own placement,
// exported so that pictures drawn before a load (pg2ddb review's partition
// heat) place keys exactly where the simulated load will.
func PartitionOf(typ, value string, partitions int) int {
	if partitions <= 1 {
		return 0
	}
	var h uint64
	switch typ {
	case "N":
		h = hashKey('N', canonicalNum(value))
	case "B":
		// hashKey takes B values as base64; hash the raw bytes directly.
		sum := md5.Sum([]byte(value))
		h = binary.BigEndian.Uint64(sum[:8])
	default:
		h = hashKey('S', value)
	}
	return rangeOf(h, partitions)
}

// PartitionsFor is the number of partitions a new table gets when
// Options.Partitions is not set: max(⌈RCU/3000 + WCU/1000⌉, 1) when
// provisioned, 4 on demand (a new on-demand table starts around 4,000
// WCU/s).
func PartitionsFor(provisioned bool, rcu, wcu int64) int {
	if !provisioned {
		return 4
	}
	return max(int(math.Ceil(float64(rcu)/3000+float64(wcu)/1000)), 1)
}
