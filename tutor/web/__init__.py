"""The Flask backend: the app factory (app.py), the JSON API (api.py), the practice pages that
htmx fills in, one route per row of the page table (pages.py), and the security layer
(security.py). What a request asks and how it is answered is tutor.answers' (no Flask there, so
the browser's engine runs the same code); this package turns Flask's requests into it and its
answers into responses.

Builds on tutor.answers, tutor.views, tutor.practice and tutor.rules; never imports tutor.site:
the pages it renders come from a frame reader handed to create_app (tutor.app puts the two together).
"""
