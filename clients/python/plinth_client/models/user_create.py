from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UserCreate")



@_attrs_define
class UserCreate:
    """ A new user.

        Example:
            {'username': 'alice', 'password': 'correct-horse-battery', 'email': 'alice@example.com', 'full_name': 'Alice
                Example'}

        Attributes:
            username (str): The unique sign-in name: letters, digits and `@ . + - _`.
            password (str | Unset): At least 12 characters. Omit for users who sign in through SSO only.
            email (None | str | Unset): The e-mail address (optional).
            full_name (str | Unset): The display name (empty when absent).
            is_superuser (bool | Unset): Make the user a Super Admin (false when absent).
     """

    username: str
    password: str | Unset = UNSET
    email: None | str | Unset = UNSET
    full_name: str | Unset = UNSET
    is_superuser: bool | Unset = UNSET





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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "username": username,
        })
        if password is not UNSET:
            field_dict["password"] = password
        if email is not UNSET:
            field_dict["email"] = email
        if full_name is not UNSET:
            field_dict["full_name"] = full_name
        if is_superuser is not UNSET:
            field_dict["is_superuser"] = is_superuser

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

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

        user_create = cls(
            username=username,
            password=password,
            email=email,
            full_name=full_name,
            is_superuser=is_superuser,
        )

        return user_create

