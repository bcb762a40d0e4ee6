from enum import StrEnum

class BucketOrigin(StrEnum):
    ADOPTED = "adopted"
    CREATED = "created"

    def __str__(self) -> str:
        return str(self.value)
