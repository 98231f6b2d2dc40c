"""Teaching the auction period: flowcharts for people, the route of an auction, an interactive
director (``teach``), a quiz and a random simulator of whole auctions.

Everything here reads the law book (:mod:`auction_fsm.lawbook`) and never changes it:
:mod:`.questions` holds the words (questions at decisions, who decides), :mod:`.charts` turns a
family's rows into a flowchart's data, :mod:`.flowdraw` draws it (matplotlib, imported when
drawing), :mod:`.route` draws the route one auction took, :mod:`.decision` orders the answers to a
waiting decision and finds the question the table faces on the charts, :mod:`.session` is the
interactive director, :mod:`.situations` the situations the quiz is set in, :mod:`.quiz` the quiz and
:mod:`.randomsim` the random simulator.
"""
