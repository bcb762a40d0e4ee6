from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role import Role






T = TypeVar("T", bound="MemberUpdate")



@_attrs_define
class MemberUpdate:
    """ A member's new role.

        Example:
            {'role': 'viewer'}

        Attributes:
            role (Role): A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or
                `viewer`.
     """

    role: Role





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = Role(d.pop("role"))




        member_update = cls(
            role=role,
        )

        return member_update

