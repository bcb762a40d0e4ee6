from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.endpoint_labels_severity import EndpointLabelsSeverity
from ..types import UNSET, Unset






T = TypeVar("T", bound="EndpointLabels")



@_attrs_define
class EndpointLabels:
    """ The labels of the endpoint's alerts (the platform's conventions).

        Attributes:
            severity (EndpointLabelsSeverity | Unset): critical: respond now; warning: within 24 hours; info: no action
                needed.
            component (str | Unset): The component it is part of.
            team (str | Unset): The team that answers its alerts.
            environment (str | Unset): production, staging, …
     """

    severity: EndpointLabelsSeverity | Unset = UNSET
    component: str | Unset = UNSET
    team: str | Unset = UNSET
    environment: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        severity: str | Unset = UNSET
        if not isinstance(self.severity, Unset):
            severity = self.severity.value


        component = self.component

        team = self.team

        environment = self.environment


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if severity is not UNSET:
            field_dict["severity"] = severity
        if component is not UNSET:
            field_dict["component"] = component
        if team is not UNSET:
            field_dict["team"] = team
        if environment is not UNSET:
            field_dict["environment"] = environment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _severity = d.pop("severity", UNSET)
        severity: EndpointLabelsSeverity | Unset
        if isinstance(_severity,  Unset):
            severity = UNSET
        else:
            severity = EndpointLabelsSeverity(_severity)




        component = d.pop("component", UNSET)

        team = d.pop("team", UNSET)

        environment = d.pop("environment", UNSET)

        endpoint_labels = cls(
            severity=severity,
            component=component,
            team=team,
            environment=environment,
        )

        return endpoint_labels

