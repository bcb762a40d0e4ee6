from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role import Role
from ..models.scope import Scope
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="OrganizationApiKeyCreate")



@_attrs_define
class OrganizationApiKeyCreate:
    """ A new organization key.

        Example:
            {'name': 'grafana', 'role': 'viewer', 'expires_at': None}

        Attributes:
            name (str): What the key is for, 1-100 characters.
            expires_at (datetime.datetime | None | Unset): Optional expiry (ISO 8601 with offset). Omit for a key that does
                not expire.
            role (Role | Unset): A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or
                `viewer`.
            scopes (list[Scope] | None | Unset): Limit the key to these permission areas (`buckets:write` implies
                `buckets:read`). Never more than its owner has: a scope in which the owner has no right is a 400. Omit for all
                the owner's rights. `keys:write` cannot be given: keys never manage keys. Example: ['buckets:read',
                'buckets:write'].
     """

    name: str
    expires_at: datetime.datetime | None | Unset = UNSET
    role: Role | Unset = UNSET
    scopes: list[Scope] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value


        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = []
            for scopes_type_0_item_data in self.scopes:
                scopes_type_0_item = scopes_type_0_item_data.value
                scopes.append(scopes_type_0_item)


        else:
            scopes = self.scopes


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if role is not UNSET:
            field_dict["role"] = role
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))


        _role = d.pop("role", UNSET)
        role: Role | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = Role(_role)




        def _parse_scopes(data: object) -> list[Scope] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
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
            return cast(list[Scope] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))


        organization_api_key_create = cls(
            name=name,
            expires_at=expires_at,
            role=role,
            scopes=scopes,
        )

        return organization_api_key_create

