package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/pflag"
)

// sourceFlags says where the PostgreSQL source is: --source, else
// DATABASE_URL, else the libpq PG* variables (which pgx reads itself).
type sourceFlags struct {
	url string
}

func (s *sourceFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.url, "source", "", "PostgreSQL connection string (default: $DATABASE_URL, else the PG* variables)")
}

// connString returns the connection string to use; empty means "let pgx read
// the PG* environment variables".
func (s *sourceFlags) connString() string {
	if s.url != "" {
		return s.url
	}
	return os.Getenv("DATABASE_URL")
}

// connect opens a pool on the source. Errors name the server without its
// password.
func (s *sourceFlags) connect(ctx context.Context) (*pgxpool.Pool, error) {
	cs := s.connString()
	cfg, err := pgxpool.ParseConfig(cs)
	if err != nil {
		return nil, fmt.Errorf("source connection string: %s", redactErr(err, cs))
	}
	// pg2ddb only reads: every transaction it opens is read-only unless it
	// says otherwise, so a bug can never write to the source.
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	cfg.ConnConfig.RuntimeParams["application_name"] = "pg2ddb"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %s", describeConn(cfg.ConnConfig.Config), redactErr(err, cs))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to %s: %s", describeConn(cfg.ConnConfig.Config), redactErr(err, cs))
	}
	return pool, nil
}

// describeConn names a server as user@host:port/database, never with a password.
func describeConn(c pgconn.Config) string {
	return fmt.Sprintf("postgres://%s@%s:%d/%s", c.User, c.Host, c.Port, c.Database)
}

// redactURL returns a connection string with any password replaced by "xxxxx".
func redactURL(cs string) string {
	u, err := url.Parse(cs)
	if err != nil || u.User == nil {
		return redactKeywords(cs)
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// redactKeywords hides password=… in a keyword/value connection string.
func redactKeywords(cs string) string {
	cfg, err := pgconn.ParseConfig(cs)
	if err != nil || cfg.Password == "" {
		return cs
	}
	return strings.ReplaceAll(cs, cfg.Password, "xxxxx")
}

// redactErr renders err with the password of cs removed, since pgx errors
// may quote the connection string.
func redactErr(err error, cs string) string {
	msg := err.Error()
	if cfg, perr := pgconn.ParseConfig(cs); perr == nil && cfg.Password != "" {
		msg = strings.ReplaceAll(msg, cfg.Password, "xxxxx")
	}
	if u, perr := url.Parse(cs); perr == nil && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
			msg = strings.ReplaceAll(msg, url.QueryEscape(p), "xxxxx")
		}
	}
	return msg
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
	var opts []func(*config.LoadOptions) error
	if t.region != "" {
		opts = append(opts, config.WithRegion(t.region))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("load AWS configuration: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
		if t.endpoint == "" && os.Getenv("AWS_ENDPOINT_URL_DYNAMODB") == "" && os.Getenv("AWS_ENDPOINT_URL") == "" {
			return nil, fmt.Errorf("no AWS region: set --region or AWS_REGION")
		}
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if t.endpoint != "" {
			o.BaseEndpoint = aws.String(t.endpoint)
		}
	}), nil
}
