package main

import (
	"strings"
	"testing"
)

// TestMissingAWSCredentialsSayWhereTheyWereLookedFor: with no credentials
// anywhere, the message is one line naming the places, not the SDK's
// instance-metadata chain.
func TestMissingAWSCredentialsSayWhereTheyWereLookedFor(t *testing.T) {
	home := t.TempDir()
	for _, v := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_DEFAULT_PROFILE",
		"AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN",
		"AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI"} {
		t.Setenv(v, "")
	}
	t.Setenv("HOME", home)
	// Off an EC2 instance the metadata service does not answer; the test
	// need not wait for it to say so.
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	code, _, errOut := runCLI(t, "import", "plan.yaml", "--from", "s3://b/p", "--region", "eu-west-1")
	line := strings.TrimSpace(errOut)
	if code != 1 || strings.Contains(line, "\n") || strings.Contains(line, "IMDS") || strings.Contains(line, "ec2imds") ||
		!strings.HasPrefix(line, "pg2ddb: no AWS credentials: looked in AWS_ACCESS_KEY_ID") || !strings.Contains(line, home+"/.aws/credentials") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}
