from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dns_check_record_type import DnsCheckRecordType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DnsCheck")



@_attrs_define
class DnsCheck:
    """ For kind dns.

        Attributes:
            record_type (DnsCheckRecordType | Unset): The record type asked.
            expected (list[str] | Unset): Answers that must all be present; empty: any answer passes.
            server (None | str | Unset): The resolver to ask (`10.0.0.53:53`); null: the agent's own.
     """

    record_type: DnsCheckRecordType | Unset = UNSET
    expected: list[str] | Unset = UNSET
    server: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        record_type: str | Unset = UNSET
        if not isinstance(self.record_type, Unset):
            record_type = self.record_type.value


        expected: list[str] | Unset = UNSET
        if not isinstance(self.expected, Unset):
            expected = self.expected



        server: None | str | Unset
        if isinstance(self.server, Unset):
            server = UNSET
        else:
            server = self.server


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if record_type is not UNSET:
            field_dict["record_type"] = record_type
        if expected is not UNSET:
            field_dict["expected"] = expected
        if server is not UNSET:
            field_dict["server"] = server

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _record_type = d.pop("record_type", UNSET)
        record_type: DnsCheckRecordType | Unset
        if isinstance(_record_type,  Unset):
            record_type = UNSET
        else:
            record_type = DnsCheckRecordType(_record_type)




        expected = cast(list[str], d.pop("expected", UNSET))


        def _parse_server(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        server = _parse_server(d.pop("server", UNSET))


        dns_check = cls(
            record_type=record_type,
            expected=expected,
            server=server,
        )

        return dns_check

