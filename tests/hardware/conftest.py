"""The adapters between the devices and the table are tested on the devices' own fixtures:
mock pins, a virtual clock, isolated state, written configs."""

from tests.device.conftest import (
    isolated_state,
    mock_factory,
    sim_config,
    virtual_clock,
    write_config,
)

__all__ = ["isolated_state", "mock_factory", "sim_config", "virtual_clock", "write_config"]
