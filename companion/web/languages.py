"""The phone's language: the page and the API's sentences follow its Accept-Language.

A phone says which languages its person reads (`Accept-Language: cy-GB, cy;q=0.9,
en;q=0.5`); the page is served in the first of them, by their q-values, that the
companion has a catalog for (`companion.i18n`: English and Welsh), and every sentence
of the answer too. A phone that names none of them reads the table's language (`[screen]
language`). Each answer says `Vary: Accept-Language`: it differs by that header.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, g, request

from companion.i18n import available_languages, speaking

MAX_HEADER = 512
"""The most characters of an Accept-Language header read (a real one is far shorter)."""
MAX_RANGES = 16
"""The most language ranges of one header weighed."""


def phone_language(header: str | None, offered: Iterable[str]) -> str | None:
    """The language of `offered` ("cy", "en") the header's person reads best, or None when
    it names none of them (a `*` names none: the table's language is theirs then).

    A range with a region ("cy-GB") is read as its language when no catalog has the
    region; ranges of equal weight keep the header's order; `q=0` means "not this one".
    """
    if not header:
        return None
    shown = {code.casefold(): code for code in offered}
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate(header[:MAX_HEADER].split(",")[:MAX_RANGES]):
        tag, _sep, params = part.strip().partition(";")
        weight = _weight(params)
        code = tag.strip().replace("-", "_").casefold()
        found = shown.get(code) or shown.get(code.split("_")[0])
        if found is not None and weight > 0:
            weighed.append((-weight, index, found))
    return min(weighed)[2] if weighed else None


def _weight(params: str) -> float:
    """The q-value of one range's parameters ("q=0.8"); 1 when it has none, 0 when it is
    not one a header may hold."""
    for param in params.split(";"):
        name, _sep, value = param.strip().partition("=")
        if name.strip().casefold() != "q":
            continue
        value = value.strip()
        if not value or len(value) > 5 or not all(c.isdigit() or c == "." for c in value):
            return 0.0
        try:
            weight = float(value)
        except ValueError:
            return 0.0
        return weight if 0.0 <= weight <= 1.0 else 0.0
    return 1.0


def follow_phone_language(app: Flask) -> None:
    """Serve every request of `app` in the phone's language (the table's when it names none
    the companion has), and say so in `Vary`."""
    offered = tuple(available_languages())

    def speak() -> None:
        chosen = phone_language(request.headers.get("Accept-Language"), offered)
        if chosen is not None:
            block = speaking(chosen)
            block.__enter__()
            g.companion_speaking = block

    def stop(_error: BaseException | None) -> None:
        block = g.pop("companion_speaking", None)
        if block is not None:
            block.__exit__(None, None, None)

    def vary(response: Response) -> Response:
        if request.endpoint != "static":
            response.vary.add("Accept-Language")
        return response

    app.before_request(speak)
    app.after_request(vary)
    app.teardown_request(stop)


__all__ = ["follow_phone_language", "phone_language"]
