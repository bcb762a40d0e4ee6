from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_v1_action_runs_output_retrieve_follow import ApiV1ActionRunsOutputRetrieveFollow
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    id: UUID,
    *,
    follow: ApiV1ActionRunsOutputRetrieveFollow | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_follow: str | Unset = UNSET
    if not isinstance(follow, Unset):
        json_follow = follow.value

    params["follow"] = json_follow


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/action-runs/{id}/output/".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())



        return response_429

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
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    follow: ApiV1ActionRunsOutputRetrieveFollow | Unset = UNSET,

) -> Response[ErrorResponse | str]:
    """ A run's output, streamed while it runs with follow=true

     Plain text. While the run runs, its output so far (written every half second); afterwards only when
    the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer
    stays open and carries the output as it comes until the run ends; at most 8 such streams per caller
    (256 per API process) are open at once, more are 429.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        follow (ApiV1ActionRunsOutputRetrieveFollow | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | str]
     """


    kwargs = _get_kwargs(
        id=id,
follow=follow,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    follow: ApiV1ActionRunsOutputRetrieveFollow | Unset = UNSET,

) -> ErrorResponse | str | None:
    """ A run's output, streamed while it runs with follow=true

     Plain text. While the run runs, its output so far (written every half second); afterwards only when
    the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer
    stays open and carries the output as it comes until the run ends; at most 8 such streams per caller
    (256 per API process) are open at once, more are 429.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        follow (ApiV1ActionRunsOutputRetrieveFollow | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | str
     """


    return sync_detailed(
        id=id,
client=client,
follow=follow,

    ).parsed

async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    follow: ApiV1ActionRunsOutputRetrieveFollow | Unset = UNSET,

) -> Response[ErrorResponse | str]:
    """ A run's output, streamed while it runs with follow=true

     Plain text. While the run runs, its output so far (written every half second); afterwards only when
    the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer
    stays open and carries the output as it comes until the run ends; at most 8 such streams per caller
    (256 per API process) are open at once, more are 429.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        follow (ApiV1ActionRunsOutputRetrieveFollow | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | str]
     """


    kwargs = _get_kwargs(
        id=id,
follow=follow,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    follow: ApiV1ActionRunsOutputRetrieveFollow | Unset = UNSET,

) -> ErrorResponse | str | None:
    """ A run's output, streamed while it runs with follow=true

     Plain text. While the run runs, its output so far (written every half second); afterwards only when
    the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer
    stays open and carries the output as it comes until the run ends; at most 8 such streams per caller
    (256 per API process) are open at once, more are 429.

    Args:
        id (UUID):  Example: 3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f.
        follow (ApiV1ActionRunsOutputRetrieveFollow | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | str
     """


    return (await asyncio_detailed(
        id=id,
client=client,
follow=follow,

    )).parsed
