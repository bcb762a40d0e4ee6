from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.check_result import CheckResult





T = TypeVar("T", bound="CheckResultBatch")



@_attrs_define
class CheckResultBatch:
    """ 
        Attributes:
            results (list[CheckResult]):
     """

    results: list[CheckResult]





    def to_dict(self) -> dict[str, Any]:
        from ..models.check_result import CheckResult # noqa: PLC0415
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "results": results,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check_result import CheckResult # noqa: PLC0415
        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = CheckResult.from_dict(results_item_data)



            results.append(results_item)


        check_result_batch = cls(
            results=results,
        )

        return check_result_batch

