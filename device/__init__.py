"""Hardware on the Pi: the spinner, the dice tray and their pins.

Every device works through a backend chosen in the configuration: `gpio`
(gpiozero), `serial` (the Pico firmware over USB) or `sim` (no hardware).
"""
