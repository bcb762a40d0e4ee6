""" Contains all the data models used in inputs/outputs """

from .action_run import ActionRun
from .action_run_finish import ActionRunFinish
from .action_run_run_by import ActionRunRunBy
from .action_run_start import ActionRunStart
from .action_run_start_run_by import ActionRunStartRunBy
from .action_run_status import ActionRunStatus
from .agent import Agent
from .agent_assignments import AgentAssignments
from .agent_assignments_agent import AgentAssignmentsAgent
from .agent_create import AgentCreate
from .agent_endpoint import AgentEndpoint
from .agent_endpoint_dns_type_0 import AgentEndpointDnsType0
from .agent_endpoint_http_type_0 import AgentEndpointHttpType0
from .agent_endpoint_http_type_0_headers import AgentEndpointHttpType0Headers
from .agent_endpoint_kind import AgentEndpointKind
from .agent_endpoint_tcp_type_0 import AgentEndpointTcpType0
from .agent_error_answer import AgentErrorAnswer
from .agent_error_report import AgentErrorReport
from .agent_error_report_error_counts import AgentErrorReportErrorCounts
from .agent_error_report_recent_errors_item import AgentErrorReportRecentErrorsItem
from .agent_error_report_system_info import AgentErrorReportSystemInfo
from .agent_health_answer import AgentHealthAnswer
from .agent_health_report import AgentHealthReport
from .agent_health_report_agent_configuration import AgentHealthReportAgentConfiguration
from .agent_health_report_check_metrics import AgentHealthReportCheckMetrics
from .agent_health_report_check_summary import AgentHealthReportCheckSummary
from .agent_health_report_error_counts import AgentHealthReportErrorCounts
from .agent_health_report_kind import AgentHealthReportKind
from .agent_health_report_network_metrics import AgentHealthReportNetworkMetrics
from .agent_health_report_resource_metrics import AgentHealthReportResourceMetrics
from .agent_health_report_status import AgentHealthReportStatus
from .agent_health_report_storage_stats import AgentHealthReportStorageStats
from .agent_health_report_system_info import AgentHealthReportSystemInfo
from .agent_health_type_0 import AgentHealthType0
from .agent_token_rotate import AgentTokenRotate
from .agent_update import AgentUpdate
from .agent_with_token import AgentWithToken
from .alert import Alert
from .alert_acknowledge import AlertAcknowledge
from .alert_acknowledgement_type_0 import AlertAcknowledgementType0
from .alert_acknowledgement_type_0_end_reason_type_0 import AlertAcknowledgementType0EndReasonType0
from .alert_annotations import AlertAnnotations
from .alert_detail import AlertDetail
from .alert_labels import AlertLabels
from .alert_state import AlertState
from .alert_subject import AlertSubject
from .alert_subject_kind import AlertSubjectKind
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_kind import ApiKeyKind
from .api_v1_action_runs_list_status import ApiV1ActionRunsListStatus
from .api_v1_action_runs_output_retrieve_follow import ApiV1ActionRunsOutputRetrieveFollow
from .api_v1_agents_list_archived import ApiV1AgentsListArchived
from .api_v1_alerts_list_acknowledged import ApiV1AlertsListAcknowledged
from .api_v1_alerts_list_state import ApiV1AlertsListState
from .api_v1_endpoints_stats_retrieve_window import ApiV1EndpointsStatsRetrieveWindow
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
from .check_endpoint import CheckEndpoint
from .check_endpoint_alert import CheckEndpointAlert
from .check_endpoint_annotations import CheckEndpointAnnotations
from .check_endpoint_create import CheckEndpointCreate
from .check_endpoint_create_frequency_s import CheckEndpointCreateFrequencyS
from .check_endpoint_create_kind import CheckEndpointCreateKind
from .check_endpoint_dns_type_0 import CheckEndpointDnsType0
from .check_endpoint_http_type_0 import CheckEndpointHttpType0
from .check_endpoint_http_type_0_headers import CheckEndpointHttpType0Headers
from .check_endpoint_kind import CheckEndpointKind
from .check_endpoint_labels import CheckEndpointLabels
from .check_endpoint_stats import CheckEndpointStats
from .check_endpoint_stats_latency_ms import CheckEndpointStatsLatencyMs
from .check_endpoint_stats_locations_item import CheckEndpointStatsLocationsItem
from .check_endpoint_stats_locations_item_latency_ms import CheckEndpointStatsLocationsItemLatencyMs
from .check_endpoint_stats_series_item import CheckEndpointStatsSeriesItem
from .check_endpoint_stats_window import CheckEndpointStatsWindow
from .check_endpoint_tcp_type_0 import CheckEndpointTcpType0
from .check_endpoint_update import CheckEndpointUpdate
from .check_endpoint_update_frequency_s import CheckEndpointUpdateFrequencyS
from .check_result import CheckResult
from .check_result_batch import CheckResultBatch
from .check_result_http_error_category_type_0 import CheckResultHttpErrorCategoryType0
from .check_result_outcome import CheckResultOutcome
from .check_result_outcome_rejected_item import CheckResultOutcomeRejectedItem
from .check_result_outcome_rejected_item_reason import CheckResultOutcomeRejectedItemReason
from .created_api_key import CreatedApiKey
from .created_bucket import CreatedBucket
from .credential_rotation import CredentialRotation
from .delivery import Delivery
from .delivery_attempt import DeliveryAttempt
from .delivery_kind import DeliveryKind
from .delivery_state import DeliveryState
from .dns_check import DnsCheck
from .dns_check_record_type import DnsCheckRecordType
from .endpoint_alert_rule import EndpointAlertRule
from .endpoint_annotations import EndpointAnnotations
from .endpoint_labels import EndpointLabels
from .endpoint_labels_severity import EndpointLabelsSeverity
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
from .http_check import HttpCheck
from .http_check_headers import HttpCheckHeaders
from .http_check_method import HttpCheckMethod
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
from .paginated_agent_list import PaginatedAgentList
from .paginated_alert_list import PaginatedAlertList
from .paginated_api_key_list import PaginatedApiKeyList
from .paginated_audit_entry_list import PaginatedAuditEntryList
from .paginated_bucket_list import PaginatedBucketList
from .paginated_check_endpoint_list import PaginatedCheckEndpointList
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
from .tcp_check import TcpCheck
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
    "Agent",
    "AgentAssignments",
    "AgentAssignmentsAgent",
    "AgentCreate",
    "AgentEndpoint",
    "AgentEndpointDnsType0",
    "AgentEndpointHttpType0",
    "AgentEndpointHttpType0Headers",
    "AgentEndpointKind",
    "AgentEndpointTcpType0",
    "AgentErrorAnswer",
    "AgentErrorReport",
    "AgentErrorReportErrorCounts",
    "AgentErrorReportRecentErrorsItem",
    "AgentErrorReportSystemInfo",
    "AgentHealthAnswer",
    "AgentHealthReport",
    "AgentHealthReportAgentConfiguration",
    "AgentHealthReportCheckMetrics",
    "AgentHealthReportCheckSummary",
    "AgentHealthReportErrorCounts",
    "AgentHealthReportKind",
    "AgentHealthReportNetworkMetrics",
    "AgentHealthReportResourceMetrics",
    "AgentHealthReportStatus",
    "AgentHealthReportStorageStats",
    "AgentHealthReportSystemInfo",
    "AgentHealthType0",
    "AgentTokenRotate",
    "AgentUpdate",
    "AgentWithToken",
    "Alert",
    "AlertAcknowledge",
    "AlertAcknowledgementType0",
    "AlertAcknowledgementType0EndReasonType0",
    "AlertAnnotations",
    "AlertDetail",
    "AlertLabels",
    "AlertState",
    "AlertSubject",
    "AlertSubjectKind",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyKind",
    "ApiV1ActionRunsListStatus",
    "ApiV1ActionRunsOutputRetrieveFollow",
    "ApiV1AgentsListArchived",
    "ApiV1AlertsListAcknowledged",
    "ApiV1AlertsListState",
    "ApiV1EndpointsStatsRetrieveWindow",
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
    "CheckEndpoint",
    "CheckEndpointAlert",
    "CheckEndpointAnnotations",
    "CheckEndpointCreate",
    "CheckEndpointCreateFrequencyS",
    "CheckEndpointCreateKind",
    "CheckEndpointDnsType0",
    "CheckEndpointHttpType0",
    "CheckEndpointHttpType0Headers",
    "CheckEndpointKind",
    "CheckEndpointLabels",
    "CheckEndpointStats",
    "CheckEndpointStatsLatencyMs",
    "CheckEndpointStatsLocationsItem",
    "CheckEndpointStatsLocationsItemLatencyMs",
    "CheckEndpointStatsSeriesItem",
    "CheckEndpointStatsWindow",
    "CheckEndpointTcpType0",
    "CheckEndpointUpdate",
    "CheckEndpointUpdateFrequencyS",
    "CheckResult",
    "CheckResultBatch",
    "CheckResultHttpErrorCategoryType0",
    "CheckResultOutcome",
    "CheckResultOutcomeRejectedItem",
    "CheckResultOutcomeRejectedItemReason",
    "CreatedApiKey",
    "CreatedBucket",
    "CredentialRotation",
    "Delivery",
    "DeliveryAttempt",
    "DeliveryKind",
    "DeliveryState",
    "DnsCheck",
    "DnsCheckRecordType",
    "EndpointAlertRule",
    "EndpointAnnotations",
    "EndpointLabels",
    "EndpointLabelsSeverity",
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
    "HttpCheck",
    "HttpCheckHeaders",
    "HttpCheckMethod",
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
    "PaginatedAgentList",
    "PaginatedAlertList",
    "PaginatedApiKeyList",
    "PaginatedAuditEntryList",
    "PaginatedBucketList",
    "PaginatedCheckEndpointList",
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
    "TcpCheck",
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
