"""Run a build's independent tasks over the machine's cores, in forked processes.

A worker is forked from the build, so it already holds everything phase 1 read (the site,
the templates, the markdown converter) and is sent only a task's number; results come back
pickled. Where forking is unavailable or unsafe, the tasks run here one after another:
on a system without fork, with one core, or when the caller runs other threads (tutor
serve's watcher beside Flask), since forking a process while another thread holds a lock
can leave the child waiting on it forever.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

Result = TypeVar("Result")

MAX_WORKERS = 4  # beyond this the pages are too few to share out usefully

_TASKS: list | None = None  # the tasks of the pool running now; forked workers read it


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def worker_count(jobs: int, jobs_per_worker: int) -> int:
    """How many workers `jobs` pieces of work are worth, when a worker pays off from `jobs_per_worker`."""
    if not can_fork():
        return 1
    return max(1, min(os.cpu_count() or 1, MAX_WORKERS, jobs // max(1, jobs_per_worker)))


class WorkerDied(RuntimeError):
    """A worker process ended without finishing its task (killed, or out of memory)."""


def run_tasks(tasks: list[Callable[[], Result]], workers: int) -> list[Result]:
    """Each task's result, in the order of the tasks. Tasks are handed out one at a time as
    workers come free, so put the longest first. An exception in a task is raised here;
    a worker that dies raises WorkerDied (a multiprocessing.Pool would wait for it forever)."""
    if workers < 2 or len(tasks) < 2:
        return [task() for task in tasks]
    global _TASKS
    _TASKS = tasks
    # What the workers inherit stays out of their garbage collector's sight: it would otherwise
    # walk every object the build made before forking, copying the memory pages it touches.
    gc.freeze()
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(min(workers, len(tasks)), mp_context=context) as pool:
            return list(pool.map(_run, range(len(tasks))))
    except BrokenProcessPool as err:
        raise WorkerDied(str(err)) from None
    finally:
        _TASKS = None
        gc.unfreeze()


def _run(index: int):
    return _TASKS[index]()
