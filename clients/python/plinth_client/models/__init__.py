""" Contains all the data models used in inputs/outputs """

from .action_run import ActionRun
from .action_run_finish import ActionRunFinish
from .action_run_run_by import ActionRunRunBy
from .action_run_start import ActionRunStart
from .action_run_start_run_by import ActionRunStartRunBy
from .action_run_status import ActionRunStatus
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_kind import ApiKeyKind
from .api_v1_action_runs_list_status import ApiV1ActionRunsListStatus
from .api_v1_action_runs_output_retrieve_follow import ApiV1ActionRunsOutputRetrieveFollow
from .api_v1_events_list_level import ApiV1EventsListLevel
from .api_v1_schema_retrieve_format import ApiV1SchemaRetrieveFormat
from .api_v1_schema_retrieve_response_200 import ApiV1SchemaRetrieveResponse200
from .audit_entry import AuditEntry
from .audit_entry_details import AuditEntryDetails
from .audit_event import AuditEvent
from .bucket import Bucket
from .bucket_create import BucketCreate
from .bucket_credentials import BucketCredentials
from .bucket_health import BucketHealth
from .bucket_import import BucketImport
from .bucket_origin import BucketOrigin
from .bucket_state import BucketState
from .bucket_update import BucketUpdate
from .bucket_usage import BucketUsage
from .created_api_key import CreatedApiKey
from .created_bucket import CreatedBucket
from .credential_rotation import CredentialRotation
from .delivery import Delivery
from .delivery_attempt import DeliveryAttempt
from .delivery_kind import DeliveryKind
from .delivery_state import DeliveryState
from .error_response import ErrorResponse
from .error_response_code import ErrorResponseCode
from .event import Event
from .event_handler import EventHandler
from .event_handler_handler import EventHandlerHandler
from .event_level import EventLevel
from .event_payload import EventPayload
from .field_error import FieldError
from .handler_secret import HandlerSecret
from .handler_secret_rotate import HandlerSecretRotate
from .id_token_login import IdTokenLogin
from .identity import Identity
from .identity_link import IdentityLink
from .login_request import LoginRequest
from .login_response import LoginResponse
from .member import Member
from .member_create import MemberCreate
from .member_update import MemberUpdate
from .membership_source import MembershipSource
from .namespace_reference import NamespaceReference
from .organization import Organization
from .organization_api_key_create import OrganizationApiKeyCreate
from .organization_create import OrganizationCreate
from .organization_update import OrganizationUpdate
from .owner_reference import OwnerReference
from .paginated_action_run_list import PaginatedActionRunList
from .paginated_api_key_list import PaginatedApiKeyList
from .paginated_audit_entry_list import PaginatedAuditEntryList
from .paginated_bucket_list import PaginatedBucketList
from .paginated_event_list import PaginatedEventList
from .paginated_member_list import PaginatedMemberList
from .paginated_organization_list import PaginatedOrganizationList
from .paginated_user_list import PaginatedUserList
from .paginated_workspace_list import PaginatedWorkspaceList
from .redeliver import Redeliver
from .region_list import RegionList
from .region_usage import RegionUsage
from .role import Role
from .rotated_credentials import RotatedCredentials
from .scope import Scope
from .sso_providers import SsoProviders
from .sso_providers_providers_item import SsoProvidersProvidersItem
from .upload_url import UploadUrl
from .upload_url_headers import UploadUrlHeaders
from .upload_url_method import UploadUrlMethod
from .upload_url_request import UploadUrlRequest
from .user import User
from .user_create import UserCreate
from .user_sso import UserSso
from .user_sso_identities_item import UserSsoIdentitiesItem
from .user_sso_identities_item_last_claims_type_0 import UserSsoIdentitiesItemLastClaimsType0
from .user_sso_identities_item_mapping import UserSsoIdentitiesItemMapping
from .user_sso_identities_item_mapping_organizations_item import UserSsoIdentitiesItemMappingOrganizationsItem
from .user_update import UserUpdate
from .workspace import Workspace
from .workspace_config import WorkspaceConfig
from .workspace_create import WorkspaceCreate
from .workspace_create_config import WorkspaceCreateConfig
from .workspace_update import WorkspaceUpdate
from .workspace_update_config import WorkspaceUpdateConfig

__all__ = (
    "ActionRun",
    "ActionRunFinish",
    "ActionRunRunBy",
    "ActionRunStart",
    "ActionRunStartRunBy",
    "ActionRunStatus",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyKind",
    "ApiV1ActionRunsListStatus",
    "ApiV1ActionRunsOutputRetrieveFollow",
    "ApiV1EventsListLevel",
    "ApiV1SchemaRetrieveFormat",
    "ApiV1SchemaRetrieveResponse200",
    "AuditEntry",
    "AuditEntryDetails",
    "AuditEvent",
    "Bucket",
    "BucketCreate",
    "BucketCredentials",
    "BucketHealth",
    "BucketImport",
    "BucketOrigin",
    "BucketState",
    "BucketUpdate",
    "BucketUsage",
    "CreatedApiKey",
    "CreatedBucket",
    "CredentialRotation",
    "Delivery",
    "DeliveryAttempt",
    "DeliveryKind",
    "DeliveryState",
    "ErrorResponse",
    "ErrorResponseCode",
    "Event",
    "EventHandler",
    "EventHandlerHandler",
    "EventLevel",
    "EventPayload",
    "FieldError",
    "HandlerSecret",
    "HandlerSecretRotate",
    "Identity",
    "IdentityLink",
    "IdTokenLogin",
    "LoginRequest",
    "LoginResponse",
    "Member",
    "MemberCreate",
    "MembershipSource",
    "MemberUpdate",
    "NamespaceReference",
    "Organization",
    "OrganizationApiKeyCreate",
    "OrganizationCreate",
    "OrganizationUpdate",
    "OwnerReference",
    "PaginatedActionRunList",
    "PaginatedApiKeyList",
    "PaginatedAuditEntryList",
    "PaginatedBucketList",
    "PaginatedEventList",
    "PaginatedMemberList",
    "PaginatedOrganizationList",
    "PaginatedUserList",
    "PaginatedWorkspaceList",
    "Redeliver",
    "RegionList",
    "RegionUsage",
    "Role",
    "RotatedCredentials",
    "Scope",
    "SsoProviders",
    "SsoProvidersProvidersItem",
    "UploadUrl",
    "UploadUrlHeaders",
    "UploadUrlMethod",
    "UploadUrlRequest",
    "User",
    "UserCreate",
    "UserSso",
    "UserSsoIdentitiesItem",
    "UserSsoIdentitiesItemLastClaimsType0",
    "UserSsoIdentitiesItemMapping",
    "UserSsoIdentitiesItemMappingOrganizationsItem",
    "UserUpdate",
    "Workspace",
    "WorkspaceConfig",
    "WorkspaceCreate",
    "WorkspaceCreateConfig",
    "WorkspaceUpdate",
    "WorkspaceUpdateConfig",
)
