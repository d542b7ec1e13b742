package ddbsim

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/klauspost/compress/zstd"
)

// ObjectStore is the S3 that ImportTable and StartBulkPutItems read their
// input from and bulk put writes its failure reports to. NewS3Store gives
// one over an S3 endpoint; tests may pass their own.
type ObjectStore interface {
	// List returns the keys under prefix, in S3's (byte) order.
	List(ctx context.Context, bucket, prefix string) ([]string, error)
	Get(ctx context.Context, bucket, key string) ([]byte, error)
	Put(ctx context.Context, bucket, key string, body []byte) error
}

// s3Store is an ObjectStore over an S3 endpoint.
type s3Store struct{ c *s3.Client }

// NewS3Store returns an ObjectStore that talks to the S3 endpoint url with
// path-style addressing (what local servers such as gofakes3 need) and
// any credentials: the simulator stands in for AWS's service, which
// reads the bucket with its own.
func NewS3Store(url string) ObjectStore {
	c := s3.New(s3.Options{
		BaseEndpoint: aws.String(url),
		Region:       "us-east-1",
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider("ddbsim", "ddbsim", ""),

		DisableLogOutputChecksumValidationSkipped: true,
	})
	return s3Store{c: c}
}

func (s s3Store) List(ctx context.Context, bucket, prefix string) ([]string, error) {
	var keys []string
	p := s3.NewListObjectsV2Paginator(s.c, &s3.ListObjectsV2Input{Bucket: aws.String(bucket), Prefix: aws.String(prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, o := range page.Contents {
			keys = append(keys, aws.ToString(o.Key))
		}
	}
	return keys, nil
}

func (s s3Store) Get(ctx context.Context, bucket, key string) ([]byte, error) {
	out, err := s.c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		return nil, err
	}
	defer out.Body.Close()
	return io.ReadAll(out.Body)
}

func (s s3Store) Put(ctx context.Context, bucket, key string, body []byte) error {
	_, err := s.c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(key), Body: bytes.NewReader(body)})
	return err
}

// decompress returns an object's content for its InputCompressionType.
func decompress(b []byte, compression string) ([]byte, error) {
	switch compression {
	case "", "NONE":
		return b, nil
	case "GZIP":
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("not GZIP: %w", err)
		}
		return io.ReadAll(r)
	case "ZSTD":
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		defer d.Close()
		out, err := d.DecodeAll(b, nil)
		if err != nil {
			return nil, fmt.Errorf("not ZSTD: %w", err)
		}
		return out, nil
	}
	return nil, errors.New("unknown compression " + compression)
}
