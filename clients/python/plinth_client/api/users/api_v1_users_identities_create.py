from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.identity import Identity
from ...models.identity_link import IdentityLink
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,
    *,
    body: IdentityLink,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/users/{id}/identities/".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | Identity | None:
    if response.status_code == 201:
        response_201 = Identity.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | Identity]:
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
    body: IdentityLink,

) -> Response[ErrorResponse | Identity]:
    """ Link a user to an identity at an identity provider (Super Admin)

     Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this
    user, with its memberships and keys, instead of a new user. Users are never matched by e-mail
    address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already.
    Needs a person signed in: 403 `interactive_login_required` with an API key.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (IdentityLink): An identity at a configured provider to link a user to. Example:
            {'provider': 'keycloak', 'subject': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Identity]
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
    body: IdentityLink,

) -> ErrorResponse | Identity | None:
    """ Link a user to an identity at an identity provider (Super Admin)

     Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this
    user, with its memberships and keys, instead of a new user. Users are never matched by e-mail
    address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already.
    Needs a person signed in: 403 `interactive_login_required` with an API key.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (IdentityLink): An identity at a configured provider to link a user to. Example:
            {'provider': 'keycloak', 'subject': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Identity
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
    body: IdentityLink,

) -> Response[ErrorResponse | Identity]:
    """ Link a user to an identity at an identity provider (Super Admin)

     Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this
    user, with its memberships and keys, instead of a new user. Users are never matched by e-mail
    address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already.
    Needs a person signed in: 403 `interactive_login_required` with an API key.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (IdentityLink): An identity at a configured provider to link a user to. Example:
            {'provider': 'keycloak', 'subject': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Identity]
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
    body: IdentityLink,

) -> ErrorResponse | Identity | None:
    """ Link a user to an identity at an identity provider (Super Admin)

     Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this
    user, with its memberships and keys, instead of a new user. Users are never matched by e-mail
    address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already.
    Needs a person signed in: 403 `interactive_login_required` with an API key.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        body (IdentityLink): An identity at a configured provider to link a user to. Example:
            {'provider': 'keycloak', 'subject': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Identity
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
