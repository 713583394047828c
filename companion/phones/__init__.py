"""Each player's phone as a private seat panel (opt-in: "Phones at the table").

Nothing here is imported unless the setting is on.  :mod:`.door` is the one door into the
app; :mod:`.server` is the LAN server (one port: the page over HTTP, answers over a
WebSocket) in a thread of its own; :mod:`.table` runs on the app's loop and decides, with
the session, what each answer does and what each seat sees; :mod:`.join` is the shared
screen's join screen (a QR code per seat).
"""
