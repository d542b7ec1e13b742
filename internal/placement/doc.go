// Package placement is the model of how DynamoDB spreads a table over its
// partitions: which partition a partition key value hashes to, how many
// partitions a new table starts with, and what one partition can absorb.
//
// The test simulator places items with it and `pg2ddb review` draws its
// partition heat from it, so the picture drawn before a load is the
// placement the simulated load uses. It is a model, not AWS's hash: real
// tables place keys by a hash AWS does not publish, with the same uniform
// spread.
package placement
