from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bucket_origin import BucketOrigin
from ..models.bucket_state import BucketState
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.bucket_credentials import BucketCredentials
  from ..models.bucket_usage import BucketUsage
  from ..models.namespace_reference import NamespaceReference
  from ..models.owner_reference import OwnerReference





T = TypeVar("T", bound="CreatedBucket")



@_attrs_define
class CreatedBucket:
    """ A bucket with its access credentials: the answer to a creation, an adoption or an import.

        Example:
            {'id': '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c', 'name': 'team-a-data', 'region': 'eu-central', 'organization':
                '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'endpoint':
                'https://s3.eu-central.example.com', 'state': 'ready', 'cors_allow_all': False, 'origin': 'created',
                'owner_reference': None, 'created_for': None, 'adoptable_by': None, 'usage': {'bytes': 1048576, 'objects': 12,
                'updated_at': '2026-11-21T09:55:00.000Z'}, 'credentials_rotated_at': None, 'previous_key_expires_at': None,
                'created_at': '2026-11-20T14:00:00.000Z', 'updated_at': '2026-11-20T14:00:05.000Z', 'credentials':
                {'access_key_id': 'PLB7QK2M9X4R', 'secret_access_key': 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'}}

        Attributes:
            id (UUID): The bucket's ID.
            name (str): The bucket name on the cluster (BUCKET_NAME).
            region (str): The region it lives in (see GET /api/v1/s3/regions/).
            organization (UUID): The owning organization.
            workspace (UUID): The workspace it belongs to.
            endpoint (str): The S3 endpoint applications use (AWS_ENDPOINT_URL_S3).
            state (BucketState): `provisioning` while being made, `ready` for use, `deleting` while being removed.
            cors_allow_all (bool): Whether browsers on any origin may use the bucket.
            origin (BucketOrigin | None): `created` when the API made the bucket on the cluster, `adopted` when it already
                existed there.
            owner_reference (None | OwnerReference): The Kubernetes object that owns the bucket now, or null.
            created_for (None | OwnerReference): The owner reference the bucket was created with; never changes.
            adoptable_by (NamespaceReference | None): The namespace the bucket was released to: an object there may adopt it
                while it has no owner.
            usage (BucketUsage): Occupancy, refreshed by a periodic job.
            credentials_rotated_at (datetime.datetime | None): When the access key was last rotated (null: never). Example:
                2026-11-21T10:00:00.000Z.
            previous_key_expires_at (datetime.datetime | None): When the key replaced by the last rotation stops working;
                null when no old key is left. Example: 2026-11-21T10:00:00.000Z.
            created_at (datetime.datetime): When the bucket was created in Plinth. Example: 2026-11-21T10:00:00.000Z.
            updated_at (datetime.datetime): When it was last changed. Example: 2026-11-21T10:00:00.000Z.
            credentials (BucketCredentials): The keys of the bucket's own access user, which may use this bucket only.
                Example: {'access_key_id': 'PLB7QK2M9X4R', 'secret_access_key': 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'}.
     """

    id: UUID
    name: str
    region: str
    organization: UUID
    workspace: UUID
    endpoint: str
    state: BucketState
    cors_allow_all: bool
    origin: BucketOrigin | None
    owner_reference: None | OwnerReference
    created_for: None | OwnerReference
    adoptable_by: NamespaceReference | None
    usage: BucketUsage
    credentials_rotated_at: datetime.datetime | None
    previous_key_expires_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    credentials: BucketCredentials
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bucket_credentials import BucketCredentials # noqa: PLC0415
        from ..models.bucket_usage import BucketUsage # noqa: PLC0415
        from ..models.namespace_reference import NamespaceReference # noqa: PLC0415
        from ..models.owner_reference import OwnerReference # noqa: PLC0415
        id = str(self.id)

        name = self.name

        region = self.region

        organization = str(self.organization)

        workspace = str(self.workspace)

        endpoint = self.endpoint

        state = self.state.value

        cors_allow_all = self.cors_allow_all

        origin: None | str
        if isinstance(self.origin, BucketOrigin):
            origin = self.origin.value
        else:
            origin = self.origin

        owner_reference: dict[str, Any] | None
        if isinstance(self.owner_reference, OwnerReference):
            owner_reference = self.owner_reference.to_dict()
        else:
            owner_reference = self.owner_reference

        created_for: dict[str, Any] | None
        if isinstance(self.created_for, OwnerReference):
            created_for = self.created_for.to_dict()
        else:
            created_for = self.created_for

        adoptable_by: dict[str, Any] | None
        if isinstance(self.adoptable_by, NamespaceReference):
            adoptable_by = self.adoptable_by.to_dict()
        else:
            adoptable_by = self.adoptable_by

        usage = self.usage.to_dict()

        credentials_rotated_at: None | str
        if isinstance(self.credentials_rotated_at, datetime.datetime):
            credentials_rotated_at = self.credentials_rotated_at.isoformat()
        else:
            credentials_rotated_at = self.credentials_rotated_at

        previous_key_expires_at: None | str
        if isinstance(self.previous_key_expires_at, datetime.datetime):
            previous_key_expires_at = self.previous_key_expires_at.isoformat()
        else:
            previous_key_expires_at = self.previous_key_expires_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        credentials = self.credentials.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "region": region,
            "organization": organization,
            "workspace": workspace,
            "endpoint": endpoint,
            "state": state,
            "cors_allow_all": cors_allow_all,
            "origin": origin,
            "owner_reference": owner_reference,
            "created_for": created_for,
            "adoptable_by": adoptable_by,
            "usage": usage,
            "credentials_rotated_at": credentials_rotated_at,
            "previous_key_expires_at": previous_key_expires_at,
            "created_at": created_at,
            "updated_at": updated_at,
            "credentials": credentials,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bucket_credentials import BucketCredentials # noqa: PLC0415
        from ..models.bucket_usage import BucketUsage # noqa: PLC0415
        from ..models.namespace_reference import NamespaceReference # noqa: PLC0415
        from ..models.owner_reference import OwnerReference # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        region = d.pop("region")

        organization = UUID(d.pop("organization"))




        workspace = UUID(d.pop("workspace"))




        endpoint = d.pop("endpoint")

        state = BucketState(d.pop("state"))




        cors_allow_all = d.pop("cors_allow_all")

        def _parse_origin(data: object) -> BucketOrigin | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                origin_type_0 = BucketOrigin(data)



                return origin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BucketOrigin | None, data)

        origin = _parse_origin(d.pop("origin"))


        def _parse_owner_reference(data: object) -> None | OwnerReference:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owner_reference_type_0 = OwnerReference.from_dict(data)



                return owner_reference_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OwnerReference, data)

        owner_reference = _parse_owner_reference(d.pop("owner_reference"))


        def _parse_created_for(data: object) -> None | OwnerReference:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                created_for_type_0 = OwnerReference.from_dict(data)



                return created_for_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OwnerReference, data)

        created_for = _parse_created_for(d.pop("created_for"))


        def _parse_adoptable_by(data: object) -> NamespaceReference | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                adoptable_by_type_0 = NamespaceReference.from_dict(data)



                return adoptable_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NamespaceReference | None, data)

        adoptable_by = _parse_adoptable_by(d.pop("adoptable_by"))


        usage = BucketUsage.from_dict(d.pop("usage"))




        def _parse_credentials_rotated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                credentials_rotated_at_type_0 = datetime.datetime.fromisoformat(data)



                return credentials_rotated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        credentials_rotated_at = _parse_credentials_rotated_at(d.pop("credentials_rotated_at"))


        def _parse_previous_key_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_key_expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return previous_key_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_key_expires_at = _parse_previous_key_expires_at(d.pop("previous_key_expires_at"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        credentials = BucketCredentials.from_dict(d.pop("credentials"))




        created_bucket = cls(
            id=id,
            name=name,
            region=region,
            organization=organization,
            workspace=workspace,
            endpoint=endpoint,
            state=state,
            cors_allow_all=cors_allow_all,
            origin=origin,
            owner_reference=owner_reference,
            created_for=created_for,
            adoptable_by=adoptable_by,
            usage=usage,
            credentials_rotated_at=credentials_rotated_at,
            previous_key_expires_at=previous_key_expires_at,
            created_at=created_at,
            updated_at=updated_at,
            credentials=credentials,
        )


        created_bucket.additional_properties = d
        return created_bucket

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
