"""The Python client's live test (e2e/clients/live.test.ts): the spec's call shapes against a real
API. It prints one JSON object of what it saw; the test asserts on it."""

import asyncio
import importlib.metadata
import json
import os

import httpx

from plinth_client import AuthenticatedClient, Client
from plinth_client.api.api_keys import api_v1_users_me_api_keys_create, api_v1_users_me_api_keys_destroy
from plinth_client.api.auth import api_login_create
from plinth_client.api.organizations import api_v1_organizations_create, api_v1_organizations_list
from plinth_client.api.s3 import api_v1_s3_buckets_create, api_v1_s3_buckets_objects_upload_url_create
from plinth_client.api.users import api_v1_users_me_retrieve
from plinth_client.api.workspaces import api_v1_workspaces_create, api_v1_workspaces_list
from plinth_client.models import (
    ApiKeyCreate,
    BucketCreate,
    ErrorResponse,
    LoginRequest,
    OrganizationCreate,
    UploadUrlRequest,
    WorkspaceCreate,
)

base, prefix = os.environ["PLINTH_URL"], os.environ["PREFIX"]
out = {"version": importlib.metadata.version("plinth-client")}

plain = Client(base_url=base)
login = api_login_create.sync_detailed(
    client=plain, body=LoginRequest(username=os.environ["PLINTH_USERNAME"], password=os.environ["PLINTH_PASSWORD"])
)
out["login_status"] = login.status_code
client = AuthenticatedClient(base_url=base, token=login.parsed.token, prefix="Bearer")

created = api_v1_organizations_create.sync_detailed(client=client, body=OrganizationCreate(slug=prefix, name=prefix))
out["org_status"] = created.status_code
org = created.parsed
for name in ("one", "two"):
    ws = api_v1_workspaces_create.sync_detailed(client=client, body=WorkspaceCreate(organization=org.id, name=name))
    out["workspace_status"] = ws.status_code
page = api_v1_workspaces_list.sync(client=client, organization=org.id, page_size=1)
out["workspaces_count"] = page.count
out["workspaces_page"] = len(page.results)
out["workspaces_next"] = page.next_ is not None
orgs = api_v1_organizations_list.sync(client=client)
out["org_slugs"] = [o.slug for o in orgs.results]

key = api_v1_users_me_api_keys_create.sync_detailed(client=client, body=ApiKeyCreate(name=prefix + "-key"))
out["key_status"] = key.status_code
with_key = AuthenticatedClient(base_url=base, token=key.parsed.token, prefix="Bearer")
out["key_user"] = api_v1_users_me_retrieve.sync(client=with_key).username
revoke = api_v1_users_me_api_keys_destroy.sync_detailed(client=client, key_id=key.parsed.id)
out["revoke_status"] = revoke.status_code
revoked = api_v1_users_me_retrieve.sync_detailed(client=with_key)
out["revoked_status"] = revoked.status_code
out["revoked_code"] = revoked.parsed.code.value if isinstance(revoked.parsed, ErrorResponse) else None


async def via_asyncio():
    """The same calls from asyncio: the list again, and the missing token's answer in detail."""
    again = await api_v1_workspaces_list.asyncio(client=client, organization=org.id, page_size=1)
    detailed = await api_v1_workspaces_list.asyncio_detailed(client=plain)
    return again.count, detailed.status_code


out["asyncio_count"], out["asyncio_missing_status"] = asyncio.run(via_asyncio())

bucket = api_v1_s3_buckets_create.sync_detailed(
    client=client,
    body=BucketCreate(name=prefix + "-data", region="eu-central", organization=org.id, workspace=page.results[0].id),
)
out["bucket_status"] = bucket.status_code
out["bucket_has_secret"] = bool(bucket.parsed.credentials.secret_access_key)
upload = api_v1_s3_buckets_objects_upload_url_create.sync(
    client=client, id=bucket.parsed.id, body=UploadUrlRequest(key="hello.txt", content_type="text/plain")
)
put = httpx.request(
    upload.method.value, upload.url, content=b"hello from python", headers=upload.headers.additional_properties
)
out["upload_status"] = put.status_code

missing = api_v1_workspaces_list.sync_detailed(client=plain)
out["missing_status"] = missing.status_code
out["missing_code"] = missing.parsed.code.value if isinstance(missing.parsed, ErrorResponse) else None
out["missing_www_authenticate"] = missing.headers.get("WWW-Authenticate")

print(json.dumps(out))
