package main

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// serveS3 runs an in-memory S3 server (gofakes3) on host:port with the
// given buckets, for the demo and manual runs of the S3 path: the
// simulator's ImportTable and StartBulkPutItems read from it and pg2ddb
// export writes to it. It returns the endpoint and a function that stops it.
func serveS3(host string, port int, buckets string) (string, func(), error) {
	backend := s3mem.New()
	for _, b := range strings.Split(buckets, ",") {
		if b = strings.TrimSpace(b); b != "" {
			if err := backend.CreateBucket(b); err != nil {
				return "", nil, fmt.Errorf("create bucket %s: %w", b, err)
			}
		}
	}
	ln, err := net.Listen("tcp", fmt.Sprintf("%s:%d", host, port))
	if err != nil {
		return "", nil, fmt.Errorf("S3: listen: %w", err)
	}
	srv := &http.Server{Handler: gofakes3.New(backend).Server(), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln) // http.ErrServerClosed after Close
	}()
	return "http://" + ln.Addr().String(), func() { srv.Close(); <-done }, nil
}
