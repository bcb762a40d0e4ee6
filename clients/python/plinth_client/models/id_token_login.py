from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="IdTokenLogin")



@_attrs_define
class IdTokenLogin:
    """ A provider's ID token to exchange for a login token.

        Example:
            {'provider': 'keycloak', 'id_token': 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln'}

        Attributes:
            provider (str): The provider name.
            id_token (str): An ID token the provider issued to its `cli_client_id` (device authorization grant), at most 5
                minutes old; accepted once.
            access_token (str | Unset): The access token that came with the ID token, used only to read the groups from
                userinfo when the ID token has no groups claim. Without either, the groups are unknown and the roles stay as
                they are.
     """

    provider: str
    id_token: str
    access_token: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        id_token = self.id_token

        access_token = self.access_token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
            "id_token": id_token,
        })
        if access_token is not UNSET:
            field_dict["access_token"] = access_token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        id_token = d.pop("id_token")

        access_token = d.pop("access_token", UNSET)

        id_token_login = cls(
            provider=provider,
            id_token=id_token,
            access_token=access_token,
        )

        return id_token_login

