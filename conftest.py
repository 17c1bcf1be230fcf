"""pytest's settings for the whole checkout: the modules it cannot import on this Python."""

import importlib.util

# The window's widgets need Tk, which some Pythons are built without; their tests then skip.
collect_ignore_glob = (
    [] if importlib.util.find_spec("_tkinter") else ["tictactoe/ui/window/app.py", "tictactoe/ui/window/dialogs.py"]
)
