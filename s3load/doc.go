// Package s3load hands a load to AWS's own engine through S3: Export
// writes a plan's items to S3 as gzip- or zstd-compressed DynamoDB JSON
// with a manifest (resumable, rejects kept as a load keeps them); Import
// creates the target tables from an export with ImportTable; BulkPut writes
// an export into existing tables with StartBulkPutItems and merges the items
// it could not write, read from its error report, into the rejects file.
package s3load
