from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.alert_state import AlertState
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.alert_acknowledgement_type_0 import AlertAcknowledgementType0
  from ..models.alert_annotations import AlertAnnotations
  from ..models.alert_labels import AlertLabels
  from ..models.alert_subject import AlertSubject





T = TypeVar("T", bound="Alert")



@_attrs_define
class Alert:
    """ One firing of an alert.

        Example:
            {'id': '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f',
                'workspace': '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'alertname': 'EndpointDown', 'severity': 'critical',
                'state': 'firing', 'labels': {'alertname': 'EndpointDown', 'severity': 'critical', 'team': 'payments',
                'endpoint': 'shop'}, 'annotations': {'summary': 'shop is down', 'runbook_url':
                'https://runbooks.example.com/shop'}, 'fingerprint': '4c2f1e9a7b3d5e60', 'subject': {'kind': 'endpoint', 'id':
                '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a'}, 'starts_at': '2026-11-26T10:00:00.000Z', 'ends_at': None,
                'acknowledged': True, 'acknowledgement': {'id': '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', 'user':
                '8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f', 'username': 'alice', 'comment': 'Looking into it; the database failed
                over.', 'created_at': '2026-11-26T10:00:00.000Z', 'until': None, 'ended_at': None, 'end_reason': None}}

        Attributes:
            id (UUID): This firing: a later failure is a new alert with a new ID.
            organization (UUID): Its organization.
            workspace (None | UUID): Its workspace; null for an organization's agent.
            alertname (str): EndpointDown, EndpointPartiallyDown or AgentDown.
            severity (str): critical: respond now; warning: within 24 hours; info: no action.
            state (AlertState): Firing, or resolved (then `ends_at` says when).
            labels (AlertLabels): Its labels (the platform’s conventions).
            annotations (AlertAnnotations): Its annotations.
            fingerprint (str): Of the labels: the same for every firing of the same alert.
            subject (AlertSubject): The endpoint or agent it is about.
            starts_at (datetime.datetime): When it fired. Example: 2026-11-21T10:00:00.000Z.
            ends_at (datetime.datetime | None): When it resolved. Example: 2026-11-21T10:00:00.000Z.
            acknowledged (bool): An acknowledgement of this firing is in force.
            acknowledgement (AlertAcknowledgementType0 | None): The one in force, if any. Example: {'id':
                '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', 'user': '8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f', 'username': 'alice',
                'comment': 'Looking into it; the database failed over.', 'created_at': '2026-11-26T10:00:00.000Z', 'until':
                None, 'ended_at': None, 'end_reason': None}.
     """

    id: UUID
    organization: UUID
    workspace: None | UUID
    alertname: str
    severity: str
    state: AlertState
    labels: AlertLabels
    annotations: AlertAnnotations
    fingerprint: str
    subject: AlertSubject
    starts_at: datetime.datetime
    ends_at: datetime.datetime | None
    acknowledged: bool
    acknowledgement: AlertAcknowledgementType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.alert_acknowledgement_type_0 import AlertAcknowledgementType0 # noqa: PLC0415
        from ..models.alert_annotations import AlertAnnotations # noqa: PLC0415
        from ..models.alert_labels import AlertLabels # noqa: PLC0415
        from ..models.alert_subject import AlertSubject # noqa: PLC0415
        id = str(self.id)

        organization = str(self.organization)

        workspace: None | str
        if isinstance(self.workspace, UUID):
            workspace = str(self.workspace)
        else:
            workspace = self.workspace

        alertname = self.alertname

        severity = self.severity

        state = self.state.value

        labels = self.labels.to_dict()

        annotations = self.annotations.to_dict()

        fingerprint = self.fingerprint

        subject = self.subject.to_dict()

        starts_at = self.starts_at.isoformat()

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        acknowledged = self.acknowledged

        acknowledgement: dict[str, Any] | None
        if isinstance(self.acknowledgement, AlertAcknowledgementType0):
            acknowledgement = self.acknowledgement.to_dict()
        else:
            acknowledgement = self.acknowledgement


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "organization": organization,
            "workspace": workspace,
            "alertname": alertname,
            "severity": severity,
            "state": state,
            "labels": labels,
            "annotations": annotations,
            "fingerprint": fingerprint,
            "subject": subject,
            "starts_at": starts_at,
            "ends_at": ends_at,
            "acknowledged": acknowledged,
            "acknowledgement": acknowledgement,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_acknowledgement_type_0 import AlertAcknowledgementType0 # noqa: PLC0415
        from ..models.alert_annotations import AlertAnnotations # noqa: PLC0415
        from ..models.alert_labels import AlertLabels # noqa: PLC0415
        from ..models.alert_subject import AlertSubject # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        organization = UUID(d.pop("organization"))




        def _parse_workspace(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workspace_type_0 = UUID(data)



                return workspace_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        workspace = _parse_workspace(d.pop("workspace"))


        alertname = d.pop("alertname")

        severity = d.pop("severity")

        state = AlertState(d.pop("state"))




        labels = AlertLabels.from_dict(d.pop("labels"))




        annotations = AlertAnnotations.from_dict(d.pop("annotations"))




        fingerprint = d.pop("fingerprint")

        subject = AlertSubject.from_dict(d.pop("subject"))




        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))




        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)



                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))


        acknowledged = d.pop("acknowledged")

        def _parse_acknowledgement(data: object) -> AlertAcknowledgementType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_alert_acknowledgement_type_0 = AlertAcknowledgementType0.from_dict(data)



                return componentsschemas_alert_acknowledgement_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AlertAcknowledgementType0 | None, data)

        acknowledgement = _parse_acknowledgement(d.pop("acknowledgement"))


        alert = cls(
            id=id,
            organization=organization,
            workspace=workspace,
            alertname=alertname,
            severity=severity,
            state=state,
            labels=labels,
            annotations=annotations,
            fingerprint=fingerprint,
            subject=subject,
            starts_at=starts_at,
            ends_at=ends_at,
            acknowledged=acknowledged,
            acknowledgement=acknowledgement,
        )


        alert.additional_properties = d
        return alert

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
