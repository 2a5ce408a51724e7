"""The phone page: live scores on every phone at the table (docs/web.md).

`create_app(table, history_path, guard)` makes the Flask app; `WebServer`
serves it with waitress on a thread of the table's process, as one more
subscriber of the table. Reads are open; changes need the table PIN.
"""

from companion.web.app import create_app
from companion.web.guard import PinGuard, random_pin
from companion.web.server import WebServer
from companion.web.stream import StreamSettings

__all__ = ["PinGuard", "StreamSettings", "WebServer", "create_app", "random_pin"]
