"""MicroPython firmware for the optional RP2040 (Pico) table controller.

The files in this folder are copied to the Pico by `companion firmware
install`; the host also imports the protocol module from here so both sides
share one implementation.
"""
