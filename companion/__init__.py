"""Tabletop Companion: the core, importable with no hardware, pygame or Flask."""

__version__ = "0.1.0"
