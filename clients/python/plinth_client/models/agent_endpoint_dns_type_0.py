from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="AgentEndpointDnsType0")



@_attrs_define
class AgentEndpointDnsType0:
    """ 
        Attributes:
            record_type (str): The record type asked.
            expected (list[str]): Answers that must all be present.
            server (None | str): The resolver asked; null: the agent's own.
     """

    record_type: str
    expected: list[str]
    server: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        record_type = self.record_type

        expected = self.expected



        server: None | str
        server = self.server


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "record_type": record_type,
            "expected": expected,
            "server": server,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        record_type = d.pop("record_type")

        expected = cast(list[str], d.pop("expected"))


        def _parse_server(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        server = _parse_server(d.pop("server"))


        agent_endpoint_dns_type_0 = cls(
            record_type=record_type,
            expected=expected,
            server=server,
        )


        agent_endpoint_dns_type_0.additional_properties = d
        return agent_endpoint_dns_type_0

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
