from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="RotatedCredentials")



@_attrs_define
class RotatedCredentials:
    """ The bucket's new keys, shown this once (revealable later), and the old key's end.

        Example:
            {'access_key_id': 'PLQ4M7X2K9B8R1T6W3ZA', 'secret_access_key': 'h7Kc2mQv9XbT4nWp8Ls1Rf6Yd3Ge5Ja0Uo2Ii9Nk',
                'rotated_at': '2026-11-24T10:00:00.000Z', 'previous_access_key_id': 'PLB7QK2M9X4R', 'previous_expires_at':
                '2026-11-25T10:00:00.000Z'}

        Attributes:
            access_key_id (str): The bucket's access key (AWS_ACCESS_KEY_ID).
            secret_access_key (str): Its secret (AWS_SECRET_ACCESS_KEY).
            rotated_at (datetime.datetime): When the new key took over. Example: 2026-11-21T10:00:00.000Z.
            previous_access_key_id (str): The old key, still working until the time below.
            previous_expires_at (datetime.datetime): When the old key stops working. Example: 2026-11-21T10:00:00.000Z.
     """

    access_key_id: str
    secret_access_key: str
    rotated_at: datetime.datetime
    previous_access_key_id: str
    previous_expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        access_key_id = self.access_key_id

        secret_access_key = self.secret_access_key

        rotated_at = self.rotated_at.isoformat()

        previous_access_key_id = self.previous_access_key_id

        previous_expires_at = self.previous_expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "access_key_id": access_key_id,
            "secret_access_key": secret_access_key,
            "rotated_at": rotated_at,
            "previous_access_key_id": previous_access_key_id,
            "previous_expires_at": previous_expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_key_id = d.pop("access_key_id")

        secret_access_key = d.pop("secret_access_key")

        rotated_at = datetime.datetime.fromisoformat(d.pop("rotated_at"))




        previous_access_key_id = d.pop("previous_access_key_id")

        previous_expires_at = datetime.datetime.fromisoformat(d.pop("previous_expires_at"))




        rotated_credentials = cls(
            access_key_id=access_key_id,
            secret_access_key=secret_access_key,
            rotated_at=rotated_at,
            previous_access_key_id=previous_access_key_id,
            previous_expires_at=previous_expires_at,
        )


        rotated_credentials.additional_properties = d
        return rotated_credentials

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
