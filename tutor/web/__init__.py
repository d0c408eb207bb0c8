"""The Flask backend: the app factory (app.py), the JSON API (api.py), the practice pages that
htmx fills in (pages.py), form parsing (forms.py) and the security layer (security.py).
scoring.py reads and answers a score request without Flask, so the browser runs it too (tutor.browser).

Builds on tutor.views, tutor.practice and tutor.rules; never imports tutor.site: the pages it
renders come from a frame reader handed to create_app (tutor.app puts the two together).
"""
