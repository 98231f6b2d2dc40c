"""The local web trainer (``auction-fsm serve``): the table, the director and the flowcharts in
a browser.

A front end like the terminal director (:mod:`auction_fsm.teaching.session`): the server
(:mod:`.server`, on the standard library's ``http.server``) answers JSON over HTTP; each board
is a :class:`.session.WebSession`, which is its list of events and is rebuilt by replaying
them; the page (``static/``) draws the table, the bidding box, the bidding diagram and the
flowcharts (as SVG, from :func:`auction_fsm.teaching.charts.chart_data`).
"""
