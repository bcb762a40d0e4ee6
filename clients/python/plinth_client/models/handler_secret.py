from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="HandlerSecret")



@_attrs_define
class HandlerSecret:
    """ A handler's new signing secret, shown once.

        Example:
            {'secret': 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'previous_secret_until': None}

        Attributes:
            secret (str): The new `whsec_` secret, shown this once.
            previous_secret_until (datetime.datetime | None): Until when the previous one still signs. Example:
                2026-11-21T10:00:00.000Z.
     """

    secret: str
    previous_secret_until: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        secret = self.secret

        previous_secret_until: None | str
        if isinstance(self.previous_secret_until, datetime.datetime):
            previous_secret_until = self.previous_secret_until.isoformat()
        else:
            previous_secret_until = self.previous_secret_until


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "secret": secret,
            "previous_secret_until": previous_secret_until,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        secret = d.pop("secret")

        def _parse_previous_secret_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_until_type_0 = datetime.datetime.fromisoformat(data)



                return previous_secret_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_until = _parse_previous_secret_until(d.pop("previous_secret_until"))


        handler_secret = cls(
            secret=secret,
            previous_secret_until=previous_secret_until,
        )


        handler_secret.additional_properties = d
        return handler_secret

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
