from enum import StrEnum

class ApiV1AlertsListAcknowledged(StrEnum):
    FALSE = "false"
    TRUE = "true"

    def __str__(self) -> str:
        return str(self.value)
