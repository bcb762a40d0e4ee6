from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bucket_create import BucketCreate
from ...models.created_bucket import CreatedBucket
from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: BucketCreate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/s3/buckets/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedBucket | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = CreatedBucket.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = CreatedBucket.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorResponse.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatedBucket | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BucketCreate,

) -> Response[CreatedBucket | ErrorResponse]:
    """ Create a bucket with its own access user, or adopt it (same name, same workspace)

     201 with the new bucket and its credentials. If Plinth already manages the name in the region for
    the same organization and workspace, 200 with that bucket; with an owner_reference, only when that
    object owns it, or it has no owner and was created for that object or released to its namespace
    (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this
    organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy`
    with `Retry-After`: nothing was made; send it again then.

    Args:
        body (BucketCreate): A bucket to create, or to adopt when the caller already has it.
            Example: {'name': 'team-a-data', 'region': 'eu-central', 'organization':
            '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'workspace':
            '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'cors_allow_all': False}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedBucket | ErrorResponse]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: BucketCreate,

) -> CreatedBucket | ErrorResponse | None:
    """ Create a bucket with its own access user, or adopt it (same name, same workspace)

     201 with the new bucket and its credentials. If Plinth already manages the name in the region for
    the same organization and workspace, 200 with that bucket; with an owner_reference, only when that
    object owns it, or it has no owner and was created for that object or released to its namespace
    (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this
    organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy`
    with `Retry-After`: nothing was made; send it again then.

    Args:
        body (BucketCreate): A bucket to create, or to adopt when the caller already has it.
            Example: {'name': 'team-a-data', 'region': 'eu-central', 'organization':
            '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'workspace':
            '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'cors_allow_all': False}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedBucket | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BucketCreate,

) -> Response[CreatedBucket | ErrorResponse]:
    """ Create a bucket with its own access user, or adopt it (same name, same workspace)

     201 with the new bucket and its credentials. If Plinth already manages the name in the region for
    the same organization and workspace, 200 with that bucket; with an owner_reference, only when that
    object owns it, or it has no owner and was created for that object or released to its namespace
    (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this
    organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy`
    with `Retry-After`: nothing was made; send it again then.

    Args:
        body (BucketCreate): A bucket to create, or to adopt when the caller already has it.
            Example: {'name': 'team-a-data', 'region': 'eu-central', 'organization':
            '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'workspace':
            '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'cors_allow_all': False}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedBucket | ErrorResponse]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BucketCreate,

) -> CreatedBucket | ErrorResponse | None:
    """ Create a bucket with its own access user, or adopt it (same name, same workspace)

     201 with the new bucket and its credentials. If Plinth already manages the name in the region for
    the same organization and workspace, 200 with that bucket; with an owner_reference, only when that
    object owns it, or it has no owner and was created for that object or released to its namespace
    (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this
    organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy`
    with `Retry-After`: nothing was made; send it again then.

    Args:
        body (BucketCreate): A bucket to create, or to adopt when the caller already has it.
            Example: {'name': 'team-a-data', 'region': 'eu-central', 'organization':
            '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'workspace':
            '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'cors_allow_all': False}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedBucket | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
