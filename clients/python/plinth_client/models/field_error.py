from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FieldError")



@_attrs_define
class FieldError:
    """ One problem with one field of the request.

        Attributes:
            attr (str): The dotted path of the field (`owner.id`), or `non_field_errors` for the whole object. Example:
                name.
            code (str): What is wrong with it: `required`, `invalid`, `invalid_type`, `min_length`, `max_length`,
                `min_value`, `max_value`, `invalid_choice`, `unknown_field`, `invalid_character`, `max_depth`, `empty`,
                `unique`, `does_not_exist`, `not_grantable`, `beyond_owner`. Example: min_length.
            detail (str): A human sentence about this field. Example: Ensure this field has at least 1 character..
     """

    attr: str
    code: str
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attr = self.attr

        code = self.code

        detail = self.detail


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attr": attr,
            "code": code,
            "detail": detail,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attr = d.pop("attr")

        code = d.pop("code")

        detail = d.pop("detail")

        field_error = cls(
            attr=attr,
            code=code,
            detail=detail,
        )


        field_error.additional_properties = d
        return field_error

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
