from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.alert_subject_kind import AlertSubjectKind
from uuid import UUID






T = TypeVar("T", bound="AlertSubject")



@_attrs_define
class AlertSubject:
    """ The endpoint or agent it is about.

        Attributes:
            kind (AlertSubjectKind): What it is about.
            id (UUID): The endpoint's or agent's ID.
     """

    kind: AlertSubjectKind
    id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        id = str(self.id)


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "id": id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = AlertSubjectKind(d.pop("kind"))




        id = UUID(d.pop("id"))




        alert_subject = cls(
            kind=kind,
            id=id,
        )


        alert_subject.additional_properties = d
        return alert_subject

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
