from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/logout/",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorResponse | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())



        return response_413

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | ErrorResponse]:
    """ Sign out the login token in the Authorization header

     Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST
    /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had
    expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009),
    a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is
    nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-
    keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> Any | ErrorResponse | None:
    """ Sign out the login token in the Authorization header

     Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST
    /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had
    expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009),
    a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is
    nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-
    keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | ErrorResponse]:
    """ Sign out the login token in the Authorization header

     Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST
    /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had
    expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009),
    a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is
    nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-
    keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> Any | ErrorResponse | None:
    """ Sign out the login token in the Authorization header

     Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST
    /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had
    expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009),
    a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is
    nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-
    keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
