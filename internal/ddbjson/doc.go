// Package ddbjson holds what the loader and the DynamoDB simulator both
// need to write DynamoDB's JSON by hand.
package ddbjson
