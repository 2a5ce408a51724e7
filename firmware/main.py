"""The Pico's main loop: read frames, run commands, keep the stepper fed.

On the Pico this file runs at boot. It answers every command with ACK or NAK
(re-sending the stored reply for a duplicate sequence number), queues events
until the Pi confirms them, and disables the motor on link silence or any
internal error. `docs/protocol.md` describes the messages.
"""

import micropython

# First of all: the Pi may already be sending (a handshake) while the imports below
# compile, which takes the Pico a good half second, and a 0x03 byte among its frames
# would raise KeyboardInterrupt here and leave the board at the REPL, with no loop
# and no watchdog to bring it back. `main` keeps it so for the loop.
micropython.kbd_intr(-1)

from machine import WDT, Pin  # noqa: E402

try:  # on the host the files live in the `firmware` package
    from firmware import homing, protocol, sensors, stepper_pio, version
    from firmware.board import Board, UsbPort
    from firmware.bodies import CommandError, check_cruise, check_home, check_load
    from firmware.crossings import HomeCrossings
    from firmware.tray_inputs import TrayInputs
except ImportError:  # on the Pico they sit at the root of the filesystem
    import homing
    import protocol
    import sensors
    import stepper_pio
    import version
    from board import Board, UsbPort
    from bodies import CommandError, check_cruise, check_home, check_load
    from crossings import HomeCrossings
    from tray_inputs import TrayInputs

ticks_diff = sensors.ticks_diff  # wrap-aware on both sides
try:
    from time import sleep_ms, ticks_ms
except ImportError:  # CPython (tests): a monotonic clock, wrapped as MicroPython's

    def sleep_ms(ms: int) -> None:
        """Wait `ms` milliseconds."""
        import time

        time.sleep(ms / 1000)

    def ticks_ms() -> int:
        """Milliseconds from a monotonic clock, wrapping as MicroPython's do."""
        import time

        return int(time.monotonic() * 1000) % sensors.TICKS_PERIOD


LINK_SILENCE_MS = 1000
WATCHDOG_MS = 2000
MAX_EVENTS = 32
EVENTS_PER_REPLY = 8
MAX_MOVE_STEPS = protocol.MOVE_BUFFER_STEPS
STEPS_LOST = (
    "The table controller lost step pulses (a word written into the full step FIFO, "
    "a firmware fault: please report it), so the spinner's position is unknown; home it again."
)
DEFAULT_SETTINGS = {
    "home_active_low": True,
    "motion_active_high": True,
    "motion_pull_up": False,
    "motion_quiet_ms": 20,
    "button_debounce_ms": 50,
    "dice_reader": False,
}


class Controller:
    """Everything the firmware does, one `step()` at a time."""

    def __init__(self, port, board: Board, clock=ticks_ms, watchdog=None) -> None:
        self.port = port
        self.board = board
        self.stepper = board.stepper
        self.clock = clock
        self.watchdog = watchdog
        self.decoder = protocol.FrameDecoder()
        self.settings = dict(DEFAULT_SETTINGS)
        self.events = []
        self.next_event_id = 1
        self.events_lost = 0
        self.last_seq = None
        self.last_kind = None
        self.last_reply = b""
        self.duplicates = 0
        self.faults = 0
        self.homed = False
        # Taken once, at boot: a long move must not depend on finding a large
        # free block later, in a fragmented heap (16000 steps are 64 KB).
        self.loaded = stepper_pio.MoveBuffer(MAX_MOVE_STEPS)
        self.loaded_move = None
        self.move_id = None
        self.motion_started = 0
        self.homing = None
        self.leg = None
        self.approach_steps = 0
        self.running = True
        self.reboot_to_repl = False
        self.last_heard = clock()
        self.crossings = HomeCrossings()  # filled by the hard home interrupt
        self.tray = TrayInputs(board, clock, self.settings)
        self._arm_home_irq()

    # -- the home interrupt: records only, the loop does the work -------------
    def _arm_home_irq(self) -> None:
        trigger = Pin.IRQ_FALLING if self.board.home_active_low else Pin.IRQ_RISING
        self.board.home.irq(handler=self._on_home_edge, trigger=trigger, hard=True)

    def _on_home_edge(self, pin) -> None:
        self.crossings.record(self.stepper)

    # -- the loop -------------------------------------------------------------
    def run(self) -> None:
        """Loop until a REPL command asks to hand the board back to mpremote."""
        while self.running:
            self.step()

    def step(self) -> None:
        """One pass: never raises; a fault stops and disables the motor."""
        try:
            self._step()
        except Exception as error:  # any fault must leave the motor safe
            self.fault(error)

    def _step(self) -> None:
        if self.watchdog is not None:
            self.watchdog.feed()
        data = self.port.read(0 if self.busy() else 1)
        if data:
            for seq, kind, fields in self.decoder.feed(data):
                self.handle(seq, kind, fields)
        self.service_motion()
        for event in self.tray.events():
            self.emit(event)
        silent = ticks_diff(self.clock(), self.last_heard) > LINK_SILENCE_MS
        if silent and (self.stepper.enabled or self.busy()):
            self.safe_stop("link silence")

    def busy(self) -> bool:
        """True while a move or homing runs."""
        return self.homing is not None or self.move_id is not None

    def fault(self, error) -> None:
        """Disable the motor and report the fault; never raises."""
        self.faults += 1
        try:
            self.safe_stop("internal error")
        except Exception:  # the stop itself failed: at least release the motor
            try:  # noqa: SIM105 - MicroPython has no contextlib
                self.stepper.enable(False)
            except Exception:  # nothing left to try here; the pulses reach no coil
                pass
        try:  # noqa: SIM105 - MicroPython has no contextlib
            self.emit({"ev": "error", "error": type(error).__name__ + ": " + str(error)})
        except Exception:  # the report is lost, the motor is safe
            pass

    def safe_stop(self, reason: str) -> None:
        """Stop any motion, release the motor and forget the home position."""
        self.stepper.stop()
        self.stepper.enable(False)
        self._abort_motion(reason)
        self.homed = False

    def _abort_motion(self, reason: str) -> None:
        if self.move_id is not None:
            self.emit({"ev": "move_aborted", "move": self.move_id, "reason": reason})
            self.move_id = None
        if self.homing is not None:
            self.homing.abort(reason)
            self.emit({"ev": "homed", "ok": False, "error": reason})
            self.homing = None
            self.leg = None
        self.crossings.clear()

    # -- events ---------------------------------------------------------------
    def emit(self, event: dict) -> None:
        """Queue an event until the Pi confirms it, and push it at once."""
        event["id"] = self.next_event_id
        self.next_event_id += 1
        self.events.append(event)
        if len(self.events) > MAX_EVENTS:
            self.events.pop(0)
            self.events_lost += 1
        self.port.write(protocol.encode_frame(0, protocol.EVENT, event))

    # -- motion ---------------------------------------------------------------
    def service_motion(self) -> None:
        """Keep the FIFO fed; finish moves and homing legs."""
        if self.homing is not None:
            self._service_homing()
        elif self.move_id is not None and not self.stepper.busy():
            steps = self.stepper.steps_done()
            position = self.stepper.finish()
            edges = [done for done, _ in self.crossings.forward()]
            self.crossings.clear()
            duration = ticks_diff(self.clock(), self.motion_started)
            event = {"ev": "move_done", "move": self.move_id, "steps": steps,
                     "edges": edges, "position": position, "duration_ms": duration}
            if self.stepper.take_overflow():
                event["fault"] = STEPS_LOST
                self.homed = False
            self.emit(event)
            self.move_id = None

    def _service_homing(self) -> None:
        stepper = self.stepper
        leg = self.leg
        # Whether the leg has ended is taken before the sensor and the edges: the state
        # machine steps on while this loop is held up (a garbage collection, USB), and a
        # leg seen ended after the edges were taken may have met the flag in between.
        ended = not stepper.busy()
        sensor = self.board.home_active()
        edges = [position for _, position in self.crossings.forward()]
        found = sensor if leg.until is not True else (sensor or bool(edges))
        start = stepper.position
        if leg.until is not None and found == leg.until:
            stepper.stop()
        elif not ended:
            return
        else:
            stepper.finish()
        steps = (stepper.position - start) * stepper.direction
        overshoot = stepper.position - edges[0] if edges else 0
        if self.homing.state == homing.SEEK_FAST:
            self.approach_steps = steps - overshoot
        elif self.homing.state == homing.SEEK_SLOW and found:
            stepper.position = overshoot  # the home edge is step 0
        lost = stepper.take_overflow()
        if lost:
            self.homing.abort("its step pulses were lost")
        next_leg = None if lost else self.homing.leg_finished(found, overshoot)
        if next_leg is not None:
            self.leg = next_leg
            self.crossings.clear()
            stepper.start_constant(next_leg.direction, next_leg.steps, next_leg.hz)
            return
        if self.homing.state == homing.DONE:
            self.homed = True
            self.emit({"ev": "homed", "ok": True, "position": stepper.position,
                       "approach_steps": self.approach_steps,
                       "duration_ms": ticks_diff(self.clock(), self.motion_started)})
        else:
            event = {"ev": "homed", "ok": False, "error": self.homing.error}
            if lost:
                event["fault"] = STEPS_LOST
            self.emit(event)
        self.crossings.clear()
        self.homing = None
        self.leg = None

    # -- commands -------------------------------------------------------------
    def handle(self, seq: int, kind: int, fields: dict) -> None:
        """Run one command and answer it; a duplicate gets the stored answer again."""
        self.last_heard = self.clock()
        if kind != protocol.HELLO and seq == self.last_seq and kind == self.last_kind:
            self.duplicates += 1
            self.port.write(self.last_reply)
            return
        handler = self.handlers().get(kind)
        try:
            if handler is None:
                raise CommandError("unknown command kind " + str(kind))
            reply = protocol.encode_frame(seq, protocol.ACK, handler(fields))
        except CommandError as error:
            reply = protocol.encode_frame(seq, protocol.NAK, {"error": str(error)})
        except Exception as error:  # a bug or MemoryError: still answer, motor made safe
            self.fault(error)
            problem = "internal error (" + type(error).__name__ + ")"
            reply = protocol.encode_frame(seq, protocol.NAK, {"error": problem})
        self.last_seq = seq
        self.last_kind = kind
        self.last_reply = reply
        self.port.write(reply)
        if kind == protocol.REPL:
            self.running = False
            self.reboot_to_repl = True

    def handlers(self) -> dict:
        """Command kind -> method."""
        return {
            protocol.HELLO: self.cmd_hello,
            protocol.PING: self.cmd_ping,
            protocol.SETUP: self.cmd_setup,
            protocol.ENABLE: self.cmd_enable,
            protocol.LOAD: self.cmd_load,
            protocol.MOVE: self.cmd_move,
            protocol.HOME: self.cmd_home,
            protocol.STOP: self.cmd_stop,
            protocol.REPL: self.cmd_repl,
        }

    def status(self) -> dict:
        """What every reply to PING and HELLO carries."""
        return {
            "homed": self.homed,
            "busy": self.busy(),
            "enabled": self.stepper.enabled,
            "position": self.stepper.current_position(),
            "home": self.board.home_active(),
        }

    def cmd_hello(self, fields: dict) -> dict:
        """Start a session: events and sequence numbers start afresh."""
        self.events = []
        self.next_event_id = 1
        self.last_seq = None
        reply = self.tray.counts(self.status())
        reply["firmware"] = version.FIRMWARE_VERSION
        reply["protocol"] = protocol.PROTOCOL_VERSION
        reply["counters"] = self.decoder.counters.as_dict()
        reply["faults"] = self.faults
        return reply

    def cmd_ping(self, fields: dict) -> dict:
        """Heartbeat: confirm events up to `seen`, return the ones still pending."""
        seen = fields.get("seen", 0)
        if not isinstance(seen, int):
            raise CommandError("seen must be a whole number")
        self.events = [event for event in self.events if event["id"] > seen]
        reply = self.tray.counts(self.status())
        reply["events"] = self.events[:EVENTS_PER_REPLY]
        reply["next"] = self.next_event_id
        return reply

    def cmd_setup(self, fields: dict) -> dict:
        """Change settings (see DEFAULT_SETTINGS); unknown keys are refused."""
        for key, value in fields.items():
            if key not in DEFAULT_SETTINGS:
                raise CommandError("unknown setting " + key)
            if type(value) is not type(DEFAULT_SETTINGS[key]) or (
                type(value) is int and value <= 0
            ):
                raise CommandError("setting " + key + " has a bad value")
        self.settings.update(fields)
        self.board.home_active_low = self.settings["home_active_low"]
        self._arm_home_irq()
        self.tray.apply(self.settings)
        return {}

    def cmd_enable(self, fields: dict) -> dict:
        """Energise or release the motor; releasing loses the home position."""
        on = fields.get("on")
        if not isinstance(on, bool):
            raise CommandError("on must be true or false")
        if on:
            self.stepper.enable(True)
        else:
            self.safe_stop("motor released")
        return self.status()

    def cmd_load(self, fields: dict) -> dict:
        """Upload part of a move's schedule: `move`, `offset`, `intervals` (us)."""
        self._require_idle()
        move_id, offset, intervals = check_load(fields, self.loaded_move, self.loaded.count,
                                                MAX_MOVE_STEPS)
        if offset == 0:
            self.loaded.clear()
            self.loaded_move = move_id
        # Stored as the state machine's words, ready for the DMA.
        self.loaded.extend_us(intervals, self.stepper.freq)
        return {"loaded": self.loaded.count}

    def cmd_move(self, fields: dict) -> dict:
        """Run the uploaded schedule (`move`, `dir`, `steps`, optional `cruise`) or `segments`."""
        self._require_idle()
        move_id = fields.get("move")
        direction = fields.get("dir")
        if not isinstance(move_id, int) or direction not in (1, -1):
            raise CommandError("a move needs a whole-number move id and dir 1 or -1")
        cruise = None
        if "segments" in fields:
            problem = ""
            try:
                steps = stepper_pio.check_segments(fields["segments"])
            except ValueError as error:
                problem = str(error)
            if problem:  # raised outside the except: MicroPython warns about chaining
                raise CommandError(problem)
            if steps > MAX_MOVE_STEPS:
                raise CommandError("a move holds at most " + str(MAX_MOVE_STEPS) + " steps")
            self.loaded.clear()  # the buffer now holds this profile, not an upload
            self.loaded_move = None
            self.loaded.extend(stepper_pio.segment_intervals(fields["segments"]))
        else:
            steps = self.loaded.count
            if "cruise" in fields:
                cruise = check_cruise(fields["cruise"], self.loaded.count, self.stepper.freq)
                steps += cruise[2]
            if move_id != self.loaded_move or fields.get("steps") != steps:
                raise CommandError("move " + str(move_id) + " is not fully loaded")
        self.stepper.enable(True)
        self.crossings.clear()
        self.move_id = move_id
        self.motion_started = self.clock()
        self.stepper.start(direction, self.loaded.words, self.loaded.count, cruise=cruise)
        return {"steps": steps}

    def cmd_home(self, fields: dict) -> dict:
        """Start homing (`fast_hz`, `slow_hz`, `backoff_steps`, `max_steps`)."""
        self._require_idle()
        plan = check_home(fields)
        self.homing = homing.Homing(plan[0], plan[1], int(plan[2]), int(plan[3]))
        self.stepper.enable(True)
        self.homed = False
        self.approach_steps = 0
        self.motion_started = self.clock()
        self.crossings.clear()
        self.leg = self.homing.start(self.board.home_active())
        self.stepper.start_constant(self.leg.direction, self.leg.steps, self.leg.hz)
        return {}

    def cmd_stop(self, fields: dict) -> dict:
        """Stop at once; the motor stays energised and homed."""
        self.stepper.stop()
        self._abort_motion("stopped")
        return self.status()

    def cmd_repl(self, fields: dict) -> dict:
        """Leave the loop so mpremote can take the board (used by firmware install)."""
        self.safe_stop("handing over to the REPL")
        return {}

    def _require_idle(self) -> None:
        if self.busy():
            raise CommandError("busy: a move or homing is still running")


REPL_FLAG = "repl.flag"
REPL_ACK_FLUSH_MS = 200


def repl_requested() -> bool:
    """True (once) after a REPL command: boot to the REPL, no loop, no watchdog."""
    import os

    try:
        os.stat(REPL_FLAG)
    except OSError:
        return False
    os.remove(REPL_FLAG)
    return True


def main() -> None:
    """Boot: protect the link from Ctrl-C, start the watchdog, run the loop.

    The RP2040 watchdog cannot be stopped once started, so handing the board
    to mpremote means a reset into a boot that skips the loop (REPL_FLAG).
    """
    import machine

    if repl_requested():
        micropython.kbd_intr(3)  # the REPL's own Ctrl-C, for mpremote
        return
    micropython.kbd_intr(-1)
    # The home interrupt is hard: without this buffer an error in it could not be reported.
    micropython.alloc_emergency_exception_buf(100)
    board = Board()
    controller = Controller(UsbPort(), board, watchdog=WDT(timeout=WATCHDOG_MS))
    try:
        controller.run()
    finally:
        board.stepper.enable(False)
        micropython.kbd_intr(3)
    if controller.reboot_to_repl:
        with open(REPL_FLAG, "w") as flag:
            flag.write("1")
        # The REPL command's ACK still sits in the USB buffer: let the Pi fetch it.
        sleep_ms(REPL_ACK_FLUSH_MS)
        machine.reset()


if __name__ == "__main__":
    main()
