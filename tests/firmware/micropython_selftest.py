# Runs under MicroPython (see run_micropython.mjs): the firmware's pure modules
# must import and behave there exactly as on CPython. Prints PASS/FAIL lines and
# a final RESULT line of JSON for the pytest side to compare.
import binascii
import json
import sys

import homing
import protocol
import sensors
import version

failures = []


def check(name, condition, detail=""):
    print(("PASS " if condition else "FAIL ") + name + ("" if condition else ": " + str(detail)))
    if not condition:
        failures.append(name)


check("implementation", sys.implementation.name == "micropython", sys.implementation.name)
check("crc check value", protocol.crc16_ccitt(b"123456789") == 0x29B1)
# This port has no native emitter: crc_native.py does not compile, the plain loop runs.
check("crc falls back to the plain loop", protocol._crc16 is protocol._crc16_loop)
check("cobs example", protocol.cobs_encode(b"\x11\x22\x00\x33") == b"\x03\x11\x22\x02\x33")
check("cobs long block", protocol.cobs_decode(protocol.cobs_encode(bytes(range(1, 255)) * 2))
      == bytes(range(1, 255)) * 2)

with open("/input.json") as source:
    host_frames = json.load(source)

decoder = protocol.FrameDecoder()
decoded = []
for text in host_frames:
    data = bytes(int(text[i:i + 2], 16) for i in range(0, len(text), 2))
    for seq, kind, fields in decoder.feed(b"noise" + data[: len(data) // 2] + data):
        decoded.append([seq, kind, fields])
check("decodes host frames after noise", len(decoded) == len(host_frames), decoded)
# Each frame came after noise and its own first half: two dropped frames each.
check("counts the noise", decoder.counters.dropped() == 2 * len(host_frames),
      decoder.counters.as_dict())

own = [
    protocol.encode_frame(7, protocol.ACK, {"loaded": 180}),
    protocol.encode_frame(0, protocol.EVENT, {"ev": "motion", "active": True, "id": 3}),
]
bad_text = bytes([5, protocol.PING]) + b"\xff\xfe"
crc = protocol.crc16_ccitt(bad_text)
bad_frame = b"\x00" + protocol.cobs_encode(bad_text + bytes([crc >> 8, crc & 0xFF])) + b"\x00"
text_decoder = protocol.FrameDecoder()
check("invalid UTF-8 is dropped", text_decoder.feed(bad_frame) == []
      and text_decoder.counters.malformed == 1)
check("decoder never raises", protocol.FrameDecoder().feed(bytes(range(256)) * 9) == [])

machine = homing.Homing(4000, 1000, 20, 620)
rotor = 100
leg = machine.start(False)
while leg is not None:
    found = rotor % 400 < 5
    for _ in range(leg.steps):
        rotor += leg.direction
        if leg.until is not None and (rotor % 400 < 5) == leg.until:
            break
    leg = machine.leg_finished(rotor % 400 < 5)
check("homing reaches the edge", machine.state == homing.DONE and rotor % 400 == 0, rotor)

reader = sensors.DiceLineReader()
check("dice reader", reader.feed(b"3,5\n?\nbad\n") == [([3, 5], False), ([], True)])
watcher = sensors.MotionWatcher(20)
check("motion watcher", watcher.on_edge(0) and not watcher.on_edge(5)
      and watcher.poll(20, True) is True and watcher.poll(40, False) is False)

# -- the firmware's main loop itself, on stub pins ---------------------------------
import time  # noqa: E402

import main  # noqa: E402 - the firmware's main.py, on the stub pins


class ListPort:
    def __init__(self):
        self.incoming = b""
        self.frames = []

    def read(self, wait_ms):
        data, self.incoming = self.incoming, b""
        return data

    def write(self, data):
        self.frames.append(data)


port = ListPort()
controller = main.Controller(port, main.Board(), clock=time.ticks_ms)
script = [
    (1, protocol.HELLO, {}),
    (2, protocol.SETUP, {"home_active_low": True, "dice_reader": True}),
    (3, protocol.LOAD, {"move": 5, "offset": 0, "intervals": [500, 400, 300]}),
    (3, protocol.LOAD, {"move": 5, "offset": 0, "intervals": [500, 400, 300]}),
    (4, protocol.LOAD, {"move": 5, "offset": 3, "intervals": [300, 300]}),
    (5, protocol.MOVE, {"move": 5, "dir": 1, "steps": 5}),
    (6, protocol.MOVE, {"move": 6, "dir": 1, "steps": 99}),
    (10, protocol.MOVE, {"move": 5, "dir": 1, "steps": 105, "cruise": [2, 250, 100]}),
    (7, protocol.HOME, {"fast_hz": 4000, "slow_hz": 1000, "backoff_steps": 10, "max_steps": 50}),
    (8, protocol.PING, {"seen": 0}),
    (9, protocol.STOP, {}),
]
for message in script:
    port.incoming = protocol.encode_frame(*message)
    controller.step()
    controller.step()
controller.board.dice_uart.buffer = b"1 6\n"
controller.step()
reply_decoder = protocol.FrameDecoder()
messages = [m for frame in port.frames for m in reply_decoder.feed(frame)]
replies = [(m[0], m[1]) for m in messages if m[1] != protocol.EVENT]
events = [m[2] for m in messages if m[1] == protocol.EVENT]
check("loop answers every command", replies == [
    (1, protocol.ACK), (2, protocol.ACK), (3, protocol.ACK), (3, protocol.ACK), (4, protocol.ACK),
    (5, protocol.ACK), (6, protocol.NAK), (10, protocol.ACK), (7, protocol.ACK), (8, protocol.ACK),
    (9, protocol.ACK),
], replies)
check("a duplicate is not run twice", controller.loaded.count == 5 and controller.duplicates == 1)
check("the move buffer is taken once, one word a step",
      len(controller.loaded.words) == main.MAX_MOVE_STEPS
      and len(bytes(controller.loaded.words)) == 4 * main.MAX_MOVE_STEPS,
      len(controller.loaded.words))
kinds = [event["ev"] for event in events]
check("loop events", kinds == ["move_done", "move_done", "homed", "dice"], kinds)
check("move report", events[0]["steps"] == 5 and events[0]["edges"] == [], events[0])
# The cruise [2, 250, 100] after 5 loaded gaps: the first word, the cruise's one word
# read 100 times, the 4 words after it; a null block ends the chain.
runs = controller.stepper.control.runs
check("a move with a cruise", events[1]["steps"] == 105
      and runs[:2] == [[(5, 1)], [(1, 1), (100, 0), (4, 1)]], runs[:2])
check("dead sensor homing fails", events[2]["ok"] is False, events[2])
check("no internal faults", controller.faults == 0, controller.faults)

# The home sensor's interrupt is hard: it must not allocate (heap locked here).
import micropython  # noqa: E402

stepper = controller.stepper
stepper._count, stepper.position, stepper.direction = 10, 100, 1
stepper._ends[0], stepper._ends[1] = 0, 10
# The control channel has loaded the first block; the DMA has put 6 of its 10 words
# in the FIFO (the stub's FIFO is empty).
stepper.control.read = stepper._blocks_at + 16
stepper.dma.count = 4
controller.crossings.clear()
micropython.heap_lock()
allocated = False
try:
    controller._on_home_edge(None)
except MemoryError:
    allocated = True  # nothing more in here: the heap is still locked
finally:
    micropython.heap_unlock()
check("home interrupt allocates nothing", not allocated, "it allocated")
check("home interrupt records the step count", controller.crossings.forward() == [(6, 106)],
      controller.crossings.forward())

# The modules that need the Pico's hardware cannot run here, but must compile.
for name in ("main.py", "board.py", "stepper_pio.py"):
    with open("/" + name) as source:
        text = source.read()
    try:
        compile(text, name, "exec")
        check("compiles " + name, True)
    except SyntaxError as error:
        check("compiles " + name, False, error)

print("RESULT " + json.dumps({
    "version": version.FIRMWARE_VERSION,
    "protocol": protocol.PROTOCOL_VERSION,
    "decoded": decoded,
    "frames": [binascii.hexlify(frame).decode() for frame in own],
    "failures": failures,
}))
