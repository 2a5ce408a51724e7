"""The pygame touchscreen: app loop, one screen per game, widgets."""
