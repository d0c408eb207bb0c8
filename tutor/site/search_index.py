"""The search index: one JSON file of documents, written at build time.

The browser builds its MiniSearch index from these documents (static/js/search.js),
so the fields here are the fields searched there: titles, English and Chinese fan
names, pinyin with tone marks (search.js also matches it without), pinyin run
together ('qingyise'), aliases, fan numbers, the headings of each page, and a
keyword for the kind of page ('fan 22', 'lesson chows').
"""

from __future__ import annotations

import html
import json
import unicodedata

from tutor.rules.fans import Fan


def plain_pinyin(pinyin: str) -> str:
    """'qīng yī sè' -> 'qing yi se'; 'lǜ' -> 'lu' (search.js indexes 'lv' as well)."""
    decomposed = unicodedata.normalize("NFD", pinyin)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fan_document(fan: Fan, url: str, summary: str, kind_label: str) -> dict:
    return {
        "id": f"fan-{fan.id}",
        "title": fan.name,
        "url": url,
        "kind_label": kind_label,
        "zh": fan.chinese,
        "pinyin": fan.pinyin,
        "pinyin_joined": plain_pinyin(fan.pinyin).replace(" ", ""),
        "aliases": " ".join(fan.aliases),
        "number": str(fan.id),
        "keywords": "fan",
        "headings": "",
        "summary": summary,
    }


def page_document(url: str, title: str, summary: str, kind_label: str, headings, keywords: str = "") -> dict:
    return {
        "id": f"page-{url}",
        "title": title,
        "url": url,
        "kind_label": kind_label,
        "zh": "",
        "pinyin": "",
        "pinyin_joined": "",
        "aliases": "",
        "number": "",
        "keywords": keywords,
        "headings": " ".join(headings),
        "summary": summary,
    }


def section_documents(url: str, page_title: str, toc_tokens, levels=(2, 3)) -> list[dict]:
    """One document per heading, so 'chow' finds the glossary's Chow section, not only the glossary."""
    out = []
    for token in _flatten(toc_tokens):
        if token["level"] in levels:
            doc = page_document(f"{url}#{token['id']}", html.unescape(token["name"]), "", page_title, ())
            doc["id"] = f"section-{url}#{token['id']}"
            out.append(doc)
    return out


def headings(toc_tokens) -> list[str]:
    return [html.unescape(token["name"]) for token in _flatten(toc_tokens)]


def _flatten(tokens):
    for token in tokens:
        yield token
        yield from _flatten(token.get("children", ()))


def to_json(documents: list[dict]) -> str:
    return json.dumps({"version": 1, "documents": documents}, ensure_ascii=False, separators=(",", ":"))
