from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Organization")



@_attrs_define
class Organization:
    """ An organization: the tenant that owns workspaces, buckets, members and keys.

        Example:
            {'id': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'slug': 'team-a', 'name': 'Team A', 'created_at':
                '2026-11-01T08:00:00.000Z', 'updated_at': '2026-11-01T08:00:00.000Z'}

        Attributes:
            id (UUID): The organization's ID.
            slug (str): Unique short name, used in OIDC group names: svc-{slug}-admins, -users, -viewers.
            name (str): The display name.
            created_at (datetime.datetime): When the organization was created. Example: 2026-11-21T10:00:00.000Z.
            updated_at (datetime.datetime): When the organization was last changed. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    slug: str
    name: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        slug = self.slug

        name = self.name

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "slug": slug,
            "name": name,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        slug = d.pop("slug")

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        organization = cls(
            id=id,
            slug=slug,
            name=name,
            created_at=created_at,
            updated_at=updated_at,
        )


        organization.additional_properties = d
        return organization

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
