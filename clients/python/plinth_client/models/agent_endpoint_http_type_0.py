from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.agent_endpoint_http_type_0_headers import AgentEndpointHttpType0Headers





T = TypeVar("T", bound="AgentEndpointHttpType0")



@_attrs_define
class AgentEndpointHttpType0:
    """ 
        Attributes:
            method (str): The request method.
            headers (AgentEndpointHttpType0Headers): Request headers (values `[redacted]` for people).
            expected_status (list[int]): The statuses that pass; empty: any 2xx.
            body_match (None | str): Text the body must contain.
            tls_expiry_days (int): Fail when the certificate expires within this many days.
            insecure_skip_verify (bool): Check a certificate no trusted authority signed.
     """

    method: str
    headers: AgentEndpointHttpType0Headers
    expected_status: list[int]
    body_match: None | str
    tls_expiry_days: int
    insecure_skip_verify: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_endpoint_http_type_0_headers import AgentEndpointHttpType0Headers # noqa: PLC0415
        method = self.method

        headers = self.headers.to_dict()

        expected_status = self.expected_status



        body_match: None | str
        body_match = self.body_match

        tls_expiry_days = self.tls_expiry_days

        insecure_skip_verify = self.insecure_skip_verify


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "headers": headers,
            "expected_status": expected_status,
            "body_match": body_match,
            "tls_expiry_days": tls_expiry_days,
            "insecure_skip_verify": insecure_skip_verify,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_endpoint_http_type_0_headers import AgentEndpointHttpType0Headers # noqa: PLC0415
        d = dict(src_dict)
        method = d.pop("method")

        headers = AgentEndpointHttpType0Headers.from_dict(d.pop("headers"))




        expected_status = cast(list[int], d.pop("expected_status"))


        def _parse_body_match(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        body_match = _parse_body_match(d.pop("body_match"))


        tls_expiry_days = d.pop("tls_expiry_days")

        insecure_skip_verify = d.pop("insecure_skip_verify")

        agent_endpoint_http_type_0 = cls(
            method=method,
            headers=headers,
            expected_status=expected_status,
            body_match=body_match,
            tls_expiry_days=tls_expiry_days,
            insecure_skip_verify=insecure_skip_verify,
        )


        agent_endpoint_http_type_0.additional_properties = d
        return agent_endpoint_http_type_0

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
