from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.login_request import LoginRequest
from ...models.login_response import LoginResponse
from typing import cast



def _get_kwargs(
    *,
    body: LoginRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/login/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | LoginResponse | None:
    if response.status_code == 200:
        response_200 = LoginResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | LoginResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginRequest,

) -> Response[ErrorResponse | LoginResponse]:
    """ Exchange a username and password for a short-lived bearer token

     For local users. The token authenticates like an API key until `expires_at`, and may also create and
    revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).

    Args:
        body (LoginRequest): A local user's credentials. Example: {'username': 'alice',
            'password': 'correct-horse-battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LoginResponse]
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
    body: LoginRequest,

) -> ErrorResponse | LoginResponse | None:
    """ Exchange a username and password for a short-lived bearer token

     For local users. The token authenticates like an API key until `expires_at`, and may also create and
    revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).

    Args:
        body (LoginRequest): A local user's credentials. Example: {'username': 'alice',
            'password': 'correct-horse-battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LoginResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginRequest,

) -> Response[ErrorResponse | LoginResponse]:
    """ Exchange a username and password for a short-lived bearer token

     For local users. The token authenticates like an API key until `expires_at`, and may also create and
    revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).

    Args:
        body (LoginRequest): A local user's credentials. Example: {'username': 'alice',
            'password': 'correct-horse-battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LoginResponse]
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
    body: LoginRequest,

) -> ErrorResponse | LoginResponse | None:
    """ Exchange a username and password for a short-lived bearer token

     For local users. The token authenticates like an API key until `expires_at`, and may also create and
    revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).

    Args:
        body (LoginRequest): A local user's credentials. Example: {'username': 'alice',
            'password': 'correct-horse-battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LoginResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
