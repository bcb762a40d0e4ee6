from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.id_token_login import IdTokenLogin
from ...models.login_response import LoginResponse
from typing import cast



def _get_kwargs(
    *,
    body: IdTokenLogin,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/login/oidc/",
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
    body: IdTokenLogin,

) -> Response[ErrorResponse | LoginResponse]:
    """ Exchange an identity provider's ID token for a short-lived bearer token

     The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's
    `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the
    access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE
    `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present),
    with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their
    identity (or created, when the provider allows sign-up), their groups (from the ID token, else
    userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401
    `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a
    deactivated user (audited as `sso.login_failed` with the reason).

    Args:
        body (IdTokenLogin): A provider's ID token to exchange for a login token. Example:
            {'provider': 'keycloak', 'id_token': 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln'}.

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
    body: IdTokenLogin,

) -> ErrorResponse | LoginResponse | None:
    """ Exchange an identity provider's ID token for a short-lived bearer token

     The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's
    `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the
    access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE
    `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present),
    with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their
    identity (or created, when the provider allows sign-up), their groups (from the ID token, else
    userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401
    `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a
    deactivated user (audited as `sso.login_failed` with the reason).

    Args:
        body (IdTokenLogin): A provider's ID token to exchange for a login token. Example:
            {'provider': 'keycloak', 'id_token': 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln'}.

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
    body: IdTokenLogin,

) -> Response[ErrorResponse | LoginResponse]:
    """ Exchange an identity provider's ID token for a short-lived bearer token

     The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's
    `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the
    access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE
    `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present),
    with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their
    identity (or created, when the provider allows sign-up), their groups (from the ID token, else
    userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401
    `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a
    deactivated user (audited as `sso.login_failed` with the reason).

    Args:
        body (IdTokenLogin): A provider's ID token to exchange for a login token. Example:
            {'provider': 'keycloak', 'id_token': 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln'}.

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
    body: IdTokenLogin,

) -> ErrorResponse | LoginResponse | None:
    """ Exchange an identity provider's ID token for a short-lived bearer token

     The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's
    `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the
    access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE
    `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present),
    with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their
    identity (or created, when the provider allows sign-up), their groups (from the ID token, else
    userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401
    `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a
    deactivated user (audited as `sso.login_failed` with the reason).

    Args:
        body (IdTokenLogin): A provider's ID token to exchange for a login token. Example:
            {'provider': 'keycloak', 'id_token': 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln'}.

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
