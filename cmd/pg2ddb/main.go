// Command pg2ddb moves a PostgreSQL database into Amazon DynamoDB: it inspects
// the schema, profiles the data, designs natural composite keys into a plan
// file that a person reviews, loads in interleaved order and verifies.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	// The first Ctrl-C (or SIGTERM) cancels ctx: a load stops reading,
	// lets the batches in flight finish and writes its checkpoint. A second
	// one exits at once. The goroutine lives as long as the process.
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		fmt.Fprintln(os.Stderr, "pg2ddb: stopping: finishing the writes in flight (Ctrl-C again to exit at once)")
		cancel()
		<-sig
		os.Exit(exitInterrupted)
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	cancel()
	os.Exit(code)
}
