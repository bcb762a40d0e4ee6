from enum import StrEnum

class AgentHealthReportStatus(StrEnum):
    CRITICAL = "critical"
    DEGRADED = "degraded"
    HEALTHY = "healthy"
    UNHEALTHY = "unhealthy"

    def __str__(self) -> str:
        return str(self.value)
