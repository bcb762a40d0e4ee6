from enum import StrEnum

class CheckResultOutcomeRejectedItemReason(StrEnum):
    CHECKED_AT_IN_FUTURE = "checked_at_in_future"
    ENDPOINT_UNKNOWN = "endpoint_unknown"

    def __str__(self) -> str:
        return str(self.value)
