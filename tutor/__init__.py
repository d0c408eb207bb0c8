"""tutor: learn, look up and practise the scoring of Chinese Official Mahjong (MCR).

The package is layered; each layer imports only the layers below it, never above or beside
(an import-linter contract in pyproject.toml, run by the test suite, keeps it so):

    tutor.cli, tutor.app        the command line; the backend put together (web + the site's reader)
    tutor.browser               the calculator as Pyodide runs it in the browser (tutor.answers, no Flask)
    tutor.web  |  tutor.site    the Flask backend  |  the static-site build (never each other)
    tutor.answers               requests parsed and answered without Flask; the table of practice pages
    tutor.views                 what both show: tile views, scored-hand and quiz view models, page context
    tutor.practice              hands built to order, quiz dealing and grading, fan frequencies
    tutor.rules                 the pure engine: tiles, notation, the 81 fans, editions, scoring

Data flows one way: content -> build -> site; request -> parse -> score -> explain -> render.
"""
