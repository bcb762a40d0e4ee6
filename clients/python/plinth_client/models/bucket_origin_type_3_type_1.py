from enum import StrEnum

class BucketOriginType3Type1(StrEnum):
    ADOPTED = "adopted"
    CREATED = "created"

    def __str__(self) -> str:
        return str(self.value)
