from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.member import Member
from ...models.member_update import MemberUpdate
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,
    user_id: UUID,
    *,
    body: MemberUpdate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/organizations/{id}/members/{user_id}/".format(id=quote(str(id), safe=""),user_id=quote(str(user_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | Member | None:
    if response.status_code == 200:
        response_200 = Member.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | Member]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: MemberUpdate,

) -> Response[ErrorResponse | Member]:
    """ Change a member's role

     Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403
    `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a
    group-granted role after the person leaves the group).

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        user_id (UUID):
        body (MemberUpdate): A member's new role. Example: {'role': 'viewer'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Member]
     """


    kwargs = _get_kwargs(
        id=id,
user_id=user_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: UUID,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: MemberUpdate,

) -> ErrorResponse | Member | None:
    """ Change a member's role

     Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403
    `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a
    group-granted role after the person leaves the group).

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        user_id (UUID):
        body (MemberUpdate): A member's new role. Example: {'role': 'viewer'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Member
     """


    return sync_detailed(
        id=id,
user_id=user_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: UUID,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: MemberUpdate,

) -> Response[ErrorResponse | Member]:
    """ Change a member's role

     Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403
    `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a
    group-granted role after the person leaves the group).

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        user_id (UUID):
        body (MemberUpdate): A member's new role. Example: {'role': 'viewer'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Member]
     """


    kwargs = _get_kwargs(
        id=id,
user_id=user_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: UUID,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: MemberUpdate,

) -> ErrorResponse | Member | None:
    """ Change a member's role

     Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403
    `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a
    group-granted role after the person leaves the group).

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        user_id (UUID):
        body (MemberUpdate): A member's new role. Example: {'role': 'viewer'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Member
     """


    return (await asyncio_detailed(
        id=id,
user_id=user_id,
client=client,
body=body,

    )).parsed
