"""The application: the top floor, which wires the product and which nothing imports.

The `companion` command (`cli`, one module per family of subcommands in
`commands`), the whole product in one process (`product`: the log, the table,
the devices, the phone page and the screen, or some of them), the Pi's checks
(`doctor`) and the one `Stopper` that SIGTERM and Ctrl-C go through. The
console script and `python -m companion` start it; no other package imports it
(tests/test_layering.py).
"""
