from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="DeliveryAttempt")



@_attrs_define
class DeliveryAttempt:
    """ One attempt of a delivery.

        Example:
            {'attempt': 1, 'at': '2026-11-26T04:30:01.000Z', 'status_code': 200, 'duration_ms': 42, 'error': None,
                'excerpt': 'ok'}

        Attributes:
            attempt (int): The attempt, from 1.
            at (datetime.datetime): When it was made. Example: 2026-11-21T10:00:00.000Z.
            status_code (int | None): The receiver's status; null: no answer.
            duration_ms (int): How long it took.
            error (None | str): Why it failed; null: delivered.
            excerpt (str): The first 2 KB of the answer.
     """

    attempt: int
    at: datetime.datetime
    status_code: int | None
    duration_ms: int
    error: None | str
    excerpt: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        at = self.at.isoformat()

        status_code: int | None
        status_code = self.status_code

        duration_ms = self.duration_ms

        error: None | str
        error = self.error

        excerpt = self.excerpt


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempt": attempt,
            "at": at,
            "status_code": status_code,
            "duration_ms": duration_ms,
            "error": error,
            "excerpt": excerpt,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        at = datetime.datetime.fromisoformat(d.pop("at"))




        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        duration_ms = d.pop("duration_ms")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        excerpt = d.pop("excerpt")

        delivery_attempt = cls(
            attempt=attempt,
            at=at,
            status_code=status_code,
            duration_ms=duration_ms,
            error=error,
            excerpt=excerpt,
        )


        delivery_attempt.additional_properties = d
        return delivery_attempt

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
