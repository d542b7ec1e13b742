// Package pipeline is what the pipelines that write DynamoDB (load and
// s3load) report to their caller: each table's Progress, and the errors
// that end a run early, ErrInterrupted and TooManyRejectsError.
package pipeline
