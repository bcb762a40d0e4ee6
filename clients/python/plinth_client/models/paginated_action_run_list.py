from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.action_run import ActionRun





T = TypeVar("T", bound="PaginatedActionRunList")



@_attrs_define
class PaginatedActionRunList:
    """ One page of a list.

        Example:
            {'count': 1, 'next': None, 'previous': None, 'results': [{'id': '2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e',
                'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
                'block': 'app', 'action': 'deploy', 'workflow': None, 'workflow_run': None, 'step': None, 'command': 'deploy
                --env production', 'client_version': None, 'run_by': 'server', 'runner': 'oci', 'image': 'deployer:v1', 'user':
                '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77', 'user_email': 'alice@example.com', 'user_name': 'Alice', 'status':
                'stopped', 'exit_code': 0, 'reason': None, 'snapshot_id': 'sha256:9f2c…', 'deadline_seconds': 600,
                'output_kept': False, 'output_truncated': False, 'created_at': '2026-11-26T04:30:00.000Z', 'started_at':
                '2026-11-26T04:30:00.100Z', 'finished_at': '2026-11-26T04:30:02.000Z'}]}

        Attributes:
            count (int): How many results there are on all pages. Example: 123.
            next_ (None | str): The absolute URL of the next page, or null on the last. Example:
                https://plinth.example/api/v1/things/?page=3.
            previous (None | str): The absolute URL of the previous page, or null on the first. Example:
                https://plinth.example/api/v1/things/?page=1.
            results (list[ActionRun]): This page of results.
     """

    count: int
    next_: None | str
    previous: None | str
    results: list[ActionRun]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action_run import ActionRun # noqa: PLC0415
        count = self.count

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "next": next_,
            "previous": previous,
            "results": results,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_run import ActionRun # noqa: PLC0415
        d = dict(src_dict)
        count = d.pop("count")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))


        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))


        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = ActionRun.from_dict(results_item_data)



            results.append(results_item)


        paginated_action_run_list = cls(
            count=count,
            next_=next_,
            previous=previous,
            results=results,
        )


        paginated_action_run_list.additional_properties = d
        return paginated_action_run_list

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
