from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_assignments import AgentAssignments
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    if_none_match: str | Unset = UNSET,
    x_agent_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["if-none-match"] = if_none_match

    if not isinstance(x_agent_id, Unset):
        headers["x-agent-id"] = x_agent_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/agent/endpoints/",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AgentAssignments | Any | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = AgentAssignments.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AgentAssignments | Any | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    x_agent_id: str | Unset = UNSET,

) -> Response[AgentAssignments | Any | ErrorResponse]:
    """ An agent's assignments: the endpoints it checks

     For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-
    Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403
    `agent_mismatch`).

    Args:
        if_none_match (str | Unset): The ETag of the last answer: 304 while nothing changed.
        x_agent_id (str | Unset): The original product's agents send it: it must be the token's
            agent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentAssignments | Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        if_none_match=if_none_match,
x_agent_id=x_agent_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    x_agent_id: str | Unset = UNSET,

) -> AgentAssignments | Any | ErrorResponse | None:
    """ An agent's assignments: the endpoints it checks

     For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-
    Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403
    `agent_mismatch`).

    Args:
        if_none_match (str | Unset): The ETag of the last answer: 304 while nothing changed.
        x_agent_id (str | Unset): The original product's agents send it: it must be the token's
            agent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentAssignments | Any | ErrorResponse
     """


    return sync_detailed(
        client=client,
if_none_match=if_none_match,
x_agent_id=x_agent_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    x_agent_id: str | Unset = UNSET,

) -> Response[AgentAssignments | Any | ErrorResponse]:
    """ An agent's assignments: the endpoints it checks

     For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-
    Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403
    `agent_mismatch`).

    Args:
        if_none_match (str | Unset): The ETag of the last answer: 304 while nothing changed.
        x_agent_id (str | Unset): The original product's agents send it: it must be the token's
            agent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentAssignments | Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        if_none_match=if_none_match,
x_agent_id=x_agent_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    x_agent_id: str | Unset = UNSET,

) -> AgentAssignments | Any | ErrorResponse | None:
    """ An agent's assignments: the endpoints it checks

     For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-
    Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403
    `agent_mismatch`).

    Args:
        if_none_match (str | Unset): The ETag of the last answer: 304 while nothing changed.
        x_agent_id (str | Unset): The original product's agents send it: it must be the token's
            agent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentAssignments | Any | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
if_none_match=if_none_match,
x_agent_id=x_agent_id,

    )).parsed
