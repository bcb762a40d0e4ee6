from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CheckEndpointStatsLocationsItemLatencyMs")



@_attrs_define
class CheckEndpointStatsLocationsItemLatencyMs:
    """ Check durations; percentiles from a histogram, at most 19% above the true ones.

        Attributes:
            mean (float | None): The mean duration, in ms.
            p50 (float | None): The median, in ms.
            p95 (float | None): The 95th percentile, in ms.
            p99 (float | None): The 99th percentile, in ms.
     """

    mean: float | None
    p50: float | None
    p95: float | None
    p99: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        mean: float | None
        mean = self.mean

        p50: float | None
        p50 = self.p50

        p95: float | None
        p95 = self.p95

        p99: float | None
        p99 = self.p99


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mean": mean,
            "p50": p50,
            "p95": p95,
            "p99": p99,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_mean(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean = _parse_mean(d.pop("mean"))


        def _parse_p50(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p50 = _parse_p50(d.pop("p50"))


        def _parse_p95(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p95 = _parse_p95(d.pop("p95"))


        def _parse_p99(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p99 = _parse_p99(d.pop("p99"))


        check_endpoint_stats_locations_item_latency_ms = cls(
            mean=mean,
            p50=p50,
            p95=p95,
            p99=p99,
        )


        check_endpoint_stats_locations_item_latency_ms.additional_properties = d
        return check_endpoint_stats_locations_item_latency_ms

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
