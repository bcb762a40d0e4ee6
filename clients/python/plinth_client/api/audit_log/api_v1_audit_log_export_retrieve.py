from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.audit_event import AuditEvent
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime



def _get_kwargs(
    *,
    event: AuditEvent | Unset = UNSET,
    actor: UUID | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    exclude_event: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_event: str | Unset = UNSET
    if not isinstance(event, Unset):
        json_event = event.value

    params["event"] = json_event

    json_actor: str | Unset = UNSET
    if not isinstance(actor, Unset):
        json_actor = str(actor)
    params["actor"] = json_actor

    json_organization: str | Unset = UNSET
    if not isinstance(organization, Unset):
        json_organization = str(organization)
    params["organization"] = json_organization

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["exclude_event"] = exclude_event


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/audit-log/export/",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | str | None:
    if response.status_code == 200:
        response_200 = cast(str, response.content)
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

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    event: AuditEvent | Unset = UNSET,
    actor: UUID | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    exclude_event: str | Unset = UNSET,

) -> Response[ErrorResponse | str]:
    """ Every matching entry, oldest first, as NDJSON (one JSON object per line)

     The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters
    and visibility as the list.

    Args:
        event (AuditEvent | Unset): The kind of an audit-log entry (docs/audit-log.md).
        actor (UUID | Unset):
        organization (UUID | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        exclude_event (str | Unset): Audit events separated by commas.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | str]
     """


    kwargs = _get_kwargs(
        event=event,
actor=actor,
organization=organization,
since=since,
until=until,
exclude_event=exclude_event,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    event: AuditEvent | Unset = UNSET,
    actor: UUID | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    exclude_event: str | Unset = UNSET,

) -> ErrorResponse | str | None:
    """ Every matching entry, oldest first, as NDJSON (one JSON object per line)

     The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters
    and visibility as the list.

    Args:
        event (AuditEvent | Unset): The kind of an audit-log entry (docs/audit-log.md).
        actor (UUID | Unset):
        organization (UUID | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        exclude_event (str | Unset): Audit events separated by commas.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | str
     """


    return sync_detailed(
        client=client,
event=event,
actor=actor,
organization=organization,
since=since,
until=until,
exclude_event=exclude_event,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    event: AuditEvent | Unset = UNSET,
    actor: UUID | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    exclude_event: str | Unset = UNSET,

) -> Response[ErrorResponse | str]:
    """ Every matching entry, oldest first, as NDJSON (one JSON object per line)

     The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters
    and visibility as the list.

    Args:
        event (AuditEvent | Unset): The kind of an audit-log entry (docs/audit-log.md).
        actor (UUID | Unset):
        organization (UUID | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        exclude_event (str | Unset): Audit events separated by commas.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | str]
     """


    kwargs = _get_kwargs(
        event=event,
actor=actor,
organization=organization,
since=since,
until=until,
exclude_event=exclude_event,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    event: AuditEvent | Unset = UNSET,
    actor: UUID | Unset = UNSET,
    organization: UUID | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    exclude_event: str | Unset = UNSET,

) -> ErrorResponse | str | None:
    """ Every matching entry, oldest first, as NDJSON (one JSON object per line)

     The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters
    and visibility as the list.

    Args:
        event (AuditEvent | Unset): The kind of an audit-log entry (docs/audit-log.md).
        actor (UUID | Unset):
        organization (UUID | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        exclude_event (str | Unset): Audit events separated by commas.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | str
     """


    return (await asyncio_detailed(
        client=client,
event=event,
actor=actor,
organization=organization,
since=since,
until=until,
exclude_event=exclude_event,

    )).parsed
