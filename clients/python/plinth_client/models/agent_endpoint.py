from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_endpoint_kind import AgentEndpointKind
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.agent_endpoint_dns_type_0 import AgentEndpointDnsType0
  from ..models.agent_endpoint_http_type_0 import AgentEndpointHttpType0
  from ..models.agent_endpoint_tcp_type_0 import AgentEndpointTcpType0





T = TypeVar("T", bound="AgentEndpoint")



@_attrs_define
class AgentEndpoint:
    """ An endpoint this agent checks, with everything the check needs.

        Attributes:
            id (UUID): The endpoint, as results name it (`endpoint_id`).
            name (str): Its name.
            kind (AgentEndpointKind): http(s), tcp or dns.
            target (str): http: a URL; tcp: `host:port`; dns: the name to resolve.
            frequency_s (int): Seconds between checks.
            timeout_ms (int): How long a check may take, in ms.
            http (AgentEndpointHttpType0 | None): For kind http; null otherwise.
            tcp (AgentEndpointTcpType0 | None): For kind tcp; null otherwise.
            dns (AgentEndpointDnsType0 | None): For kind dns; null otherwise.
     """

    id: UUID
    name: str
    kind: AgentEndpointKind
    target: str
    frequency_s: int
    timeout_ms: int
    http: AgentEndpointHttpType0 | None
    tcp: AgentEndpointTcpType0 | None
    dns: AgentEndpointDnsType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_endpoint_dns_type_0 import AgentEndpointDnsType0 # noqa: PLC0415
        from ..models.agent_endpoint_http_type_0 import AgentEndpointHttpType0 # noqa: PLC0415
        from ..models.agent_endpoint_tcp_type_0 import AgentEndpointTcpType0 # noqa: PLC0415
        id = str(self.id)

        name = self.name

        kind = self.kind.value

        target = self.target

        frequency_s = self.frequency_s

        timeout_ms = self.timeout_ms

        http: dict[str, Any] | None
        if isinstance(self.http, AgentEndpointHttpType0):
            http = self.http.to_dict()
        else:
            http = self.http

        tcp: dict[str, Any] | None
        if isinstance(self.tcp, AgentEndpointTcpType0):
            tcp = self.tcp.to_dict()
        else:
            tcp = self.tcp

        dns: dict[str, Any] | None
        if isinstance(self.dns, AgentEndpointDnsType0):
            dns = self.dns.to_dict()
        else:
            dns = self.dns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "kind": kind,
            "target": target,
            "frequency_s": frequency_s,
            "timeout_ms": timeout_ms,
            "http": http,
            "tcp": tcp,
            "dns": dns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_endpoint_dns_type_0 import AgentEndpointDnsType0 # noqa: PLC0415
        from ..models.agent_endpoint_http_type_0 import AgentEndpointHttpType0 # noqa: PLC0415
        from ..models.agent_endpoint_tcp_type_0 import AgentEndpointTcpType0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        kind = AgentEndpointKind(d.pop("kind"))




        target = d.pop("target")

        frequency_s = d.pop("frequency_s")

        timeout_ms = d.pop("timeout_ms")

        def _parse_http(data: object) -> AgentEndpointHttpType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                http_type_0 = AgentEndpointHttpType0.from_dict(data)



                return http_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentEndpointHttpType0 | None, data)

        http = _parse_http(d.pop("http"))


        def _parse_tcp(data: object) -> AgentEndpointTcpType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tcp_type_0 = AgentEndpointTcpType0.from_dict(data)



                return tcp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentEndpointTcpType0 | None, data)

        tcp = _parse_tcp(d.pop("tcp"))


        def _parse_dns(data: object) -> AgentEndpointDnsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                dns_type_0 = AgentEndpointDnsType0.from_dict(data)



                return dns_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentEndpointDnsType0 | None, data)

        dns = _parse_dns(d.pop("dns"))


        agent_endpoint = cls(
            id=id,
            name=name,
            kind=kind,
            target=target,
            frequency_s=frequency_s,
            timeout_ms=timeout_ms,
            http=http,
            tcp=tcp,
            dns=dns,
        )


        agent_endpoint.additional_properties = d
        return agent_endpoint

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
