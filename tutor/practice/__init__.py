"""Practice: hands built to order (tutor.practice.hands), the fan quiz's dealing and grading
(tutor.practice.quiz), and how common each fan is (tutor.practice.frequency).

Builds on tutor.rules only; knows nothing of pages, templates or requests. Reads one file of
its own, the measured fan frequencies (data/fan_frequency.json), which the measurement writes.
"""
