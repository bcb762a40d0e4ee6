from enum import StrEnum

class AuditEvent(StrEnum):
    API_KEY_CREATED = "api_key.created"
    API_KEY_REVOKED = "api_key.revoked"
    API_KEY_USED = "api_key.used"
    BUCKET_CREDENTIALS_REVEALED = "bucket.credentials_revealed"
    BUCKET_CREDENTIALS_ROTATED = "bucket.credentials_rotated"
    BUCKET_IMPORTED = "bucket.imported"
    BUCKET_PREVIOUS_CREDENTIALS_REMOVED = "bucket.previous_credentials_removed"
    LOGIN_FAILED = "login.failed"
    LOGIN_SUCCEEDED = "login.succeeded"
    ORGANIZATION_CREATED = "organization.created"
    ORGANIZATION_DELETED = "organization.deleted"
    ORGANIZATION_MEMBER_ADDED = "organization.member.added"
    ORGANIZATION_MEMBER_CHANGED = "organization.member.changed"
    ORGANIZATION_MEMBER_REMOVED = "organization.member.removed"
    SERVICE_ACCOUNT_USED = "service_account.used"
    SESSION_LOGOUT = "session.logout"
    SESSION_REVOKED = "session.revoked"
    SSO_GROUP_SYNC = "sso.group_sync"
    SSO_IDENTITY_LINKED = "sso.identity_linked"
    SSO_LOGIN = "sso.login"
    SSO_LOGIN_FAILED = "sso.login_failed"
    USER_CREATED = "user.created"
    USER_UPDATED = "user.updated"
    WORKSPACE_MEMBER_ADDED = "workspace.member.added"
    WORKSPACE_MEMBER_CHANGED = "workspace.member.changed"
    WORKSPACE_MEMBER_REMOVED = "workspace.member.removed"

    def __str__(self) -> str:
        return str(self.value)
