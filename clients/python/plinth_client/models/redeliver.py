from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Redeliver")



@_attrs_define
class Redeliver:
    """ What to deliver again.

        Example:
            {'handler': 'webhook'}

        Attributes:
            handler (str | Unset): Only this handler; unset: every handler.
     """

    handler: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        handler = self.handler


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if handler is not UNSET:
            field_dict["handler"] = handler

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        handler = d.pop("handler", UNSET)

        redeliver = cls(
            handler=handler,
        )

        return redeliver

