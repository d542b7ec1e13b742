package load

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/encoding/httpbinding"
)

// leanSigner signs the lean sender's requests with SigV4 header signing
// as the SDK's v4.Signer does, byte for byte, without its per-call
// garbage: the SDK's SignHTTP builds a header map, parses the (empty)
// query, escapes the path, lowercases and sorts the header names and
// joins strings on every call (about 5% of a load's CPU in pprof, as much
// as the body's own SHA-256). The lean signer takes the canonical URI,
// query and host of each endpoint once (leanSigning) and writes the
// canonical request into one reused buffer.
//
// It is used for an endpoint only after signing a probe request to it
// both ways gave the same headers (probeLeanSigning), so a signer the
// lean one does not reproduce (a custom HTTPSignerV4, a v4.Signer with
// other options, a future SDK that signs differently) keeps signing.
type leanSigner struct {
	// key is the signing key last derived, reused while the secret,
	// day, region and service stay the same.
	key atomic.Pointer[signingKey]
	// date is the last signing time formatted, reused within its second.
	date atomic.Pointer[amzDate]
}

type signingKey struct {
	secret, day, region, service string
	key                          []byte
	// macs recycles HMACs keyed with key: a fresh one hashes the key's
	// two pads again and allocates its two hashes on every call.
	macs sync.Pool
}

// amzDate is a signing time to the second and its X-Amz-Date text.
type amzDate struct {
	unix int64
	text string
}

// amzDateOf is t's X-Amz-Date text (UTC, to the second).
func (s *leanSigner) amzDateOf(t time.Time) string {
	unix := t.Unix()
	if d := s.date.Load(); d != nil && d.unix == unix {
		return d.text
	}
	var date [16]byte
	text := string(t.UTC().AppendFormat(date[:0], "20060102T150405Z"))
	s.date.Store(&amzDate{unix: unix, text: text})
	return text
}

// leanSigning is what the signature of a request to an endpoint takes
// from its URL, computed once. An endpoint with a query or an opaque URL
// is signed by the SDK (see probeLeanSigning).
type leanSigning struct {
	uri string
	// host is the host signed; reqHost what req.Host is set to (the host
	// without a default port, as the SDK's SanitizeHostForHeader).
	host, reqHost string
	// hostValues is the signed host header's value, shared read-only by
	// every signature.
	hostValues []string
}

// newLeanSigning is the canonical URI and host of requests to u,
// as the SDK's signer computes them.
func newLeanSigning(u *url.URL) leanSigning {
	var ls leanSigning
	uri := u.EscapedPath()
	if uri == "" {
		uri = "/"
	}
	ls.uri = httpbinding.EscapePath(uri, false)
	ls.host = u.Host
	if p := u.Port(); p != "" && (strings.EqualFold(u.Scheme, "http") && p == "80" || strings.EqualFold(u.Scheme, "https") && p == "443") {
		ls.reqHost = u.Hostname()
		ls.host = ls.reqHost
	}
	ls.hostValues = []string{stripExcessSpaces(ls.host)}
	return ls
}

// signBufs recycles the canonical request buffers.
var signBufs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

type sigHeader struct {
	name   string
	values []string
}

// sign signs req as v4.Signer.SignHTTP with these arguments does.
func (s *leanSigner) sign(ls *leanSigning, creds aws.Credentials, req *http.Request, payloadHash, service, region string, t time.Time) {
	amzDate := s.amzDateOf(t)
	h := req.Header
	h["X-Amz-Date"] = []string{amzDate}
	if creds.SessionToken != "" {
		h["X-Amz-Security-Token"] = []string{creds.SessionToken}
	}
	if ls.reqHost != "" {
		req.Host = ls.reqHost
	}

	var hs [16]sigHeader
	headers := hs[:0]
	headers = append(headers, sigHeader{name: "host", values: ls.hostValues})
	if req.ContentLength > 0 {
		headers = append(headers, sigHeader{name: "content-length", values: []string{strconv.FormatInt(req.ContentLength, 10)}})
	}
	for k, v := range h {
		switch k {
		case "Authorization", "User-Agent", "X-Amzn-Trace-Id", "Expect", "Transfer-Encoding":
			continue
		}
		if strings.EqualFold(k, "content-length") {
			continue
		}
		headers = append(headers, sigHeader{name: lowerHeader(k), values: v})
	}
	slices.SortFunc(headers, func(a, b sigHeader) int { return strings.Compare(a.name, b.name) })
	// Names that differ only in case are one header, their values
	// joined (as the SDK's map of lowercased names).
	for i := 1; i < len(headers); i++ {
		if headers[i].name == headers[i-1].name {
			headers[i-1].values = append(slices.Clip(headers[i-1].values), headers[i].values...)
			headers = slices.Delete(headers, i, i+1)
			i--
		}
	}

	bp := signBufs.Get().(*[]byte)
	b := (*bp)[:0]
	b = append(b, req.Method...)
	b = append(b, '\n')
	b = append(b, ls.uri...)
	b = append(b, "\n\n"...) // no query (see probeLeanSigning)
	for _, hd := range headers {
		b = append(b, hd.name...)
		b = append(b, ':')
		for j, v := range hd.values {
			if j > 0 {
				b = append(b, ',')
			}
			if hd.name == "host" {
				b = append(b, v...)
			} else {
				b = append(b, strings.TrimSpace(stripExcessSpaces(v))...)
			}
		}
		b = append(b, '\n')
	}
	b = append(b, '\n')
	signedStart := len(b)
	for i, hd := range headers {
		if i > 0 {
			b = append(b, ';')
		}
		b = append(b, hd.name...)
	}
	signed := string(b[signedStart:])
	b = append(b, '\n')
	b = append(b, payloadHash...)
	canonical := sha256.Sum256(b)

	day := amzDate[:8]
	b = b[:0]
	b = append(b, "AWS4-HMAC-SHA256\n"...)
	b = append(b, amzDate...)
	b = append(b, '\n')
	scopeStart := len(b)
	b = append(b, day...)
	b = append(b, '/')
	b = append(b, region...)
	b = append(b, '/')
	b = append(b, service...)
	b = append(b, "/aws4_request"...)
	scope := b[scopeStart:]
	b = append(b, '\n')
	b = hex.AppendEncode(b, canonical[:])
	key := s.signingKey(creds.SecretAccessKey, day, region, service)
	mac, _ := key.macs.Get().(hash.Hash)
	if mac == nil {
		mac = hmac.New(sha256.New, key.key)
	}
	mac.Write(b)
	var sum [sha256.Size]byte
	sig := mac.Sum(sum[:0])
	mac.Reset()
	key.macs.Put(mac)

	var auth strings.Builder
	auth.Grow(len("AWS4-HMAC-SHA256 Credential=") + len(creds.AccessKeyID) + 1 + len(scope) +
		len(", SignedHeaders=") + len(signed) + len(", Signature=") + 2*len(sig))
	auth.WriteString("AWS4-HMAC-SHA256 Credential=")
	auth.WriteString(creds.AccessKeyID)
	auth.WriteByte('/')
	auth.Write(scope)
	auth.WriteString(", SignedHeaders=")
	auth.WriteString(signed)
	auth.WriteString(", Signature=")
	var hx [2 * sha256.Size]byte
	hex.Encode(hx[:], sig)
	auth.Write(hx[:])
	h["Authorization"] = []string{auth.String()}

	*bp = b
	signBufs.Put(bp)
}

// signingKey is the SigV4 key of secret on day for region and service.
func (s *leanSigner) signingKey(secret, day, region, service string) *signingKey {
	if k := s.key.Load(); k != nil && k.secret == secret && k.day == day && k.region == region && k.service == service {
		return k
	}
	mac := func(key []byte, data string) []byte {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(data))
		return m.Sum(nil)
	}
	k := &signingKey{secret: secret, day: day, region: region, service: service,
		key: mac(mac(mac(mac([]byte("AWS4"+secret), day), region), service), "aws4_request")}
	s.key.Store(k)
	return k
}

// lowerHeader is strings.ToLower(k), without allocating for the headers
// the lean sender sets.
func lowerHeader(k string) string {
	switch k {
	case "Content-Type":
		return "content-type"
	case "X-Amz-Target":
		return "x-amz-target"
	case "Accept-Encoding":
		return "accept-encoding"
	case "X-Amz-Date":
		return "x-amz-date"
	case "X-Amz-Security-Token":
		return "x-amz-security-token"
	}
	return strings.ToLower(k)
}

// stripExcessSpaces is the SDK's: v without leading and trailing spaces,
// runs of inner spaces made one.
func stripExcessSpaces(v string) string {
	v = strings.Trim(v, " ")
	if !strings.Contains(v, "  ") {
		return v
	}
	var b strings.Builder
	b.Grow(len(v))
	space := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// probeLeanSigning says whether the lean signer signs requests to ep as
// signer does: it signs the same probe request (ep's URL and headers, the
// lean sender's headers, a body's length and hash) both ways, with and
// without a session token, and compares every header and the host. An
// endpoint URL with a query (which the SDK's signer sorts and re-encodes)
// or an opaque part is left to the SDK.
func probeLeanSigning(signer dynamodb.HTTPSignerV4, signOpts func(*v4.SignerOptions), s *leanSender, ep *leanEndpoint) bool {
	if ep.url.RawQuery != "" || ep.url.ForceQuery || ep.url.Opaque != "" {
		return false
	}
	t := time.Date(2024, 2, 29, 23, 59, 58, 0, time.UTC)
	hash := hex.EncodeToString(make([]byte, sha256.Size))
	var opts []func(*v4.SignerOptions)
	if signOpts != nil {
		opts = append(opts, signOpts)
	}
	for _, token := range []string{"", "probe-token"} {
		creds := aws.Credentials{AccessKeyID: "AKIDPROBE", SecretAccessKey: "probe/secret+key", SessionToken: token}
		var got [2]*http.Request
		for i := range got {
			req, err := s.newRequest(context.Background(), ep, []byte(`{"RequestItems":{}}`))
			if err != nil {
				return false
			}
			if i == 0 {
				if err := signer.SignHTTP(context.Background(), creds, req, hash, ep.signingName, ep.signingRegion, t, opts...); err != nil {
					return false
				}
			} else {
				s.lean.sign(&ep.signing, creds, req, hash, ep.signingName, ep.signingRegion, t)
			}
			got[i] = req
		}
		if got[0].Host != got[1].Host || got[0].URL.String() != got[1].URL.String() || !sameHeaders(got[0].Header, got[1].Header) {
			return false
		}
	}
	return true
}

func sameHeaders(a, b http.Header) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}
