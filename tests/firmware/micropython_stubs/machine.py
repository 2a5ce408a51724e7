# A minimal `machine` for running the firmware under MicroPython in Node
# (the WebAssembly port has no pins). MicroPython-compatible on purpose.


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, number, mode=0, pull=0, value=None):
        self.number = number
        self.level = 1 if pull == Pin.PULL_UP else 0
        self.handler = None
        if value is not None:
            self.level = value

    def init(self, mode=0, pull=None, value=None):
        self.pull = pull
        if value is not None:
            self.level = value

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = 1 if level else 0
        return self.level

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler


class UART:
    def __init__(self, number, baudrate=9600, rx=None):
        self.buffer = b""

    def any(self):
        return len(self.buffer)

    def read(self):
        data = self.buffer
        self.buffer = b""
        return data


class WDT:
    def __init__(self, timeout=5000):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


class Mem32:
    # Word access to the address space: 0 wherever nothing was written.
    def __init__(self):
        self.words = {}

    def __getitem__(self, address):
        return self.words.get(address, 0)

    def __setitem__(self, address, value):
        self.words[address] = value


mem32 = Mem32()


def reset():
    raise SystemExit("reset")
