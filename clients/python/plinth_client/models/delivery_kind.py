from enum import StrEnum

class DeliveryKind(StrEnum):
    WEBHOOK = "webhook"
    WORKSPACE = "workspace"

    def __str__(self) -> str:
        return str(self.value)
