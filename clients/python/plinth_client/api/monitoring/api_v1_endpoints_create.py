from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.check_endpoint import CheckEndpoint
from ...models.check_endpoint_create import CheckEndpointCreate
from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: CheckEndpointCreate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/endpoints/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CheckEndpoint | ErrorResponse | None:
    if response.status_code == 201:
        response_201 = CheckEndpoint.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CheckEndpoint | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CheckEndpointCreate,

) -> Response[CheckEndpoint | ErrorResponse]:
    """ Add an endpoint for the agents to check

     An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which
    locations, and the labels and annotations of its alerts. Header values are write-only. 409
    `endpoint_name_taken`.

    Args:
        body (CheckEndpointCreate): A new endpoint to check. Example: {'workspace':
            '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'name': 'shop', 'kind': 'http', 'target':
            'https://shop.example.com/healthz', 'frequency_s': 30, 'http': {'headers':
            {'Authorization': 'Bearer health-check-token'}, 'expected_status': [200]}, 'labels':
            {'severity': 'critical', 'team': 'payments'}, 'annotations': {'runbook_url':
            'https://runbooks.example.com/shop'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckEndpoint | ErrorResponse]
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
    body: CheckEndpointCreate,

) -> CheckEndpoint | ErrorResponse | None:
    """ Add an endpoint for the agents to check

     An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which
    locations, and the labels and annotations of its alerts. Header values are write-only. 409
    `endpoint_name_taken`.

    Args:
        body (CheckEndpointCreate): A new endpoint to check. Example: {'workspace':
            '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'name': 'shop', 'kind': 'http', 'target':
            'https://shop.example.com/healthz', 'frequency_s': 30, 'http': {'headers':
            {'Authorization': 'Bearer health-check-token'}, 'expected_status': [200]}, 'labels':
            {'severity': 'critical', 'team': 'payments'}, 'annotations': {'runbook_url':
            'https://runbooks.example.com/shop'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckEndpoint | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CheckEndpointCreate,

) -> Response[CheckEndpoint | ErrorResponse]:
    """ Add an endpoint for the agents to check

     An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which
    locations, and the labels and annotations of its alerts. Header values are write-only. 409
    `endpoint_name_taken`.

    Args:
        body (CheckEndpointCreate): A new endpoint to check. Example: {'workspace':
            '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'name': 'shop', 'kind': 'http', 'target':
            'https://shop.example.com/healthz', 'frequency_s': 30, 'http': {'headers':
            {'Authorization': 'Bearer health-check-token'}, 'expected_status': [200]}, 'labels':
            {'severity': 'critical', 'team': 'payments'}, 'annotations': {'runbook_url':
            'https://runbooks.example.com/shop'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckEndpoint | ErrorResponse]
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
    body: CheckEndpointCreate,

) -> CheckEndpoint | ErrorResponse | None:
    """ Add an endpoint for the agents to check

     An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which
    locations, and the labels and annotations of its alerts. Header values are write-only. 409
    `endpoint_name_taken`.

    Args:
        body (CheckEndpointCreate): A new endpoint to check. Example: {'workspace':
            '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'name': 'shop', 'kind': 'http', 'target':
            'https://shop.example.com/healthz', 'frequency_s': 30, 'http': {'headers':
            {'Authorization': 'Bearer health-check-token'}, 'expected_status': [200]}, 'labels':
            {'severity': 'critical', 'team': 'payments'}, 'annotations': {'runbook_url':
            'https://runbooks.example.com/shop'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckEndpoint | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
