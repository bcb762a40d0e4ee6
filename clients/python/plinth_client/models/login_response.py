from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="LoginResponse")



@_attrs_define
class LoginResponse:
    """ A login token.

        Example:
            {'token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZDNmIn0.c2lnbmF0dXJl', 'expires_at': '2026-11-21T22:00:00.000Z'}

        Attributes:
            token (str): A short-lived bearer token (JWT): `Authorization: Bearer <token>`.
            expires_at (datetime.datetime): When the token stops working. Example: 2026-11-21T10:00:00.000Z.
     """

    token: str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "token": token,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        login_response = cls(
            token=token,
            expires_at=expires_at,
        )


        login_response.additional_properties = d
        return login_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
