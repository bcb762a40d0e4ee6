from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.sso_providers import SsoProviders
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    name: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["name"] = name


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/login/providers/",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SsoProviders | None:
    if response.status_code == 200:
        response_200 = SsoProviders.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())



        return response_404

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SsoProviders]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    name: str | Unset = UNSET,

) -> Response[ErrorResponse | SsoProviders]:
    """ The single sign-on providers

     What a client needs to sign in through SSO: for each configured provider, its issuer, where a
    browser starts, and the public client the command line uses with the device authorization grant
    (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when
    there is none of that name), as `plinth login --provider <name>` asks.

    Args:
        name (str | Unset):  Example: keycloak.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SsoProviders]
     """


    kwargs = _get_kwargs(
        name=name,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    name: str | Unset = UNSET,

) -> ErrorResponse | SsoProviders | None:
    """ The single sign-on providers

     What a client needs to sign in through SSO: for each configured provider, its issuer, where a
    browser starts, and the public client the command line uses with the device authorization grant
    (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when
    there is none of that name), as `plinth login --provider <name>` asks.

    Args:
        name (str | Unset):  Example: keycloak.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SsoProviders
     """


    return sync_detailed(
        client=client,
name=name,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    name: str | Unset = UNSET,

) -> Response[ErrorResponse | SsoProviders]:
    """ The single sign-on providers

     What a client needs to sign in through SSO: for each configured provider, its issuer, where a
    browser starts, and the public client the command line uses with the device authorization grant
    (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when
    there is none of that name), as `plinth login --provider <name>` asks.

    Args:
        name (str | Unset):  Example: keycloak.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SsoProviders]
     """


    kwargs = _get_kwargs(
        name=name,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    name: str | Unset = UNSET,

) -> ErrorResponse | SsoProviders | None:
    """ The single sign-on providers

     What a client needs to sign in through SSO: for each configured provider, its issuer, where a
    browser starts, and the public client the command line uses with the device authorization grant
    (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when
    there is none of that name), as `plinth login --provider <name>` asks.

    Args:
        name (str | Unset):  Example: keycloak.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SsoProviders
     """


    return (await asyncio_detailed(
        client=client,
name=name,

    )).parsed
