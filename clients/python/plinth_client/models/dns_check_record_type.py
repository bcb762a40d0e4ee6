from enum import StrEnum

class DnsCheckRecordType(StrEnum):
    A = "A"
    AAAA = "AAAA"
    CNAME = "CNAME"
    MX = "MX"
    NS = "NS"
    TXT = "TXT"

    def __str__(self) -> str:
        return str(self.value)
