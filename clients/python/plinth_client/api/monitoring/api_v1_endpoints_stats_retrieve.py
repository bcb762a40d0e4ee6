from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_v1_endpoints_stats_retrieve_window import ApiV1EndpointsStatsRetrieveWindow
from ...models.check_endpoint_stats import CheckEndpointStats
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,
    *,
    window: ApiV1EndpointsStatsRetrieveWindow | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_window: str | Unset = UNSET
    if not isinstance(window, Unset):
        json_window = window.value

    params["window"] = json_window


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/endpoints/{id}/stats/".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CheckEndpointStats | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = CheckEndpointStats.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CheckEndpointStats | ErrorResponse]:
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
    window: ApiV1EndpointsStatsRetrieveWindow | Unset = UNSET,

) -> Response[CheckEndpointStats | ErrorResponse]:
    """ An endpoint's uptime, reachability and latency percentiles

     Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series
    of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the
    share of successful checks.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        window (ApiV1EndpointsStatsRetrieveWindow | Unset): The period: the last hour, day, week
            or 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckEndpointStats | ErrorResponse]
     """


    kwargs = _get_kwargs(
        id=id,
window=window,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    window: ApiV1EndpointsStatsRetrieveWindow | Unset = UNSET,

) -> CheckEndpointStats | ErrorResponse | None:
    """ An endpoint's uptime, reachability and latency percentiles

     Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series
    of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the
    share of successful checks.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        window (ApiV1EndpointsStatsRetrieveWindow | Unset): The period: the last hour, day, week
            or 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckEndpointStats | ErrorResponse
     """


    return sync_detailed(
        id=id,
client=client,
window=window,

    ).parsed

async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    window: ApiV1EndpointsStatsRetrieveWindow | Unset = UNSET,

) -> Response[CheckEndpointStats | ErrorResponse]:
    """ An endpoint's uptime, reachability and latency percentiles

     Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series
    of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the
    share of successful checks.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        window (ApiV1EndpointsStatsRetrieveWindow | Unset): The period: the last hour, day, week
            or 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckEndpointStats | ErrorResponse]
     """


    kwargs = _get_kwargs(
        id=id,
window=window,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    window: ApiV1EndpointsStatsRetrieveWindow | Unset = UNSET,

) -> CheckEndpointStats | ErrorResponse | None:
    """ An endpoint's uptime, reachability and latency percentiles

     Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series
    of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the
    share of successful checks.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        window (ApiV1EndpointsStatsRetrieveWindow | Unset): The period: the last hour, day, week
            or 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckEndpointStats | ErrorResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,
window=window,

    )).parsed
