from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_error_answer import AgentErrorAnswer
from ...models.agent_error_report import AgentErrorReport
from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: AgentErrorReport,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/agent/errors/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AgentErrorAnswer | ErrorResponse | None:
    if response.status_code == 201:
        response_201 = AgentErrorAnswer.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AgentErrorAnswer | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgentErrorReport,

) -> Response[AgentErrorAnswer | ErrorResponse]:
    """ An agent's error report

     For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.

    Args:
        body (AgentErrorReport): An agent's error report. Example: {'error_counts':
            {'ECONNREFUSED': 3}, 'recent_errors': [{'at': '2026-11-26T10:00:00.000Z', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'code': 'ECONNREFUSED', 'message': 'connect
            ECONNREFUSED'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentErrorAnswer | ErrorResponse]
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
    body: AgentErrorReport,

) -> AgentErrorAnswer | ErrorResponse | None:
    """ An agent's error report

     For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.

    Args:
        body (AgentErrorReport): An agent's error report. Example: {'error_counts':
            {'ECONNREFUSED': 3}, 'recent_errors': [{'at': '2026-11-26T10:00:00.000Z', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'code': 'ECONNREFUSED', 'message': 'connect
            ECONNREFUSED'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentErrorAnswer | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgentErrorReport,

) -> Response[AgentErrorAnswer | ErrorResponse]:
    """ An agent's error report

     For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.

    Args:
        body (AgentErrorReport): An agent's error report. Example: {'error_counts':
            {'ECONNREFUSED': 3}, 'recent_errors': [{'at': '2026-11-26T10:00:00.000Z', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'code': 'ECONNREFUSED', 'message': 'connect
            ECONNREFUSED'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentErrorAnswer | ErrorResponse]
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
    body: AgentErrorReport,

) -> AgentErrorAnswer | ErrorResponse | None:
    """ An agent's error report

     For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.

    Args:
        body (AgentErrorReport): An agent's error report. Example: {'error_counts':
            {'ECONNREFUSED': 3}, 'recent_errors': [{'at': '2026-11-26T10:00:00.000Z', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'code': 'ECONNREFUSED', 'message': 'connect
            ECONNREFUSED'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentErrorAnswer | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
