// Package item turns a plan table's rows into DynamoDB items as every
// pipeline writes them: the Encoder (DynamoDB's JSON wire form for the
// loader and the S3 export, attribute values for verify and review), the
// item Key in its text and map forms, the reject record and the rejects
// file, and the Fingerprint of what in a plan decides a table's items.
package item
