"""The composition root: the one place that knows every part by name and puts them together.

:func:`run` opens the journal, reads the settings, builds the input sources (touch is
the window itself; GPIO, the USB box and keys come from :mod:`hardware`) and the
outputs (the screen is the window; seat lights and the systemd watchdog from
:mod:`hardware`; sounds from :mod:`companion.ui.sounds`), and hands them to the app,
whose loop knows them only by the Protocols of :mod:`companion.ui.sources`.

A new input source or output is one module implementing
:class:`~companion.ui.sources.InputSource` or :class:`~companion.ui.sources.Output`
plus one line in :func:`companion.app.root.sources_and_outputs`.
"""

from __future__ import annotations

from companion.app.root import AppOptions, run

__all__ = ["AppOptions", "run"]
