from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="CheckEndpointStatsSeriesItem")



@_attrs_define
class CheckEndpointStatsSeriesItem:
    """ 
        Attributes:
            at (datetime.datetime): The point's start. Example: 2026-11-21T10:00:00.000Z.
            checks (int): Checks in it.
            successes (int): Successful checks in it.
            p50_ms (float | None): The median duration, in ms.
            p95_ms (float | None): The 95th percentile, in ms.
     """

    at: datetime.datetime
    checks: int
    successes: int
    p50_ms: float | None
    p95_ms: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        checks = self.checks

        successes = self.successes

        p50_ms: float | None
        p50_ms = self.p50_ms

        p95_ms: float | None
        p95_ms = self.p95_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at": at,
            "checks": checks,
            "successes": successes,
            "p50_ms": p50_ms,
            "p95_ms": p95_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))




        checks = d.pop("checks")

        successes = d.pop("successes")

        def _parse_p50_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p50_ms = _parse_p50_ms(d.pop("p50_ms"))


        def _parse_p95_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p95_ms = _parse_p95_ms(d.pop("p95_ms"))


        check_endpoint_stats_series_item = cls(
            at=at,
            checks=checks,
            successes=successes,
            p50_ms=p50_ms,
            p95_ms=p95_ms,
        )


        check_endpoint_stats_series_item.additional_properties = d
        return check_endpoint_stats_series_item

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
