"""The hand-reading drills as the backend serves them (tutor.practice.drills, tutor.views.drills).

    GET|POST /drills/            deal (mode, seed, rules); no seed: pick one and redirect to its address
    POST     /drills/ answer=1   grade the answer (tile, shanten, declare, total, discard) of that hand

As the quiz (tutor.web.pages): one URL answers htmx with the fragment that changes
(templates/fragments/drill_area.html) and anything else with the whole page, says
`Vary: HX-Request`, and answers bad input 400 with the message in the page.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, redirect, request

from tutor.practice.drills import DrillError
from tutor.views import drills as V
from tutor.views.page import DRILLS_URL
from tutor.views.practice import random_seed
from tutor.web.pages import edition, is_htmx, respond

bp = Blueprint("drills", __name__)

PAGE, FRAGMENT = "drills.html", "fragments/drill_area.html"


@bp.route("/drills/", methods=["GET", "POST"])
def drills():
    form = request.form if request.method == "POST" else request.args
    default = edition()
    answering = request.method == "POST" and form.get("answer") == "1"
    if "mode" not in form and not answering:
        return respond(PAGE, FRAGMENT, DRILLS_URL, V.drills_context(default))
    try:
        key = V.drill_key(form, default, seed=None if answering else random_seed())
        if not answering and not is_htmx() and (request.method == "POST" or not (form.get("seed") or "").strip()):
            # A new hand gets its own address, so it can be shared and dealt again.
            return redirect("./?" + urlencode(key.params(default)), 303)
        answer = V.read_answer(form, key.mode) if answering else None
        drill = key.deal()
    except DrillError as err:
        mode = form.get("mode") if form.get("mode") in V.MODE_NAMES else "waits"
        context = V.drills_context(default, V.DrillKey(mode, 0), error=str(err))
        return respond(PAGE, FRAGMENT, DRILLS_URL, context, 400)
    context = V.drills_context(default, key, drill, answer, graded=answering)
    return respond(PAGE, FRAGMENT, DRILLS_URL, context)
