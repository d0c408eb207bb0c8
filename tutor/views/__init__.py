"""What the site and the backend both show: tile views and their html, the practice pages'
view models (the calculator's scored hand, the quiz), the offline quiz bank and the context
every page shares.

Builds on tutor.practice and tutor.rules; used by tutor.site (the build) and tutor.web (the
backend), which never import each other.
"""
