from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.check_result_outcome_rejected_item_reason import CheckResultOutcomeRejectedItemReason
from uuid import UUID






T = TypeVar("T", bound="CheckResultOutcomeRejectedItem")



@_attrs_define
class CheckResultOutcomeRejectedItem:
    """ 
        Attributes:
            result_id (UUID): The result.
            reason (CheckResultOutcomeRejectedItemReason): endpoint_unknown: not an endpoint this agent may check;
                checked_at_in_future: the agent's clock is ahead.
     """

    result_id: UUID
    reason: CheckResultOutcomeRejectedItemReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        result_id = str(self.result_id)

        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "result_id": result_id,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        result_id = UUID(d.pop("result_id"))




        reason = CheckResultOutcomeRejectedItemReason(d.pop("reason"))




        check_result_outcome_rejected_item = cls(
            result_id=result_id,
            reason=reason,
        )


        check_result_outcome_rejected_item.additional_properties = d
        return check_result_outcome_rejected_item

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
