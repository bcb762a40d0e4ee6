from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.check_endpoint_stats_locations_item_latency_ms import CheckEndpointStatsLocationsItemLatencyMs





T = TypeVar("T", bound="CheckEndpointStatsLocationsItem")



@_attrs_define
class CheckEndpointStatsLocationsItem:
    """ 
        Attributes:
            location (str): The location.
            checks (int): Checks made.
            successes (int): Checks that succeeded.
            uptime (float | None): Share of check periods with at least one success from any location (null: no checks).
            reachability (float | None): Share of checks that succeeded.
            latency_ms (CheckEndpointStatsLocationsItemLatencyMs): Check durations; percentiles from a histogram, at most
                19% above the true ones.
     """

    location: str
    checks: int
    successes: int
    uptime: float | None
    reachability: float | None
    latency_ms: CheckEndpointStatsLocationsItemLatencyMs
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.check_endpoint_stats_locations_item_latency_ms import CheckEndpointStatsLocationsItemLatencyMs # noqa: PLC0415
        location = self.location

        checks = self.checks

        successes = self.successes

        uptime: float | None
        uptime = self.uptime

        reachability: float | None
        reachability = self.reachability

        latency_ms = self.latency_ms.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "location": location,
            "checks": checks,
            "successes": successes,
            "uptime": uptime,
            "reachability": reachability,
            "latency_ms": latency_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check_endpoint_stats_locations_item_latency_ms import CheckEndpointStatsLocationsItemLatencyMs # noqa: PLC0415
        d = dict(src_dict)
        location = d.pop("location")

        checks = d.pop("checks")

        successes = d.pop("successes")

        def _parse_uptime(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        uptime = _parse_uptime(d.pop("uptime"))


        def _parse_reachability(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        reachability = _parse_reachability(d.pop("reachability"))


        latency_ms = CheckEndpointStatsLocationsItemLatencyMs.from_dict(d.pop("latency_ms"))




        check_endpoint_stats_locations_item = cls(
            location=location,
            checks=checks,
            successes=successes,
            uptime=uptime,
            reachability=reachability,
            latency_ms=latency_ms,
        )


        check_endpoint_stats_locations_item.additional_properties = d
        return check_endpoint_stats_locations_item

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
