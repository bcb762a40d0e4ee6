from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.check_result_outcome import CheckResultOutcome





T = TypeVar("T", bound="AgentHealthAnswer")



@_attrs_define
class AgentHealthAnswer:
    """ A health report, received.

        Example:
            {'agent_id': '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b', 'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f',
                'workspace': None, 'received_at': '2026-11-26T10:00:00.000Z', 'results': {'accepted': 1, 'duplicates': 0,
                'rejected': []}}

        Attributes:
            agent_id (UUID): The agent's ID.
            organization (UUID): Its organization.
            workspace (None | UUID): Its workspace; null: the organization.
            received_at (datetime.datetime): When the report arrived. Example: 2026-11-21T10:00:00.000Z.
            results (CheckResultOutcome): What became of a batch. Example: {'accepted': 199, 'duplicates': 1, 'rejected':
                []}.
     """

    agent_id: UUID
    organization: UUID
    workspace: None | UUID
    received_at: datetime.datetime
    results: CheckResultOutcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.check_result_outcome import CheckResultOutcome # noqa: PLC0415
        agent_id = str(self.agent_id)

        organization = str(self.organization)

        workspace: None | str
        if isinstance(self.workspace, UUID):
            workspace = str(self.workspace)
        else:
            workspace = self.workspace

        received_at = self.received_at.isoformat()

        results = self.results.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent_id": agent_id,
            "organization": organization,
            "workspace": workspace,
            "received_at": received_at,
            "results": results,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check_result_outcome import CheckResultOutcome # noqa: PLC0415
        d = dict(src_dict)
        agent_id = UUID(d.pop("agent_id"))




        organization = UUID(d.pop("organization"))




        def _parse_workspace(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workspace_type_0 = UUID(data)



                return workspace_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        workspace = _parse_workspace(d.pop("workspace"))


        received_at = datetime.datetime.fromisoformat(d.pop("received_at"))




        results = CheckResultOutcome.from_dict(d.pop("results"))




        agent_health_answer = cls(
            agent_id=agent_id,
            organization=organization,
            workspace=workspace,
            received_at=received_at,
            results=results,
        )


        agent_health_answer.additional_properties = d
        return agent_health_answer

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
