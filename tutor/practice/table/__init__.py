"""The practice table: one hand of MCR at four seats, the learner against three bots.

Pure game logic (no Flask, no templates), in the order data flows:

    wall      the 144 tiles and the wall a seed builds
    state     the table: wall, seats, phase; the deal
    moves     a move as a JSON object, read strictly
    play      which moves are allowed, and what each does (claims, kongs, robbing, the end)
    scoring   a win scored by the engine, every situation fan read off the play; payments
    bots      a level is a policy object that picks a move
    record    a hand as (rules, seed, moves): read strictly, replayed without deciding again
    game      16 hands: seating from static/data/seating.json, running totals
    view      what one seat sees, and its legal moves
    table     one click: replay, play the bots to the learner's next decision, answer
"""
