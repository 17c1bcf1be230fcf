"""The hash report's parts: how evenly a :class:`~hashdict.HashDictionary` spreads a set of keys.

The figures and their text (:mod:`~tictactoe.hashreport.stats`), the key
sources by name (:mod:`~tictactoe.hashreport.registry`,
:mod:`~tictactoe.hashreport.sources`) -- families of common key shapes
(:mod:`~tictactoe.hashreport.samples`) and the boards a game's search
stores (:mod:`~tictactoe.hashreport.search_keys`) -- and the optional plot
(:mod:`~tictactoe.hashreport.plot`).  The program is
:mod:`tictactoe.cli.report`; nothing here prints.
"""
