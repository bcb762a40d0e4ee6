from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_error_report_error_counts import AgentErrorReportErrorCounts
  from ..models.agent_error_report_recent_errors_item import AgentErrorReportRecentErrorsItem
  from ..models.agent_error_report_system_info import AgentErrorReportSystemInfo





T = TypeVar("T", bound="AgentErrorReport")



@_attrs_define
class AgentErrorReport:
    """ An agent's error report.

        Example:
            {'error_counts': {'ECONNREFUSED': 3}, 'recent_errors': [{'at': '2026-11-26T10:00:00.000Z', 'endpoint_id':
                '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'code': 'ECONNREFUSED', 'message': 'connect ECONNREFUSED'}]}

        Attributes:
            error_counts (AgentErrorReportErrorCounts | Unset): Errors by code (at most 8 KiB).
            recent_errors (list[AgentErrorReportRecentErrorsItem] | Unset): Recent errors, at most 50.
            system_info (AgentErrorReportSystemInfo | Unset): Runtime, platform and host (at most 8 KiB).
     """

    error_counts: AgentErrorReportErrorCounts | Unset = UNSET
    recent_errors: list[AgentErrorReportRecentErrorsItem] | Unset = UNSET
    system_info: AgentErrorReportSystemInfo | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_error_report_error_counts import AgentErrorReportErrorCounts # noqa: PLC0415
        from ..models.agent_error_report_recent_errors_item import AgentErrorReportRecentErrorsItem # noqa: PLC0415
        from ..models.agent_error_report_system_info import AgentErrorReportSystemInfo # noqa: PLC0415
        error_counts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error_counts, Unset):
            error_counts = self.error_counts.to_dict()

        recent_errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.recent_errors, Unset):
            recent_errors = []
            for recent_errors_item_data in self.recent_errors:
                recent_errors_item = recent_errors_item_data.to_dict()
                recent_errors.append(recent_errors_item)



        system_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.system_info, Unset):
            system_info = self.system_info.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if error_counts is not UNSET:
            field_dict["error_counts"] = error_counts
        if recent_errors is not UNSET:
            field_dict["recent_errors"] = recent_errors
        if system_info is not UNSET:
            field_dict["system_info"] = system_info

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_error_report_error_counts import AgentErrorReportErrorCounts # noqa: PLC0415
        from ..models.agent_error_report_recent_errors_item import AgentErrorReportRecentErrorsItem # noqa: PLC0415
        from ..models.agent_error_report_system_info import AgentErrorReportSystemInfo # noqa: PLC0415
        d = dict(src_dict)
        _error_counts = d.pop("error_counts", UNSET)
        error_counts: AgentErrorReportErrorCounts | Unset
        if isinstance(_error_counts,  Unset):
            error_counts = UNSET
        else:
            error_counts = AgentErrorReportErrorCounts.from_dict(_error_counts)




        _recent_errors = d.pop("recent_errors", UNSET)
        recent_errors: list[AgentErrorReportRecentErrorsItem] | Unset = UNSET
        if _recent_errors is not UNSET:
            recent_errors = []
            for recent_errors_item_data in _recent_errors:
                recent_errors_item = AgentErrorReportRecentErrorsItem.from_dict(recent_errors_item_data)



                recent_errors.append(recent_errors_item)


        _system_info = d.pop("system_info", UNSET)
        system_info: AgentErrorReportSystemInfo | Unset
        if isinstance(_system_info,  Unset):
            system_info = UNSET
        else:
            system_info = AgentErrorReportSystemInfo.from_dict(_system_info)




        agent_error_report = cls(
            error_counts=error_counts,
            recent_errors=recent_errors,
            system_info=system_info,
        )

        return agent_error_report

