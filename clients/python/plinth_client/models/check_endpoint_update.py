from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.check_endpoint_update_frequency_s import CheckEndpointUpdateFrequencyS
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.dns_check import DnsCheck
  from ..models.endpoint_alert_rule import EndpointAlertRule
  from ..models.endpoint_annotations import EndpointAnnotations
  from ..models.endpoint_labels import EndpointLabels
  from ..models.http_check import HttpCheck
  from ..models.tcp_check import TcpCheck





T = TypeVar("T", bound="CheckEndpointUpdate")



@_attrs_define
class CheckEndpointUpdate:
    """ A change to an endpoint.

        Example:
            {'enabled': False}

        Attributes:
            name (str | Unset): A new name, unique in the workspace.
            target (str | Unset): http: a URL; tcp: `host:port`; dns: the name to resolve. Example:
                https://shop.example.com/healthz.
            frequency_s (CheckEndpointUpdateFrequencyS | Unset): Seconds between checks from each location: 10, 15, 20, 30,
                60, 120, 300, 600, 900, 1800, 3600.
            timeout_ms (int | Unset): How long a check may take, in ms.
            locations (list[str] | Unset): The locations that check it; empty: every agent that may.
            enabled (bool | Unset): Checked (true), or not (its alerts resolve).
            labels (EndpointLabels | Unset): The labels of the endpoint's alerts (the platform's conventions).
            annotations (EndpointAnnotations | Unset): The annotations of the endpoint's alerts.
            alert (EndpointAlertRule | Unset): The alert rule.
            http (HttpCheck | Unset): For kind http (its defaults otherwise).
            tcp (TcpCheck | Unset): For kind tcp.
            dns (DnsCheck | Unset): For kind dns.
     """

    name: str | Unset = UNSET
    target: str | Unset = UNSET
    frequency_s: CheckEndpointUpdateFrequencyS | Unset = UNSET
    timeout_ms: int | Unset = UNSET
    locations: list[str] | Unset = UNSET
    enabled: bool | Unset = UNSET
    labels: EndpointLabels | Unset = UNSET
    annotations: EndpointAnnotations | Unset = UNSET
    alert: EndpointAlertRule | Unset = UNSET
    http: HttpCheck | Unset = UNSET
    tcp: TcpCheck | Unset = UNSET
    dns: DnsCheck | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.dns_check import DnsCheck # noqa: PLC0415
        from ..models.endpoint_alert_rule import EndpointAlertRule # noqa: PLC0415
        from ..models.endpoint_annotations import EndpointAnnotations # noqa: PLC0415
        from ..models.endpoint_labels import EndpointLabels # noqa: PLC0415
        from ..models.http_check import HttpCheck # noqa: PLC0415
        from ..models.tcp_check import TcpCheck # noqa: PLC0415
        name = self.name

        target = self.target

        frequency_s: int | Unset = UNSET
        if not isinstance(self.frequency_s, Unset):
            frequency_s = self.frequency_s.value


        timeout_ms = self.timeout_ms

        locations: list[str] | Unset = UNSET
        if not isinstance(self.locations, Unset):
            locations = self.locations



        enabled = self.enabled

        labels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels.to_dict()

        annotations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.annotations, Unset):
            annotations = self.annotations.to_dict()

        alert: dict[str, Any] | Unset = UNSET
        if not isinstance(self.alert, Unset):
            alert = self.alert.to_dict()

        http: dict[str, Any] | Unset = UNSET
        if not isinstance(self.http, Unset):
            http = self.http.to_dict()

        tcp: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tcp, Unset):
            tcp = self.tcp.to_dict()

        dns: dict[str, Any] | Unset = UNSET
        if not isinstance(self.dns, Unset):
            dns = self.dns.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if target is not UNSET:
            field_dict["target"] = target
        if frequency_s is not UNSET:
            field_dict["frequency_s"] = frequency_s
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms
        if locations is not UNSET:
            field_dict["locations"] = locations
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if labels is not UNSET:
            field_dict["labels"] = labels
        if annotations is not UNSET:
            field_dict["annotations"] = annotations
        if alert is not UNSET:
            field_dict["alert"] = alert
        if http is not UNSET:
            field_dict["http"] = http
        if tcp is not UNSET:
            field_dict["tcp"] = tcp
        if dns is not UNSET:
            field_dict["dns"] = dns

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dns_check import DnsCheck # noqa: PLC0415
        from ..models.endpoint_alert_rule import EndpointAlertRule # noqa: PLC0415
        from ..models.endpoint_annotations import EndpointAnnotations # noqa: PLC0415
        from ..models.endpoint_labels import EndpointLabels # noqa: PLC0415
        from ..models.http_check import HttpCheck # noqa: PLC0415
        from ..models.tcp_check import TcpCheck # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        target = d.pop("target", UNSET)

        _frequency_s = d.pop("frequency_s", UNSET)
        frequency_s: CheckEndpointUpdateFrequencyS | Unset
        if isinstance(_frequency_s,  Unset):
            frequency_s = UNSET
        else:
            frequency_s = CheckEndpointUpdateFrequencyS(_frequency_s)




        timeout_ms = d.pop("timeout_ms", UNSET)

        locations = cast(list[str], d.pop("locations", UNSET))


        enabled = d.pop("enabled", UNSET)

        _labels = d.pop("labels", UNSET)
        labels: EndpointLabels | Unset
        if isinstance(_labels,  Unset):
            labels = UNSET
        else:
            labels = EndpointLabels.from_dict(_labels)




        _annotations = d.pop("annotations", UNSET)
        annotations: EndpointAnnotations | Unset
        if isinstance(_annotations,  Unset):
            annotations = UNSET
        else:
            annotations = EndpointAnnotations.from_dict(_annotations)




        _alert = d.pop("alert", UNSET)
        alert: EndpointAlertRule | Unset
        if isinstance(_alert,  Unset):
            alert = UNSET
        else:
            alert = EndpointAlertRule.from_dict(_alert)




        _http = d.pop("http", UNSET)
        http: HttpCheck | Unset
        if isinstance(_http,  Unset):
            http = UNSET
        else:
            http = HttpCheck.from_dict(_http)




        _tcp = d.pop("tcp", UNSET)
        tcp: TcpCheck | Unset
        if isinstance(_tcp,  Unset):
            tcp = UNSET
        else:
            tcp = TcpCheck.from_dict(_tcp)




        _dns = d.pop("dns", UNSET)
        dns: DnsCheck | Unset
        if isinstance(_dns,  Unset):
            dns = UNSET
        else:
            dns = DnsCheck.from_dict(_dns)




        check_endpoint_update = cls(
            name=name,
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
        )

        return check_endpoint_update

