"""The firmware's version: the host refuses to drive a board reporting another one."""

FIRMWARE_VERSION = "1.2.0"
