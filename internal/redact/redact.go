package redact

import (
	"net/url"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Mask replaces every secret value in what pg2ddb prints.
const Mask = "xxxxx"

// secretParams are the connection parameters whose values are secrets.
var secretParams = map[string]bool{"password": true, "sslpassword": true}

// ConnString returns a connection string, in URL or keyword/value form,
// with every password replaced by Mask. It works on the text alone, without
// a successful parse, because the strings most likely to be printed are the
// ones that failed to parse: an unquoted keyword password with spaces
// ("password=my secret word", which libpq reads as "my" followed by two
// malformed keywords) is masked up to the next "keyword=", all its words. A
// URL that cannot be parsed is not shown at all.
func ConnString(cs string) string {
	red, _ := scanSecrets(cs)
	return red
}

// scanSecrets returns cs redacted and the secret values found in it, each
// as written and decoded, so that Error can remove them from messages
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
			u.User = url.UserPassword(u.User.Username(), Mask)
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
		parts[i] = k + "=" + Mask
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
			b.WriteString(Mask)
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

// Error renders err with every secret of cs removed, since pgx errors
// may quote the connection string (its own redaction stops at the first
// space of an unquoted password). The secrets are those written in cs and
// the password pgx resolves from it, PGPASSWORD, a password file or a
// service file included.
func Error(err error, cs string) string {
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

// scrub replaces s in msg by Mask wherever it stands as a token of its
// own: an end of s that is a letter, digit or underscore must not touch
// another one in msg. A password that is a word ("word") is removed from
// "password=word" without eating into "password"; a password that begins
// or ends with punctuation needs no boundary on that side.
func scrub(msg, s string) string {
	if s == "" || s == Mask {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.Index(msg, s)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		end := i + len(s)
		left := !isWordByte(s[0]) || i == 0 || !isWordByte(msg[i-1])
		right := !isWordByte(s[len(s)-1]) || end == len(msg) || !isWordByte(msg[end])
		if left && right {
			b.WriteString(msg[:i])
			b.WriteString(Mask)
			msg = msg[end:]
			continue
		}
		// Not a token here: keep its first byte and look again after it,
		// so an occurrence that overlaps this one is still found.
		b.WriteString(msg[:i+1])
		msg = msg[i+1:]
	}
}

func isWordByte(c byte) bool {
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}
