from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.http_check_method import HttpCheckMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.http_check_headers import HttpCheckHeaders





T = TypeVar("T", bound="HttpCheck")



@_attrs_define
class HttpCheck:
    """ For kind http (its defaults otherwise).

        Attributes:
            method (HttpCheckMethod | Unset): The request method.
            headers (HttpCheckHeaders | Unset): Request headers (at most 20); their values are write-only.
            expected_status (list[int] | Unset): The statuses that pass; empty: any 2xx.
            body_match (None | str | Unset): Text the body must contain (first MiB).
            tls_expiry_days (int | Unset): Fail when the certificate expires within this many days (0: never on expiry
                alone).
            insecure_skip_verify (bool | Unset): Check a certificate no trusted authority signed (its expiry is still
                checked).
     """

    method: HttpCheckMethod | Unset = UNSET
    headers: HttpCheckHeaders | Unset = UNSET
    expected_status: list[int] | Unset = UNSET
    body_match: None | str | Unset = UNSET
    tls_expiry_days: int | Unset = UNSET
    insecure_skip_verify: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.http_check_headers import HttpCheckHeaders # noqa: PLC0415
        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value


        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        expected_status: list[int] | Unset = UNSET
        if not isinstance(self.expected_status, Unset):
            expected_status = self.expected_status



        body_match: None | str | Unset
        if isinstance(self.body_match, Unset):
            body_match = UNSET
        else:
            body_match = self.body_match

        tls_expiry_days = self.tls_expiry_days

        insecure_skip_verify = self.insecure_skip_verify


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if method is not UNSET:
            field_dict["method"] = method
        if headers is not UNSET:
            field_dict["headers"] = headers
        if expected_status is not UNSET:
            field_dict["expected_status"] = expected_status
        if body_match is not UNSET:
            field_dict["body_match"] = body_match
        if tls_expiry_days is not UNSET:
            field_dict["tls_expiry_days"] = tls_expiry_days
        if insecure_skip_verify is not UNSET:
            field_dict["insecure_skip_verify"] = insecure_skip_verify

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_check_headers import HttpCheckHeaders # noqa: PLC0415
        d = dict(src_dict)
        _method = d.pop("method", UNSET)
        method: HttpCheckMethod | Unset
        if isinstance(_method,  Unset):
            method = UNSET
        else:
            method = HttpCheckMethod(_method)




        _headers = d.pop("headers", UNSET)
        headers: HttpCheckHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = HttpCheckHeaders.from_dict(_headers)




        expected_status = cast(list[int], d.pop("expected_status", UNSET))


        def _parse_body_match(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body_match = _parse_body_match(d.pop("body_match", UNSET))


        tls_expiry_days = d.pop("tls_expiry_days", UNSET)

        insecure_skip_verify = d.pop("insecure_skip_verify", UNSET)

        http_check = cls(
            method=method,
            headers=headers,
            expected_status=expected_status,
            body_match=body_match,
            tls_expiry_days=tls_expiry_days,
            insecure_skip_verify=insecure_skip_verify,
        )

        return http_check

