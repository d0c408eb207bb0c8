"""What the site and the backend both show: tile views and their html, the practice pages'
view models (the scored hand, the quiz, the drills), the offline quiz bank and the context
every page shares.

Builds on tutor.practice and tutor.rules; used by tutor.answers (requests answered with these
models), and through it by tutor.site (the build) and tutor.web (the backend), which never
import each other.
"""
