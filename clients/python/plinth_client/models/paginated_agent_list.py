from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.agent import Agent





T = TypeVar("T", bound="PaginatedAgentList")



@_attrs_define
class PaginatedAgentList:
    """ One page of a list.

        Example:
            {'count': 1, 'next': None, 'previous': None, 'results': [{'id': '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b',
                'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'workspace': None, 'name': 'eu-probe-1', 'location':
                'eu-central', 'description': 'Rack 4, Frankfurt', 'archived': False, 'health': 'healthy', 'version': '0.1.0',
                'uptime_seconds': 86400, 'last_report_at': '2026-11-26T10:00:00.000Z', 'token_prefix': 'pla_3kQ9xZ',
                'created_at': '2026-11-26T10:00:00.000Z', 'updated_at': '2026-11-26T10:00:00.000Z'}]}

        Attributes:
            count (int): How many results there are on all pages. Example: 123.
            next_ (None | str): The absolute URL of the next page, or null on the last. Example:
                https://plinth.example/api/v1/things/?page=3.
            previous (None | str): The absolute URL of the previous page, or null on the first. Example:
                https://plinth.example/api/v1/things/?page=1.
            results (list[Agent]): This page of results.
     """

    count: int
    next_: None | str
    previous: None | str
    results: list[Agent]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent import Agent # noqa: PLC0415
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
        from ..models.agent import Agent # noqa: PLC0415
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
            results_item = Agent.from_dict(results_item_data)



            results.append(results_item)


        paginated_agent_list = cls(
            count=count,
            next_=next_,
            previous=previous,
            results=results,
        )


        paginated_agent_list.additional_properties = d
        return paginated_agent_list

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
