"""The event log: every applied command is one committed SQLite row.

- `store`: `Store`, which appends a match's events and reads them back;
- `opening`: opening the file and checking that it is the companion's (a
  damaged log is moved aside), or reading one without changing it;
- `schema`: the tables and the migrations, one per schema version;
- `upgrades`: the frozen rewrites of logged JSON that migrations make;
- `salvage`: the matches of a damaged log that can still be read whole.

The table imports the store, never the reverse.
"""
