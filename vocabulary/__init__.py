"""The words the app, its hardware layer and the button box's firmware share.

A vocabulary that more than one layer speaks has its home here, and only here:
``companion`` (core and screens) and ``hardware`` both import it, it imports nothing
of either, and the box firmware, which runs on its own microcontroller, carries a
generated copy that a test compares with it (see :mod:`vocabulary.buttons`).
"""
