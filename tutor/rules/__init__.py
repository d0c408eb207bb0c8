"""The rules of MCR: tiles, hand notation, the 81-fan table, the editions, the ways a hand
divides into sets, the per-fan checks, the scorer and its explanations.

Pure and self-contained: imports only the standard library and modules of tutor.rules, and
touches no file, network or clock, so the very same code runs in the browser (Pyodide). Every
other part of tutor builds on this layer; this layer knows none of them.
"""
