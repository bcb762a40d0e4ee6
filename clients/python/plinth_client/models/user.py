from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="User")



@_attrs_define
class User:
    """ A user account.

        Example:
            {'id': '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77', 'username': 'alice', 'email': 'alice@example.com', 'full_name':
                'Alice Example', 'is_superuser': False, 'is_active': True, 'last_login_at': '2026-11-21T09:58:12.000Z',
                'created_at': '2026-11-01T08:00:00.000Z', 'updated_at': '2026-11-01T08:00:00.000Z'}

        Attributes:
            id (UUID): The user's ID.
            username (str): The unique sign-in name.
            email (None | str): The e-mail address, or null when none is known.
            full_name (str): The display name (may be empty).
            is_superuser (bool): Super Admin: may do everything everywhere.
            is_active (bool): False for a deactivated user: no login or key of theirs works.
            last_login_at (datetime.datetime | None): The last successful login, or null if never. Example:
                2026-11-21T10:00:00.000Z.
            created_at (datetime.datetime): When the user was created. Example: 2026-11-21T10:00:00.000Z.
            updated_at (datetime.datetime): When the user was last changed. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    username: str
    email: None | str
    full_name: str
    is_superuser: bool
    is_active: bool
    last_login_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        username = self.username

        email: None | str
        email = self.email

        full_name = self.full_name

        is_superuser = self.is_superuser

        is_active = self.is_active

        last_login_at: None | str
        if isinstance(self.last_login_at, datetime.datetime):
            last_login_at = self.last_login_at.isoformat()
        else:
            last_login_at = self.last_login_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "username": username,
            "email": email,
            "full_name": full_name,
            "is_superuser": is_superuser,
            "is_active": is_active,
            "last_login_at": last_login_at,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        username = d.pop("username")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))


        full_name = d.pop("full_name")

        is_superuser = d.pop("is_superuser")

        is_active = d.pop("is_active")

        def _parse_last_login_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_login_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_login_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_login_at = _parse_last_login_at(d.pop("last_login_at"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        user = cls(
            id=id,
            username=username,
            email=email,
            full_name=full_name,
            is_superuser=is_superuser,
            is_active=is_active,
            last_login_at=last_login_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        user.additional_properties = d
        return user

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
