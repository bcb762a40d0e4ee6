from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.alert import Alert





T = TypeVar("T", bound="PaginatedAlertList")



@_attrs_define
class PaginatedAlertList:
    """ One page of a list.

        Example:
            {'count': 1, 'next': None, 'previous': None, 'results': [{'id': '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
                'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'workspace': '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
                'alertname': 'EndpointDown', 'severity': 'critical', 'state': 'firing', 'labels': {'alertname': 'EndpointDown',
                'severity': 'critical', 'team': 'payments', 'endpoint': 'shop'}, 'annotations': {'summary': 'shop is down',
                'runbook_url': 'https://runbooks.example.com/shop'}, 'fingerprint': '4c2f1e9a7b3d5e60', 'subject': {'kind':
                'endpoint', 'id': '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a'}, 'starts_at': '2026-11-26T10:00:00.000Z', 'ends_at':
                None, 'acknowledged': True, 'acknowledgement': {'id': '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', 'user':
                '8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f', 'username': 'alice', 'comment': 'Looking into it; the database failed
                over.', 'created_at': '2026-11-26T10:00:00.000Z', 'until': None, 'ended_at': None, 'end_reason': None}}]}

        Attributes:
            count (int): How many results there are on all pages. Example: 123.
            next_ (None | str): The absolute URL of the next page, or null on the last. Example:
                https://plinth.example/api/v1/things/?page=3.
            previous (None | str): The absolute URL of the previous page, or null on the first. Example:
                https://plinth.example/api/v1/things/?page=1.
            results (list[Alert]): This page of results.
     """

    count: int
    next_: None | str
    previous: None | str
    results: list[Alert]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.alert import Alert # noqa: PLC0415
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
        from ..models.alert import Alert # noqa: PLC0415
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
            results_item = Alert.from_dict(results_item_data)



            results.append(results_item)


        paginated_alert_list = cls(
            count=count,
            next_=next_,
            previous=previous,
            results=results,
        )


        paginated_alert_list.additional_properties = d
        return paginated_alert_list

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
