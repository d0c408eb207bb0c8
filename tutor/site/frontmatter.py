"""Front matter: the YAML header of a content page, read strictly.

    ---
    title: Tiles and sets
    order: 1
    ---
    Body in markdown...

mkdocs drops a bad header silently; here an unknown key, a repeated key, a
value of the wrong type or a missing required key is an error that names the
line, so a typo never turns into a page that quietly lacks its summary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import yaml

from tutor.views.problems import LocatedError

FENCE = "---"


@dataclass(frozen=True)
class FrontMatter:
    values: dict
    lines: dict  # key -> 1-based line of the key in the file
    body: str
    body_line: int  # 1-based line of the body's first line in the file
    end_line: int  # the line of the closing fence (0 when there is no front matter)


@dataclass(frozen=True)
class Field:
    """One allowed key: its kind ('text', 'int', 'bool', 'text list'), whether it is required,
    and an optional extra check returning an error message or None."""

    kind: str
    required: bool = False
    check: Callable | None = None


def split(text: str) -> FrontMatter:
    """Separate the YAML header from the body. A page without a header has empty values."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip() != FENCE:
        return FrontMatter({}, {}, text, 1, 0)
    for index in range(1, len(lines)):
        if lines[index].rstrip() == FENCE:
            header = "".join(lines[1:index])
            values, key_lines = parse_mapping(header, first_line=2)
            return FrontMatter(values, key_lines, "".join(lines[index + 1 :]), index + 2, index + 1)
    raise LocatedError(1, "the front matter opened with '---' is never closed: add a '---' line after it")


# libyaml's loader when PyYAML was built with it (several times faster); the same safe schema.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_mapping(header: str, first_line: int) -> tuple[dict, dict]:
    """YAML key: value lines -> (values, key lines); keys repeated or not words are errors."""
    loader = _Loader(header)
    try:
        node = loader.get_single_node()
        if node is None:
            return {}, {}
        if not isinstance(node, yaml.MappingNode):
            raise LocatedError(first_line, "expected 'key: value' lines")
        values, key_lines = {}, {}
        for key_node, value_node in node.value:
            line = first_line + key_node.start_mark.line
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                raise LocatedError(line, f"keys are words, not {key!r}")
            if key in values:
                raise LocatedError(line, f"'{key}' is given twice (first on line {key_lines[key]})")
            values[key] = loader.construct_object(value_node, deep=True)
            key_lines[key] = line
        return values, key_lines
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = first_line + (mark.line if mark else 0)
        raise LocatedError(line, f"not valid YAML: {err.problem or err}") from None
    finally:
        loader.dispose()


def validate(front: FrontMatter, schema: dict[str, Field], *, what: str) -> list[tuple[int, str]]:
    """(line, message) for every key that the schema does not allow or whose value is wrong."""
    problems = []
    for key, value in front.values.items():
        line = front.lines[key]
        if key not in schema:
            allowed = ", ".join(schema) or "none"
            problems.append((line, f"unknown front matter key '{key}' for {what} (allowed: {allowed})"))
            continue
        message = type_error(value, schema[key].kind) or (schema[key].check and schema[key].check(value))
        if message:
            problems.append((line, f"{key}: {message}"))
    for key, field in schema.items():
        if field.required and key not in front.values:
            # Line 1 is the opening '---' (or the page's first line when it has no header).
            problems.append((1, f"{what} needs '{key}' in its front matter"))
    return problems


def type_error(value, kind: str) -> str | None:
    if kind == "text":
        if not isinstance(value, str) or not value.strip():
            return f"expected text, got {_describe(value)}"
    elif kind == "int":
        # bool is an int in Python; 'order: yes' is a mistake, not 1.
        if not isinstance(value, int) or isinstance(value, bool):
            return f"expected a whole number, got {_describe(value)}"
    elif kind == "bool":
        if not isinstance(value, bool):
            return f"expected true or false, got {_describe(value)}"
    elif kind == "text list":
        if not isinstance(value, list) or not value:
            return f"expected a list ('- item' lines or [a, b]), got {_describe(value)}"
        for item in value:
            if not isinstance(item, str) or not item.strip():
                return f"every item must be text, got {_describe(item)}"
    else:  # pragma: no cover - a schema mistake, not an author's
        raise ValueError(kind)
    return None


def _describe(value) -> str:
    if value is None:
        return "nothing"
    kinds = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a mapping"}
    shown = repr(value) if not isinstance(value, (list, dict)) else ""
    return f"{kinds.get(type(value), type(value).__name__)} {shown}".rstrip()
