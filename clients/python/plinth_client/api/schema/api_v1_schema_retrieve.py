from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_v1_schema_retrieve_format import ApiV1SchemaRetrieveFormat
from ...models.api_v1_schema_retrieve_response_200 import ApiV1SchemaRetrieveResponse200
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    format_: ApiV1SchemaRetrieveFormat | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/schema/",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiV1SchemaRetrieveResponse200 | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = ApiV1SchemaRetrieveResponse200.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiV1SchemaRetrieveResponse200 | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    format_: ApiV1SchemaRetrieveFormat | Unset = UNSET,

) -> Response[ApiV1SchemaRetrieveResponse200 | ErrorResponse]:
    """ The live OpenAPI 3.1 description of this API

     The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.

    Args:
        format_ (ApiV1SchemaRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiV1SchemaRetrieveResponse200 | ErrorResponse]
     """


    kwargs = _get_kwargs(
        format_=format_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    format_: ApiV1SchemaRetrieveFormat | Unset = UNSET,

) -> ApiV1SchemaRetrieveResponse200 | ErrorResponse | None:
    """ The live OpenAPI 3.1 description of this API

     The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.

    Args:
        format_ (ApiV1SchemaRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiV1SchemaRetrieveResponse200 | ErrorResponse
     """


    return sync_detailed(
        client=client,
format_=format_,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    format_: ApiV1SchemaRetrieveFormat | Unset = UNSET,

) -> Response[ApiV1SchemaRetrieveResponse200 | ErrorResponse]:
    """ The live OpenAPI 3.1 description of this API

     The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.

    Args:
        format_ (ApiV1SchemaRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiV1SchemaRetrieveResponse200 | ErrorResponse]
     """


    kwargs = _get_kwargs(
        format_=format_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    format_: ApiV1SchemaRetrieveFormat | Unset = UNSET,

) -> ApiV1SchemaRetrieveResponse200 | ErrorResponse | None:
    """ The live OpenAPI 3.1 description of this API

     The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.

    Args:
        format_ (ApiV1SchemaRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiV1SchemaRetrieveResponse200 | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
format_=format_,

    )).parsed
