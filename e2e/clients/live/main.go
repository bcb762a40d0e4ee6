// The Go client's live test (e2e/clients/live.test.ts): the spec's call shapes against a real API.
// It prints one JSON object of what it saw; the test asserts on it.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	plinth "github.com/plinth-dev/plinth/clients/go"
)

func must[T any](v T, err error) T {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return v
}

func main() {
	ctx := context.Background()
	base, prefix := os.Getenv("PLINTH_URL"), os.Getenv("PREFIX")
	out := map[string]any{"version": plinth.Version}

	// Login through the plain client: no token.
	plain := must(plinth.NewClientWithResponses(base))
	login := must(plain.ApiLoginCreateWithResponse(ctx, plinth.LoginRequest{
		Username: os.Getenv("PLINTH_USERNAME"), Password: os.Getenv("PLINTH_PASSWORD"),
	}))
	out["login_status"] = login.StatusCode()
	client := must(plinth.NewClientWithResponses(base, plinth.WithBearerToken(login.JSON200.Token)))

	org := must(client.ApiV1OrganizationsCreateWithResponse(ctx, plinth.OrganizationCreate{Slug: prefix, Name: prefix}))
	out["org_status"] = org.StatusCode()
	for _, name := range []string{"one", "two"} {
		ws := must(client.ApiV1WorkspacesCreateWithResponse(ctx, plinth.WorkspaceCreate{Organization: org.JSON201.Id, Name: name}))
		out["workspace_status"] = ws.StatusCode()
	}
	pageSize := 1
	list := must(client.ApiV1WorkspacesListWithResponse(ctx, &plinth.ApiV1WorkspacesListParams{
		Organization: &org.JSON201.Id, PageSize: &pageSize,
	}))
	out["workspaces_count"] = list.JSON200.Count
	out["workspaces_page"] = len(list.JSON200.Results)
	out["workspaces_next"] = list.JSON200.Next != nil
	orgs := must(client.ApiV1OrganizationsListWithResponse(ctx, &plinth.ApiV1OrganizationsListParams{}))
	slugs := []string{}
	for _, o := range orgs.JSON200.Results {
		slugs = append(slugs, o.Slug)
	}
	out["org_slugs"] = slugs

	key := must(client.ApiV1UsersMeApiKeysCreateWithResponse(ctx, plinth.ApiKeyCreate{Name: prefix + "-key"}))
	out["key_status"] = key.StatusCode()
	withKey := must(plinth.NewClientWithResponses(base, plinth.WithBearerToken(key.JSON201.Token)))
	me := must(withKey.ApiV1UsersMeRetrieveWithResponse(ctx))
	out["key_user"] = me.JSON200.Username
	revoke := must(client.ApiV1UsersMeApiKeysDestroyWithResponse(ctx, key.JSON201.Id))
	out["revoke_status"] = revoke.StatusCode()
	revoked := must(withKey.ApiV1UsersMeRetrieveWithResponse(ctx))
	out["revoked_status"] = revoked.StatusCode()
	out["revoked_code"] = revoked.JSON401.Code

	bucket := must(client.ApiV1S3BucketsCreateWithResponse(ctx, plinth.BucketCreate{
		Name: prefix + "-data", Region: "eu-central", Organization: org.JSON201.Id, Workspace: list.JSON200.Results[0].Id,
	}))
	out["bucket_status"] = bucket.StatusCode()
	out["bucket_has_secret"] = bucket.JSON201.Credentials.SecretAccessKey != ""
	contentType := "text/plain"
	upload := must(client.ApiV1S3BucketsObjectsUploadUrlCreateWithResponse(ctx, bucket.JSON201.Id, plinth.UploadUrlRequest{
		Key: "hello.txt", ContentType: &contentType,
	}))
	req := must(http.NewRequest(string(upload.JSON200.Method), upload.JSON200.Url, bytes.NewReader([]byte("hello from go"))))
	for name, value := range upload.JSON200.Headers {
		req.Header.Set(name, value)
	}
	put := must(http.DefaultClient.Do(req))
	out["upload_status"] = put.StatusCode

	missing := must(plain.ApiV1WorkspacesListWithResponse(ctx, &plinth.ApiV1WorkspacesListParams{}))
	out["missing_status"] = missing.StatusCode()
	out["missing_code"] = missing.JSON401.Code
	out["missing_www_authenticate"] = missing.HTTPResponse.Header.Get("WWW-Authenticate")

	must(0, json.NewEncoder(os.Stdout).Encode(out))
}
