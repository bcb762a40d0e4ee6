from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EndpointAlertRule")



@_attrs_define
class EndpointAlertRule:
    """ The alert rule.

        Attributes:
            failures (int | Unset): A location counts the endpoint down after this many failed checks in a row.
            successes (int | Unset): …and up again after this many successful checks in a row.
            min_locations (int | None | Unset): `EndpointDown` when at least this many locations count it down (null: more
                than half of those reporting); fewer is `EndpointPartiallyDown` (a warning).
     """

    failures: int | Unset = UNSET
    successes: int | Unset = UNSET
    min_locations: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        failures = self.failures

        successes = self.successes

        min_locations: int | None | Unset
        if isinstance(self.min_locations, Unset):
            min_locations = UNSET
        else:
            min_locations = self.min_locations


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if failures is not UNSET:
            field_dict["failures"] = failures
        if successes is not UNSET:
            field_dict["successes"] = successes
        if min_locations is not UNSET:
            field_dict["min_locations"] = min_locations

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        failures = d.pop("failures", UNSET)

        successes = d.pop("successes", UNSET)

        def _parse_min_locations(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_locations = _parse_min_locations(d.pop("min_locations", UNSET))


        endpoint_alert_rule = cls(
            failures=failures,
            successes=successes,
            min_locations=min_locations,
        )

        return endpoint_alert_rule

