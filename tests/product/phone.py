"""A phone at the table: plays through the JSON API over real HTTP, as the page's script does."""

from __future__ import annotations

import http.client
import json
import random
from dataclasses import dataclass, field
from typing import Any

PIN_HEADER = "X-Table-PIN"


@dataclass
class Phone:
    """A phone talking to the companion on `port` with the table PIN."""

    port: int
    pin: str
    answered: list[int] = field(default_factory=list)
    """The seq of every change the companion answered with 2xx, in order."""

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        try:
            data = None if body is None else json.dumps(body)
            headers = {PIN_HEADER: self.pin}
            if data is not None:
                headers["Content-Type"] = "application/json"
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            connection.close()

    def state(self) -> dict[str, Any]:
        status, body = self.request("GET", "/api/state")
        assert status == 200, body
        match: dict[str, Any] = body["match"]
        return match

    def new_match(self, game: str, names: list[str], options: dict[str, Any]) -> int:
        status, body = self.request(
            "POST", "/api/matches", {"game": game, "players": names, "options": options})
        assert status == 201, body
        self.answered.append(body["seq"])
        return int(body["id"])

    def play_one(self, rng: random.Random) -> dict[str, Any]:
        """Roll, shuffle or spin when chance is due, else one random legal action."""
        match = self.state()
        if match["chance"] is not None:
            status, body = self.request("POST", "/api/chance")
        else:
            status, body = self.request("POST", "/api/actions", rng.choice(match["legal_actions"]))
        assert status == 200, body
        self.answered.append(body["seq"])
        return match

    def play_to_the_end(self, rng: random.Random, most: int = 3000) -> dict[str, Any]:
        for _ in range(most):
            if self.state()["is_over"]:
                return self.state()
            self.play_one(rng)
        raise AssertionError(f"no end after {most} actions: {self.state()['last_event']}")
