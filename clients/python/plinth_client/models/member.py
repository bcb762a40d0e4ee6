from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.membership_source import MembershipSource
from ..models.role import Role
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Member")



@_attrs_define
class Member:
    """ A user with a role in an organization or workspace.

        Example:
            {'user': '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77', 'username': 'alice', 'full_name': 'Alice Example', 'role':
                'user', 'source': 'manual', 'created_at': '2026-11-02T10:00:00.000Z'}

        Attributes:
            user (UUID): The member's user ID.
            username (str): The member's username.
            full_name (str): The member's display name.
            role (Role): A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or
                `viewer`.
            source (MembershipSource): Where a role came from: `manual` (granted in Plinth) or `idp` (the identity
                provider's groups, kept in sync at each sign-in; docs/sso.md).
            created_at (datetime.datetime): When the membership was granted. Example: 2026-11-21T10:00:00.000Z.
     """

    user: UUID
    username: str
    full_name: str
    role: Role
    source: MembershipSource
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        user = str(self.user)

        username = self.username

        full_name = self.full_name

        role = self.role.value

        source = self.source.value

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "user": user,
            "username": username,
            "full_name": full_name,
            "role": role,
            "source": source,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user = UUID(d.pop("user"))




        username = d.pop("username")

        full_name = d.pop("full_name")

        role = Role(d.pop("role"))




        source = MembershipSource(d.pop("source"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        member = cls(
            user=user,
            username=username,
            full_name=full_name,
            role=role,
            source=source,
            created_at=created_at,
        )


        member.additional_properties = d
        return member

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
