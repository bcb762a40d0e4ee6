from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.membership_source import MembershipSource
from typing import cast

if TYPE_CHECKING:
  from ..models.user_sso_identities_item import UserSsoIdentitiesItem





T = TypeVar("T", bound="UserSso")



@_attrs_define
class UserSso:
    """ A user's single sign-on identities, with the claims they last brought and what those map to.

        Example:
            {'superuser': False, 'superuser_source': 'manual', 'identities': [{'id': '0b9d6c43-8a4e-4b41-9c55-3f4c1d2e8a10',
                'provider': 'keycloak', 'issuer': 'https://sso.example.com/realms/plinth', 'subject':
                'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718', 'email': 'bob@example.com', 'last_login_at': '2026-11-24T09:00:00.000Z',
                'last_sync_at': '2026-11-24T09:00:00.000Z', 'last_sync_problem': None, 'last_groups': ['/svc-acme-users', '/svc-
                acme-viewers'], 'last_claims': {'sub': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718', 'preferred_username': 'bob'},
                'group_sync': True, 'mapping': {'superuser': False, 'organizations': [{'slug': 'acme', 'role': 'user', 'exists':
                True}], 'ignored_groups': []}}]}

        Attributes:
            superuser (bool): Whether the user is a Super Admin now.
            superuser_source (MembershipSource): Where a role came from: `manual` (granted in Plinth) or `idp` (the identity
                provider's groups, kept in sync at each sign-in; docs/sso.md).
            identities (list[UserSsoIdentitiesItem]): The user's identities at identity providers.
     """

    superuser: bool
    superuser_source: MembershipSource
    identities: list[UserSsoIdentitiesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.user_sso_identities_item import UserSsoIdentitiesItem # noqa: PLC0415
        superuser = self.superuser

        superuser_source = self.superuser_source.value

        identities = []
        for identities_item_data in self.identities:
            identities_item = identities_item_data.to_dict()
            identities.append(identities_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "superuser": superuser,
            "superuser_source": superuser_source,
            "identities": identities,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_sso_identities_item import UserSsoIdentitiesItem # noqa: PLC0415
        d = dict(src_dict)
        superuser = d.pop("superuser")

        superuser_source = MembershipSource(d.pop("superuser_source"))




        identities = []
        _identities = d.pop("identities")
        for identities_item_data in (_identities):
            identities_item = UserSsoIdentitiesItem.from_dict(identities_item_data)



            identities.append(identities_item)


        user_sso = cls(
            superuser=superuser,
            superuser_source=superuser_source,
            identities=identities,
        )


        user_sso.additional_properties = d
        return user_sso

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
