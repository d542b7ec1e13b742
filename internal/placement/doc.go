// Package placement is the model of how DynamoDB spreads a table over its
// partitions: which partition a partition key value hashes to, how many
// partitions a new table starts with, what one partition can absorb, and
// so how long a load takes when its writes land unevenly (Place,
// Spread.Seconds).
//
// The test simulator places items with it, `pg2ddb plan` estimates load
// times and sizes write shards with it, and `pg2ddb review` draws its
// partition heat from it, so the time a plan states, the picture drawn
// before a load and the placement the simulated load uses agree. It is a
// model, not AWS's hash: real tables place keys by a hash AWS does not
// publish, with the same uniform spread.
package placement
