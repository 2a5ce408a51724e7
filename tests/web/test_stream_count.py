"""How many phones follow the table: the count of open streams goes up as each opens and
back down as each closes, however many there are."""

from __future__ import annotations

from companion.table import Table
from companion.web import StreamSettings
from companion.web.stream import Streams
from tests.web.conftest import ManualClock, start


def test_the_count_of_open_streams_follows_each_open_and_close(
    table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    streams = Streams(table, StreamSettings(max_streams=3, clock=clock))
    opened = [streams.open() for _ in range(3)]
    assert streams.count == 3
    counts = []
    for frames in opened:
        assert frames is not None
        frames.close()
        counts.append(streams.count)
    assert counts == [2, 1, 0]
    again = streams.open()
    assert again is not None and streams.count == 1
    again.close()
    streams.close()
