"""The pygame touchscreen: app loop, one screen per game, widgets."""

import os

# pygame greets on stdout when imported; the scripted driver's stdout is for `widgets` only.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
