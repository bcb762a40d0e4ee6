from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.check_endpoint import CheckEndpoint
from ...models.error_response import ErrorResponse
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/endpoints/{id}/".format(id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CheckEndpoint | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = CheckEndpoint.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CheckEndpoint | ErrorResponse]:
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

) -> Response[CheckEndpoint | ErrorResponse]:
    """ An endpoint the agents check

     An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckEndpoint | ErrorResponse]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> CheckEndpoint | ErrorResponse | None:
    """ An endpoint the agents check

     An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckEndpoint | ErrorResponse
     """


    return sync_detailed(
        id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> Response[CheckEndpoint | ErrorResponse]:
    """ An endpoint the agents check

     An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckEndpoint | ErrorResponse]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> CheckEndpoint | ErrorResponse | None:
    """ An endpoint the agents check

     An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckEndpoint | ErrorResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,

    )).parsed
