"""The fan quiz's requests: the hand's key (tutor.answers.forms.quiz_key), the player's ticks and
total, and the page or fragment that answers them (tutor.views.practice shows it).

    quiz_answer    Asked -> Answer: the chooser, a new hand's address, the dealt hand, its grading
"""

from __future__ import annotations

from tutor.answers import forms as F
from tutor.answers.asked import Answer, Asked
from tutor.practice.quiz import QuizError, grade
from tutor.views import practice as P


def quiz_answer(asked: Asked) -> Answer:
    """Deal (GET, or POST from htmx) or grade (POST with answer=1, from the hand's own form)."""
    form, default = asked.form, asked.edition
    if "mode" not in form and not asked.answering:
        return Answer(P.quiz_context(default))
    try:
        key = F.quiz_key(form, default, seed=None if asked.answering else P.random_seed())
        if not asked.answering and not asked.htmx and (asked.posted or not (form.get("seed") or "").strip()):
            return Answer(redirect=key.params(default))  # a new hand gets its own address, to share and deal again
        dealt = key.deal()
        graded, ticked, total = None, [], None
        if asked.answering:
            ticked = F.parse_ticks(form)
            try:
                total = F.parse_total(form)
            except QuizError as err:  # said by the box, with the hand and the ticks kept
                context = P.quiz_context(default, key, dealt, None, ticked)
                context.update(total_error=str(err), total_text=(form.get("total") or "")[:20])
                return Answer(context, 400)
            graded = grade(dealt.result, ticked, total)
    except QuizError as err:
        mode = form.get("mode") if form.get("mode") in P.MODE_NAMES else "starter"
        return Answer(P.quiz_context(default, P.QuizKey(mode, 0), error=str(err)), 400)
    return Answer(P.quiz_context(default, key, dealt, graded, ticked, total))
