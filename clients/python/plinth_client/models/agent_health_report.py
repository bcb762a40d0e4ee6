from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_health_report_kind import AgentHealthReportKind
from ..models.agent_health_report_status import AgentHealthReportStatus
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.agent_health_report_agent_configuration import AgentHealthReportAgentConfiguration
  from ..models.agent_health_report_check_metrics import AgentHealthReportCheckMetrics
  from ..models.agent_health_report_check_summary import AgentHealthReportCheckSummary
  from ..models.agent_health_report_error_counts import AgentHealthReportErrorCounts
  from ..models.agent_health_report_network_metrics import AgentHealthReportNetworkMetrics
  from ..models.agent_health_report_resource_metrics import AgentHealthReportResourceMetrics
  from ..models.agent_health_report_storage_stats import AgentHealthReportStorageStats
  from ..models.agent_health_report_system_info import AgentHealthReportSystemInfo
  from ..models.check_result import CheckResult





T = TypeVar("T", bound="AgentHealthReport")



@_attrs_define
class AgentHealthReport:
    """ An agent's health report.

        Example:
            {'status': 'healthy', 'version': '0.1.0', 'uptime_seconds': 86400, 'check_metrics': {'monitored_endpoints': 120,
                'checks_skipped_total': 0, 'results_buffered': 0}, 'resource_metrics': {'rss_bytes': 83886080}}

        Attributes:
            status (AgentHealthReportStatus): How the agent is.
            version (str): The agent's version.
            uptime_seconds (int): How long it has run.
            kind (AgentHealthReportKind | Unset): What reports (the original product has both).
            reported_agent_id (None | Unset | UUID): Accepted when it is this agent's ID.
            start_time (datetime.datetime | None | Unset): When it started. Example: 2026-11-21T10:00:00.000Z.
            reported_at (datetime.datetime | None | Unset): When it made the report. Example: 2026-11-21T10:00:00.000Z.
            last_config_update (datetime.datetime | None | Unset): When its assignments last changed. Example:
                2026-11-21T10:00:00.000Z.
            config_version (None | str | Unset): The assignments version it runs.
            storage_healthy (bool | None | Unset): Its buffer can be written.
            api_connected (bool | None | Unset): The API answered its last request.
            check_metrics (AgentHealthReportCheckMetrics | Unset): Check counters (monitored_endpoints,
                checks_skipped_total, …) (at most 8 KiB).
            resource_metrics (AgentHealthReportResourceMetrics | Unset): Memory and CPU figures (at most 8 KiB).
            network_metrics (AgentHealthReportNetworkMetrics | Unset): Network figures (at most 8 KiB).
            error_counts (AgentHealthReportErrorCounts | Unset): Errors by code (at most 8 KiB).
            warnings (list[str] | Unset): Warnings, at most 50.
            critical_errors (list[str] | Unset): Critical errors, at most 50.
            system_info (AgentHealthReportSystemInfo | Unset): Runtime, platform and host (at most 8 KiB).
            storage_stats (AgentHealthReportStorageStats | Unset): The buffer's figures (at most 8 KiB).
            agent_configuration (AgentHealthReportAgentConfiguration | Unset): Its configuration (never its token) (at most
                8 KiB).
            check_summary (AgentHealthReportCheckSummary | Unset): A summary of recent checks (at most 8 KiB).
            check_results (list[CheckResult] | Unset): Results sent with the report, as the original product allows; stored
                as a batch would be.
     """

    status: AgentHealthReportStatus
    version: str
    uptime_seconds: int
    kind: AgentHealthReportKind | Unset = UNSET
    reported_agent_id: None | Unset | UUID = UNSET
    start_time: datetime.datetime | None | Unset = UNSET
    reported_at: datetime.datetime | None | Unset = UNSET
    last_config_update: datetime.datetime | None | Unset = UNSET
    config_version: None | str | Unset = UNSET
    storage_healthy: bool | None | Unset = UNSET
    api_connected: bool | None | Unset = UNSET
    check_metrics: AgentHealthReportCheckMetrics | Unset = UNSET
    resource_metrics: AgentHealthReportResourceMetrics | Unset = UNSET
    network_metrics: AgentHealthReportNetworkMetrics | Unset = UNSET
    error_counts: AgentHealthReportErrorCounts | Unset = UNSET
    warnings: list[str] | Unset = UNSET
    critical_errors: list[str] | Unset = UNSET
    system_info: AgentHealthReportSystemInfo | Unset = UNSET
    storage_stats: AgentHealthReportStorageStats | Unset = UNSET
    agent_configuration: AgentHealthReportAgentConfiguration | Unset = UNSET
    check_summary: AgentHealthReportCheckSummary | Unset = UNSET
    check_results: list[CheckResult] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_health_report_agent_configuration import AgentHealthReportAgentConfiguration # noqa: PLC0415
        from ..models.agent_health_report_check_metrics import AgentHealthReportCheckMetrics # noqa: PLC0415
        from ..models.agent_health_report_check_summary import AgentHealthReportCheckSummary # noqa: PLC0415
        from ..models.agent_health_report_error_counts import AgentHealthReportErrorCounts # noqa: PLC0415
        from ..models.agent_health_report_network_metrics import AgentHealthReportNetworkMetrics # noqa: PLC0415
        from ..models.agent_health_report_resource_metrics import AgentHealthReportResourceMetrics # noqa: PLC0415
        from ..models.agent_health_report_storage_stats import AgentHealthReportStorageStats # noqa: PLC0415
        from ..models.agent_health_report_system_info import AgentHealthReportSystemInfo # noqa: PLC0415
        from ..models.check_result import CheckResult # noqa: PLC0415
        status = self.status.value

        version = self.version

        uptime_seconds = self.uptime_seconds

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        reported_agent_id: None | str | Unset
        if isinstance(self.reported_agent_id, Unset):
            reported_agent_id = UNSET
        elif isinstance(self.reported_agent_id, UUID):
            reported_agent_id = str(self.reported_agent_id)
        else:
            reported_agent_id = self.reported_agent_id

        start_time: None | str | Unset
        if isinstance(self.start_time, Unset):
            start_time = UNSET
        elif isinstance(self.start_time, datetime.datetime):
            start_time = self.start_time.isoformat()
        else:
            start_time = self.start_time

        reported_at: None | str | Unset
        if isinstance(self.reported_at, Unset):
            reported_at = UNSET
        elif isinstance(self.reported_at, datetime.datetime):
            reported_at = self.reported_at.isoformat()
        else:
            reported_at = self.reported_at

        last_config_update: None | str | Unset
        if isinstance(self.last_config_update, Unset):
            last_config_update = UNSET
        elif isinstance(self.last_config_update, datetime.datetime):
            last_config_update = self.last_config_update.isoformat()
        else:
            last_config_update = self.last_config_update

        config_version: None | str | Unset
        if isinstance(self.config_version, Unset):
            config_version = UNSET
        else:
            config_version = self.config_version

        storage_healthy: bool | None | Unset
        if isinstance(self.storage_healthy, Unset):
            storage_healthy = UNSET
        else:
            storage_healthy = self.storage_healthy

        api_connected: bool | None | Unset
        if isinstance(self.api_connected, Unset):
            api_connected = UNSET
        else:
            api_connected = self.api_connected

        check_metrics: dict[str, Any] | Unset = UNSET
        if not isinstance(self.check_metrics, Unset):
            check_metrics = self.check_metrics.to_dict()

        resource_metrics: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resource_metrics, Unset):
            resource_metrics = self.resource_metrics.to_dict()

        network_metrics: dict[str, Any] | Unset = UNSET
        if not isinstance(self.network_metrics, Unset):
            network_metrics = self.network_metrics.to_dict()

        error_counts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error_counts, Unset):
            error_counts = self.error_counts.to_dict()

        warnings: list[str] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = self.warnings



        critical_errors: list[str] | Unset = UNSET
        if not isinstance(self.critical_errors, Unset):
            critical_errors = self.critical_errors



        system_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.system_info, Unset):
            system_info = self.system_info.to_dict()

        storage_stats: dict[str, Any] | Unset = UNSET
        if not isinstance(self.storage_stats, Unset):
            storage_stats = self.storage_stats.to_dict()

        agent_configuration: dict[str, Any] | Unset = UNSET
        if not isinstance(self.agent_configuration, Unset):
            agent_configuration = self.agent_configuration.to_dict()

        check_summary: dict[str, Any] | Unset = UNSET
        if not isinstance(self.check_summary, Unset):
            check_summary = self.check_summary.to_dict()

        check_results: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.check_results, Unset):
            check_results = []
            for check_results_item_data in self.check_results:
                check_results_item = check_results_item_data.to_dict()
                check_results.append(check_results_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
            "version": version,
            "uptime_seconds": uptime_seconds,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if reported_agent_id is not UNSET:
            field_dict["reported_agent_id"] = reported_agent_id
        if start_time is not UNSET:
            field_dict["start_time"] = start_time
        if reported_at is not UNSET:
            field_dict["reported_at"] = reported_at
        if last_config_update is not UNSET:
            field_dict["last_config_update"] = last_config_update
        if config_version is not UNSET:
            field_dict["config_version"] = config_version
        if storage_healthy is not UNSET:
            field_dict["storage_healthy"] = storage_healthy
        if api_connected is not UNSET:
            field_dict["api_connected"] = api_connected
        if check_metrics is not UNSET:
            field_dict["check_metrics"] = check_metrics
        if resource_metrics is not UNSET:
            field_dict["resource_metrics"] = resource_metrics
        if network_metrics is not UNSET:
            field_dict["network_metrics"] = network_metrics
        if error_counts is not UNSET:
            field_dict["error_counts"] = error_counts
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if critical_errors is not UNSET:
            field_dict["critical_errors"] = critical_errors
        if system_info is not UNSET:
            field_dict["system_info"] = system_info
        if storage_stats is not UNSET:
            field_dict["storage_stats"] = storage_stats
        if agent_configuration is not UNSET:
            field_dict["agent_configuration"] = agent_configuration
        if check_summary is not UNSET:
            field_dict["check_summary"] = check_summary
        if check_results is not UNSET:
            field_dict["check_results"] = check_results

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_health_report_agent_configuration import AgentHealthReportAgentConfiguration # noqa: PLC0415
        from ..models.agent_health_report_check_metrics import AgentHealthReportCheckMetrics # noqa: PLC0415
        from ..models.agent_health_report_check_summary import AgentHealthReportCheckSummary # noqa: PLC0415
        from ..models.agent_health_report_error_counts import AgentHealthReportErrorCounts # noqa: PLC0415
        from ..models.agent_health_report_network_metrics import AgentHealthReportNetworkMetrics # noqa: PLC0415
        from ..models.agent_health_report_resource_metrics import AgentHealthReportResourceMetrics # noqa: PLC0415
        from ..models.agent_health_report_storage_stats import AgentHealthReportStorageStats # noqa: PLC0415
        from ..models.agent_health_report_system_info import AgentHealthReportSystemInfo # noqa: PLC0415
        from ..models.check_result import CheckResult # noqa: PLC0415
        d = dict(src_dict)
        status = AgentHealthReportStatus(d.pop("status"))




        version = d.pop("version")

        uptime_seconds = d.pop("uptime_seconds")

        _kind = d.pop("kind", UNSET)
        kind: AgentHealthReportKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = AgentHealthReportKind(_kind)




        def _parse_reported_agent_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reported_agent_id_type_0 = UUID(data)



                return reported_agent_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        reported_agent_id = _parse_reported_agent_id(d.pop("reported_agent_id", UNSET))


        def _parse_start_time(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_time_type_0 = datetime.datetime.fromisoformat(data)



                return start_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        start_time = _parse_start_time(d.pop("start_time", UNSET))


        def _parse_reported_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reported_at_type_0 = datetime.datetime.fromisoformat(data)



                return reported_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        reported_at = _parse_reported_at(d.pop("reported_at", UNSET))


        def _parse_last_config_update(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_config_update_type_0 = datetime.datetime.fromisoformat(data)



                return last_config_update_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        last_config_update = _parse_last_config_update(d.pop("last_config_update", UNSET))


        def _parse_config_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        config_version = _parse_config_version(d.pop("config_version", UNSET))


        def _parse_storage_healthy(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        storage_healthy = _parse_storage_healthy(d.pop("storage_healthy", UNSET))


        def _parse_api_connected(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        api_connected = _parse_api_connected(d.pop("api_connected", UNSET))


        _check_metrics = d.pop("check_metrics", UNSET)
        check_metrics: AgentHealthReportCheckMetrics | Unset
        if isinstance(_check_metrics,  Unset):
            check_metrics = UNSET
        else:
            check_metrics = AgentHealthReportCheckMetrics.from_dict(_check_metrics)




        _resource_metrics = d.pop("resource_metrics", UNSET)
        resource_metrics: AgentHealthReportResourceMetrics | Unset
        if isinstance(_resource_metrics,  Unset):
            resource_metrics = UNSET
        else:
            resource_metrics = AgentHealthReportResourceMetrics.from_dict(_resource_metrics)




        _network_metrics = d.pop("network_metrics", UNSET)
        network_metrics: AgentHealthReportNetworkMetrics | Unset
        if isinstance(_network_metrics,  Unset):
            network_metrics = UNSET
        else:
            network_metrics = AgentHealthReportNetworkMetrics.from_dict(_network_metrics)




        _error_counts = d.pop("error_counts", UNSET)
        error_counts: AgentHealthReportErrorCounts | Unset
        if isinstance(_error_counts,  Unset):
            error_counts = UNSET
        else:
            error_counts = AgentHealthReportErrorCounts.from_dict(_error_counts)




        warnings = cast(list[str], d.pop("warnings", UNSET))


        critical_errors = cast(list[str], d.pop("critical_errors", UNSET))


        _system_info = d.pop("system_info", UNSET)
        system_info: AgentHealthReportSystemInfo | Unset
        if isinstance(_system_info,  Unset):
            system_info = UNSET
        else:
            system_info = AgentHealthReportSystemInfo.from_dict(_system_info)




        _storage_stats = d.pop("storage_stats", UNSET)
        storage_stats: AgentHealthReportStorageStats | Unset
        if isinstance(_storage_stats,  Unset):
            storage_stats = UNSET
        else:
            storage_stats = AgentHealthReportStorageStats.from_dict(_storage_stats)




        _agent_configuration = d.pop("agent_configuration", UNSET)
        agent_configuration: AgentHealthReportAgentConfiguration | Unset
        if isinstance(_agent_configuration,  Unset):
            agent_configuration = UNSET
        else:
            agent_configuration = AgentHealthReportAgentConfiguration.from_dict(_agent_configuration)




        _check_summary = d.pop("check_summary", UNSET)
        check_summary: AgentHealthReportCheckSummary | Unset
        if isinstance(_check_summary,  Unset):
            check_summary = UNSET
        else:
            check_summary = AgentHealthReportCheckSummary.from_dict(_check_summary)




        _check_results = d.pop("check_results", UNSET)
        check_results: list[CheckResult] | Unset = UNSET
        if _check_results is not UNSET:
            check_results = []
            for check_results_item_data in _check_results:
                check_results_item = CheckResult.from_dict(check_results_item_data)



                check_results.append(check_results_item)


        agent_health_report = cls(
            status=status,
            version=version,
            uptime_seconds=uptime_seconds,
            kind=kind,
            reported_agent_id=reported_agent_id,
            start_time=start_time,
            reported_at=reported_at,
            last_config_update=last_config_update,
            config_version=config_version,
            storage_healthy=storage_healthy,
            api_connected=api_connected,
            check_metrics=check_metrics,
            resource_metrics=resource_metrics,
            network_metrics=network_metrics,
            error_counts=error_counts,
            warnings=warnings,
            critical_errors=critical_errors,
            system_info=system_info,
            storage_stats=storage_stats,
            agent_configuration=agent_configuration,
            check_summary=check_summary,
            check_results=check_results,
        )

        return agent_health_report

