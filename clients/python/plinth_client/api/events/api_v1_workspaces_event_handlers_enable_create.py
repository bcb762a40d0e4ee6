from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.event_handler import EventHandler
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,
    name: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/workspaces/{id}/event-handlers/{name}/enable/".format(id=quote(str(id), safe=""),name=quote(str(name), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | EventHandler | None:
    if response.status_code == 200:
        response_200 = EventHandler.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | EventHandler]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorResponse | EventHandler]:
    """ Enable a handler a 410 answer disabled (Workspace Admin)

     Later events are delivered to the handler again; the events it missed are redelivered by hand
    (…/redeliver/).

    Args:
        id (UUID):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | EventHandler]
     """


    kwargs = _get_kwargs(
        id=id,
name=name,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: UUID,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> ErrorResponse | EventHandler | None:
    """ Enable a handler a 410 answer disabled (Workspace Admin)

     Later events are delivered to the handler again; the events it missed are redelivered by hand
    (…/redeliver/).

    Args:
        id (UUID):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | EventHandler
     """


    return sync_detailed(
        id=id,
name=name,
client=client,

    ).parsed

async def asyncio_detailed(
    id: UUID,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorResponse | EventHandler]:
    """ Enable a handler a 410 answer disabled (Workspace Admin)

     Later events are delivered to the handler again; the events it missed are redelivered by hand
    (…/redeliver/).

    Args:
        id (UUID):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | EventHandler]
     """


    kwargs = _get_kwargs(
        id=id,
name=name,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: UUID,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> ErrorResponse | EventHandler | None:
    """ Enable a handler a 410 answer disabled (Workspace Admin)

     Later events are delivered to the handler again; the events it missed are redelivered by hand
    (…/redeliver/).

    Args:
        id (UUID):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | EventHandler
     """


    return (await asyncio_detailed(
        id=id,
name=name,
client=client,

    )).parsed
