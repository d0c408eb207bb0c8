"""The tree pass of the tutor markdown extension: every link written in content checked and
made relative (LinkTreeprocessor), tables wrapped so they scroll on a phone, headings in order.
Problems are reported on the page's state with their source line, as the block pass does.
"""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as etree

from markdown.treeprocessors import Treeprocessor

from tutor.answers.pages import PRACTICE_PAGES

from .blocks import lookup_fan
from .links import is_external
from .state import Link, PageState

# site:<name> links, the practice pages among them by name, from the page table (a page the backend
# answers lives in its folder: the build's generated_url says where).
GENERATED_PAGES = {"home": "", "lessons": "lessons", "fans": "fans", "fan-card": "fan-card", "search": "search"} | {
    page.name: page.name for page in PRACTICE_PAGES}


class LinkTreeprocessor(Treeprocessor):
    def __init__(self, md, ext):  # ext: the TutorExtension, with the page's state and services
        super().__init__(md)
        self.ext = ext

    def run(self, root):
        for element in root.iter("a"):
            target = element.get("href", "")
            if target:
                element.set("href", self.link(element, target))
        for element in root.iter("img"):
            element.set("src", self.image(element.get("src", "")))
        if self.ext.blocks:
            check_heading_order(root, self.ext.state)
            wrap_tables(root)

    def link(self, element, target: str) -> str:
        state, services = self.ext.state, self.ext.services
        line = state.line_of(f"({target}", target)
        scheme, _, rest = target.partition(":")
        if scheme == "fan" and rest:
            fan_key, _, anchor = rest.partition("#")
            try:
                fan = lookup_fan(fan_key)
            except ValueError as err:
                state.report(line, f"link ({target}): {err}")
                return target
            if not (element.text or len(element)):
                element.text = fan.name
            return self.page_link(services.fan_url(fan), anchor, line, target)
        if scheme == "site" and rest:
            name, _, anchor = rest.partition("#")
            if name not in GENERATED_PAGES:
                state.report(line, f"link ({target}): no generated page '{name}' "
                                   f"(known: {', '.join('site:' + n for n in GENERATED_PAGES)})")
                return target
            return self.page_link(services.generated_url(GENERATED_PAGES[name]), anchor, line, target)
        if is_external(target) or target.startswith("/"):
            if target.startswith("/"):
                state.report(line, f"link ({target}): write a relative link, such as ../fans/, so the "
                                   "site works in any folder")
            return target
        path, _, anchor = target.partition("#")
        if not path:
            state.links.append(Link(line, state.url, anchor, target))
            return target
        source = content_path(state.source, path)
        if path.endswith(".md"):
            url = services.page_url(source) if source else None
            if url is None:
                state.report(line, f"link ({target}): no page content/{source or path}")
                return target
            return self.page_link(url, anchor, line, target)
        url = services.asset_url(source) if source else None
        if url is None:
            state.report(line, f"link ({target}): no file content/{source or path}; link pages by "
                               "their .md file, generated pages as site:fans, site:fan-card, site:search")
            return target
        return state.href_to(url) + (f"#{anchor}" if anchor else "")

    def page_link(self, url: str, anchor: str, line: int, written: str) -> str:
        state = self.ext.state
        state.links.append(Link(line, url, anchor, written))
        return state.href_to(url) + (f"#{anchor}" if anchor else "")

    def image(self, src: str) -> str:
        state = self.ext.state
        line = state.line_of(f"({src}", src)
        if is_external(src) or src.startswith("/"):
            state.report(line, f"image ({src}): put the file beside the page under content/ and link it "
                               "relatively; the site loads nothing from elsewhere")
            return src
        source = content_path(state.source, src)
        url = self.ext.services.asset_url(source) if source else None
        if url is None:
            state.report(line, f"image ({src}): no file content/{source or src}")
            return src
        return state.href_to(url)


def content_path(source: str, target: str) -> str | None:
    """A relative link from a source file, as a content-relative path; None if it leaves content/."""
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(source), target.split("?", 1)[0]))
    if joined.startswith("..") or joined == ".":
        return None
    return joined


def wrap_tables(root: etree.Element) -> None:
    """Put each table in a box that scrolls sideways, so a wide table never widens a phone's page.

    The box can take focus (keyboard users scroll it) and is named after the table's columns."""
    used: dict[str, int] = {}
    for parent in list(root.iter()):
        for index, child in enumerate(list(parent)):
            if child.tag != "table":
                continue
            heads = ["".join(th.itertext()).strip() for th in child.iter("th")][:4]
            label = "Table: " + ", ".join(h for h in heads if h)
            used[label] = used.get(label, 0) + 1
            if used[label] > 1:
                label += f" ({used[label]})"  # landmarks need distinct names
            box = etree.Element("div", {"class": "table-scroll", "role": "region", "tabindex": "0",
                                        "aria-label": label})
            parent.remove(child)
            box.append(child)
            box.tail, child.tail = child.tail, None
            parent.insert(index, box)


def check_heading_order(root: etree.Element, state: PageState) -> None:
    """The template writes the page's only h1; markdown starts at ## and goes down one level at a time."""
    level = 1
    for element in root:
        if len(element.tag) == 2 and element.tag[0] == "h" and element.tag[1] in "123456":
            new = int(element.tag[1])
            text = "".join(element.itertext()).strip()
            line = state.line_of(text) if text else state.body_line
            if new == 1:
                state.report(line, f"heading '{text}': the title is the page's only level-1 heading; "
                                   "start sections with ##")
            elif new > level + 1:
                state.report(line, f"heading '{text}' jumps from level {level} to {new}: use "
                                   f"{'#' * (level + 1)} so screen readers can follow the outline")
            level = new
