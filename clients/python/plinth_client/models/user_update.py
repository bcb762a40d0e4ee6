from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UserUpdate")



@_attrs_define
class UserUpdate:
    """ The fields to change; at least one.

        Example:
            {'full_name': 'Alice Liddell'}

        Attributes:
            username (str | Unset): A new unique sign-in name.
            password (str | Unset): A new password, at least 12 characters.
            email (None | str | Unset): A new e-mail address, or null to clear it.
            full_name (str | Unset): A new display name.
            is_superuser (bool | Unset): Grant or take away Super Admin.
            is_active (bool | Unset): false deactivates the user: logins and keys stop working.
     """

    username: str | Unset = UNSET
    password: str | Unset = UNSET
    email: None | str | Unset = UNSET
    full_name: str | Unset = UNSET
    is_superuser: bool | Unset = UNSET
    is_active: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        full_name = self.full_name

        is_superuser = self.is_superuser

        is_active = self.is_active


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if username is not UNSET:
            field_dict["username"] = username
        if password is not UNSET:
            field_dict["password"] = password
        if email is not UNSET:
            field_dict["email"] = email
        if full_name is not UNSET:
            field_dict["full_name"] = full_name
        if is_superuser is not UNSET:
            field_dict["is_superuser"] = is_superuser
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username", UNSET)

        password = d.pop("password", UNSET)

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        full_name = d.pop("full_name", UNSET)

        is_superuser = d.pop("is_superuser", UNSET)

        is_active = d.pop("is_active", UNSET)

        user_update = cls(
            username=username,
            password=password,
            email=email,
            full_name=full_name,
            is_superuser=is_superuser,
            is_active=is_active,
        )

        return user_update

