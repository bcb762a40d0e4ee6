from enum import StrEnum

class Scope(StrEnum):
    AUDITREAD = "audit:read"
    BUCKETSREAD = "buckets:read"
    BUCKETSWRITE = "buckets:write"
    EVENTSREAD = "events:read"
    EVENTSWRITE = "events:write"
    KEYSREAD = "keys:read"
    KEYSWRITE = "keys:write"
    MONITORINGREAD = "monitoring:read"
    MONITORINGWRITE = "monitoring:write"
    ORGANIZATIONSREAD = "organizations:read"
    ORGANIZATIONSWRITE = "organizations:write"
    RUNSREAD = "runs:read"
    RUNSWRITE = "runs:write"
    USERSREAD = "users:read"
    USERSWRITE = "users:write"
    WORKSPACESREAD = "workspaces:read"
    WORKSPACESWRITE = "workspaces:write"

    def __str__(self) -> str:
        return str(self.value)
