from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.check_result_outcome_rejected_item import CheckResultOutcomeRejectedItem





T = TypeVar("T", bound="CheckResultOutcome")



@_attrs_define
class CheckResultOutcome:
    """ What became of a batch.

        Example:
            {'accepted': 199, 'duplicates': 1, 'rejected': []}

        Attributes:
            accepted (int): Results stored now.
            duplicates (int): Results stored before (a batch sent again).
            rejected (list[CheckResultOutcomeRejectedItem]): Results not stored, and why. Do not send them again.
     """

    accepted: int
    duplicates: int
    rejected: list[CheckResultOutcomeRejectedItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.check_result_outcome_rejected_item import CheckResultOutcomeRejectedItem # noqa: PLC0415
        accepted = self.accepted

        duplicates = self.duplicates

        rejected = []
        for rejected_item_data in self.rejected:
            rejected_item = rejected_item_data.to_dict()
            rejected.append(rejected_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepted": accepted,
            "duplicates": duplicates,
            "rejected": rejected,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check_result_outcome_rejected_item import CheckResultOutcomeRejectedItem # noqa: PLC0415
        d = dict(src_dict)
        accepted = d.pop("accepted")

        duplicates = d.pop("duplicates")

        rejected = []
        _rejected = d.pop("rejected")
        for rejected_item_data in (_rejected):
            rejected_item = CheckResultOutcomeRejectedItem.from_dict(rejected_item_data)



            rejected.append(rejected_item)


        check_result_outcome = cls(
            accepted=accepted,
            duplicates=duplicates,
            rejected=rejected,
        )


        check_result_outcome.additional_properties = d
        return check_result_outcome

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
