from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.paginated_check_endpoint_list import PaginatedCheckEndpointList
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    *,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    workspace: UUID | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["page"] = page

    params["page_size"] = page_size

    json_workspace: str | Unset = UNSET
    if not isinstance(workspace, Unset):
        json_workspace = str(workspace)
    params["workspace"] = json_workspace


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/endpoints/",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | PaginatedCheckEndpointList | None:
    if response.status_code == 200:
        response_200 = PaginatedCheckEndpointList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | PaginatedCheckEndpointList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    workspace: UUID | Unset = UNSET,

) -> Response[ErrorResponse | PaginatedCheckEndpointList]:
    """ List the endpoints the agents check

     The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        workspace (UUID | Unset): One workspace's endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PaginatedCheckEndpointList]
     """


    kwargs = _get_kwargs(
        page=page,
page_size=page_size,
workspace=workspace,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    workspace: UUID | Unset = UNSET,

) -> ErrorResponse | PaginatedCheckEndpointList | None:
    """ List the endpoints the agents check

     The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        workspace (UUID | Unset): One workspace's endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PaginatedCheckEndpointList
     """


    return sync_detailed(
        client=client,
page=page,
page_size=page_size,
workspace=workspace,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    workspace: UUID | Unset = UNSET,

) -> Response[ErrorResponse | PaginatedCheckEndpointList]:
    """ List the endpoints the agents check

     The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        workspace (UUID | Unset): One workspace's endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PaginatedCheckEndpointList]
     """


    kwargs = _get_kwargs(
        page=page,
page_size=page_size,
workspace=workspace,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    workspace: UUID | Unset = UNSET,

) -> ErrorResponse | PaginatedCheckEndpointList | None:
    """ List the endpoints the agents check

     The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        workspace (UUID | Unset): One workspace's endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PaginatedCheckEndpointList
     """


    return (await asyncio_detailed(
        client=client,
page=page,
page_size=page_size,
workspace=workspace,

    )).parsed
