from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TcpCheck")



@_attrs_define
class TcpCheck:
    """ For kind tcp.

        Attributes:
            banner_match (None | str | Unset): Text the first bytes the server sends must contain; null: connecting is
                enough.
     """

    banner_match: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        banner_match: None | str | Unset
        if isinstance(self.banner_match, Unset):
            banner_match = UNSET
        else:
            banner_match = self.banner_match


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if banner_match is not UNSET:
            field_dict["banner_match"] = banner_match

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_banner_match(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        banner_match = _parse_banner_match(d.pop("banner_match", UNSET))


        tcp_check = cls(
            banner_match=banner_match,
        )

        return tcp_check

