from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CheckEndpointAlert")



@_attrs_define
class CheckEndpointAlert:
    """ The alert rule.

        Attributes:
            failures (int): Failures in a row that make a location count it down.
            successes (int): Successes in a row that make it up again.
            min_locations (int | None): Locations down for EndpointDown; null: more than half.
     """

    failures: int
    successes: int
    min_locations: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        failures = self.failures

        successes = self.successes

        min_locations: int | None
        min_locations = self.min_locations


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "failures": failures,
            "successes": successes,
            "min_locations": min_locations,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        failures = d.pop("failures")

        successes = d.pop("successes")

        def _parse_min_locations(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_locations = _parse_min_locations(d.pop("min_locations"))


        check_endpoint_alert = cls(
            failures=failures,
            successes=successes,
            min_locations=min_locations,
        )


        check_endpoint_alert.additional_properties = d
        return check_endpoint_alert

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
