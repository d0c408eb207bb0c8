"""Practice: hands built to order (tutor.practice.hands), the fan quiz's dealing and grading
(tutor.practice.quiz), how common each fan is (tutor.practice.frequency), and the practice
table's game, bots and records (tutor.practice.table).

Builds on tutor.rules only; knows nothing of pages, templates or requests. Reads one file of
its own, the measured fan frequencies (data/fan_frequency.json), which the measurement writes,
and the site's static/data/seating.json (the table's seats over a game, as the score sheet's).
"""
