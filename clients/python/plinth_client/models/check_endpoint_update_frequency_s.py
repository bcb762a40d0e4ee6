from enum import IntEnum

class CheckEndpointUpdateFrequencyS(IntEnum):
    VALUE_10 = 10
    VALUE_15 = 15
    VALUE_20 = 20
    VALUE_30 = 30
    VALUE_60 = 60
    VALUE_120 = 120
    VALUE_300 = 300
    VALUE_600 = 600
    VALUE_900 = 900
    VALUE_1800 = 1800
    VALUE_3600 = 3600

    def __str__(self) -> str:
        return str(self.value)
