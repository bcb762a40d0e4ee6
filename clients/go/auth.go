// Written by hand (not generated): how every request gets its bearer token.

package plinth

import (
	"context"
	"net/http"
)

// WithBearerToken is a client option that sends `Authorization: Bearer <token>` with every request:
// an API key or a login token from ApiLoginCreateWithResponse.
func WithBearerToken(token string) ClientOption {
	return WithRequestEditorFn(func(ctx context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+token)
		return nil
	})
}
