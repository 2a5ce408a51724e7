"""Hardware on the Pi: the spinner, the dice tray and their pins.

Every device works through a backend chosen in the configuration: `gpio`
(gpiozero), `serial` (the Pico firmware over USB) or `sim` (no hardware).

Where to start:

- `device.backends.open_spinner(config)` -> `device.spinner.Spinner`:
  `spin()` returns a `SpinOutcome` (seat or two seats, stop angle, turns,
  duration; `software_pick` and `reason` when the spinner is unavailable).
- `device.backends.open_tray(config, clock)` -> `device.tray.DiceTray`:
  `start()`, then `poll()` often; `TrayEvent`s ("throw", "settled",
  "button") arrive through `on_event` or `drain()`.
- `device.backend`: the interfaces a backend implements (`SpinnerBackend`,
  `TrayInputs`, `DiceReader`) and the values they exchange.
- Pure parts: `device.motion` (S-curve step schedules), `device.results`
  (fair and physical results), `device.tray.ThrowDetector` (debouncing).
"""
