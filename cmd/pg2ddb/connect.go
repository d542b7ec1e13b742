package main

import (
	"context"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/load"
	"github.com/spf13/pflag"
)

// sourceFlags says where the PostgreSQL source is: --source, else
// DATABASE_URL, else the libpq PG* variables (which pgx reads itself).
type sourceFlags struct {
	url string
	// maxConns bounds the sessions pg2ddb opens on the source, so that a
	// migration never takes more of a production server's (or replica's)
	// max_connections than its operator granted.
	maxConns int
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
		return nil, fmt.Errorf("source connection string: %s", redactErr(err, cs))
	}
	// pg2ddb only reads: every transaction it opens is read-only unless it
	// says otherwise, so a bug can never write to the source.
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	cfg.ConnConfig.RuntimeParams["application_name"] = "pg2ddb"
	// The pool is the only way pg2ddb opens source sessions, so its size
	// is the limit; a pool_max_conns in the connection string is
	// overridden, the flag being the one documented knob.
	cfg.MaxConns = int32(min(s.maxConns, math.MaxInt32))
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

// mask replaces every secret value in what pg2ddb prints.
const mask = "xxxxx"

// secretParams are the connection parameters whose values are secrets.
var secretParams = map[string]bool{"password": true, "sslpassword": true}

// redactURL returns a connection string, in URL or keyword/value form, with
// every password replaced by mask. It works on the text alone, without a
// successful parse, because the strings most likely to be printed are the
// ones that failed to parse: an unquoted keyword password with spaces
// ("password=my secret word", which libpq reads as "my" followed by two
// malformed keywords) is masked up to the next "keyword=", all its words. A
// URL that cannot be parsed is not shown at all.
func redactURL(cs string) string {
	red, _ := scanSecrets(cs)
	return red
}

// scanSecrets returns cs redacted and the secret values found in it, each
// as written and decoded, so that redactErr can remove them from messages
// that quote them in another form.
func scanSecrets(cs string) (string, []string) {
	if strings.HasPrefix(cs, "postgres://") || strings.HasPrefix(cs, "postgresql://") {
		return scanURLSecrets(cs)
	}
	return scanKeywordSecrets(cs)
}

func scanURLSecrets(cs string) (string, []string) {
	u, err := url.Parse(cs)
	if err != nil {
		// Where the password ends is unknowable; show nothing of it.
		return "(a connection URL that cannot be parsed)", urlFragments(cs)
	}
	var secrets []string
	if u.User != nil {
		if p, has := u.User.Password(); has {
			secrets = append(secrets, p, url.QueryEscape(p), url.PathEscape(p))
			u.User = url.UserPassword(u.User.Username(), mask)
		}
	}
	// The query is rewritten in place, not through url.Values, so the
	// order of the other parameters is kept.
	parts := strings.Split(u.RawQuery, "&")
	for i, kv := range parts {
		k, v, _ := strings.Cut(kv, "=")
		key, err := url.QueryUnescape(k)
		if err != nil || !secretParams[strings.ToLower(key)] {
			continue
		}
		secrets = append(secrets, v)
		if dv, err := url.QueryUnescape(v); err == nil {
			secrets = append(secrets, dv)
		}
		parts[i] = k + "=" + mask
	}
	u.RawQuery = strings.Join(parts, "&")
	return u.String(), secrets
}

// urlFragments returns the pieces of an unparsable URL that may be a
// password: the text between the first ':' after the scheme and the '@',
// and every query value.
func urlFragments(cs string) []string {
	var out []string
	rest := cs[strings.Index(cs, "://")+3:]
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		if _, p, ok := strings.Cut(rest[:at], ":"); ok {
			out = append(out, p)
		}
	}
	if _, q, ok := strings.Cut(rest, "?"); ok {
		for _, kv := range strings.Split(q, "&") {
			if _, v, ok := strings.Cut(kv, "="); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// scanKeywordSecrets walks a keyword/value connection string as libpq does
// (key, optional spaces, '=', optional spaces, a value quoted with ' and \
// escapes or unquoted up to a space), masking the values of secretParams.
// An unquoted secret runs on over following words that are not
// "keyword=", since that is what its author meant.
func scanKeywordSecrets(cs string) (string, []string) {
	var b strings.Builder
	var secrets []string
	i := 0
	for i < len(cs) {
		start := i
		for i < len(cs) && isSpace(cs[i]) {
			i++
		}
		k := i
		for i < len(cs) && cs[i] != '=' && !isSpace(cs[i]) {
			i++
		}
		key := cs[k:i]
		j := i
		for j < len(cs) && isSpace(cs[j]) {
			j++
		}
		if j >= len(cs) || cs[j] != '=' {
			// Not "key=": a stray word; copied as it is.
			b.WriteString(cs[start:i])
			continue
		}
		j++
		for j < len(cs) && isSpace(cs[j]) {
			j++
		}
		b.WriteString(cs[start:j])
		v := j
		if j < len(cs) && cs[j] == '\'' {
			j++
			for j < len(cs) && cs[j] != '\'' {
				if cs[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(cs) {
				j++ // the closing quote
			}
		} else {
			for j < len(cs) && !isSpace(cs[j]) {
				j++
			}
			if secretParams[strings.ToLower(key)] {
				for {
					next := nextWordEnd(cs, j)
					if next == j || looksLikeKeyword(cs[j:next]) {
						break
					}
					j = next
				}
			}
		}
		if secretParams[strings.ToLower(key)] {
			val := cs[v:j]
			secrets = append(secrets, val, strings.Trim(val, "'"))
			secrets = append(secrets, strings.Fields(strings.Trim(val, "'"))...)
			b.WriteString(mask)
		} else {
			b.WriteString(cs[v:j])
		}
		i = j
	}
	return b.String(), secrets
}

// nextWordEnd returns the end of the space-separated word after i, or i
// when only spaces follow.
func nextWordEnd(cs string, i int) int {
	j := i
	for j < len(cs) && isSpace(cs[j]) {
		j++
	}
	if j == len(cs) {
		return i
	}
	for j < len(cs) && !isSpace(cs[j]) {
		j++
	}
	return j
}

// looksLikeKeyword reports whether s (spaces, then a word) starts a
// "keyword=" pair: letters and underscores followed by '='.
func looksLikeKeyword(s string) bool {
	s = strings.TrimLeft(s, " \t\n\r\f\v")
	k, _, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return false
	}
	for _, r := range k {
		if !(r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')) {
			return false
		}
	}
	return true
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// redactErr renders err with every secret of cs removed, since pgx errors
// may quote the connection string (its own redaction stops at the first
// space of an unquoted password). The secrets are those written in cs and
// the password pgx resolves from it, PGPASSWORD, a password file or a
// service file included.
func redactErr(err error, cs string) string {
	_, secrets := scanSecrets(cs)
	if cfg, perr := pgconn.ParseConfig(cs); perr == nil && cfg.Password != "" {
		secrets = append(secrets, cfg.Password)
	}
	// Longest first, so a whole value goes before the words inside it.
	sort.Slice(secrets, func(i, j int) bool { return len(secrets[i]) > len(secrets[j]) })
	msg := err.Error()
	for _, s := range secrets {
		msg = scrub(msg, s)
	}
	return msg
}

// scrub replaces s in msg by mask. A short s (a password word such as "my")
// is replaced only where it stands as a word of its own, so that it does
// not eat into the rest of the message; a longer one everywhere.
func scrub(msg, s string) string {
	if s == "" || s == mask {
		return msg
	}
	if len(s) >= 4 {
		return strings.ReplaceAll(msg, s, mask)
	}
	var b strings.Builder
	for {
		i := strings.Index(msg, s)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		end := i + len(s)
		if (i == 0 || !isWordByte(msg[i-1])) && (end == len(msg) || !isWordByte(msg[end])) {
			b.WriteString(msg[:i])
			b.WriteString(mask)
		} else {
			b.WriteString(msg[:end])
		}
		msg = msg[end:]
	}
}

func isWordByte(c byte) bool {
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
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

// writeClient is the SDK's default HTTP client with buffers that hold a
// whole BatchWriteItem call: with the default 4 KiB buffer a 25-item call
// (typically 5–20 KiB) leaves the process in several write system calls,
// which measured as the loader's largest single CPU cost; one buffer of
// 64 KiB per connection sends most calls in one.
func writeClient() *awshttp.BuildableClient {
	return awshttp.NewBuildableClient().WithTransportOptions(func(tr *http.Transport) {
		tr.WriteBufferSize = 64 << 10
		tr.ReadBufferSize = 16 << 10
	})
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
		o.HTTPClient = load.InMemoryBodies(writeClient())
		if t.endpoint != "" {
			o.BaseEndpoint = aws.String(t.endpoint)
		}
	}), nil
}
