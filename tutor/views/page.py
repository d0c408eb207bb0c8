"""What every page shares, whether the build writes it or the backend answers it.

A Frame is a site as a page sees it: the club's configuration, the Jinja environment, the
static files with their versions, and the titles of the reference pages that the navigation
and footer list. The build makes one from the content it reads (tutor.site); the backend gets
one from the same reader, handed to it when the app is put together (tutor.app), so the
backend's calculator page is the built one with a result in it.

    frame.context(url)       the globals every template reads (links relative to url, nav ...)
    frame.render(name, url, context)
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass

import jinja2

from tutor.rules.fans import Fan
from tutor.views.config import SiteConfig
from tutor.views.templating import StaticFiles
from tutor.views.urls import page_url, root_prefix

# Files the build writes for the practice pages and the backend reads back. The practice pages
# themselves are rows of tutor.answers.pages, handed to the frame as its practice links.
DRILLS_BANK = "drills/bank/"  # index.json and each bank hand's fragments: waits-1.html, waits-1-graded.html
QUIZ_BANK = "quiz/bank.json"
LESSON_QUESTIONS = "lesson-questions.json"
# Whether a tutor backend answers this site, known before the first paint without a failing request:
# the build writes this script saying "none", and a backend that serves the site answers the same
# address itself with "up" (tutor.web.pages). Under api/, which a front server (deploy/nginx.conf)
# already passes to the backend. Pages whose site.toml backend_url names another host do not load it.
BACKEND_STATUS = "api/status.js"
# The build's own answer ("none") again, outside api/ (which the backend answers), for the service
# worker to cache and give for api/status.js when there is no network (static/sw.js).
OFFLINE_STATUS = "offline-status.js"


def backend_status_script(state: str) -> str:
    return ("/* tutor: is there a scoring backend? \"none\": this copy of the site is static (written by the build);\n"
            "   \"up\": the backend that serves it answered. Read by calculator.js, fan-quiz.js and quiz.js. */\n"
            f'document.documentElement.setAttribute("data-backend-state", "{state}");\n')
# Reference pages listed in the navigation (when written); the others go in the footer.
NAV_PAGES = ("rulings", "glossary")


@dataclass(frozen=True)
class NavItem:
    title: str
    url: str
    summary: str = ""


@dataclass(frozen=True)
class PageTitle:
    """A page written in content/ that the navigation or footer may list: its name and title."""

    name: str
    title: str


@dataclass(frozen=True)
class PracticeLink:
    """A practice page as the navigation and the templates link to it (a row of
    tutor.answers.pages, which the frame's maker hands over: views cannot read that layer)."""

    name: str  # templates link to it as <name>_url (calculator_url)
    nav: str  # its navigation entry, "" for none
    folder: bool = True  # a backend route, so always a folder (calculator/), even with directory_urls off


@dataclass(frozen=True)
class Frame:
    config: SiteConfig
    env: jinja2.Environment
    static: StaticFiles
    translations: gettext.NullTranslations
    pages: tuple[PageTitle, ...] = ()  # the reference pages (content/*.md but home), in content order
    practice: tuple[PracticeLink, ...] = ()  # the practice pages (tutor.answers.pages), in navigation order

    def url(self, name: str) -> str:
        return page_url(name, self.config.directory_urls)

    def fan_url(self, fan: Fan) -> str:
        return self.url(f"fans/{fan.slug}")

    def practice_url(self, name: str) -> str:
        """The calculator and the quiz are pages of the site and routes of the backend at once,
        so they always live in a folder (calculator/); opened from disk, the link names the file."""
        return f"{name}/" if self.config.directory_urls else f"{name}/index.html"

    def practice_link(self, page: PracticeLink) -> str:
        return self.practice_url(page.name) if page.folder else self.url(page.name)

    def gettext(self, text: str, **values) -> str:
        return self.translations.gettext(text) % values if values else self.translations.gettext(text)

    def ngettext(self, singular: str, plural: str, count: int, /, **values) -> str:
        return self.translations.ngettext(singular, plural, count) % values

    def navigation(self) -> list[NavItem]:
        _ = self.gettext
        items = [NavItem(_("Lessons"), self.url("lessons")), NavItem(_("Fans"), self.url("fans"))]
        for name in NAV_PAGES:
            page = next((p for p in self.pages if p.name == name), None)
            if page:
                items.append(NavItem(page.title, self.url(name)))
        items.append(NavItem(_("Fan card"), self.url("fan-card")))
        items += [NavItem(_(page.nav), self.practice_link(page)) for page in self.practice if page.nav]
        return items

    def footer(self) -> list[NavItem]:
        _ = self.gettext
        others = sorted((p for p in self.pages if p.name not in NAV_PAGES), key=lambda p: p.title)
        return [NavItem(_("Home"), self.url(""))] + [NavItem(p.title, self.url(p.name)) for p in others] + [
            NavItem(_("Search"), self.url("search"))]

    def context(self, url: str, *, section: str = "", root_for_links: str | None = None) -> dict:
        """The context every page shares: the build's pages, and the backend's calculator and quiz
        pages and fragments (tutor.web), which render with the same environment and these globals.

        Links are relative to the page, unless root_for_links gives a fixed root (the 404 page)."""
        root = root_prefix(url) if root_for_links is None else root_for_links

        def link(target: str) -> str:
            return root + target or "./"

        return {
            "url": url,
            "root": root,
            "link": link,
            "static": lambda path: link(self.static.versioned(path)),
            "fan_url": self.fan_url,
            "nav": self.navigation(),
            "footer": self.footer(),
            "section": section,
            "search_url": self.url("search"),
            "fan_index_url": self.url("fans"),
            "fan_card_url": self.url("fan-card"),
            "lessons_url": self.url("lessons"),
            **{f"{page.name}_url": self.practice_link(page) for page in self.practice},
            # Where the backend's routes start: the club's backend address, or the site root.
            "backend": backend_root(self.config, root),
            "description": "",
            "summary": "",
            "has_questions": False,
            "backend_status": link(BACKEND_STATUS),
            "backend_remote": self.config.backend_url.startswith(("http://", "https://", "//")),
            "body": "",
        }

    def render(self, template: str, url: str, context: dict, *, section: str = "") -> tuple[jinja2.Template, dict, str]:
        """(the template, the full context, the html) of one page or fragment at url."""
        shared = self.context(url, section=section or url)
        shared.update(context)
        compiled = self.env.get_template(template)
        return compiled, shared, compiled.render(shared)


def backend_root(config: SiteConfig, root: str) -> str:
    """Where the backend's routes start, seen from a page whose root prefix is root."""
    return config.backend_url + "/" if config.backend_url else root
