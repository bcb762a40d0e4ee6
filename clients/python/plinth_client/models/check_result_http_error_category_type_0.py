from enum import StrEnum

class CheckResultHttpErrorCategoryType0(StrEnum):
    CONFIGURATION = "configuration"
    CONNECTION = "connection"
    DNS = "dns"
    NETWORK = "network"
    OTHER = "other"
    RESPONSE = "response"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
