from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EndpointAnnotations")



@_attrs_define
class EndpointAnnotations:
    """ The annotations of the endpoint's alerts.

        Attributes:
            summary (str | Unset): One line for the alert (default: "<name> is down").
            description (str | Unset): More about the alert (default: what fails, where).
            runbook_url (str | Unset): What to do when it fires.
            dashboard_url (str | Unset): Where to look.
     """

    summary: str | Unset = UNSET
    description: str | Unset = UNSET
    runbook_url: str | Unset = UNSET
    dashboard_url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        description = self.description

        runbook_url = self.runbook_url

        dashboard_url = self.dashboard_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if summary is not UNSET:
            field_dict["summary"] = summary
        if description is not UNSET:
            field_dict["description"] = description
        if runbook_url is not UNSET:
            field_dict["runbook_url"] = runbook_url
        if dashboard_url is not UNSET:
            field_dict["dashboard_url"] = dashboard_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        summary = d.pop("summary", UNSET)

        description = d.pop("description", UNSET)

        runbook_url = d.pop("runbook_url", UNSET)

        dashboard_url = d.pop("dashboard_url", UNSET)

        endpoint_annotations = cls(
            summary=summary,
            description=description,
            runbook_url=runbook_url,
            dashboard_url=dashboard_url,
        )

        return endpoint_annotations

