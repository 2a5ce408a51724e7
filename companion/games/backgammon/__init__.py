"""The backgammon family: Backgammon, Mini-Gam and Multi-Gam on one movement core."""
