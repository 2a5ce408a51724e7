"""The devices at the table: the adapters between `device` (hardware only) and the table.

The spinner as the table's source of spins (`table_spinner`, with a software
fallback when no motor can show them), fitted for one match (`match_spinner`),
and the dice tray as a source of table commands (`table_tray`); behind the
screen's ports (`companion.ports`), the seats' calibration on the spinner's
worker (`seat_calibration`) and the hardware test on the devices held open
(`self_test`). This layer sits above both `device` and `companion.table`:
neither imports it.
"""
