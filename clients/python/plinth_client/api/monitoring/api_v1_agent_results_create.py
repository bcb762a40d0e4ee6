from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.check_result_batch import CheckResultBatch
from ...models.check_result_outcome import CheckResultOutcome
from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: CheckResultBatch,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/agent/results/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CheckResultOutcome | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = CheckResultOutcome.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CheckResultOutcome | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CheckResultBatch,

) -> Response[CheckResultOutcome | ErrorResponse]:
    """ Report a batch of check results (idempotent by result_id)

     For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again
    is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and
    does not fail the others.

    Args:
        body (CheckResultBatch): A batch of check results. Example: {'results': [{'result_id':
            '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'success': True, 'checked_at':
            '2026-11-26T10:00:00.000Z', 'duration_ms': 41.2, 'status_code': 200, 'http_dns_lookup_ms':
            1.1, 'http_tcp_connect_ms': 5.3, 'http_tls_handshake_ms': 12.4,
            'http_time_to_first_byte_ms': 38.9, 'http_tls_days_until_expiry': 61}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckResultOutcome | ErrorResponse]
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
    body: CheckResultBatch,

) -> CheckResultOutcome | ErrorResponse | None:
    """ Report a batch of check results (idempotent by result_id)

     For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again
    is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and
    does not fail the others.

    Args:
        body (CheckResultBatch): A batch of check results. Example: {'results': [{'result_id':
            '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'success': True, 'checked_at':
            '2026-11-26T10:00:00.000Z', 'duration_ms': 41.2, 'status_code': 200, 'http_dns_lookup_ms':
            1.1, 'http_tcp_connect_ms': 5.3, 'http_tls_handshake_ms': 12.4,
            'http_time_to_first_byte_ms': 38.9, 'http_tls_days_until_expiry': 61}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckResultOutcome | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CheckResultBatch,

) -> Response[CheckResultOutcome | ErrorResponse]:
    """ Report a batch of check results (idempotent by result_id)

     For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again
    is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and
    does not fail the others.

    Args:
        body (CheckResultBatch): A batch of check results. Example: {'results': [{'result_id':
            '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'success': True, 'checked_at':
            '2026-11-26T10:00:00.000Z', 'duration_ms': 41.2, 'status_code': 200, 'http_dns_lookup_ms':
            1.1, 'http_tcp_connect_ms': 5.3, 'http_tls_handshake_ms': 12.4,
            'http_time_to_first_byte_ms': 38.9, 'http_tls_days_until_expiry': 61}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckResultOutcome | ErrorResponse]
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
    body: CheckResultBatch,

) -> CheckResultOutcome | ErrorResponse | None:
    """ Report a batch of check results (idempotent by result_id)

     For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again
    is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and
    does not fail the others.

    Args:
        body (CheckResultBatch): A batch of check results. Example: {'results': [{'result_id':
            '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', 'endpoint_id':
            '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'success': True, 'checked_at':
            '2026-11-26T10:00:00.000Z', 'duration_ms': 41.2, 'status_code': 200, 'http_dns_lookup_ms':
            1.1, 'http_tcp_connect_ms': 5.3, 'http_tls_handshake_ms': 12.4,
            'http_time_to_first_byte_ms': 38.9, 'http_tls_days_until_expiry': 61}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckResultOutcome | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
