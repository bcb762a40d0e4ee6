from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_v1_alerts_list_acknowledged import ApiV1AlertsListAcknowledged
from ...models.api_v1_alerts_list_state import ApiV1AlertsListState
from ...models.error_response import ErrorResponse
from ...models.paginated_alert_list import PaginatedAlertList
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    *,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    workspace: UUID | Unset = UNSET,
    state: ApiV1AlertsListState | Unset = UNSET,
    acknowledged: ApiV1AlertsListAcknowledged | Unset = UNSET,
    endpoint: UUID | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["page"] = page

    params["page_size"] = page_size

    json_organization: str | Unset = UNSET
    if not isinstance(organization, Unset):
        json_organization = str(organization)
    params["organization"] = json_organization

    json_workspace: str | Unset = UNSET
    if not isinstance(workspace, Unset):
        json_workspace = str(workspace)
    params["workspace"] = json_workspace

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state.value

    params["state"] = json_state

    json_acknowledged: str | Unset = UNSET
    if not isinstance(acknowledged, Unset):
        json_acknowledged = acknowledged.value

    params["acknowledged"] = json_acknowledged

    json_endpoint: str | Unset = UNSET
    if not isinstance(endpoint, Unset):
        json_endpoint = str(endpoint)
    params["endpoint"] = json_endpoint


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/alerts/",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | PaginatedAlertList | None:
    if response.status_code == 200:
        response_200 = PaginatedAlertList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | PaginatedAlertList]:
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
    organization: UUID | Unset = UNSET,
    workspace: UUID | Unset = UNSET,
    state: ApiV1AlertsListState | Unset = UNSET,
    acknowledged: ApiV1AlertsListAcknowledged | Unset = UNSET,
    endpoint: UUID | Unset = UNSET,

) -> Response[ErrorResponse | PaginatedAlertList]:
    """ List alerts, newest first

     Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`,
    `acknowledged` or `endpoint`.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        organization (UUID | Unset): One organization's alerts.
        workspace (UUID | Unset): One workspace's alerts.
        state (ApiV1AlertsListState | Unset): Firing or resolved ones only.
        acknowledged (ApiV1AlertsListAcknowledged | Unset): Acknowledged (`true`) or not (`false`)
            only.
        endpoint (UUID | Unset): One endpoint's (or agent's) alerts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PaginatedAlertList]
     """


    kwargs = _get_kwargs(
        page=page,
page_size=page_size,
organization=organization,
workspace=workspace,
state=state,
acknowledged=acknowledged,
endpoint=endpoint,

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
    organization: UUID | Unset = UNSET,
    workspace: UUID | Unset = UNSET,
    state: ApiV1AlertsListState | Unset = UNSET,
    acknowledged: ApiV1AlertsListAcknowledged | Unset = UNSET,
    endpoint: UUID | Unset = UNSET,

) -> ErrorResponse | PaginatedAlertList | None:
    """ List alerts, newest first

     Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`,
    `acknowledged` or `endpoint`.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        organization (UUID | Unset): One organization's alerts.
        workspace (UUID | Unset): One workspace's alerts.
        state (ApiV1AlertsListState | Unset): Firing or resolved ones only.
        acknowledged (ApiV1AlertsListAcknowledged | Unset): Acknowledged (`true`) or not (`false`)
            only.
        endpoint (UUID | Unset): One endpoint's (or agent's) alerts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PaginatedAlertList
     """


    return sync_detailed(
        client=client,
page=page,
page_size=page_size,
organization=organization,
workspace=workspace,
state=state,
acknowledged=acknowledged,
endpoint=endpoint,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    workspace: UUID | Unset = UNSET,
    state: ApiV1AlertsListState | Unset = UNSET,
    acknowledged: ApiV1AlertsListAcknowledged | Unset = UNSET,
    endpoint: UUID | Unset = UNSET,

) -> Response[ErrorResponse | PaginatedAlertList]:
    """ List alerts, newest first

     Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`,
    `acknowledged` or `endpoint`.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        organization (UUID | Unset): One organization's alerts.
        workspace (UUID | Unset): One workspace's alerts.
        state (ApiV1AlertsListState | Unset): Firing or resolved ones only.
        acknowledged (ApiV1AlertsListAcknowledged | Unset): Acknowledged (`true`) or not (`false`)
            only.
        endpoint (UUID | Unset): One endpoint's (or agent's) alerts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PaginatedAlertList]
     """


    kwargs = _get_kwargs(
        page=page,
page_size=page_size,
organization=organization,
workspace=workspace,
state=state,
acknowledged=acknowledged,
endpoint=endpoint,

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
    organization: UUID | Unset = UNSET,
    workspace: UUID | Unset = UNSET,
    state: ApiV1AlertsListState | Unset = UNSET,
    acknowledged: ApiV1AlertsListAcknowledged | Unset = UNSET,
    endpoint: UUID | Unset = UNSET,

) -> ErrorResponse | PaginatedAlertList | None:
    """ List alerts, newest first

     Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`,
    `acknowledged` or `endpoint`.

    Args:
        page (int | Unset):
        page_size (int | Unset):
        organization (UUID | Unset): One organization's alerts.
        workspace (UUID | Unset): One workspace's alerts.
        state (ApiV1AlertsListState | Unset): Firing or resolved ones only.
        acknowledged (ApiV1AlertsListAcknowledged | Unset): Acknowledged (`true`) or not (`false`)
            only.
        endpoint (UUID | Unset): One endpoint's (or agent's) alerts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PaginatedAlertList
     """


    return (await asyncio_detailed(
        client=client,
page=page,
page_size=page_size,
organization=organization,
workspace=workspace,
state=state,
acknowledged=acknowledged,
endpoint=endpoint,

    )).parsed
