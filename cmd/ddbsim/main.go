// Command ddbsim runs the local DynamoDB endpoint simulator (package
// internal/testing/ddbsim) as a server for manual runs and benchmarks. It prints the
// endpoint URL on stderr and, on SIGINT or SIGTERM, writes the collected
// statistics as JSON to -stats (stdout by default) and exits.
//
//	ddbsim -port 8000 -partitions 4 -wcu 1000 -scale 10 -mode count
//	AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 pg2ddb ...
//
// With -s3-port it also serves an in-memory S3 (gofakes3) that its
// ImportTable and StartBulkPutItems read from, for pg2ddb's S3 path:
//
//	ddbsim -port 8000 -s3-port 9000 -s3-buckets exports
//	pg2ddb export PLAN --to s3://exports/x --s3-endpoint-url http://127.0.0.1:9000
//	pg2ddb import PLAN --from s3://exports/x --s3-endpoint-url http://127.0.0.1:9000 --endpoint-url http://127.0.0.1:8000
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "ddbsim:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ddbsim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		host      = fs.String("host", "127.0.0.1", "address to listen on")
		port      = fs.Int("port", 8000, "port to listen on (0: any free port)")
		mode      = fs.String("mode", "store", "store (keep items for reads) or count (validate and count only)")
		statsPath = fs.String("stats", "-", "file the statistics JSON is written to on exit; - for stdout")
		profile   = fs.String("cpu-profile", "", "write a Go CPU profile of the server to this file until it exits")
		s3Port    = fs.Int("s3-port", -1, "also serve an in-memory S3 (gofakes3) on this port (0: any free port), and read imports and bulk puts from it")
		s3URL     = fs.String("s3-endpoint", "", "S3 endpoint ImportTable and StartBulkPutItems read from (path-style), when not -s3-port")
		buckets   = fs.String("s3-buckets", "", "buckets to create in the -s3-port server, comma-separated")
		opts      ddbsim.Options
	)
	fs.IntVar(&opts.Partitions, "partitions", 0, "partitions per table (0: from provisioned capacity; 4 for on-demand)")
	fs.Float64Var(&opts.PartitionWCU, "wcu", 1000, "write budget per partition, WCU per simulated second")
	fs.Float64Var(&opts.TableWCU, "table-wcu", 0, "write budget per table (0: provisioned WCU, or partitions x -wcu)")
	fs.Float64Var(&opts.BurstSeconds, "burst", 0.1, "token bucket size in seconds of budget")
	fs.Float64Var(&opts.TimeScale, "scale", 1, "simulated seconds per wall-clock second; budgets scale with it")
	fs.DurationVar(&opts.CreateDelay, "create-delay", 0, "time a new table stays CREATING")
	fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the fault PRNG; the same seed gives the same fault sequence")
	fs.Float64Var(&opts.Faults.InternalErrorRate, "fault-500", 0, "share of data requests failed with 500 InternalServerError")
	fs.Float64Var(&opts.Faults.ThrottleRate, "fault-throttle", 0, "share of data requests failed with ThrottlingException")
	fs.Float64Var(&opts.Faults.DropRate, "fault-drop", 0, "share of data requests whose connection is closed without a response")
	fs.Float64Var(&opts.Faults.UnprocessedRate, "fault-unprocessed", 0, "share of BatchWriteItem items returned in UnprocessedItems")
	fs.DurationVar(&opts.Faults.Latency, "latency", 0, "latency added to every data request")
	fs.DurationVar(&opts.Faults.LatencyJitter, "jitter", 0, "random extra latency, uniform in [0, jitter)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	m, err := ddbsim.ParseMode(*mode)
	if err != nil {
		return err
	}
	opts.Mode = m

	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *s3Port >= 0 {
		url, closeS3, err := serveS3(*host, *s3Port, *buckets)
		if err != nil {
			return err
		}
		defer closeS3()
		fmt.Fprintf(stderr, "ddbsim: S3 (gofakes3, in memory) listening on %s\n", url)
		*s3URL = url
	}
	if *s3URL != "" {
		opts.S3 = ddbsim.NewS3Store(*s3URL)
	}
	srv, err := ddbsim.Start(fmt.Sprintf("%s:%d", *host, *port), opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "ddbsim: %s mode, listening on %s (time scale %v)\n", m, srv.URL(), opts.TimeScale)
	<-ctx.Done()
	stats := srv.Stats()
	if err := srv.Close(); err != nil {
		return fmt.Errorf("close server: %w", err)
	}
	return writeStats(stats, *statsPath, stdout)
}

func writeStats(stats ddbsim.Stats, path string, stdout io.Writer) error {
	b, err := json.MarshalIndent(stats, "", "  ")
	if err != nil {
		return fmt.Errorf("encode statistics: %w", err)
	}
	b = append(b, '\n')
	if path == "-" {
		_, err = stdout.Write(b)
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("write statistics: %w", err)
	}
	return nil
}
