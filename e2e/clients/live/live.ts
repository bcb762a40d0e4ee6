// The TypeScript client's live test (e2e/clients/live.test.ts): the spec's call shapes against a
// real API, run by Node 24 from a project that installed the client's packed tarball. It prints
// one JSON object of what it saw; the test asserts on it.
import {
  ApiError,
  OpenAPI,
  apiLoginCreate,
  apiV1OrganizationsCreate,
  apiV1OrganizationsList,
  apiV1S3BucketsCreate,
  apiV1S3BucketsObjectsUploadUrlCreate,
  apiV1UsersMeApiKeysCreate,
  apiV1UsersMeApiKeysDestroy,
  apiV1UsersMeRetrieve,
  apiV1WorkspacesCreate,
  apiV1WorkspacesList,
} from '@plinth/client';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** The ApiError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

const prefix = env('PREFIX');
const out: Record<string, unknown> = {};
OpenAPI.BASE = env('PLINTH_URL');

// Login with no token set.
const login = await apiLoginCreate({
  requestBody: { username: env('PLINTH_USERNAME'), password: env('PLINTH_PASSWORD') },
});
OpenAPI.TOKEN = login.token;

const org = await apiV1OrganizationsCreate({ requestBody: { slug: prefix, name: prefix } });
for (const name of ['one', 'two'])
  await apiV1WorkspacesCreate({ requestBody: { organization: org.id, name } });
const page = await apiV1WorkspacesList({ organization: org.id, pageSize: 1 });
out.workspaces_count = page.count;
out.workspaces_page = page.results.length;
out.workspaces_next = page.next !== null;
out.org_slugs = (await apiV1OrganizationsList()).results.map((o) => o.slug);

const key = await apiV1UsersMeApiKeysCreate({ requestBody: { name: `${prefix}-key` } });
OpenAPI.TOKEN = () => key.token; // a function is read on every call
out.key_user = (await apiV1UsersMeRetrieve()).username;
OpenAPI.TOKEN = login.token;
await apiV1UsersMeApiKeysDestroy({ keyId: key.id });
OpenAPI.TOKEN = key.token;
const revoked = await failure(apiV1UsersMeRetrieve());
out.revoked_status = revoked.status;
out.revoked_code = revoked.code;
OpenAPI.TOKEN = login.token;

const bucket = await apiV1S3BucketsCreate({
  requestBody: {
    name: `${prefix}-data`,
    region: 'eu-central',
    organization: org.id,
    workspace: page.results[0]!.id,
  },
});
out.bucket_has_secret = bucket.credentials.secret_access_key.length > 0;
const upload = await apiV1S3BucketsObjectsUploadUrlCreate({
  id: bucket.id,
  requestBody: { key: 'hello.txt', content_type: 'text/plain' },
});
const put = await fetch(upload.url, {
  method: upload.method,
  headers: upload.headers,
  body: 'hello from typescript',
});
out.upload_status = put.status;

OpenAPI.TOKEN = undefined;
const missing = await failure(apiV1WorkspacesList());
out.missing_status = missing.status;
out.missing_code = missing.code;
out.missing_www_authenticate = missing.response.headers.get('WWW-Authenticate');
out.missing_request_id = typeof missing.requestId === 'string';

console.log(JSON.stringify(out));
