from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.api_key_kind import ApiKeyKind
from ..models.role import Role
from ..models.scope import Scope
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="ApiKey")



@_attrs_define
class ApiKey:
    """ An API key, without its secret.

        Example:
            {'id': '9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f', 'kind': 'user', 'name': 'ci-deploy', 'prefix': 'plu_3xY9aQ',
                'organization': None, 'role': None, 'scopes': ['buckets:read', 'buckets:write'], 'created_by':
                '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77', 'created_at': '2026-11-21T10:00:00.000Z', 'expires_at':
                '2027-02-19T10:00:00.000Z', 'last_used_at': None}

        Attributes:
            id (UUID): The key's ID (used to revoke it).
            kind (ApiKeyKind): Whose key it is: a user’s, an organization’s or the system’s.
            name (str): What the key is for, as its creator named it.
            prefix (str): The first characters of the token, to recognise it. Example: plu_3xY9aQ.
            organization (None | UUID): Organization keys: the organization's ID; null for other keys.
            role (None | Role): Organization keys: the role the key acts with; null for other keys.
            scopes (list[Scope] | None): The permission areas the key is limited to (docs/permissions.md); null: all the
                rights of its owner.
            created_by (None | UUID): Who created the key: for a user key, its owner. Organization and system keys belong to
                the organization and to the system, and keep working when their creator leaves.
            created_at (datetime.datetime): When the key was created. Example: 2026-11-21T10:00:00.000Z.
            expires_at (datetime.datetime | None): When the key stops working; null: never. Example:
                2026-11-21T10:00:00.000Z.
            last_used_at (datetime.datetime | None): When the key was last used (updated at most about once a minute); null:
                never. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    kind: ApiKeyKind
    name: str
    prefix: str
    organization: None | UUID
    role: None | Role
    scopes: list[Scope] | None
    created_by: None | UUID
    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    last_used_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        name = self.name

        prefix = self.prefix

        organization: None | str
        if isinstance(self.organization, UUID):
            organization = str(self.organization)
        else:
            organization = self.organization

        role: None | str
        if isinstance(self.role, Role):
            role = self.role.value
        else:
            role = self.role

        scopes: list[str] | None
        if isinstance(self.scopes, list):
            scopes = []
            for scopes_type_0_item_data in self.scopes:
                scopes_type_0_item = scopes_type_0_item_data.value
                scopes.append(scopes_type_0_item)


        else:
            scopes = self.scopes

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        created_at = self.created_at.isoformat()

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "kind": kind,
            "name": name,
            "prefix": prefix,
            "organization": organization,
            "role": role,
            "scopes": scopes,
            "created_by": created_by,
            "created_at": created_at,
            "expires_at": expires_at,
            "last_used_at": last_used_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        kind = ApiKeyKind(d.pop("kind"))




        name = d.pop("name")

        prefix = d.pop("prefix")

        def _parse_organization(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                organization_type_0 = UUID(data)



                return organization_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        organization = _parse_organization(d.pop("organization"))


        def _parse_role(data: object) -> None | Role:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                role_type_0 = Role(data)



                return role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Role, data)

        role = _parse_role(d.pop("role"))


        def _parse_scopes(data: object) -> list[Scope] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = []
                _scopes_type_0 = data
                for scopes_type_0_item_data in (_scopes_type_0):
                    scopes_type_0_item = Scope(scopes_type_0_item_data)



                    scopes_type_0.append(scopes_type_0_item)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Scope] | None, data)

        scopes = _parse_scopes(d.pop("scopes"))


        def _parse_created_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_by_type_0 = UUID(data)



                return created_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_by = _parse_created_by(d.pop("created_by"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))


        api_key = cls(
            id=id,
            kind=kind,
            name=name,
            prefix=prefix,
            organization=organization,
            role=role,
            scopes=scopes,
            created_by=created_by,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
        )


        api_key.additional_properties = d
        return api_key

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
