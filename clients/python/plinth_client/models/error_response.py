from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_response_code import ErrorResponseCode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.field_error import FieldError





T = TypeVar("T", bound="ErrorResponse")



@_attrs_define
class ErrorResponse:
    """ The body of every error answer under /api.

        Example:
            {'detail': 'The request is not valid; see errors for each field.', 'code': 'invalid', 'errors': [{'attr':
                'name', 'code': 'min_length', 'detail': 'Ensure this field has at least 1 character.'}], 'request_id':
                '1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61'}

        Attributes:
            detail (str): A human sentence saying what went wrong.
            code (ErrorResponseCode): A stable machine-readable code (docs/http-api.md lists when each is used).
            errors (list[FieldError] | Unset): Validation errors, one per field problem (400 only).
            request_id (str | Unset): The request's ID, the same as the `X-Request-Id` header and in the server's log.
     """

    detail: str
    code: ErrorResponseCode
    errors: list[FieldError] | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.field_error import FieldError # noqa: PLC0415
        detail = self.detail

        code = self.code.value

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)



        request_id = self.request_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "detail": detail,
            "code": code,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_error import FieldError # noqa: PLC0415
        d = dict(src_dict)
        detail = d.pop("detail")

        code = ErrorResponseCode(d.pop("code"))




        _errors = d.pop("errors", UNSET)
        errors: list[FieldError] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = FieldError.from_dict(errors_item_data)



                errors.append(errors_item)


        request_id = d.pop("request_id", UNSET)

        error_response = cls(
            detail=detail,
            code=code,
            errors=errors,
            request_id=request_id,
        )


        error_response.additional_properties = d
        return error_response

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
