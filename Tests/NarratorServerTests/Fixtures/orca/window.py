#!/usr/bin/env python3
"""A small GTK 3 window for Orca to read in the narrator's tests (Tests/NarratorServerTests/OrcaTests.swift).

Three buttons, a check box and a text view holding several sentences, in that Tab order. It prints
"shown" on stdout once the window is mapped and its first button has the focus, so the test waits for
that line rather than for time to pass.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

TEXT = (
    "The first line of the text view is here. "
    "A second sentence follows it, long enough to be cut by a key press. "
    "And a third sentence ends the paragraph.\n"
    "A second paragraph starts on this line, for say all to read on."
)


def main():
    window = Gtk.Window(title="Narrator Orca window")
    window.set_default_size(480, 320)
    window.connect("destroy", Gtk.main_quit)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    window.add(box)
    first = Gtk.Button(label="Start race")
    box.pack_start(first, False, False, 0)
    for label in ("Settings", "Quit game"):
        box.pack_start(Gtk.Button(label=label), False, False, 0)
    box.pack_start(Gtk.CheckButton(label="Engine sound"), False, False, 0)
    view = Gtk.TextView()
    buffer = view.get_buffer()
    buffer.set_text(TEXT)
    # The caret on the first line, which Orca reads when the view gets the focus, and say all from.
    buffer.place_cursor(buffer.get_start_iter())
    view.set_wrap_mode(Gtk.WrapMode.WORD)
    box.pack_start(view, True, True, 0)

    def shown(*_):
        first.grab_focus()
        window.present()
        print("shown", flush=True)
        return False

    window.connect("map-event", lambda *_: GLib.idle_add(shown))
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    sys.exit(main())
