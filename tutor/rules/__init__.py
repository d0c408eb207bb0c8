"""The rules of MCR: tiles, hand notation, the 81-fan table, the editions, the ways a hand
divides into sets, the per-fan checks, the scorer and its explanations.

Pure and self-contained: imports only the standard library and modules of tutor.rules, and
touches no file, network or clock, so the very same code runs in the browser (Pyodide). Every
other part of tutor builds on this layer; this layer knows none of them.

The modules, each importing only those above it:

    tiles, lazy         the 34 tiles; `cached`, a property worked out once (without a lock)
    notation            hand notation (parse_hand, Hand, Meld)
    editions, fans      the editions (EDITIONS, DEFAULT_EDITION, EDITION_RULES); the one table of
                        81 fans (FANS, FAN_BY_ID, FAN_BY_SLUG, fan), checked when it loads
    situation           how the hand was won: SITUATION_FIELDS, Situation, validate, HandError
    divisions, waits    every reading of a hand (the special forms recognised once); the waits
    reading, checks     what a check sees (View) and answers (Occurrence or Miss); one check per fan,
                        a package: gates (which checks run), combinations (the patterns of sets),
                        and the checks by family (honors, suits, ranks, forms, combined, pungs,
                        concealment, waits, winning)
    principles          the combination principles, as passes
    result, whynot      the scored hand (Result); why a fan asked about is or is not counted
    engine              the pipeline: score, score_text (and the names above, for its callers)
    explain             a scored hand in words, for the terminal (explain_text)
"""
