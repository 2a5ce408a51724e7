"""The CRC16 loop compiled to machine code on the Pico (`@micropython.viper`).

Viper reads the frame and the table through raw pointers (`ptr8`, `ptr16`)
and does the arithmetic on machine words: a byte costs a few instructions and
no call into the runtime. (The `@micropython.native` loop it replaces made
eight runtime calls a byte: the iteration, six integer operations and the
table lookup, counted in the armv6m code mpy-cross emits for each.)

`protocol` uses this loop when it imports and gives the CRC's check value:
on the Pico, where the firmware files sit at the root of the filesystem and
MicroPython has the native emitter. On the host (CPython), on a MicroPython
without that emitter (the WebAssembly port the tests run), or if compiling
fails in any way (a MemoryError at boot), the plain loop in `protocol` runs.
Both must stay the same loop: the tests compare them, and compile this file
for the RP2040 with mpy-cross.
"""

import micropython


@micropython.viper
def crc16_loop(data, crc: int, table) -> int:
    """CRC16-CCITT of `data` from `crc`; `table` is `protocol._CRC_TABLE` as an array('H')."""
    octets = ptr8(data)  # noqa: F821 - a viper built-in
    words = ptr16(table)  # noqa: F821 - a viper built-in
    value = crc
    for index in range(int(len(data))):  # noqa: RUF046 - viper needs a machine int
        value = ((value << 8) & 0xFFFF) ^ words[((value >> 8) ^ octets[index]) & 0xFF]
    return value
