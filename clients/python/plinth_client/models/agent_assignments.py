from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.agent_assignments_agent import AgentAssignmentsAgent
  from ..models.agent_endpoint import AgentEndpoint





T = TypeVar("T", bound="AgentAssignments")



@_attrs_define
class AgentAssignments:
    """ An agent's assignments.

        Example:
            {'agent': {'id': '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b', 'name': 'eu-probe-1', 'location': 'eu-central'},
                'config_version': 'Vj3kQ9xZ7mW2vB8nR4tY6uP1sD5', 'poll_interval_s': 30, 'endpoints': [{'id':
                '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'name': 'shop', 'kind': 'http', 'target':
                'https://shop.example.com/healthz', 'frequency_s': 30, 'timeout_ms': 10000, 'http': {'method': 'GET', 'headers':
                {'Authorization': 'Bearer health-check-token'}, 'expected_status': [200], 'body_match': None, 'tls_expiry_days':
                14, 'insecure_skip_verify': False}, 'tcp': None, 'dns': None}]}

        Attributes:
            agent (AgentAssignmentsAgent): The agent the token is bound to.
            config_version (str): Changes whenever the answer would; the ETag too.
            poll_interval_s (int): How often to ask again (with If-None-Match).
            endpoints (list[AgentEndpoint]): What to check.
     """

    agent: AgentAssignmentsAgent
    config_version: str
    poll_interval_s: int
    endpoints: list[AgentEndpoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_assignments_agent import AgentAssignmentsAgent # noqa: PLC0415
        from ..models.agent_endpoint import AgentEndpoint # noqa: PLC0415
        agent = self.agent.to_dict()

        config_version = self.config_version

        poll_interval_s = self.poll_interval_s

        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent": agent,
            "config_version": config_version,
            "poll_interval_s": poll_interval_s,
            "endpoints": endpoints,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_assignments_agent import AgentAssignmentsAgent # noqa: PLC0415
        from ..models.agent_endpoint import AgentEndpoint # noqa: PLC0415
        d = dict(src_dict)
        agent = AgentAssignmentsAgent.from_dict(d.pop("agent"))




        config_version = d.pop("config_version")

        poll_interval_s = d.pop("poll_interval_s")

        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in (_endpoints):
            endpoints_item = AgentEndpoint.from_dict(endpoints_item_data)



            endpoints.append(endpoints_item)


        agent_assignments = cls(
            agent=agent,
            config_version=config_version,
            poll_interval_s=poll_interval_s,
            endpoints=endpoints,
        )


        agent_assignments.additional_properties = d
        return agent_assignments

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
