package s3load

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/s3/transfermanager"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// S3API is what the S3 paths (export, import, bulk put) need of S3:
// the transfer manager's client for multipart, parallel uploads, plus
// listing and deleting. *s3.Client implements it.
type S3API interface {
	transfermanager.S3APIClient
	DeleteObject(ctx context.Context, in *s3.DeleteObjectInput, optFns ...func(*s3.Options)) (*s3.DeleteObjectOutput, error)
}

// Location is a bucket and a key prefix, written s3://bucket/prefix.
// Prefix never starts with a slash; when not empty it ends with one, so
// that "exports/a/" does not also name "exports/ab/".
type Location struct {
	Bucket, Prefix string
}

// ParseURL reads s3://bucket[/prefix].
func ParseURL(s string) (Location, error) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "s3" || u.Host == "" {
		return Location{}, fmt.Errorf("%q is not an S3 location: want s3://bucket/prefix", s)
	}
	p := strings.TrimPrefix(u.Path, "/")
	if p != "" && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return Location{Bucket: u.Host, Prefix: p}, nil
}

func (l Location) String() string { return "s3://" + l.Bucket + "/" + l.Prefix }

// Key is the object key of name under the location.
func (l Location) Key(name string) string { return l.Prefix + name }

// listKeys returns every key under prefix in bucket, in S3's order.
func listKeys(ctx context.Context, c S3API, bucket, prefix string) ([]s3types.Object, error) {
	var out []s3types.Object
	p := s3.NewListObjectsV2Paginator(c, &s3.ListObjectsV2Input{Bucket: aws.String(bucket), Prefix: aws.String(prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("list s3://%s/%s: %w", bucket, prefix, err)
		}
		out = append(out, page.Contents...)
	}
	return out, nil
}

// deletePrefix deletes every object under prefix, one call per object:
// an export's table holds at most 50,000, and DeleteObjects needs a
// Content-MD5 that some S3-compatible servers check differently.
func deletePrefix(ctx context.Context, c S3API, bucket, prefix string) error {
	objs, err := listKeys(ctx, c, bucket, prefix)
	if err != nil {
		return err
	}
	for _, o := range objs {
		if _, err := c.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(bucket), Key: o.Key}); err != nil {
			return fmt.Errorf("delete s3://%s/%s: %w", bucket, aws.ToString(o.Key), err)
		}
	}
	return nil
}

// getObject reads a whole object; nil, nil when it does not exist.
func getObject(ctx context.Context, c S3API, bucket, key string) ([]byte, error) {
	out, err := c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	var nk *s3types.NoSuchKey
	if errors.As(err, &nk) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read s3://%s/%s: %w", bucket, key, err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		return nil, fmt.Errorf("read s3://%s/%s: %w", bucket, key, err)
	}
	return b, nil
}
