from enum import StrEnum

class BucketOriginType1(StrEnum):
    ADOPTED = "adopted"
    CREATED = "created"

    def __str__(self) -> str:
        return str(self.value)
