from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.check_endpoint_kind import CheckEndpointKind
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.check_endpoint_alert import CheckEndpointAlert
  from ..models.check_endpoint_annotations import CheckEndpointAnnotations
  from ..models.check_endpoint_dns_type_0 import CheckEndpointDnsType0
  from ..models.check_endpoint_http_type_0 import CheckEndpointHttpType0
  from ..models.check_endpoint_labels import CheckEndpointLabels
  from ..models.check_endpoint_tcp_type_0 import CheckEndpointTcpType0





T = TypeVar("T", bound="CheckEndpoint")



@_attrs_define
class CheckEndpoint:
    """ An endpoint the agents check.

        Example:
            {'id': '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f',
                'workspace': '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'name': 'shop', 'kind': 'http', 'target':
                'https://shop.example.com/healthz', 'frequency_s': 30, 'timeout_ms': 10000, 'locations': [], 'enabled': True,
                'labels': {'severity': 'critical', 'team': 'payments'}, 'annotations': {'runbook_url':
                'https://runbooks.example.com/shop'}, 'alert': {'failures': 3, 'successes': 2, 'min_locations': None}, 'http':
                {'method': 'GET', 'headers': {'Authorization': '[redacted]'}, 'expected_status': [200], 'body_match': None,
                'tls_expiry_days': 14, 'insecure_skip_verify': False}, 'tcp': None, 'dns': None, 'created_at':
                '2026-11-26T10:00:00.000Z', 'updated_at': '2026-11-26T10:00:00.000Z'}

        Attributes:
            id (UUID): The endpoint's ID.
            organization (UUID): Its organization.
            workspace (UUID): Its workspace.
            name (str): Its name.
            kind (CheckEndpointKind): http(s), tcp or dns.
            target (str): What is checked.
            frequency_s (int): Seconds between checks from each location.
            timeout_ms (int): How long a check may take, in ms.
            locations (list[str]): The locations that check it; empty: every agent that may.
            enabled (bool): Checked, or not.
            labels (CheckEndpointLabels): Its alerts' labels.
            annotations (CheckEndpointAnnotations): Its alerts' annotations.
            alert (CheckEndpointAlert): The alert rule.
            http (CheckEndpointHttpType0 | None): For kind http; null otherwise.
            tcp (CheckEndpointTcpType0 | None): For kind tcp; null otherwise.
            dns (CheckEndpointDnsType0 | None): For kind dns; null otherwise.
            created_at (datetime.datetime): When it was created. Example: 2026-11-21T10:00:00.000Z.
            updated_at (datetime.datetime): When it last changed. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    organization: UUID
    workspace: UUID
    name: str
    kind: CheckEndpointKind
    target: str
    frequency_s: int
    timeout_ms: int
    locations: list[str]
    enabled: bool
    labels: CheckEndpointLabels
    annotations: CheckEndpointAnnotations
    alert: CheckEndpointAlert
    http: CheckEndpointHttpType0 | None
    tcp: CheckEndpointTcpType0 | None
    dns: CheckEndpointDnsType0 | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.check_endpoint_alert import CheckEndpointAlert # noqa: PLC0415
        from ..models.check_endpoint_annotations import CheckEndpointAnnotations # noqa: PLC0415
        from ..models.check_endpoint_dns_type_0 import CheckEndpointDnsType0 # noqa: PLC0415
        from ..models.check_endpoint_http_type_0 import CheckEndpointHttpType0 # noqa: PLC0415
        from ..models.check_endpoint_labels import CheckEndpointLabels # noqa: PLC0415
        from ..models.check_endpoint_tcp_type_0 import CheckEndpointTcpType0 # noqa: PLC0415
        id = str(self.id)

        organization = str(self.organization)

        workspace = str(self.workspace)

        name = self.name

        kind = self.kind.value

        target = self.target

        frequency_s = self.frequency_s

        timeout_ms = self.timeout_ms

        locations = self.locations



        enabled = self.enabled

        labels = self.labels.to_dict()

        annotations = self.annotations.to_dict()

        alert = self.alert.to_dict()

        http: dict[str, Any] | None
        if isinstance(self.http, CheckEndpointHttpType0):
            http = self.http.to_dict()
        else:
            http = self.http

        tcp: dict[str, Any] | None
        if isinstance(self.tcp, CheckEndpointTcpType0):
            tcp = self.tcp.to_dict()
        else:
            tcp = self.tcp

        dns: dict[str, Any] | None
        if isinstance(self.dns, CheckEndpointDnsType0):
            dns = self.dns.to_dict()
        else:
            dns = self.dns

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "organization": organization,
            "workspace": workspace,
            "name": name,
            "kind": kind,
            "target": target,
            "frequency_s": frequency_s,
            "timeout_ms": timeout_ms,
            "locations": locations,
            "enabled": enabled,
            "labels": labels,
            "annotations": annotations,
            "alert": alert,
            "http": http,
            "tcp": tcp,
            "dns": dns,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check_endpoint_alert import CheckEndpointAlert # noqa: PLC0415
        from ..models.check_endpoint_annotations import CheckEndpointAnnotations # noqa: PLC0415
        from ..models.check_endpoint_dns_type_0 import CheckEndpointDnsType0 # noqa: PLC0415
        from ..models.check_endpoint_http_type_0 import CheckEndpointHttpType0 # noqa: PLC0415
        from ..models.check_endpoint_labels import CheckEndpointLabels # noqa: PLC0415
        from ..models.check_endpoint_tcp_type_0 import CheckEndpointTcpType0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        organization = UUID(d.pop("organization"))




        workspace = UUID(d.pop("workspace"))




        name = d.pop("name")

        kind = CheckEndpointKind(d.pop("kind"))




        target = d.pop("target")

        frequency_s = d.pop("frequency_s")

        timeout_ms = d.pop("timeout_ms")

        locations = cast(list[str], d.pop("locations"))


        enabled = d.pop("enabled")

        labels = CheckEndpointLabels.from_dict(d.pop("labels"))




        annotations = CheckEndpointAnnotations.from_dict(d.pop("annotations"))




        alert = CheckEndpointAlert.from_dict(d.pop("alert"))




        def _parse_http(data: object) -> CheckEndpointHttpType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                http_type_0 = CheckEndpointHttpType0.from_dict(data)



                return http_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CheckEndpointHttpType0 | None, data)

        http = _parse_http(d.pop("http"))


        def _parse_tcp(data: object) -> CheckEndpointTcpType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tcp_type_0 = CheckEndpointTcpType0.from_dict(data)



                return tcp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CheckEndpointTcpType0 | None, data)

        tcp = _parse_tcp(d.pop("tcp"))


        def _parse_dns(data: object) -> CheckEndpointDnsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                dns_type_0 = CheckEndpointDnsType0.from_dict(data)



                return dns_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CheckEndpointDnsType0 | None, data)

        dns = _parse_dns(d.pop("dns"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        check_endpoint = cls(
            id=id,
            organization=organization,
            workspace=workspace,
            name=name,
            kind=kind,
            target=target,
            frequency_s=frequency_s,
            timeout_ms=timeout_ms,
            locations=locations,
            enabled=enabled,
            labels=labels,
            annotations=annotations,
            alert=alert,
            http=http,
            tcp=tcp,
            dns=dns,
            created_at=created_at,
            updated_at=updated_at,
        )


        check_endpoint.additional_properties = d
        return check_endpoint

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
