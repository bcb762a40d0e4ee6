from enum import StrEnum

class CheckResultOutcomeRejectedItemReason(StrEnum):
    ENDPOINT_UNKNOWN = "endpoint_unknown"

    def __str__(self) -> str:
        return str(self.value)
