from enum import StrEnum

class AlertAcknowledgementType0EndReasonType0(StrEnum):
    EXPIRED = "expired"
    REPLACED = "replaced"
    RESOLVED = "resolved"
    WITHDRAWN = "withdrawn"

    def __str__(self) -> str:
        return str(self.value)
