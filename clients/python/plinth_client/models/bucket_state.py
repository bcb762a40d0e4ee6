from enum import StrEnum

class BucketState(StrEnum):
    DELETING = "deleting"
    PROVISIONING = "provisioning"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
