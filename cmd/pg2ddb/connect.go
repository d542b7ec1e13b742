package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"runtime"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/redact"
	"github.com/pg2ddb/pg2ddb/load"
)

// sourceFlags says where the PostgreSQL source is: --source, else
// DATABASE_URL, else the libpq PG* variables (which pgx reads itself).
type sourceFlags struct {
	url string
	// maxConns bounds the sessions pg2ddb opens on the source, so that a
	// migration never takes more of a production server's (or replica's)
	// max_connections than its operator granted.
	maxConns int
	// stderr receives the note that libpq's defaults are in use.
	stderr io.Writer
}

// libpqVariables are the environment variables that point pgx at a server
// or database the way they point psql.
var libpqVariables = []string{"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE", "PGSERVICEFILE"}

// origin says where the connection settings come from: "--source",
// "DATABASE_URL", "the PG* variables", or "" for none of them (libpq's
// defaults: a local socket, a database named after the OS user).
func (s *sourceFlags) origin() string {
	switch {
	case s.url != "":
		return "--source"
	case os.Getenv("DATABASE_URL") != "":
		return "DATABASE_URL"
	}
	for _, v := range libpqVariables {
		if os.Getenv(v) != "" {
			return "the PG* variables"
		}
	}
	return ""
}

// defaultsNote is what a message adds when libpq's defaults chose the
// server: that nothing was given, and what was tried.
func defaultsNote(c pgconn.Config) string {
	return fmt.Sprintf("no --source, DATABASE_URL or PG* variable is set, so libpq's defaults were used: %s", describeConn(c))
}

// defaultSourceConnections is the default of --source-max-connections: a
// fixed number rather than pgxpool's default (the client's CPU count, at
// least 4), since what the source can spare does not depend on the machine
// pg2ddb runs on.
const defaultSourceConnections = 4

func (s *sourceFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.url, "source", "", "PostgreSQL connection string (default: $DATABASE_URL, else the PG* variables)")
	fs.IntVar(&s.maxConns, "source-max-connections", defaultSourceConnections, "at most this many sessions on the source at once")
}

// defaultReaders is --readers when it is not given: 4 source sessions,
// within --source-max-connections, and when the source server runs on this
// machine at most half its cores. Parallel readers pay off when the server
// has cores of its own to spare; a local server's backends share pg2ddb's
// cores with its decoding and encoding, and every reader past the first
// adds server CPU without reading faster: a ctid range scan costs more per
// row than the plain scan one reader does (measured on 2 cores and a 1M-row
// table: a 4-reader export took 3.5–3.8 s and 7.2 s of the machine's CPU,
// a 1-reader export 2.8–3.3 s and 5.5 s).
func (s *sourceFlags) defaultReaders() int {
	n := min(4, max(1, s.maxConns))
	if cfg, err := pgconn.ParseConfig(s.connString()); err == nil && isLocalHost(cfg.Host) {
		n = min(n, max(1, runtime.NumCPU()/2))
	}
	return n
}

// isLocalHost reports whether a PostgreSQL host names this machine: a
// Unix socket directory or a loopback name or address.
func isLocalHost(host string) bool {
	if strings.HasPrefix(host, "/") || strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// connString returns the connection string to use; empty means "let pgx read
// the PG* environment variables".
func (s *sourceFlags) connString() string {
	if s.url != "" {
		return s.url
	}
	return os.Getenv("DATABASE_URL")
}

// connect opens a pool on the source of at most --source-max-connections
// sessions. Errors name the server without its password.
func (s *sourceFlags) connect(ctx context.Context) (*pgxpool.Pool, error) {
	if s.maxConns < 1 {
		return nil, fmt.Errorf("--source-max-connections must be at least 1, got %d", s.maxConns)
	}
	cs := s.connString()
	cfg, err := pgxpool.ParseConfig(cs)
	if err != nil {
		return nil, fmt.Errorf("source connection string: %s", redact.Error(err, cs))
	}
	// pg2ddb only reads: every transaction it opens is read-only unless it
	// says otherwise, so a bug can never write to the source.
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	cfg.ConnConfig.RuntimeParams["application_name"] = "pg2ddb"
	extract.BufferReads(&cfg.ConnConfig.Config)
	// The pool is the only way pg2ddb opens source sessions, so its size
	// is the limit; a pool_max_conns in the connection string is
	// overridden, the flag being the one documented knob.
	cfg.MaxConns = int32(min(s.maxConns, math.MaxInt32))
	fromDefaults := s.origin() == ""
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err == nil {
		if err = pool.Ping(ctx); err != nil {
			pool.Close()
		}
	}
	if err != nil {
		if fromDefaults {
			return nil, fmt.Errorf("connect to %s: %s (%s; give --source or set DATABASE_URL)",
				describeConn(cfg.ConnConfig.Config), redact.Error(err, cs), defaultsNote(cfg.ConnConfig.Config))
		}
		return nil, fmt.Errorf("connect to %s: %s", describeConn(cfg.ConnConfig.Config), redact.Error(err, cs))
	}
	if fromDefaults && s.stderr != nil {
		fmt.Fprintln(s.stderr, "pg2ddb: "+defaultsNote(cfg.ConnConfig.Config))
	}
	return pool, nil
}

// describeConn names a server as user@host:port/database, never with a
// password. No database means the server's default, the user's name.
func describeConn(c pgconn.Config) string {
	return fmt.Sprintf("postgres://%s@%s:%d/%s", c.User, c.Host, c.Port, or(c.Database, c.User))
}

// targetFlags says where DynamoDB is: the standard AWS chain, with
// --endpoint-url and --region on top.
type targetFlags struct {
	endpoint string
	region   string
}

func (t *targetFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&t.endpoint, "endpoint-url", "", "DynamoDB endpoint URL (default: the AWS chain, e.g. $AWS_ENDPOINT_URL_DYNAMODB)")
	fs.StringVar(&t.region, "region", "", "AWS region (default: the AWS chain, e.g. $AWS_REGION)")
}

// client builds a DynamoDB client from the AWS configuration chain.
func (t *targetFlags) client(ctx context.Context) (*dynamodb.Client, error) {
	cfg, err := awsConfig(ctx, t.region, t.endpoint, "AWS_ENDPOINT_URL_DYNAMODB")
	if err != nil {
		return nil, err
	}
	return load.NewClient(cfg, t.endpoint), nil
}

// awsConfig loads the AWS configuration chain with region on top. When no
// region is set anywhere, a local server — endpoint, or serviceEndpointEnv
// or AWS_ENDPOINT_URL in the environment — gets us-east-1, which it
// ignores; AWS itself needs the user's region.
func awsConfig(ctx context.Context, region, endpoint, serviceEndpointEnv string) (aws.Config, error) {
	var opts []func(*config.LoadOptions) error
	if region != "" {
		opts = append(opts, config.WithRegion(region))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("load AWS configuration: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
		if endpoint == "" && os.Getenv(serviceEndpointEnv) == "" && os.Getenv("AWS_ENDPOINT_URL") == "" {
			return aws.Config{}, errors.New("no AWS region: set --region or AWS_REGION")
		}
	}
	// Credentials are resolved now, before any work, so that their
	// absence is one line saying where they were looked for rather than
	// the SDK's chain of instance-metadata errors at the first call.
	if _, err := cfg.Credentials.Retrieve(ctx); err != nil {
		if ctx.Err() != nil {
			return aws.Config{}, ctx.Err()
		}
		return aws.Config{}, noCredentials()
	}
	return cfg, nil
}

// noCredentials says where the AWS chain looked for credentials and how to
// give some.
func noCredentials() error {
	profile := or(os.Getenv("AWS_PROFILE"), "default")
	credFile := or(os.Getenv("AWS_SHARED_CREDENTIALS_FILE"), config.DefaultSharedCredentialsFilename())
	confFile := or(os.Getenv("AWS_CONFIG_FILE"), config.DefaultSharedConfigFilename())
	return fmt.Errorf("no AWS credentials: looked in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile %q of %s and %s, web identity, and the container and instance roles; set AWS_PROFILE or the access keys (any values do for a local endpoint)",
		profile, credFile, confFile)
}
