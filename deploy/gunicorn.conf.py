"""gunicorn settings for a club's server:  gunicorn -c deploy/gunicorn.conf.py

The master process restarts any worker that crashes or stops answering, and each
worker is replaced after a few thousand requests so memory never creeps up. Scoring is
CPU work, so one worker per core (plus a couple of threads for slow clients) is right.
Environment: TUTOR_BIND (default 127.0.0.1:8000, behind nginx), TUTOR_WORKERS,
TUTOR_SITE_DIR, TUTOR_RATE_LIMIT, TUTOR_RATE_LIMIT_STORAGE, TUTOR_ALLOWED_ORIGINS (see README).
preload_app loads the app in the master first, so a bad setting stops gunicorn with one line
("Error: TUTOR_ALLOWED_ORIGINS: ...") instead of a worker's traceback.
"""

import multiprocessing
import os

wsgi_app = "tutor.app:create_app()"
bind = os.environ.get("TUTOR_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TUTOR_WORKERS", multiprocessing.cpu_count()))
worker_class = "gthread"
threads = 2
timeout = 30
graceful_timeout = 20
keepalive = 5
max_requests = int(os.environ.get("TUTOR_MAX_REQUESTS", 5000))
max_requests_jitter = 500
preload_app = True
accesslog = "-" if os.environ.get("TUTOR_ACCESS_LOG") else None
errorlog = "-"
loglevel = "info"
# Never the Flask debugger in production: gunicorn does not start it, and create_app
# refuses debug mode unless TUTOR_ENV=development.
raw_env = ["TUTOR_ENV=production"]
