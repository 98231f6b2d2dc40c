"""The law families, one module each.

``rotation`` (28-34, 17D3), ``insufficient_bid`` (27), ``inadmissible`` (35-39),
``changes`` (21B, 25), ``comparable`` (23, 26), ``exposure`` (24), ``review`` (20), and
``procedures``, which routes each input to the procedure that is waiting for it.
"""
