package load

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// TestRetryClassification checks which failures the loader retries and
// which of those slow the budget, as the SDK's retry package classifies
// them, on errors shaped as the SDK returns them.
func TestRetryClassification(t *testing.T) {
	api := func(code string, status int) error {
		return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: "BatchWriteItem", Err: &smithyhttp.ResponseError{
			Response: &smithyhttp.Response{Response: &http.Response{StatusCode: status}},
			Err:      &smithy.GenericAPIError{Code: code, Message: "m"},
		}}
	}
	for _, c := range []struct {
		err                 error
		retryable, throttle bool
	}{
		{api("ProvisionedThroughputExceededException", 400), true, true},
		{api("ThrottlingException", 400), true, true},
		{api("RequestLimitExceeded", 400), true, true},
		{api("InternalServerError", 500), true, false},
		{api("ServiceUnavailable", 503), true, false},
		{api("ValidationException", 400), false, false},
		{api("ResourceNotFoundException", 400), false, false},
		{&smithyhttp.RequestSendError{Err: errors.New("connection reset by peer")}, true, false},
		{&smithy.DeserializationError{Err: errors.New("unexpected EOF")}, true, false},
		{errors.New("something else"), false, false},
	} {
		t.Run(fmt.Sprint(c.err), func(t *testing.T) {
			if got := retryable(c.err); got != c.retryable {
				t.Errorf("retryable = %v, want %v", got, c.retryable)
			}
			if got := isThrottle(c.err); got != c.throttle {
				t.Errorf("isThrottle = %v, want %v", got, c.throttle)
			}
		})
	}
}
