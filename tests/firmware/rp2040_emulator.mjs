// An RP2040 (rp2040js, Wokwi's emulator) running a MicroPython image and the firmware
// on a littlefs image, for tests/firmware/emulator.py.
//
// Usage: node rp2040_emulator.mjs IMAGE.uf2 BOOTROM.bin LITTLEFS.img FROM_HOST_FD TO_HOST_FD
//   stdin:  commands, one JSON object a line: {"id": N, "op": ..., ...}
//   stdout: one JSON object a line: {"id": N, ...} answers a command, {"event": ...} else
//   FROM_HOST_FD: bytes from the host to the chip's USB serial (CDC)
//   TO_HOST_FD:   bytes from the chip's USB serial to the host
//
// Everything runs on the emulator's own clock (clock.nanos): this script, not
// rp2040js's Simulator, drives the core, and it steps the PIO state machines
// on that clock at their divided rate, honouring instruction delays (rp2040js
// runs the PIO on timers of the host, one instruction a step, and counts a
// delay without waiting it). So a STEP edge's time is the time the chip made
// it, whatever the load of the machine the test runs on.
import fs from 'node:fs';
import { FIFO, RP2040, USBCDC } from 'rp2040js';

const [imagePath, bootromPath, fsPath, hostFd, chipFd] = process.argv.slice(2);
const FROM_HOST = Number(hostFd);
const TO_HOST = Number(chipFd);
const FLASH_FS_OFFSET = 0xa0000; // MICROPY_HW_FLASH_STORAGE_BYTES = 1408 KB at the end of 2 MB
const NS_PER_CYCLE = 8; // clk_sys 125 MHz
const CHUNK_NS = 2_000_000; // emulated time run between two looks at stdin and fd 3
const CLOCK_EVERY_NS = 10_000_000; // how often the chip's time is sent to the host
const PIN = { step: 2, dir: 3, enable: 4, home: 6, motion: 7, button: 8 };
const PIO0_BASE = 0x50200000;
const DMA_BASE = 0x50000000;

const image = fs.readFileSync(imagePath);
const bootromBytes = fs.readFileSync(bootromPath);
const bootrom = new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, bootromBytes.length / 4);
let flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
for (let at = 0; at + 512 <= image.length; at += 512) {
  const block = image.subarray(at, at + 512);
  const view = new DataView(block.buffer, block.byteOffset, 512);
  if (view.getUint32(0, true) !== 0x0a324655 || view.getUint32(4, true) !== 0x9e5d5157) {
    throw new Error('not a UF2 image: ' + imagePath);
  }
  const address = view.getUint32(12, true);
  const size = view.getUint32(16, true);
  flash.set(block.subarray(32, 32 + size), address - 0x10000000);
}
flash.set(fs.readFileSync(fsPath), FLASH_FS_OFFSET);

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

// -- the world around the chip: the rotor and its home sensor, the other inputs -------
const world = {
  stepsPerTurn: 0, // 0: no rotor (the home pin is driven by commands only)
  flagSteps: 0,
  rotor: 0, // the rotor's angle in steps, where the flag starts at 0
  bounce: [], // home sensor bounce: delays (ns) of extra toggles after each change
  homeActiveLow: true,
  edges: [], // [nanos, dir, enable] of every STEP rising edge since the last `edges`
  stalls: 0, // STEP edges after which the TX FIFO had run dry before the next pull
  overflows: 0, // writes into the full TX FIFO seen (FDEBUG.TXOVER)
  bootCount: 0,
};

let mcu = null;
let cdc = null;
let hostBytes = []; // host -> chip, waiting for room in the emulated host's CDC buffer
let connected = false;
let dtr = true;
let lossy = false; // true: push host bytes into rp2040js's CDC FIFO at once (drops when full)
let dropped = 0;
let hung = false;
let alarms = []; // [nanos, fn] of scheduled input changes, in time order
let pioNext = [];
let baseNanos = 0; // emulated time of earlier boots (a reset starts a new chip)

function now() {
  return baseNanos + mcu.clock.nanos;
}

function homeSensorActive() {
  if (!world.stepsPerTurn) return null;
  const at = ((world.rotor % world.stepsPerTurn) + world.stepsPerTurn) % world.stepsPerTurn;
  return at < world.flagSteps;
}

function setHomePin(active) {
  mcu.gpio[PIN.home].setInputValue(world.homeActiveLow ? !active : active);
}

function schedule(delayNs, fn) {
  const at = now() + delayNs;
  let index = alarms.length;
  while (index > 0 && alarms[index - 1][0] > at) index--;
  alarms.splice(index, 0, [at, fn]);
}

function onStepChange(state, oldState) {
  const high = state === 1;
  if (!high || oldState === 1) return;
  const gpio = mcu.gpio;
  const dir = gpio[PIN.dir].value === 1 ? 1 : -1;
  const enable = gpio[PIN.enable].value === 1 ? 1 : 0;
  const at = pioStepNanos;
  world.edges.push([at, dir, enable]);
  const pio = mcu.pio[0];
  if (pio.fdebug & (1 << 16)) world.overflows++;
  const before = homeSensorActive();
  world.rotor += dir;
  const after = homeSensorActive();
  if (before !== null && before !== after) {
    if (world.trace) {
      const machine = mcu.pio[0].machines[0];
      const data = dmaChannels().filter((channel) => channel.write === PIO0_BASE + 0x10);
      send({ event: 'home_edge', active: after, rotor: world.rotor, nanos: at, fifo: machine.txFIFO.itemCount, pc: machine.pc, dma: data });
    }
    setHomePin(after);
    // A bouncing sensor: it flickers back and forth before it settles.
    let level = after;
    for (const delay of world.bounce) {
      level = !level;
      const value = level;
      schedule(delay, () => setHomePin(value));
    }
    if (world.bounce.length % 2 === 1) schedule(world.bounce[world.bounce.length - 1] + 1000, () => setHomePin(after));
  }
}

// -- the chip ---------------------------------------------------------------
function boot() {
  if (mcu) baseNanos += mcu.clock.nanos;
  mcu = new RP2040();
  mcu.loadBootrom(bootrom); // also fills the flash with 0xff: set it after
  mcu.flash.set(flash);
  flash = mcu.flash; // a reset keeps what the chip wrote to its flash
  mcu.logger = { debug() {}, info() {}, warn() {}, error(component, message) { send({ event: 'log', message: component + ': ' + message }); } };
  for (const pio of mcu.pio) {
    pio.run = () => {}; // stepped below, on the emulated clock
    const write = pio.writeUint32.bind(pio);
    pio.writeUint32 = (offset, value) => {
      write(offset, value);
      pioDirty = true; // an enable or a clock divider may have changed
    };
  }
  pioDirty = true;
  for (const pio of mcu.pio) for (const machine of pio.machines) joinFifos(machine);
  pioNext = [];
  mcu.gpio[PIN.step].addListener(onStepChange);
  const watchdog = mcu.peripherals[0x40058];
  if (survivor) {
    // What a watchdog reset leaves (RP2040 datasheet 4.7: the watchdog is not among
    // what it resets): REASON says which reset it was, the scratch registers keep
    // their words (the bootrom reads SCRATCH4-7 for a reboot to an address).
    watchdog.reason = survivor.reason;
    watchdog.scratchData.set(survivor.scratch);
    survivor = null;
  }
  watchdog.onWatchdogTrigger = () => {
    // rp2040js's periodic alarm re-arms itself at zero delay once the count is 0,
    // firing again and again within one clock tick (the emulator hangs): the chip
    // resets here instead, so the countdown stops with it.
    watchdog.alarm.enable = false;
    watchdog.timer.enable = false;
    resetPending = watchdog.reason === 2 ? 'forced' : 'timer';
    survivor = { reason: watchdog.reason, scratch: Uint32Array.from(watchdog.scratchData) };
  };
  hung = false;
  connected = false;
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onDeviceConnected = () => {
    connected = true;
    for (const byte of atConnect) cdc.sendSerialByte(byte);
    atConnect = [];
    if (!dtr) cdc.cdcSetControlLineState(0);
    send({ event: 'usb', connected: true, nanos: now() });
  };
  cdc.onSerialData = (data) => {
    if (dtr) fs.writeSync(TO_HOST, data);
  };
  const read = mcu.usbCtrl.onEndpointRead;
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    feedHost();
    read(endpoint, size);
  };
  // Inputs at rest: the home sensor where the rotor is, the tray quiet, the button up.
  const home = homeSensorActive();
  setHomePin(home === null ? false : home);
  mcu.gpio[PIN.motion].setInputValue(false);
  mcu.gpio[PIN.button].setInputValue(true);
  mcu.core.PC = 0x10000000;
  world.bootCount++;
  send({ event: 'boot', count: world.bootCount, nanos: now() });
}

let resetPending = null;
let survivor = null; // the watchdog's REASON and scratch words, through its own reset

// rp2040js ignores SHIFTCTRL's FJOIN bits: its FIFOs stay 4 deep, and changing FJOIN
// does not clear them. The chip joins them (TX 8 deep with FJOIN_TX) and clears both
// on any change of FJOIN (RP2040 datasheet 3.5.4; pico-sdk's pio_sm_clear_fifos and so
// every sm.init rely on it): done here.
const SM_SHIFTCTRL = 0x0d0 - 0x0c8;
const FJOIN_TX = 1 << 30;
const FJOIN_RX = 1 << 31;
function joinFifos(machine) {
  const write = machine.writeUint32.bind(machine);
  machine.writeUint32 = (offset, value) => {
    const before = machine.shiftCtrl >>> 0;
    write(offset, value);
    if (offset !== SM_SHIFTCTRL) return;
    const joins = (value >>> 0) & (FJOIN_TX | FJOIN_RX) >>> 0;
    if ((before & ((FJOIN_TX | FJOIN_RX) >>> 0)) === joins) return;
    machine.txFIFO = new FIFO(joins & FJOIN_TX ? 8 : joins & FJOIN_RX ? 0 : 4);
    machine.rxFIFO = new FIFO(joins & FJOIN_RX ? 8 : joins & FJOIN_TX ? 0 : 4);
    machine.updateDMATx();
    machine.updateDMARx();
  };
}
let atConnect = []; // bytes the host sends the moment the next boot enumerates

function feedHost() {
  if (!connected || !dtr) return;
  const fifo = cdc.txFIFO;
  while (hostBytes.length && fifo.itemCount < fifo.size) fifo.push(hostBytes.shift());
}

let pioStepNanos = 0;

function stepPio(until) {
  // Each enabled state machine runs at clk_sys / CLKDIV; an instruction with a
  // delay takes 1 + delay of its cycles (rp2040js counts them in `cycles`).
  for (let block = 0; block < mcu.pio.length; block++) {
    const pio = mcu.pio[block];
    for (let index = 0; index < 4; index++) {
      const machine = pio.machines[index];
      const key = block * 4 + index;
      if (!machine.enabled) {
        pioNext[key] = undefined;
        continue;
      }
      const divider = (machine.clockDivInt || 65536) + machine.clockDivFrac / 256;
      const period = divider * NS_PER_CYCLE;
      if (pioNext[key] === undefined) pioNext[key] = mcu.clock.nanos;
      while (pioNext[key] <= until) {
        pioStepNanos = baseNanos + pioNext[key];
        const before = machine.cycles;
        const stalledBefore = pio.txStall & (1 << (24 + index));
        machine.step();
        pio.checkChangedPins();
        if (block === 0 && index === 0 && !stalledBefore && (pio.txStall & (1 << 24))) {
          world.stallsAt.push(pioStepNanos);
        }
        const spent = machine.cycles - before;
        pioNext[key] += period * (spent > 0 ? spent : 1);
      }
    }
  }
}
world.stallsAt = [];

function pioRunning() {
  for (const pio of mcu.pio) {
    for (const machine of pio.machines) if (machine.enabled) return true;
  }
  return false;
}

function nextPioNanos() {
  let next = Infinity;
  for (const at of pioNext) if (at !== undefined && at < next) next = at;
  return next;
}

let pioDirty = true;
let pioAt = Infinity; // the next PIO step (chip nanos), Infinity while no machine runs

function refreshPio(nanos) {
  pioDirty = false;
  if (!pioRunning()) {
    pioNext = [];
    pioAt = Infinity;
    return;
  }
  stepPio(nanos);
  pioAt = nextPioNanos();
}

function run(budgetNs) {
  const clock = mcu.clock;
  const core = mcu.core;
  const end = clock.nanos + budgetNs;
  while (clock.nanos < end) {
    if (resetPending) {
      // Before the PIO takes another step: the reset stops it at the moment it comes.
      const reason = resetPending;
      resetPending = null;
      send({ event: 'reset', reason, nanos: now() });
      boot();
      return;
    }
    if (alarms.length && alarms[0][0] <= now()) {
      while (alarms.length && alarms[0][0] <= now()) alarms.shift()[1]();
    }
    if (pioDirty || clock.nanos >= pioAt) refreshPio(clock.nanos);
    if (hung || core.waiting) {
      let next = end;
      if (clock.nextAlarm) next = Math.min(next, clock.nextAlarm.nanos);
      next = Math.min(next, pioAt);
      if (alarms.length) next = Math.min(next, alarms[0][0] - baseNanos);
      const delta = Math.max(next - clock.nanos, NS_PER_CYCLE);
      clock.tick(delta);
    } else {
      const cycles = core.executeInstruction();
      clock.tick(cycles * NS_PER_CYCLE);
    }
  }
}

// -- registers the tests read -------------------------------------------------------
function dmaChannels() {
  const channels = [];
  for (let channel = 0; channel < 12; channel++) {
    const at = DMA_BASE + 0x40 * channel;
    channels.push({
      channel,
      read: mcu.readUint32(at) >>> 0,
      write: mcu.readUint32(at + 4) >>> 0,
      count: mcu.readUint32(at + 8) >>> 0,
      ctrl: mcu.readUint32(at + 0x10) >>> 0,
    });
  }
  return channels;
}

function pins() {
  const result = {};
  for (const [name, index] of Object.entries(PIN)) result[name] = mcu.gpio[index].value;
  return result;
}

// -- commands -----------------------------------------------------------------------
const ops = {
  time: () => ({ nanos: now(), boots: world.bootCount }),
  run: (command) => {
    pendingRun = { until: now() + command.ns, id: command.id };
    return undefined; // answered when the emulated time has passed
  },
  rotor: (command) => {
    world.stepsPerTurn = command.steps_per_turn;
    world.flagSteps = command.flag_steps;
    world.rotor = command.rotor;
    world.bounce = command.bounce || [];
    world.homeActiveLow = command.active_low !== false;
    setHomePin(homeSensorActive());
    return { rotor: world.rotor };
  },
  trace: (command) => {
    world.trace = command.on;
    return {};
  },
  where: () => ({ rotor: world.rotor, home: homeSensorActive() }),
  pin: (command) => {
    mcu.gpio[command.pin].setInputValue(command.value);
    return {};
  },
  wave: (command) => {
    // [[delay_ns_from_now, value], ...] on one input pin
    for (const [delay, value] of command.changes) {
      schedule(delay, () => mcu.gpio[command.pin].setInputValue(value));
    }
    return {};
  },
  edges: () => {
    const result = { edges: world.edges, stalls: world.stallsAt, overflows: world.overflows, nanos: now() };
    world.edges = [];
    world.stallsAt = [];
    world.overflows = 0;
    return result;
  },
  pins: () => ({ pins: pins(), nanos: now() }),
  dma: () => ({ channels: dmaChannels(), fdebug: mcu.pio[0].fdebug >>> 0, txLevel: mcu.pio[0].machines[0].txFIFO.itemCount }),
  dtr: (command) => {
    dtr = command.on;
    if (connected) cdc.cdcSetControlLineState(dtr ? 3 : 0);
    if (!dtr) hostBytes = [];
    return {};
  },
  at_connect: (command) => {
    atConnect = command.bytes;
    return {};
  },
  send_at: (command) => {
    // bytes from the host at a time from now (emulated ns), as if typed then
    schedule(command.delay, () => {
      for (const byte of command.bytes) hostBytes.push(byte);
      feedHost();
    });
    return {};
  },
  lossy: (command) => {
    lossy = command.on;
    return {};
  },
  stats: () => ({ dropped, waiting: hostBytes.length, connected }),
  hang: () => {
    // The core stops, as in a lockup: nothing feeds the watchdog any more, while the
    // DMA and the PIO go on (they need no core) until the watchdog resets the chip.
    hung = true;
    return { nanos: now() };
  },
  reset: () => {
    resetPending = 'command';
    return {};
  },
  quit: () => {
    process.exit(0);
  },
};

let pendingRun = null;
let lineBuffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  lineBuffer += text;
  let newline;
  while ((newline = lineBuffer.indexOf('\n')) >= 0) {
    const line = lineBuffer.slice(0, newline);
    lineBuffer = lineBuffer.slice(newline + 1);
    if (!line.trim()) continue;
    const command = JSON.parse(line);
    let reply;
    try {
      reply = ops[command.op](command);
    } catch (error) {
      reply = { error: String(error && error.stack) };
    }
    if (reply !== undefined) send({ id: command.id, ...reply });
  }
});
process.stdin.on('end', () => process.exit(0));

const hostStream = fs.createReadStream(null, { fd: FROM_HOST });
hostStream.on('data', (chunk) => {
  if (!dtr) return;
  if (lossy) {
    for (const byte of chunk) {
      if (cdc.txFIFO.itemCount >= cdc.txFIFO.size) dropped++;
      cdc.sendSerialByte(byte);
    }
    return;
  }
  for (const byte of chunk) hostBytes.push(byte);
  feedHost();
});

boot();
let clockSent = -Infinity;
function loop() {
  run(CHUNK_NS);
  if (now() - clockSent >= CLOCK_EVERY_NS) {
    // The chip's time for the host's waits (EmulatedPico.clock): it passes as fast as
    // the emulator runs, slower when the machine is busy, never by itself.
    clockSent = now();
    send({ clock: clockSent });
  }
  if (pendingRun && now() >= pendingRun.until) {
    send({ id: pendingRun.id, nanos: now() });
    pendingRun = null;
  }
  setImmediate(loop);
}
loop();
