"""The fake RP2040's DMA keeps the rules of the real one that the firmware relies on."""

from __future__ import annotations

import sys
from array import array

import pytest

from tests.firmware import fake_dma, fake_rp2, fakes


@pytest.fixture
def machine(manual_clock: fakes.ManualClock) -> fake_rp2.StateMachine:
    @fake_rp2.asm_pio(fifo_join=1)
    def drain() -> None:
        pull(block)  # type: ignore[name-defined]  # noqa: F821

    machine = fake_rp2.StateMachine(0, drain, freq=1_000_000)
    return machine  # not active: the FIFO fills and stays full


def feed(dma: fake_dma.DMA, machine: fake_rp2.StateMachine, words: array, **ctrl: int) -> None:
    fields = {"inc_write": False, "treq_sel": machine.dreq, **ctrl}
    dma.config(read=words, write=machine, count=len(words), ctrl=dma.pack_ctrl(**fields),
               trigger=True)


def test_two_enabled_channels_paced_by_the_same_dreq_are_refused(machine) -> None:  # type: ignore[no-untyped-def]
    # The pattern of the three chained channels firmware 1.1 armed between moves.
    first, second = fake_dma.DMA(), fake_dma.DMA()
    feed(first, machine, array("I", [1, 2]))
    with pytest.raises(AssertionError, match="both enabled and paced by DREQ 0"):
        second.config(read=array("I", [3]), write=machine, count=1,
                      ctrl=second.pack_ctrl(inc_write=False, treq_sel=machine.dreq))


def test_a_zero_count_trigger_neither_starts_nor_chains(machine) -> None:  # type: ignore[no-untyped-def]
    data, control = fake_dma.DMA(), fake_dma.DMA()
    data.config(write=machine, ctrl=data.pack_ctrl(inc_write=False, treq_sel=machine.dreq,
                                                    chain_to=control.channel))
    control.config(read=array("I", [5]), write=data.registers[14:15], count=1,
                   ctrl=control.pack_ctrl())
    data.registers[5] = fake_rp2.MEMORY.address_of(array("I", [1, 2]))  # AL1_READ_ADDR
    data.registers[7] = 0  # AL1_TRANS_COUNT_TRIG: a null trigger
    assert not data.active() and data.count == 0 and control.transfers == 0
    data.registers[7] = 2  # a real trigger: both words move, then it chains
    assert machine.fifo == [1, 2] and control.transfers == 1


def test_an_abort_clears_the_remaining_count_and_chains_nothing(machine) -> None:  # type: ignore[no-untyped-def]
    data, other = fake_dma.DMA(), fake_dma.DMA()
    other.config(read=array("I", [9]), write=array("I", [0]), count=1)
    feed(data, machine, array("I", range(20)), chain_to=other.channel)
    assert data.count == 12 and data.active()  # the FIFO took 8
    data.active(0)
    assert data.count == 0 and not data.active() and other.transfers == 0


def test_the_dma_reads_memory_as_it_moves_each_word(machine) -> None:  # type: ignore[no-untyped-def]
    words = array("I", range(12))
    feed(fake_dma.DMA(), machine, words)
    words[10] = 77  # after the trigger, before the word was moved
    machine.fifo.clear()  # as if pulled
    machine.refill()
    assert machine.fifo == [8, 9, 77, 11]


def test_a_write_into_a_full_fifo_is_dropped_and_flags_txover(machine) -> None:  # type: ignore[no-untyped-def]
    mem32 = sys.modules["machine"].mem32
    for word in range(9):
        mem32[machine.tx_address] = word
    assert machine.fifo == list(range(8))
    assert mem32[0x50200008] & (1 << 16)
    mem32[0x50200008] = 1 << 16  # write 1 to clear
    assert not mem32[0x50200008] & (1 << 16)
