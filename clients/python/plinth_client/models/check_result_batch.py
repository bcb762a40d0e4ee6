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
    """ A batch of check results.

        Example:
            {'results': [{'result_id': '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', 'endpoint_id':
                '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'success': True, 'checked_at': '2026-11-26T10:00:00.000Z',
                'duration_ms': 41.2, 'status_code': 200, 'http_dns_lookup_ms': 1.1, 'http_tcp_connect_ms': 5.3,
                'http_tls_handshake_ms': 12.4, 'http_time_to_first_byte_ms': 38.9, 'http_tls_days_until_expiry': 61}]}

        Attributes:
            results (list[CheckResult]): 1 to 500 results, oldest first.
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

