from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role import Role
from ..types import UNSET, Unset






T = TypeVar("T", bound="MemberCreate")



@_attrs_define
class MemberCreate:
    """ Exactly one of `username` and `email` names the user to add.

        Example:
            {'username': 'alice', 'role': 'user'}

        Attributes:
            role (Role): A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or
                `viewer`.
            username (str | Unset): The username (any case).
            email (str | Unset): The e-mail address (any case).
     """

    role: Role
    username: str | Unset = UNSET
    email: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        username = self.username

        email = self.email


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })
        if username is not UNSET:
            field_dict["username"] = username
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = Role(d.pop("role"))




        username = d.pop("username", UNSET)

        email = d.pop("email", UNSET)

        member_create = cls(
            role=role,
            username=username,
            email=email,
        )

        return member_create

