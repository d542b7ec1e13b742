// Command pg2ddb moves a PostgreSQL database into Amazon DynamoDB: it inspects
// the schema, profiles the data, designs natural composite keys into a plan
// file that a person reviews, loads in interleaved order and verifies.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
