"""The one table of the 81 fans.

Every part of tutor (scorer, explanations, API, fan pages, fan index, quiz) reads
this table; nothing keeps a second list. A row holds the facts a reader sees and
the data the scorer needs:

    id        the 1998 official number (1 Big Four Winds .. 81 Flower Tiles); stable
    slug      URL name of the fan's page
    points    per rule edition ({"wmo": 8, "china1998": 6})
    implies   fans that never score together with this one (non-repeat principle)
    absorbs   per-set fans that the sets of this fan do not also score
              (a dragon pung is not also a Pung of Terminals or Honors)
    check     the name of the function in tutor.rules.checks that finds the fan
    kind      "hand" (a property of the whole hand, counted once),
              "sets" (made of particular sets; several may occur and the
              account-once pass chooses among them),
              "per_set" (counted once for each qualifying set or tile),
              "win" (a property of how the hand was won)

Edition differences that are more than a points value live in tutor.rules.editions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WMO = "wmo"
CHINA1998 = "china1998"
EDITIONS = (WMO, CHINA1998)
DEFAULT_EDITION = WMO


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
    implies: tuple[int, ...] = ()
    absorbs: tuple[int, ...] = ()
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

    @property
    def check(self) -> str:
        return self.slug.replace("-", "_")


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

P = Fan  # short alias keeps the table readable

FANS: tuple[Fan, ...] = (
    # 88 points
    P(1, "big-four-winds", "Big Four Winds", "大四喜", "dà sì xǐ", 88, 88, "honors", "hand",
      implies=(38, 48, 60, 61, 73, 9), aliases=("great four winds",)),
    P(2, "big-three-dragons", "Big Three Dragons", "大三元", "dà sān yuán", 88, 88, "honors", "hand",
      implies=(59, 54, 10), absorbs=(73,), aliases=("great three dragons",)),
    P(3, "all-green", "All Green", "绿一色", "lǜ yī sè", 88, 88, "flush", "hand",
      aliases=("jade hand",)),
    P(4, "nine-gates", "Nine Gates", "九莲宝灯", "jiǔ lián bǎo dēng", 88, 88, "special", "hand",
      implies=(22, 62, 76, 75), aliases=("nine lanterns",)),
    P(5, "four-kongs", "Four Kongs", "四杠", "sì gàng", 88, 88, "pungs", "hand",
      implies=(17, 57, 74, 48, 79)),
    P(6, "seven-shifted-pairs", "Seven Shifted Pairs", "连七对", "lián qī duì", 88, 88, "special", "hand",
      implies=(19, 22, 62, 79, 76, 75), aliases=("seven consecutive pairs",)),
    P(7, "thirteen-orphans", "Thirteen Orphans", "十三幺", "shí sān yāo", 88, 88, "special", "hand",
      implies=(51, 62, 79, 18), aliases=("thirteen terminals",)),
    # 64 points
    P(8, "all-terminals", "All Terminals", "清幺九", "qīng yāo jiǔ", 64, 64, "terminals", "hand",
      implies=(18, 48, 73, 55, 76)),
    P(9, "little-four-winds", "Little Four Winds", "小四喜", "xiǎo sì xǐ", 64, 64, "honors", "hand",
      implies=(38,), absorbs=(73,)),
    P(10, "little-three-dragons", "Little Three Dragons", "小三元", "xiǎo sān yuán", 64, 64, "honors", "hand",
      implies=(59, 54), absorbs=(73,)),
    P(11, "all-honors", "All Honors", "字一色", "zì yī sè", 64, 64, "honors", "hand",
      implies=(18, 48, 73, 55)),
    P(12, "four-concealed-pungs", "Four Concealed Pungs", "四暗刻", "sì àn kè", 64, 64, "pungs", "hand",
      implies=(48, 62, 33, 66)),
    P(13, "pure-terminal-chows", "Pure Terminal Chows", "一色双龙会", "yī sè shuāng lóng huì", 64, 64, "chows", "hand",
      implies=(22, 63, 69, 72, 76, 75)),
    # 48 points
    P(14, "quadruple-chow", "Quadruple Chow", "一色四同顺", "yī sè sì tóng shùn", 48, 48, "chows", "sets",
      implies=(24, 23, 64, 69)),
    P(15, "four-pure-shifted-pungs", "Four Pure Shifted Pungs", "一色四节高", "yī sè sì jié gāo", 48, 48, "pungs", "sets",
      implies=(24, 48, 23)),
    # 32 points
    P(16, "four-pure-shifted-chows", "Four Pure Shifted Chows", "一色四步高", "yī sè sì bù gāo", 32, 32, "chows", "sets",
      implies=(30, 71, 72)),
    P(17, "three-kongs", "Three Kongs", "三杠", "sān gàng", 32, 32, "pungs", "hand",
      implies=(57, 74)),
    P(18, "all-terminals-and-honors", "All Terminals and Honors", "混幺九", "hùn yāo jiǔ", 32, 32, "terminals", "hand",
      implies=(48, 73, 55)),
    # 24 points
    P(19, "seven-pairs", "Seven Pairs", "七对", "qī duì", 24, 24, "special", "hand",
      implies=(62, 79)),
    P(20, "greater-honors-and-knitted-tiles", "Greater Honors and Knitted Tiles", "七星不靠", "qī xīng bù kào",
      24, 24, "special", "hand", implies=(34, 51, 62)),
    P(21, "all-even-pungs", "All Even Pungs", "全双刻", "quán shuāng kè", 24, 24, "pungs", "hand",
      implies=(48, 68, 76)),
    P(22, "full-flush", "Full Flush", "清一色", "qīng yī sè", 24, 24, "flush", "hand",
      implies=(76, 75), aliases=("pure one suit",)),
    P(23, "pure-triple-chow", "Pure Triple Chow", "一色三同顺", "yī sè sān tóng shùn", 24, 24, "chows", "sets",
      implies=(24, 69)),
    P(24, "pure-shifted-pungs", "Pure Shifted Pungs", "一色三节高", "yī sè sān jié gāo", 24, 24, "pungs", "sets",
      implies=(23,)),
    P(25, "upper-tiles", "Upper Tiles", "全大", "quán dà", 24, 24, "ranks", "hand",
      implies=(36, 76)),
    P(26, "middle-tiles", "Middle Tiles", "全中", "quán zhōng", 24, 24, "ranks", "hand",
      implies=(68, 76)),
    P(27, "lower-tiles", "Lower Tiles", "全小", "quán xiǎo", 24, 24, "ranks", "hand",
      implies=(37, 76)),
    # 16 points
    P(28, "pure-straight", "Pure Straight", "清龙", "qīng lóng", 16, 16, "chows", "sets",
      implies=(71, 72)),
    P(29, "three-suited-terminal-chows", "Three-Suited Terminal Chows", "三色双龙会", "sān sè shuāng lóng huì",
      16, 16, "chows", "hand", implies=(72, 70, 63, 76)),
    P(30, "pure-shifted-chows", "Pure Shifted Chows", "一色三步高", "yī sè sān bù gāo", 16, 16, "chows", "sets"),
    P(31, "all-fives", "All Fives", "全带五", "quán dài wǔ", 16, 16, "ranks", "hand",
      implies=(68, 76)),
    P(32, "triple-pung", "Triple Pung", "三同刻", "sān tóng kè", 16, 16, "pungs", "sets",
      implies=(65,)),
    P(33, "three-concealed-pungs", "Three Concealed Pungs", "三暗刻", "sān àn kè", 16, 16, "pungs", "hand",
      implies=(66,)),
    # 12 points
    P(34, "lesser-honors-and-knitted-tiles", "Lesser Honors and Knitted Tiles", "全不靠", "quán bù kào",
      12, 12, "special", "hand", implies=(51, 62)),
    P(35, "knitted-straight", "Knitted Straight", "组合龙", "zǔ hé lóng", 12, 12, "special", "hand"),
    P(36, "upper-four", "Upper Four", "大于五", "dà yú wǔ", 12, 12, "ranks", "hand", implies=(76,)),
    P(37, "lower-four", "Lower Four", "小于五", "xiǎo yú wǔ", 12, 12, "ranks", "hand", implies=(76,)),
    P(38, "big-three-winds", "Big Three Winds", "三风刻", "sān fēng kè", 12, 12, "honors", "hand",
      absorbs=(73,)),
    # 8 points
    P(39, "mixed-straight", "Mixed Straight", "花龙", "huā lóng", 8, 8, "chows", "sets"),
    P(40, "reversible-tiles", "Reversible Tiles", "推不倒", "tuī bù dǎo", 8, 8, "flush", "hand",
      implies=(75,)),
    P(41, "mixed-triple-chow", "Mixed Triple Chow", "三色三同顺", "sān sè sān tóng shùn", 8, 8, "chows", "sets",
      implies=(70,)),
    P(42, "mixed-shifted-pungs", "Mixed Shifted Pungs", "三色三节高", "sān sè sān jié gāo", 8, 8, "pungs", "sets"),
    P(43, "chicken-hand", "Chicken Hand", "无番和", "wú fān hú", 8, 8, "bonus", "hand"),
    P(44, "last-tile-draw", "Last Tile Draw", "妙手回春", "miào shǒu huí chūn", 8, 8, "winning", "win",
      implies=(80,)),
    P(45, "last-tile-claim", "Last Tile Claim", "海底捞月", "hǎi dǐ lāo yuè", 8, 8, "winning", "win"),
    P(46, "out-with-replacement-tile", "Out with Replacement Tile", "杠上开花", "gàng shàng kāi huā", 8, 8,
      "winning", "win", implies=(80,)),
    P(47, "robbing-the-kong", "Robbing the Kong", "抢杠和", "qiǎng gàng hú", 8, 8, "winning", "win",
      implies=(58,)),
    # 6 points (8 for Two Concealed Kongs in the WMO books)
    P(48, "all-pungs", "All Pungs", "碰碰和", "pèng pèng hú", 6, 6, "pungs", "hand"),
    P(49, "half-flush", "Half Flush", "混一色", "hùn yī sè", 6, 6, "flush", "hand"),
    P(50, "mixed-shifted-chows", "Mixed Shifted Chows", "三色三步高", "sān sè sān bù gāo", 6, 6, "chows", "sets"),
    P(51, "all-types", "All Types", "五门齐", "wǔ mén qí", 6, 6, "flush", "hand"),
    P(52, "melded-hand", "Melded Hand", "全求人", "quán qiú rén", 6, 6, "concealment", "hand",
      implies=(79,)),
    P(53, "two-concealed-kongs", "Two Concealed Kongs", "双暗杠", "shuāng àn gàng", 8, 6, "pungs", "hand",
      implies=(67, 66)),
    P(54, "two-dragon-pungs", "Two Dragon Pungs", "双箭刻", "shuāng jiàn kè", 6, 6, "honors", "hand",
      implies=(59,), absorbs=(73,)),
    # 4 points
    P(55, "outside-hand", "Outside Hand", "全带幺", "quán dài yāo", 4, 4, "terminals", "hand"),
    P(56, "fully-concealed-hand", "Fully Concealed Hand", "不求人", "bù qiú rén", 4, 4, "concealment", "hand",
      implies=(62, 80)),
    P(57, "two-melded-kongs", "Two Melded Kongs", "双明杠", "shuāng míng gàng", 4, 4, "pungs", "hand",
      implies=(74,)),
    P(58, "last-tile", "Last Tile", "和绝张", "hú jué zhāng", 4, 4, "winning", "win"),
    # 2 points
    P(59, "dragon-pung", "Dragon Pung", "箭刻", "jiàn kè", 2, 2, "honors", "per_set", absorbs=(73,)),
    P(60, "prevalent-wind", "Prevalent Wind", "圈风刻", "quān fēng kè", 2, 2, "honors", "hand", absorbs=(73,),
      aliases=("round wind",)),
    P(61, "seat-wind", "Seat Wind", "门风刻", "mén fēng kè", 2, 2, "honors", "hand", absorbs=(73,),
      aliases=("own wind",)),
    P(62, "concealed-hand", "Concealed Hand", "门前清", "mén qián qīng", 2, 2, "concealment", "hand"),
    P(63, "all-chows", "All Chows", "平和", "píng hú", 2, 2, "chows", "hand", implies=(76,)),
    P(64, "tile-hog", "Tile Hog", "四归一", "sì guī yī", 2, 2, "pungs", "per_set"),
    P(65, "double-pung", "Double Pung", "双同刻", "shuāng tóng kè", 2, 2, "pungs", "sets"),
    P(66, "two-concealed-pungs", "Two Concealed Pungs", "双暗刻", "shuāng àn kè", 2, 2, "pungs", "hand"),
    P(67, "concealed-kong", "Concealed Kong", "暗杠", "àn gàng", 2, 2, "pungs", "hand"),
    P(68, "all-simples", "All Simples", "断幺", "duàn yāo", 2, 2, "terminals", "hand", implies=(76,)),
    # 1 point
    P(69, "pure-double-chow", "Pure Double Chow", "一般高", "yī bān gāo", 1, 1, "chows", "sets"),
    P(70, "mixed-double-chow", "Mixed Double Chow", "喜相逢", "xǐ xiāng féng", 1, 1, "chows", "sets"),
    P(71, "short-straight", "Short Straight", "连六", "lián liù", 1, 1, "chows", "sets"),
    P(72, "two-terminal-chows", "Two Terminal Chows", "老少副", "lǎo shào fù", 1, 1, "chows", "sets"),
    P(73, "pung-of-terminals-or-honors", "Pung of Terminals or Honors", "幺九刻", "yāo jiǔ kè", 1, 1,
      "terminals", "per_set"),
    P(74, "melded-kong", "Melded Kong", "明杠", "míng gàng", 1, 1, "pungs", "hand"),
    P(75, "one-voided-suit", "One Voided Suit", "缺一门", "quē yī mén", 1, 1, "flush", "hand"),
    P(76, "no-honors", "No Honors", "无字", "wú zì", 1, 1, "flush", "hand"),
    P(77, "edge-wait", "Edge Wait", "边张", "biān zhāng", 1, 1, "waits", "win"),
    P(78, "closed-wait", "Closed Wait", "坎张", "kǎn zhāng", 1, 1, "waits", "win"),
    P(79, "single-wait", "Single Wait", "单钓将", "dān diào jiàng", 1, 1, "waits", "win"),
    P(80, "self-drawn", "Self-Drawn", "自摸", "zì mō", 1, 1, "winning", "win"),
    P(81, "flower-tiles", "Flower Tiles", "花牌", "huā pái", 1, 1, "bonus", "win"),
)

del P

FAN_BY_ID: dict[int, Fan] = {fan.id: fan for fan in FANS}
FAN_BY_SLUG: dict[str, Fan] = {fan.slug: fan for fan in FANS}

# The WMO books print Two Concealed Kongs first among the 8-point fans, which moves 48-52 down one.
_WMO_RULEBOOK_NUMBER = {53: 48, 48: 49, 49: 50, 50: 51, 51: 52, 52: 53}


def fan(key: int | str) -> Fan:
    """A fan by id (int or digit string) or slug; KeyError if there is none."""
    if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
        return FAN_BY_ID[int(key)]
    return FAN_BY_SLUG[key]
