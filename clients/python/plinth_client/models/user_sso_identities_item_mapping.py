from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.user_sso_identities_item_mapping_organizations_item import UserSsoIdentitiesItemMappingOrganizationsItem





T = TypeVar("T", bound="UserSsoIdentitiesItemMapping")



@_attrs_define
class UserSsoIdentitiesItemMapping:
    """ What the last groups map to.

        Attributes:
            superuser (bool): Whether the groups grant Super Admin: `<group_parent>/<prefix>-admins`, for a provider with
                `super_admin_from_groups`.
            organizations (list[UserSsoIdentitiesItemMappingOrganizationsItem]): The organization roles the groups map to
                (the highest per organization).
            ignored_groups (list[str]): Groups that map to no role: other paths than directly under the provider's
                `group_parent`, organizations the provider may not grant roles in, and `<prefix>-admins` without
                `super_admin_from_groups`.
     """

    superuser: bool
    organizations: list[UserSsoIdentitiesItemMappingOrganizationsItem]
    ignored_groups: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.user_sso_identities_item_mapping_organizations_item import UserSsoIdentitiesItemMappingOrganizationsItem # noqa: PLC0415
        superuser = self.superuser

        organizations = []
        for organizations_item_data in self.organizations:
            organizations_item = organizations_item_data.to_dict()
            organizations.append(organizations_item)



        ignored_groups = self.ignored_groups




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "superuser": superuser,
            "organizations": organizations,
            "ignored_groups": ignored_groups,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_sso_identities_item_mapping_organizations_item import UserSsoIdentitiesItemMappingOrganizationsItem # noqa: PLC0415
        d = dict(src_dict)
        superuser = d.pop("superuser")

        organizations = []
        _organizations = d.pop("organizations")
        for organizations_item_data in (_organizations):
            organizations_item = UserSsoIdentitiesItemMappingOrganizationsItem.from_dict(organizations_item_data)



            organizations.append(organizations_item)


        ignored_groups = cast(list[str], d.pop("ignored_groups"))


        user_sso_identities_item_mapping = cls(
            superuser=superuser,
            organizations=organizations,
            ignored_groups=ignored_groups,
        )


        user_sso_identities_item_mapping.additional_properties = d
        return user_sso_identities_item_mapping

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
