package redact

import (
	"errors"
	"strings"
	"testing"
)

func TestConnString(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"URL password", "postgres://me:s3cret@db:5432/shop", "postgres://me:xxxxx@db:5432/shop"},
		{"postgresql scheme", "postgresql://me:s3cret@db/shop", "postgresql://me:xxxxx@db/shop"},
		{"URL password with escaped spaces", "postgres://me:zebra42%20quokka77@db/shop", "postgres://me:xxxxx@db/shop"},
		{"query password", "postgres://me@db/shop?password=s3cret", "postgres://me@db/shop?password=xxxxx"},
		{"query sslpassword keeps the order", "postgres://me@db/shop?sslmode=require&sslpassword=s3cret&connect_timeout=2",
			"postgres://me@db/shop?sslmode=require&sslpassword=xxxxx&connect_timeout=2"},
		{"query key in capitals", "postgres://me@db/shop?PassWord=s3cret", "postgres://me@db/shop?PassWord=xxxxx"},
		{"URL without password", "postgres://me@db/shop", "postgres://me@db/shop"},
		{"unparsable URL", "postgres://me:s3%zz@db/shop", "(a connection URL that cannot be parsed)"},
		{"keyword", "host=db user=me password=s3cret dbname=shop", "host=db user=me password=xxxxx dbname=shop"},
		{"keyword sslpassword", "host=db sslpassword=s3cret", "host=db sslpassword=xxxxx"},
		{"keyword with spaces round =", "host=db password = s3cret dbname=shop", "host=db password = xxxxx dbname=shop"},
		{"unquoted words up to the next keyword", "host=db password=my secret word dbname=shop", "host=db password=xxxxx dbname=shop"},
		{"unquoted words to the end", "host=db password=my secret word", "host=db password=xxxxx"},
		{"quoted with an escaped quote", `host=db password='it\'s a secret' dbname=shop`, "host=db password=xxxxx dbname=shop"},
		{"keyword without password", "host=db user=me dbname=shop", "host=db user=me dbname=shop"},
		{"stray word", "host=db password", "host=db password"},
		{"empty", "", ""},
	} {
		if got := ConnString(c.in); got != c.want {
			t.Errorf("%s: ConnString(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

func TestError(t *testing.T) {
	for _, c := range []struct{ name, cs, msg, want string }{
		{"URL password quoted", "postgres://me:s3cret@db/shop", "cannot parse `postgres://me:s3cret@db/shop`: oops",
			"cannot parse `postgres://me:xxxxx@db/shop`: oops"},
		{"URL password escaped", "postgres://me:a%20b%2Fc@db/shop", "dial postgres://me:a%20b%2Fc@db: refused; password a b/c",
			"dial postgres://me:xxxxx@db: refused; password xxxxx"},
		{"unparsable URL fragment", "postgres://me:s3%zz@db/shop", "parse \"postgres://me:s3%zz@db/shop\": invalid escape",
			"parse \"postgres://me:xxxxx@db/shop\": invalid escape"},
		// The whole value goes before the words in it: one mask, not one
		// per word.
		{"unquoted words whole", "host=db password=zebra42 quokka77 dbname=shop", "bad password=zebra42 quokka77 here",
			"bad password=xxxxx here"},
		{"unquoted words apart", "host=db password=zebra42 quokka77 dbname=shop", "invalid keyword quokka77 after zebra42",
			"invalid keyword xxxxx after xxxxx"},
		// A short secret is a word of its own only: it does not eat into
		// other words of the message.
		{"short words", "host=db password=my pw dbname=shop", "my pw: mysql pwd failed for my, pw",
			"xxxxx: mysql pwd failed for xxxxx, xxxxx"},
		// A secret of any length is a token of its own: "word" is not
		// scrubbed out of "password" ("passxxxxx=") nor "pass" out of
		// "bypass".
		{"longer word", "host=db password=my pass dbname=shop", "bypass for my",
			"bypass for xxxxx"},
		{"word inside a keyword", "host=db password=word dbname=shop", "bad password=word; password words",
			"bad password=xxxxx; password words"},
		// An end of the secret that is punctuation needs no boundary.
		{"punctuation at the ends", "host=db password='!x9!' dbname=shop", "got a!x9!b",
			"got axxxxxb"},
		{"nothing secret", "host=db user=me", "connection refused", "connection refused"},
	} {
		if got := Error(errors.New(c.msg), c.cs); got != c.want {
			t.Errorf("%s: Error(%q, %q) = %q, want %q", c.name, c.msg, c.cs, got, c.want)
		}
	}
}

// TestErrorRemovesPasswordsPgxResolves pins that a password not written in
// the connection string, but found by pgx in PGPASSWORD, is removed too.
func TestErrorRemovesPasswordsPgxResolves(t *testing.T) {
	t.Setenv("PGPASSWORD", "kiwi31emu64")
	got := Error(errors.New("server said: password kiwi31emu64 rejected"), "host=db user=me")
	if strings.Contains(got, "kiwi31emu64") || !strings.Contains(got, Mask) {
		t.Errorf("Error = %q, want the PGPASSWORD value masked", got)
	}
}
