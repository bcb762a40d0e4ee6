from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.check_endpoint_stats_window import CheckEndpointStatsWindow
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.check_endpoint_stats_latency_ms import CheckEndpointStatsLatencyMs
  from ..models.check_endpoint_stats_locations_item import CheckEndpointStatsLocationsItem
  from ..models.check_endpoint_stats_series_item import CheckEndpointStatsSeriesItem





T = TypeVar("T", bound="CheckEndpointStats")



@_attrs_define
class CheckEndpointStats:
    """ An endpoint's uptime, reachability and latency over a window.

        Example:
            {'endpoint': '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'window': '24h', 'from': '2026-11-25T10:00:00.000Z', 'to':
                '2026-11-26T10:00:00.000Z', 'checks': 5760, 'successes': 5748, 'uptime': 0.998958, 'reachability': 0.997917,
                'latency_ms': {'mean': 41.2, 'p50': 38.055, 'p95': 90.51, 'p99': 152.219}, 'locations': [{'location': 'eu-
                central', 'checks': 2880, 'successes': 2876, 'uptime': 0.998611, 'reachability': 0.998611, 'latency_ms':
                {'mean': 30.1, 'p50': 26.909, 'p95': 64, 'p99': 107.635}}], 'series': [{'at': '2026-11-25T10:00:00.000Z',
                'checks': 96, 'successes': 96, 'p50_ms': 38.055, 'p95_ms': 76.109}]}

        Attributes:
            endpoint (UUID): The endpoint.
            window (CheckEndpointStatsWindow): The period asked.
            from_ (datetime.datetime): Its start (a five-minute boundary). Example: 2026-11-21T10:00:00.000Z.
            to (datetime.datetime): Its end: now. Example: 2026-11-21T10:00:00.000Z.
            checks (int): Checks made.
            successes (int): Checks that succeeded.
            uptime (float | None): Share of check periods with at least one success from any location (null: no checks).
            reachability (float | None): Share of checks that succeeded.
            latency_ms (CheckEndpointStatsLatencyMs): Check durations; percentiles from a histogram, at most 19% above the
                true ones.
            locations (list[CheckEndpointStatsLocationsItem]): The same figures per location.
            series (list[CheckEndpointStatsSeriesItem]): Up to 60 points over the window, for a chart.
     """

    endpoint: UUID
    window: CheckEndpointStatsWindow
    from_: datetime.datetime
    to: datetime.datetime
    checks: int
    successes: int
    uptime: float | None
    reachability: float | None
    latency_ms: CheckEndpointStatsLatencyMs
    locations: list[CheckEndpointStatsLocationsItem]
    series: list[CheckEndpointStatsSeriesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.check_endpoint_stats_latency_ms import CheckEndpointStatsLatencyMs # noqa: PLC0415
        from ..models.check_endpoint_stats_locations_item import CheckEndpointStatsLocationsItem # noqa: PLC0415
        from ..models.check_endpoint_stats_series_item import CheckEndpointStatsSeriesItem # noqa: PLC0415
        endpoint = str(self.endpoint)

        window = self.window.value

        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        checks = self.checks

        successes = self.successes

        uptime: float | None
        uptime = self.uptime

        reachability: float | None
        reachability = self.reachability

        latency_ms = self.latency_ms.to_dict()

        locations = []
        for locations_item_data in self.locations:
            locations_item = locations_item_data.to_dict()
            locations.append(locations_item)



        series = []
        for series_item_data in self.series:
            series_item = series_item_data.to_dict()
            series.append(series_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "endpoint": endpoint,
            "window": window,
            "from": from_,
            "to": to,
            "checks": checks,
            "successes": successes,
            "uptime": uptime,
            "reachability": reachability,
            "latency_ms": latency_ms,
            "locations": locations,
            "series": series,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check_endpoint_stats_latency_ms import CheckEndpointStatsLatencyMs # noqa: PLC0415
        from ..models.check_endpoint_stats_locations_item import CheckEndpointStatsLocationsItem # noqa: PLC0415
        from ..models.check_endpoint_stats_series_item import CheckEndpointStatsSeriesItem # noqa: PLC0415
        d = dict(src_dict)
        endpoint = UUID(d.pop("endpoint"))




        window = CheckEndpointStatsWindow(d.pop("window"))




        from_ = datetime.datetime.fromisoformat(d.pop("from"))




        to = datetime.datetime.fromisoformat(d.pop("to"))




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


        latency_ms = CheckEndpointStatsLatencyMs.from_dict(d.pop("latency_ms"))




        locations = []
        _locations = d.pop("locations")
        for locations_item_data in (_locations):
            locations_item = CheckEndpointStatsLocationsItem.from_dict(locations_item_data)



            locations.append(locations_item)


        series = []
        _series = d.pop("series")
        for series_item_data in (_series):
            series_item = CheckEndpointStatsSeriesItem.from_dict(series_item_data)



            series.append(series_item)


        check_endpoint_stats = cls(
            endpoint=endpoint,
            window=window,
            from_=from_,
            to=to,
            checks=checks,
            successes=successes,
            uptime=uptime,
            reachability=reachability,
            latency_ms=latency_ms,
            locations=locations,
            series=series,
        )


        check_endpoint_stats.additional_properties = d
        return check_endpoint_stats

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
