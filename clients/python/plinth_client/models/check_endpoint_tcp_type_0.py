from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CheckEndpointTcpType0")



@_attrs_define
class CheckEndpointTcpType0:
    """ 
        Attributes:
            banner_match (None | str): Text the banner must contain.
     """

    banner_match: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        banner_match: None | str
        banner_match = self.banner_match


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "banner_match": banner_match,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_banner_match(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        banner_match = _parse_banner_match(d.pop("banner_match"))


        check_endpoint_tcp_type_0 = cls(
            banner_match=banner_match,
        )


        check_endpoint_tcp_type_0.additional_properties = d
        return check_endpoint_tcp_type_0

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
