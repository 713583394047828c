"""Spoken instructions: each step's lines for the table, read aloud by espeak-ng.

One door into the app: :class:`~companion.speech.output.SpeechOutput`, an output the
composition root (``companion/app/root.py``) adds to the loop.  Off unless the table
(or, in the kiosk, the staff) switches it on; silent where espeak-ng is missing.
"""
