from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="AgentErrorReportRecentErrorsItem")



@_attrs_define
class AgentErrorReportRecentErrorsItem:
    """ 
        Attributes:
            message (str): What happened.
            at (datetime.datetime | None | Unset): When it happened. Example: 2026-11-21T10:00:00.000Z.
            endpoint_id (None | Unset | UUID): The endpoint, if one.
            code (None | str | Unset): Its code.
     """

    message: str
    at: datetime.datetime | None | Unset = UNSET
    endpoint_id: None | Unset | UUID = UNSET
    code: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        message = self.message

        at: None | str | Unset
        if isinstance(self.at, Unset):
            at = UNSET
        elif isinstance(self.at, datetime.datetime):
            at = self.at.isoformat()
        else:
            at = self.at

        endpoint_id: None | str | Unset
        if isinstance(self.endpoint_id, Unset):
            endpoint_id = UNSET
        elif isinstance(self.endpoint_id, UUID):
            endpoint_id = str(self.endpoint_id)
        else:
            endpoint_id = self.endpoint_id

        code: None | str | Unset
        if isinstance(self.code, Unset):
            code = UNSET
        else:
            code = self.code


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "message": message,
        })
        if at is not UNSET:
            field_dict["at"] = at
        if endpoint_id is not UNSET:
            field_dict["endpoint_id"] = endpoint_id
        if code is not UNSET:
            field_dict["code"] = code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        def _parse_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                at_type_0 = datetime.datetime.fromisoformat(data)



                return at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        at = _parse_at(d.pop("at", UNSET))


        def _parse_endpoint_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                endpoint_id_type_0 = UUID(data)



                return endpoint_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        endpoint_id = _parse_endpoint_id(d.pop("endpoint_id", UNSET))


        def _parse_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code = _parse_code(d.pop("code", UNSET))


        agent_error_report_recent_errors_item = cls(
            message=message,
            at=at,
            endpoint_id=endpoint_id,
            code=code,
        )

        return agent_error_report_recent_errors_item

