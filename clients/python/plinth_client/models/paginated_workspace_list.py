from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.workspace import Workspace





T = TypeVar("T", bound="PaginatedWorkspaceList")



@_attrs_define
class PaginatedWorkspaceList:
    """ One page of a list.

        Example:
            {'count': 1, 'next': None, 'previous': None, 'results': [{'id': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
                'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'name': 'production', 'config': {'events': {'handler':
                'webhook', 'endpoint': 'https://hooks.example.com/plinth'}}, 'created_at': '2026-11-01T08:30:00.000Z',
                'updated_at': '2026-11-01T08:30:00.000Z'}]}

        Attributes:
            count (int): How many results there are on all pages. Example: 123.
            next_ (None | str): The absolute URL of the next page, or null on the last. Example:
                https://plinth.example/api/v1/things/?page=3.
            previous (None | str): The absolute URL of the previous page, or null on the first. Example:
                https://plinth.example/api/v1/things/?page=1.
            results (list[Workspace]): This page of results.
     """

    count: int
    next_: None | str
    previous: None | str
    results: list[Workspace]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.workspace import Workspace # noqa: PLC0415
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
        from ..models.workspace import Workspace # noqa: PLC0415
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
            results_item = Workspace.from_dict(results_item_data)



            results.append(results_item)


        paginated_workspace_list = cls(
            count=count,
            next_=next_,
            previous=previous,
            results=results,
        )


        paginated_workspace_list.additional_properties = d
        return paginated_workspace_list

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
