from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_health_answer import AgentHealthAnswer
from ...models.agent_health_report import AgentHealthReport
from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: AgentHealthReport,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/agent/health/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AgentHealthAnswer | ErrorResponse | None:
    if response.status_code == 201:
        response_201 = AgentHealthAnswer.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AgentHealthAnswer | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgentHealthReport,

) -> Response[AgentHealthAnswer | ErrorResponse]:
    """ An agent's health report

     For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored
    as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.

    Args:
        body (AgentHealthReport): An agent's health report. Example: {'status': 'healthy',
            'version': '0.1.0', 'uptime_seconds': 86400, 'check_metrics': {'monitored_endpoints': 120,
            'checks_skipped_total': 0, 'results_buffered': 0}, 'resource_metrics': {'rss_bytes':
            83886080}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentHealthAnswer | ErrorResponse]
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
    body: AgentHealthReport,

) -> AgentHealthAnswer | ErrorResponse | None:
    """ An agent's health report

     For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored
    as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.

    Args:
        body (AgentHealthReport): An agent's health report. Example: {'status': 'healthy',
            'version': '0.1.0', 'uptime_seconds': 86400, 'check_metrics': {'monitored_endpoints': 120,
            'checks_skipped_total': 0, 'results_buffered': 0}, 'resource_metrics': {'rss_bytes':
            83886080}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentHealthAnswer | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgentHealthReport,

) -> Response[AgentHealthAnswer | ErrorResponse]:
    """ An agent's health report

     For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored
    as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.

    Args:
        body (AgentHealthReport): An agent's health report. Example: {'status': 'healthy',
            'version': '0.1.0', 'uptime_seconds': 86400, 'check_metrics': {'monitored_endpoints': 120,
            'checks_skipped_total': 0, 'results_buffered': 0}, 'resource_metrics': {'rss_bytes':
            83886080}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentHealthAnswer | ErrorResponse]
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
    body: AgentHealthReport,

) -> AgentHealthAnswer | ErrorResponse | None:
    """ An agent's health report

     For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored
    as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.

    Args:
        body (AgentHealthReport): An agent's health report. Example: {'status': 'healthy',
            'version': '0.1.0', 'uptime_seconds': 86400, 'check_metrics': {'monitored_endpoints': 120,
            'checks_skipped_total': 0, 'results_buffered': 0}, 'resource_metrics': {'rss_bytes':
            83886080}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentHealthAnswer | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
