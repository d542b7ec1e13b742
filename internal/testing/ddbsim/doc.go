// Package ddbsim is a local DynamoDB endpoint that models what dynalite does
// not: partitions with write budgets, throttling with UnprocessedItems,
// injected faults, and a count-only sink fast enough to measure a loader.
//
// It speaks the DynamoDB JSON 1.0 protocol as aws-sdk-go-v2 sends it
// (X-Amz-Target DynamoDB_20120810.*, signatures accepted and not verified)
// for CreateTable, DescribeTable, DeleteTable, ListTables, BatchWriteItem,
// PutItem, GetItem, BatchGetItem and Scan, and ImportTable, DescribeImport,
// StartBulkPutItems and DescribeBulkOperation reading from an S3 endpoint
// (ops_import.go), and reports errors in DynamoDB's
// wire format so the SDK returns the same typed errors and codes as AWS.
// Validation messages are copied from dynalite, which copies DynamoDB.
//
// # Partitions and budgets
//
// Each table has P partitions: Options.Partitions if set, otherwise
// max(ceil(RCU/3000 + WCU/1000), 1) for a provisioned table and 4 for an
// on-demand one. An item's partition is found from the MD5 of its partition
// key value (UTF-8 bytes for S, canonical number text for N, raw bytes for B):
// the first 64 bits of the digest are split into P equal ranges, so one
// partition key value always lands on one partition. Every partition has a
// write budget (Options.PartitionWCU, default 1,000 WCU/s) and the table has
// one too (Options.TableWCU, else the provisioned WCU, else P times the
// partition budget). Budgets are token buckets holding BurstSeconds of
// budget. A put costs ceil(size/1 KB) WCU with size computed by DynamoDB's
// item size rules; a delete costs 1 WCU. Writes over budget come back in
// UnprocessedItems; a BatchWriteItem in which nothing was written because of
// the budget fails with ProvisionedThroughputExceededException, as does a
// PutItem over budget. Reads are not budgeted.
//
// # Simulated time
//
// Options.TimeScale runs the simulation faster than the wall clock:
// simulated time = wall time since Start * TimeScale. Budgets and all
// reported figures (per-second series, rates) are in simulated units, so with
// TimeScale 50 a 1,000 WCU/s partition accepts 50,000 WCU per wall second and
// a 100 s simulated load takes 2 s. Options.Clock replaces the wall clock:
// with a ManualClock, simulated time moves only when the caller advances it,
// so throttling is deterministic and takes no wall time.
//
// # Faults
//
// Options.Faults injects, per eligible request and in arrival order,
// dropped connections (closed without a response), 500 InternalServerError,
// 400 ThrottlingException, added latency, and a share of BatchWriteItem items
// returned unprocessed. All draws come from one PRNG seeded with Options.Seed
// and taken under a mutex, so sequential requests see the same faults for the
// same seed; FaultLog returns the sequence.
//
// # Modes
//
// ModeStore keeps items in memory so GetItem, BatchGetItem and Scan return
// them. ModeCount validates, budgets and counts writes but stores nothing.
package ddbsim
