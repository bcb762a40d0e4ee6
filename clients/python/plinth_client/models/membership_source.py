from enum import StrEnum

class MembershipSource(StrEnum):
    IDP = "idp"
    MANUAL = "manual"

    def __str__(self) -> str:
        return str(self.value)
