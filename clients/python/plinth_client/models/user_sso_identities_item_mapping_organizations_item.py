from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role import Role






T = TypeVar("T", bound="UserSsoIdentitiesItemMappingOrganizationsItem")



@_attrs_define
class UserSsoIdentitiesItemMappingOrganizationsItem:
    """ 
        Attributes:
            slug (str): The organization slug a group names.
            role (Role): A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or
                `viewer`.
            exists (bool): Whether an organization with this slug exists (groups of unknown ones are ignored).
     """

    slug: str
    role: Role
    exists: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        role = self.role.value

        exists = self.exists


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "slug": slug,
            "role": role,
            "exists": exists,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug")

        role = Role(d.pop("role"))




        exists = d.pop("exists")

        user_sso_identities_item_mapping_organizations_item = cls(
            slug=slug,
            role=role,
            exists=exists,
        )


        user_sso_identities_item_mapping_organizations_item.additional_properties = d
        return user_sso_identities_item_mapping_organizations_item

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
