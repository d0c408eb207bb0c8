"""What a request asks and how it is answered, without Flask: the layer between the views and
whatever serves them (the backend, tutor.web; the build, tutor.site; the browser's engine,
tutor.browser).

    forms.py     the strict parser of each kind of field (whole numbers, choices, text), the
                 calculator's form as the API's fields, the quiz's key, ticks and total
    scoring.py   POST /api/score's and /api/analyze's bodies, and the calculator's answer
    quiz.py      the quiz's answer: deal, send to a new hand's address, or grade
    drills.py    the drills' key and the player's answer, and the drills' answer
    asked.py     Asked (a request) and Answer (context and status, or a redirect)
    pages.py     the table of practice pages: the one list that the build's reserved names and
                 pages, the navigation, the backend's routes and CORS all read

Builds on tutor.views, tutor.practice and tutor.rules; imports no Flask and nothing of the
layers above, so Pyodide runs it as it is (the engine bundle holds it whole).
"""
