from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.alert_acknowledgement_type_0_end_reason_type_0 import AlertAcknowledgementType0EndReasonType0
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="AlertAcknowledgementType0")



@_attrs_define
class AlertAcknowledgementType0:
    """ 
        Attributes:
            id (UUID): The acknowledgement's ID.
            user (None | UUID): Who gave it.
            username (None | str): Their username.
            comment (str): What they said.
            created_at (datetime.datetime): When it was given. Example: 2026-11-21T10:00:00.000Z.
            until (datetime.datetime | None): The end it was given, if any. Example: 2026-11-21T10:00:00.000Z.
            ended_at (datetime.datetime | None): When it ended; null: in force. Example: 2026-11-21T10:00:00.000Z.
            end_reason (AlertAcknowledgementType0EndReasonType0 | None): resolved: the alert resolved (it ends with its
                firing); expired: its `until` passed.
     """

    id: UUID
    user: None | UUID
    username: None | str
    comment: str
    created_at: datetime.datetime
    until: datetime.datetime | None
    ended_at: datetime.datetime | None
    end_reason: AlertAcknowledgementType0EndReasonType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        user: None | str
        if isinstance(self.user, UUID):
            user = str(self.user)
        else:
            user = self.user

        username: None | str
        username = self.username

        comment = self.comment

        created_at = self.created_at.isoformat()

        until: None | str
        if isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        end_reason: None | str
        if isinstance(self.end_reason, AlertAcknowledgementType0EndReasonType0):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "user": user,
            "username": username,
            "comment": comment,
            "created_at": created_at,
            "until": until,
            "ended_at": ended_at,
            "end_reason": end_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        def _parse_user(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                user_type_0 = UUID(data)



                return user_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        user = _parse_user(d.pop("user"))


        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))


        comment = d.pop("comment")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)



                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        until = _parse_until(d.pop("until"))


        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)



                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))


        def _parse_end_reason(data: object) -> AlertAcknowledgementType0EndReasonType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = AlertAcknowledgementType0EndReasonType0(data)



                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AlertAcknowledgementType0EndReasonType0 | None, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))


        alert_acknowledgement_type_0 = cls(
            id=id,
            user=user,
            username=username,
            comment=comment,
            created_at=created_at,
            until=until,
            ended_at=ended_at,
            end_reason=end_reason,
        )


        alert_acknowledgement_type_0.additional_properties = d
        return alert_acknowledgement_type_0

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
