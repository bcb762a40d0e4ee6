from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Identity")



@_attrs_define
class Identity:
    """ A user's identity at an identity provider.

        Example:
            {'id': '0b9d6c43-8a4e-4b41-9c55-3f4c1d2e8a10', 'provider': 'keycloak', 'issuer':
                'https://sso.example.com/realms/plinth', 'subject': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718', 'created_at':
                '2026-11-24T09:00:00.000Z'}

        Attributes:
            id (UUID): The identity's ID.
            provider (str): The provider name.
            issuer (str): The provider's issuer URL.
            subject (str): The subject at the provider.
            created_at (datetime.datetime): When the link was made. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    provider: str
    issuer: str
    subject: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        provider = self.provider

        issuer = self.issuer

        subject = self.subject

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "provider": provider,
            "issuer": issuer,
            "subject": subject,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        provider = d.pop("provider")

        issuer = d.pop("issuer")

        subject = d.pop("subject")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        identity = cls(
            id=id,
            provider=provider,
            issuer=issuer,
            subject=subject,
            created_at=created_at,
        )


        identity.additional_properties = d
        return identity

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
