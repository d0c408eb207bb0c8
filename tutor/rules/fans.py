"""The one table of the 81 fans.

Every part of tutor (scorer, explanations, API, fan pages, fan index, quiz) reads
this table; nothing keeps a second list. A row holds the facts a reader sees and
the data the scorer needs:

    id        the 1998 official number (1 Big Four Winds .. 81 Flower Tiles); stable
    slug      URL name of the fan's page
    points    per rule edition ({"wmo": 8, "china1998": 6})
    implies   slugs of the fans that never score together with this one (non-repeat
              principle), in the order the scorer removes them
    absorbs   slugs of the per-set fans that the sets of this fan do not also score
              (a dragon pung is not also a Pung of Terminals or Honors)
    kind      "hand" (a property of the whole hand, counted once),
              "sets" (made of particular sets; several may occur and the
              account-once pass chooses among them),
              "per_set" (counted once for each qualifying set or tile),
              "win" (a property of how the hand was won)

Fans refer to each other by slug, here and in the edition data (tutor.rules.editions);
every slug is resolved when this module loads, so a misspelt one stops the import with
a message naming it. The check that finds each fan is bound to it in tutor.rules.checks
(`@check("full-flush")`), and that module checks at load that there is one per fan.
Edition differences that are more than a points value live in tutor.rules.editions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from tutor.rules.editions import (
    CHINA1998,
    DEFAULT_EDITION,
    EDITION_RULES,
    EDITIONS,
    WMO,
)

__all__ = [
    "CATEGORIES", "CHINA1998", "DEFAULT_EDITION", "EDITIONS", "FANS", "FAN_BY_ID", "FAN_BY_SLUG", "WMO", "Fan", "fan",
]


@dataclass(frozen=True)
class Fan:
    id: int
    slug: str
    name: str
    chinese: str
    pinyin: str
    points_wmo: int
    points_china1998: int
    category: str
    kind: str
    implies: tuple[str, ...] = ()
    absorbs: tuple[str, ...] = ()
    aliases: tuple[str, ...] = field(default=())

    def points(self, edition: str = DEFAULT_EDITION) -> int:
        return self.points_wmo if edition == WMO else self.points_china1998

    @property
    def points_by_edition(self) -> dict[str, int]:
        return {WMO: self.points_wmo, CHINA1998: self.points_china1998}

    def rulebook_number(self, edition: str = DEFAULT_EDITION) -> int:
        """The number printed in the edition's rulebook (the WMO books list 48-54 in another order)."""
        if edition == WMO:
            return _WMO_RULEBOOK_NUMBER.get(self.id, self.id)
        return self.id

    @cached_property
    def implied(self) -> tuple[Fan, ...]:
        """The fans this one implies, as rows of the table (in both editions; see also editions)."""
        return tuple(FAN_BY_SLUG[slug] for slug in self.implies)


# Categories group the fans on the index page and in the quiz.
CATEGORIES = {
    "honors": "Winds and dragons",
    "flush": "Suits and flushes",
    "chows": "Chows",
    "pungs": "Pungs and kongs",
    "terminals": "Terminals and honors",
    "ranks": "Ranks (high, middle, low)",
    "special": "Special forms",
    "concealment": "Concealed and melded",
    "waits": "Waits",
    "winning": "How the hand was won",
    "bonus": "Bonus and fallback",
}

FANS: tuple[Fan, ...] = (
    # 88 points
    Fan(1, "big-four-winds", "Big Four Winds", "大四喜", "dà sì xǐ", 88, 88, "honors", "hand",
        implies=("big-three-winds", "all-pungs", "prevalent-wind", "seat-wind", "pung-of-terminals-or-honors",
                 "little-four-winds"),
        aliases=("great four winds",)),
    Fan(2, "big-three-dragons", "Big Three Dragons", "大三元", "dà sān yuán", 88, 88, "honors", "hand",
        implies=("dragon-pung", "two-dragon-pungs", "little-three-dragons"),
        absorbs=("pung-of-terminals-or-honors",),
        aliases=("great three dragons",)),
    Fan(3, "all-green", "All Green", "绿一色", "lǜ yī sè", 88, 88, "flush", "hand",
        aliases=("jade hand",)),
    Fan(4, "nine-gates", "Nine Gates", "九莲宝灯", "jiǔ lián bǎo dēng", 88, 88, "special", "hand",
        implies=("full-flush", "concealed-hand", "no-honors", "one-voided-suit"),
        aliases=("nine lanterns",)),
    Fan(5, "four-kongs", "Four Kongs", "四杠", "sì gàng", 88, 88, "pungs", "hand",
        implies=("three-kongs", "two-melded-kongs", "melded-kong", "all-pungs", "single-wait")),
    Fan(6, "seven-shifted-pairs", "Seven Shifted Pairs", "连七对", "lián qī duì", 88, 88, "special", "hand",
        implies=("seven-pairs", "full-flush", "concealed-hand", "single-wait", "no-honors", "one-voided-suit"),
        aliases=("seven consecutive pairs",)),
    Fan(7, "thirteen-orphans", "Thirteen Orphans", "十三幺", "shí sān yāo", 88, 88, "special", "hand",
        implies=("all-types", "concealed-hand", "single-wait", "all-terminals-and-honors"),
        aliases=("thirteen terminals",)),
    # 64 points
    Fan(8, "all-terminals", "All Terminals", "清幺九", "qīng yāo jiǔ", 64, 64, "terminals", "hand",
        implies=("all-terminals-and-honors", "all-pungs", "pung-of-terminals-or-honors", "outside-hand",
                 "no-honors")),
    Fan(9, "little-four-winds", "Little Four Winds", "小四喜", "xiǎo sì xǐ", 64, 64, "honors", "hand",
        implies=("big-three-winds",),
        absorbs=("pung-of-terminals-or-honors",)),
    Fan(10, "little-three-dragons", "Little Three Dragons", "小三元", "xiǎo sān yuán", 64, 64, "honors", "hand",
        implies=("dragon-pung", "two-dragon-pungs"),
        absorbs=("pung-of-terminals-or-honors",)),
    Fan(11, "all-honors", "All Honors", "字一色", "zì yī sè", 64, 64, "honors", "hand",
        implies=("all-terminals-and-honors", "all-pungs", "pung-of-terminals-or-honors", "outside-hand")),
    Fan(12, "four-concealed-pungs", "Four Concealed Pungs", "四暗刻", "sì àn kè", 64, 64, "pungs", "hand",
        implies=("all-pungs", "concealed-hand", "three-concealed-pungs", "two-concealed-pungs")),
    Fan(13, "pure-terminal-chows", "Pure Terminal Chows", "一色双龙会", "yī sè shuāng lóng huì", 64, 64, "chows", "hand",
        implies=("full-flush", "all-chows", "pure-double-chow", "two-terminal-chows", "no-honors",
                 "one-voided-suit")),
    # 48 points
    Fan(14, "quadruple-chow", "Quadruple Chow", "一色四同顺", "yī sè sì tóng shùn", 48, 48, "chows", "sets",
        implies=("pure-shifted-pungs", "pure-triple-chow", "tile-hog", "pure-double-chow")),
    Fan(15, "four-pure-shifted-pungs", "Four Pure Shifted Pungs", "一色四节高", "yī sè sì jié gāo",
        48, 48, "pungs", "sets",
        implies=("pure-shifted-pungs", "all-pungs", "pure-triple-chow")),
    # 32 points
    Fan(16, "four-pure-shifted-chows", "Four Pure Shifted Chows", "一色四步高", "yī sè sì bù gāo",
        32, 32, "chows", "sets",
        implies=("pure-shifted-chows", "short-straight", "two-terminal-chows")),
    Fan(17, "three-kongs", "Three Kongs", "三杠", "sān gàng", 32, 32, "pungs", "hand",
        implies=("two-melded-kongs", "melded-kong")),
    Fan(18, "all-terminals-and-honors", "All Terminals and Honors", "混幺九", "hùn yāo jiǔ",
        32, 32, "terminals", "hand",
        implies=("all-pungs", "pung-of-terminals-or-honors", "outside-hand")),
    # 24 points
    Fan(19, "seven-pairs", "Seven Pairs", "七对", "qī duì", 24, 24, "special", "hand",
        implies=("concealed-hand", "single-wait")),
    Fan(20, "greater-honors-and-knitted-tiles", "Greater Honors and Knitted Tiles", "七星不靠", "qī xīng bù kào",
        24, 24, "special", "hand",
        implies=("lesser-honors-and-knitted-tiles", "all-types", "concealed-hand")),
    Fan(21, "all-even-pungs", "All Even Pungs", "全双刻", "quán shuāng kè", 24, 24, "pungs", "hand",
        implies=("all-pungs", "all-simples", "no-honors")),
    Fan(22, "full-flush", "Full Flush", "清一色", "qīng yī sè", 24, 24, "flush", "hand",
        implies=("no-honors", "one-voided-suit"),
        aliases=("pure one suit",)),
    Fan(23, "pure-triple-chow", "Pure Triple Chow", "一色三同顺", "yī sè sān tóng shùn", 24, 24, "chows", "sets",
        implies=("pure-shifted-pungs", "pure-double-chow")),
    Fan(24, "pure-shifted-pungs", "Pure Shifted Pungs", "一色三节高", "yī sè sān jié gāo", 24, 24, "pungs", "sets",
        implies=("pure-triple-chow",)),
    Fan(25, "upper-tiles", "Upper Tiles", "全大", "quán dà", 24, 24, "ranks", "hand",
        implies=("upper-four", "no-honors")),
    Fan(26, "middle-tiles", "Middle Tiles", "全中", "quán zhōng", 24, 24, "ranks", "hand",
        implies=("all-simples", "no-honors")),
    Fan(27, "lower-tiles", "Lower Tiles", "全小", "quán xiǎo", 24, 24, "ranks", "hand",
        implies=("lower-four", "no-honors")),
    # 16 points
    Fan(28, "pure-straight", "Pure Straight", "清龙", "qīng lóng", 16, 16, "chows", "sets",
        implies=("short-straight", "two-terminal-chows")),
    Fan(29, "three-suited-terminal-chows", "Three-Suited Terminal Chows", "三色双龙会", "sān sè shuāng lóng huì",
        16, 16, "chows", "hand",
        implies=("two-terminal-chows", "mixed-double-chow", "all-chows", "no-honors")),
    Fan(30, "pure-shifted-chows", "Pure Shifted Chows", "一色三步高", "yī sè sān bù gāo", 16, 16, "chows", "sets"),
    Fan(31, "all-fives", "All Fives", "全带五", "quán dài wǔ", 16, 16, "ranks", "hand",
        implies=("all-simples", "no-honors")),
    Fan(32, "triple-pung", "Triple Pung", "三同刻", "sān tóng kè", 16, 16, "pungs", "sets",
        implies=("double-pung",)),
    Fan(33, "three-concealed-pungs", "Three Concealed Pungs", "三暗刻", "sān àn kè", 16, 16, "pungs", "hand",
        implies=("two-concealed-pungs",)),
    # 12 points
    Fan(34, "lesser-honors-and-knitted-tiles", "Lesser Honors and Knitted Tiles", "全不靠", "quán bù kào",
        12, 12, "special", "hand",
        implies=("all-types", "concealed-hand")),
    Fan(35, "knitted-straight", "Knitted Straight", "组合龙", "zǔ hé lóng", 12, 12, "special", "hand"),
    Fan(36, "upper-four", "Upper Four", "大于五", "dà yú wǔ", 12, 12, "ranks", "hand",
        implies=("no-honors",)),
    Fan(37, "lower-four", "Lower Four", "小于五", "xiǎo yú wǔ", 12, 12, "ranks", "hand",
        implies=("no-honors",)),
    Fan(38, "big-three-winds", "Big Three Winds", "三风刻", "sān fēng kè", 12, 12, "honors", "hand",
        absorbs=("pung-of-terminals-or-honors",)),
    # 8 points
    Fan(39, "mixed-straight", "Mixed Straight", "花龙", "huā lóng", 8, 8, "chows", "sets"),
    Fan(40, "reversible-tiles", "Reversible Tiles", "推不倒", "tuī bù dǎo", 8, 8, "flush", "hand",
        implies=("one-voided-suit",)),
    Fan(41, "mixed-triple-chow", "Mixed Triple Chow", "三色三同顺", "sān sè sān tóng shùn", 8, 8, "chows", "sets",
        implies=("mixed-double-chow",)),
    Fan(42, "mixed-shifted-pungs", "Mixed Shifted Pungs", "三色三节高", "sān sè sān jié gāo", 8, 8, "pungs", "sets"),
    Fan(43, "chicken-hand", "Chicken Hand", "无番和", "wú fān hú", 8, 8, "bonus", "hand"),
    Fan(44, "last-tile-draw", "Last Tile Draw", "妙手回春", "miào shǒu huí chūn", 8, 8, "winning", "win",
        implies=("self-drawn",)),
    Fan(45, "last-tile-claim", "Last Tile Claim", "海底捞月", "hǎi dǐ lāo yuè", 8, 8, "winning", "win"),
    Fan(46, "out-with-replacement-tile", "Out with Replacement Tile", "杠上开花", "gàng shàng kāi huā",
        8, 8, "winning", "win",
        implies=("self-drawn",)),
    Fan(47, "robbing-the-kong", "Robbing the Kong", "抢杠和", "qiǎng gàng hú", 8, 8, "winning", "win",
        implies=("last-tile",)),
    # 6 points (8 for Two Concealed Kongs in the WMO books)
    Fan(48, "all-pungs", "All Pungs", "碰碰和", "pèng pèng hú", 6, 6, "pungs", "hand"),
    Fan(49, "half-flush", "Half Flush", "混一色", "hùn yī sè", 6, 6, "flush", "hand"),
    Fan(50, "mixed-shifted-chows", "Mixed Shifted Chows", "三色三步高", "sān sè sān bù gāo", 6, 6, "chows", "sets"),
    Fan(51, "all-types", "All Types", "五门齐", "wǔ mén qí", 6, 6, "flush", "hand"),
    Fan(52, "melded-hand", "Melded Hand", "全求人", "quán qiú rén", 6, 6, "concealment", "hand",
        implies=("single-wait",)),
    Fan(53, "two-concealed-kongs", "Two Concealed Kongs", "双暗杠", "shuāng àn gàng", 8, 6, "pungs", "hand",
        implies=("concealed-kong", "two-concealed-pungs")),
    Fan(54, "two-dragon-pungs", "Two Dragon Pungs", "双箭刻", "shuāng jiàn kè", 6, 6, "honors", "hand",
        implies=("dragon-pung",),
        absorbs=("pung-of-terminals-or-honors",)),
    # 4 points
    Fan(55, "outside-hand", "Outside Hand", "全带幺", "quán dài yāo", 4, 4, "terminals", "hand"),
    Fan(56, "fully-concealed-hand", "Fully Concealed Hand", "不求人", "bù qiú rén", 4, 4, "concealment", "hand",
        implies=("concealed-hand", "self-drawn")),
    Fan(57, "two-melded-kongs", "Two Melded Kongs", "双明杠", "shuāng míng gàng", 4, 4, "pungs", "hand",
        implies=("melded-kong",)),
    Fan(58, "last-tile", "Last Tile", "和绝张", "hú jué zhāng", 4, 4, "winning", "win"),
    # 2 points
    Fan(59, "dragon-pung", "Dragon Pung", "箭刻", "jiàn kè", 2, 2, "honors", "per_set",
        absorbs=("pung-of-terminals-or-honors",)),
    Fan(60, "prevalent-wind", "Prevalent Wind", "圈风刻", "quān fēng kè", 2, 2, "honors", "hand",
        absorbs=("pung-of-terminals-or-honors",),
        aliases=("round wind",)),
    Fan(61, "seat-wind", "Seat Wind", "门风刻", "mén fēng kè", 2, 2, "honors", "hand",
        absorbs=("pung-of-terminals-or-honors",),
        aliases=("own wind",)),
    Fan(62, "concealed-hand", "Concealed Hand", "门前清", "mén qián qīng", 2, 2, "concealment", "hand"),
    Fan(63, "all-chows", "All Chows", "平和", "píng hú", 2, 2, "chows", "hand",
        implies=("no-honors",)),
    Fan(64, "tile-hog", "Tile Hog", "四归一", "sì guī yī", 2, 2, "pungs", "per_set"),
    Fan(65, "double-pung", "Double Pung", "双同刻", "shuāng tóng kè", 2, 2, "pungs", "sets"),
    Fan(66, "two-concealed-pungs", "Two Concealed Pungs", "双暗刻", "shuāng àn kè", 2, 2, "pungs", "hand"),
    Fan(67, "concealed-kong", "Concealed Kong", "暗杠", "àn gàng", 2, 2, "pungs", "hand"),
    Fan(68, "all-simples", "All Simples", "断幺", "duàn yāo", 2, 2, "terminals", "hand",
        implies=("no-honors",)),
    # 1 point
    Fan(69, "pure-double-chow", "Pure Double Chow", "一般高", "yī bān gāo", 1, 1, "chows", "sets"),
    Fan(70, "mixed-double-chow", "Mixed Double Chow", "喜相逢", "xǐ xiāng féng", 1, 1, "chows", "sets"),
    Fan(71, "short-straight", "Short Straight", "连六", "lián liù", 1, 1, "chows", "sets"),
    Fan(72, "two-terminal-chows", "Two Terminal Chows", "老少副", "lǎo shào fù", 1, 1, "chows", "sets"),
    Fan(73, "pung-of-terminals-or-honors", "Pung of Terminals or Honors", "幺九刻", "yāo jiǔ kè",
        1, 1, "terminals", "per_set"),
    Fan(74, "melded-kong", "Melded Kong", "明杠", "míng gàng", 1, 1, "pungs", "hand"),
    Fan(75, "one-voided-suit", "One Voided Suit", "缺一门", "quē yī mén", 1, 1, "flush", "hand"),
    Fan(76, "no-honors", "No Honors", "无字", "wú zì", 1, 1, "flush", "hand"),
    Fan(77, "edge-wait", "Edge Wait", "边张", "biān zhāng", 1, 1, "waits", "win"),
    Fan(78, "closed-wait", "Closed Wait", "坎张", "kǎn zhāng", 1, 1, "waits", "win"),
    Fan(79, "single-wait", "Single Wait", "单钓将", "dān diào jiàng", 1, 1, "waits", "win"),
    Fan(80, "self-drawn", "Self-Drawn", "自摸", "zì mō", 1, 1, "winning", "win"),
    Fan(81, "flower-tiles", "Flower Tiles", "花牌", "huā pái", 1, 1, "bonus", "win"),
)

FAN_BY_ID: dict[int, Fan] = {fan.id: fan for fan in FANS}
FAN_BY_SLUG: dict[str, Fan] = {fan.slug: fan for fan in FANS}

# The WMO books print Two Concealed Kongs first among the 8-point fans, which moves 48-52 down one.
_WMO_RULEBOOK_NUMBER = {53: 48, 48: 49, 49: 50, 50: 51, 51: 52, 52: 53}


def fan(key: int | str) -> Fan:
    """A fan by id (an int, or one or two ASCII digits) or slug: the one reading of a fan's name,
    for the API, the forms, the quiz and the content alike. KeyError naming the key if there is
    none: '²' and '٣' are digits to str.isdigit() but name no fan, and True is no number."""
    found = None
    if isinstance(key, int) and not isinstance(key, bool):
        found = FAN_BY_ID.get(key)
    elif isinstance(key, str):
        is_number = 0 < len(key) <= 2 and key.isascii() and key.isdigit()
        found = FAN_BY_ID.get(int(key)) if is_number else FAN_BY_SLUG.get(key)
    if found is None:
        raise KeyError(f"no fan {key!r}: fans are numbered 1 to 81 and named by slug, such as 'full-flush'")
    return found


def _check_the_table() -> None:
    """Every slug that the table and the edition data name must be a fan of the table."""
    problems = []
    if [f.id for f in FANS] != list(range(1, 82)) or len(FAN_BY_SLUG) != 81:
        problems.append("the table must hold fans 1 to 81 in order, each with its own slug")

    def known(slug: str, where: str) -> None:
        if slug not in FAN_BY_SLUG:
            problems.append(f"{where} names '{slug}', which is not the slug of any fan")

    for row in FANS:
        for slug in row.implies:
            known(slug, f"fan {row.id} ({row.slug}) implies")
        for slug in row.absorbs:
            known(slug, f"fan {row.id} ({row.slug}) absorbs")
    for key, rules in EDITION_RULES.items():
        for slug, implied in rules.extra_implies.items():
            known(slug, f"edition {key}: extra_implies")
            for other in implied:
                known(other, f"edition {key}: extra_implies of {slug}")
        for slug, (target, _limit) in rules.absorbs_some.items():
            known(slug, f"edition {key}: absorbs_some")
            known(target, f"edition {key}: absorbs_some of {slug}")
    if problems:
        raise ValueError("The fan table does not hold together:\n  " + "\n  ".join(problems))


_check_the_table()
