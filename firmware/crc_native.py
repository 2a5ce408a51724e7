"""The CRC16 loop compiled to machine code on the Pico (`@micropython.native`).

`protocol` uses this loop when it can import it: on the Pico, where the
firmware files sit at the root of the filesystem and MicroPython has the
native emitter. On the host (CPython) and on a MicroPython without that
emitter (the WebAssembly port the tests run) the import fails and the plain
loop in `protocol` runs. Both must stay the same loop: the tests compare them.
"""

import micropython


@micropython.native
def crc16_loop(data, crc: int, table) -> int:
    """CRC16-CCITT of `data` from `crc`, with the table of `protocol._crc_table()`."""
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc
