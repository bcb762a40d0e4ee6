from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.credential_rotation import CredentialRotation
from ...models.error_response import ErrorResponse
from ...models.rotated_credentials import RotatedCredentials
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,
    *,
    body: CredentialRotation | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/s3/buckets/{id}/rotate-credentials/".format(id=quote(str(id), safe=""),),
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | RotatedCredentials | None:
    if response.status_code == 200:
        response_200 = RotatedCredentials.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())



        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | RotatedCredentials]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CredentialRotation | Unset = UNSET,

) -> Response[ErrorResponse | RotatedCredentials]:
    """ Rotate the bucket's access key; the old one keeps working for a grace period

     A new access key with the same rights; the old one keeps working for `grace_seconds`, then is
    removed. The new secret is in this response (and revealable later). Rotating again within a grace
    period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer:
    a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but
    the storage cluster has not removed the old one yet (retried in the background). At most 10
    rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded
    in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the
    old key is removed). Needs the right to reveal the credentials.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (CredentialRotation | Unset): A rotation of the bucket access key. Example:
            {'grace_seconds': 3600}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RotatedCredentials]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CredentialRotation | Unset = UNSET,

) -> ErrorResponse | RotatedCredentials | None:
    """ Rotate the bucket's access key; the old one keeps working for a grace period

     A new access key with the same rights; the old one keeps working for `grace_seconds`, then is
    removed. The new secret is in this response (and revealable later). Rotating again within a grace
    period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer:
    a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but
    the storage cluster has not removed the old one yet (retried in the background). At most 10
    rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded
    in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the
    old key is removed). Needs the right to reveal the credentials.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (CredentialRotation | Unset): A rotation of the bucket access key. Example:
            {'grace_seconds': 3600}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RotatedCredentials
     """


    return sync_detailed(
        id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CredentialRotation | Unset = UNSET,

) -> Response[ErrorResponse | RotatedCredentials]:
    """ Rotate the bucket's access key; the old one keeps working for a grace period

     A new access key with the same rights; the old one keeps working for `grace_seconds`, then is
    removed. The new secret is in this response (and revealable later). Rotating again within a grace
    period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer:
    a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but
    the storage cluster has not removed the old one yet (retried in the background). At most 10
    rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded
    in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the
    old key is removed). Needs the right to reveal the credentials.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (CredentialRotation | Unset): A rotation of the bucket access key. Example:
            {'grace_seconds': 3600}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RotatedCredentials]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CredentialRotation | Unset = UNSET,

) -> ErrorResponse | RotatedCredentials | None:
    """ Rotate the bucket's access key; the old one keeps working for a grace period

     A new access key with the same rights; the old one keeps working for `grace_seconds`, then is
    removed. The new secret is in this response (and revealable later). Rotating again within a grace
    period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer:
    a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but
    the storage cluster has not removed the old one yet (retried in the background). At most 10
    rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded
    in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the
    old key is removed). Needs the right to reveal the credentials.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (CredentialRotation | Unset): A rotation of the bucket access key. Example:
            {'grace_seconds': 3600}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RotatedCredentials
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
