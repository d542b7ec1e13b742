// Package testenv hands tests the real services pg2ddb talks to: a PostgreSQL
// database of their own, loaded with one of the shared sample datasets, and an
// aws-sdk-go-v2 DynamoDB client bound to a local endpoint.
//
// The services are started by scripts/services.sh (which `make test` wraps
// around `go test`) and found through environment variables:
//
//   - PG2DDB_TEST_DATABASE: a PostgreSQL URL whose role may CREATE DATABASE.
//     When unset, the server on 127.0.0.1:5432 (user postgres) is used.
//   - PG2DDB_TEST_DYNAMODB_ENDPOINT: the URL of a DynamoDB-compatible endpoint.
//     When unset, testenv starts dynalite from the repository's node_modules
//     for the test binary and stops it in Main.
//
// A missing service fails the test that needs it, with the reason; it is never
// a skip, because a green run that tested nothing would lie. The one skip is
// Long's: the long tests (whole datasets, killed processes, a browser) under
// `go test -short`, the inner loop's make test-short; make test runs them.
package testenv
