"""The companion's own screens: home, players, options, setup, settings, seats, hardware
test, join from a phone, and the history of matches."""
