from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_create import AgentCreate
from ...models.agent_with_token import AgentWithToken
from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: AgentCreate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/agents/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AgentWithToken | ErrorResponse | None:
    if response.status_code == 201:
        response_201 = AgentWithToken.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AgentWithToken | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgentCreate,

) -> Response[AgentWithToken | ErrorResponse]:
    """ Create a monitoring agent; its token is shown once

     A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces
    (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and
    nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409
    `agent_name_taken`.

    Args:
        body (AgentCreate): A new monitoring agent. Example: {'organization':
            '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'name': 'eu-probe-1', 'location': 'eu-central',
            'description': 'Rack 4, Frankfurt'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentWithToken | ErrorResponse]
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
    body: AgentCreate,

) -> AgentWithToken | ErrorResponse | None:
    """ Create a monitoring agent; its token is shown once

     A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces
    (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and
    nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409
    `agent_name_taken`.

    Args:
        body (AgentCreate): A new monitoring agent. Example: {'organization':
            '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'name': 'eu-probe-1', 'location': 'eu-central',
            'description': 'Rack 4, Frankfurt'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentWithToken | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgentCreate,

) -> Response[AgentWithToken | ErrorResponse]:
    """ Create a monitoring agent; its token is shown once

     A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces
    (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and
    nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409
    `agent_name_taken`.

    Args:
        body (AgentCreate): A new monitoring agent. Example: {'organization':
            '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'name': 'eu-probe-1', 'location': 'eu-central',
            'description': 'Rack 4, Frankfurt'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentWithToken | ErrorResponse]
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
    body: AgentCreate,

) -> AgentWithToken | ErrorResponse | None:
    """ Create a monitoring agent; its token is shown once

     A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces
    (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and
    nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409
    `agent_name_taken`.

    Args:
        body (AgentCreate): A new monitoring agent. Example: {'organization':
            '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'name': 'eu-probe-1', 'location': 'eu-central',
            'description': 'Rack 4, Frankfurt'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentWithToken | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
