from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="AgentErrorAnswer")



@_attrs_define
class AgentErrorAnswer:
    """ An error report, received.

        Example:
            {'agent_id': '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b', 'received_at': '2026-11-26T10:00:00.000Z', 'errors': 1}

        Attributes:
            agent_id (UUID): The agent's ID.
            received_at (datetime.datetime): When the report arrived. Example: 2026-11-21T10:00:00.000Z.
            errors (int): Recent errors kept.
     """

    agent_id: UUID
    received_at: datetime.datetime
    errors: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        agent_id = str(self.agent_id)

        received_at = self.received_at.isoformat()

        errors = self.errors


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent_id": agent_id,
            "received_at": received_at,
            "errors": errors,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = UUID(d.pop("agent_id"))




        received_at = datetime.datetime.fromisoformat(d.pop("received_at"))




        errors = d.pop("errors")

        agent_error_answer = cls(
            agent_id=agent_id,
            received_at=received_at,
            errors=errors,
        )


        agent_error_answer.additional_properties = d
        return agent_error_answer

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
