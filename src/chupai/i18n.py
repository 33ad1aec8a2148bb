"""Messages in English, 中文 and 日本語: English text that can say itself in the others.

A message is written once, in English, with named fields::

    >>> from chupai.i18n import Msg, add_translations, translate
    >>> add_translations({"{who} waves (example)": ("{who} 挥手", "{who} が手を振る")})
    >>> m = Msg("{who} waves (example)", who="Alice")
    >>> m
    'Alice waves (example)'
    >>> translate(m, "zh"), translate(m, "ja")
    ('Alice 挥手', 'Alice が手を振る')

A :class:`Msg` **is** its English text (a ``str``), so engines keep returning plain
strings where they did (``chupai judge`` and the golden files are unchanged), while a
surface that knows the player's language renders it with :func:`translate`. Fields may
be messages themselves (translated too), a language table (``{"en": ..., "zh": ...,
"ja": ...}``, as :func:`chupai.protocol.in_languages` makes), an object with a
``text(lang)`` method, or anything else (shown with ``str``).

Catalogs live beside the code that writes the messages (a game's ``messages`` module,
the terminal's, the server's) as ``{english: (zh, ja)}`` and are added with
:func:`add_translations` when that module is imported. A template without a
translation falls back to English, so a new message is never lost, only untranslated;
the project's tests check that every template written in the code has both.

Plain constant strings translate the same way (``translate("Your turn", "ja")``), so
interface code can write ``tr(lang, "Your turn")`` without building a message.

English plurals: :func:`plural` picks ``"1 deal"`` or ``"2 deals"``; each form is its
own template in the catalog (Chinese and Japanese usually read the same for both).
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter
from typing import Any, Final

__all__ = [
    "LANGUAGES",
    "CardTokens",
    "Msg",
    "add_translations",
    "error_text",
    "plural",
    "template_fields",
    "tr",
    "translate",
    "translation",
    "translations",
]

LANGUAGES: Final = ("en", "zh", "ja")
"""The languages every surface speaks: English, Chinese (simplified), Japanese."""

_OTHER: Final = ("zh", "ja")
_TABLES: dict[str, dict[str, str]] = {"zh": {}, "ja": {}}
_FORMATTER: Final = Formatter()


def template_fields(template: str) -> frozenset[str]:
    """The names of the fields of ``template`` (``"{who} plays {cards}"`` →
    ``{"who", "cards"}``)."""
    return frozenset(
        name.split(".")[0].split("[")[0] for _, name, _, _ in _FORMATTER.parse(template) if name
    )


def add_translations(catalog: Mapping[str, tuple[str, str]]) -> None:
    """Add ``{english: (zh, ja)}`` to the translations.

    Each translation must use exactly the fields of its English template, and a
    template already translated differently is refused: one text, one meaning.

    >>> add_translations({"{n} example cards": ("剩 {n} 张", "残り {n} 枚")})
    >>> add_translations({"{n} example cards": ("剩 {m} 张", "残り {n} 枚")})
    Traceback (most recent call last):
    ...
    ValueError: the zh text of '{n} example cards' has fields ['m'], not ['n']
    """
    for en, texts in catalog.items():
        if len(texts) != len(_OTHER):
            raise ValueError(f"{en!r} needs (zh, ja) translations, got {texts!r}")
        want = template_fields(en)
        for lang, text in zip(_OTHER, texts):
            got = template_fields(text)
            if got != want:
                raise ValueError(
                    f"the {lang} text of {en!r} has fields {sorted(got)}, not {sorted(want)}"
                )
            table = _TABLES[lang]
            if table.get(en, text) != text:
                raise ValueError(f"{en!r} is translated twice into {lang}: {table[en]!r}, {text!r}")
        for lang, text in zip(_OTHER, texts):
            _TABLES[lang][en] = text


def translation(template: str, lang: str) -> str | None:
    """The ``lang`` text of ``template`` (the template itself in English), or
    ``None`` when it has none."""
    if lang not in _TABLES:
        return template
    return _TABLES[lang].get(template)


def translations(lang: str) -> Mapping[str, str]:
    """Every ``lang`` translation added so far (English template → text); for a
    surface that ships them to a client, and for the tests."""
    return dict(_TABLES.get(lang, {}))


_SUIT_SYMBOLS: Final = {"D": "\u2666", "C": "\u2663", "H": "\u2665", "S": "\u2660"}


class CardTokens(str):
    """Card tokens as a message field: the ``str`` is the notation (``"TH 2S"``,
    what ``chupai judge`` prints, so a message's English text is unchanged), while
    a surface (:func:`translate`, in every language) shows the display form: each
    rank then its suit symbol, ``T`` written ``10`` (``"10\u2665 2\u2660"``). Bare
    ranks and jokers (``"3"``, ``"BJ"``) read as written. The tokens keep the order
    they are given in: a game passes its own display order (``deal.cards_text``).

    >>> c = CardTokens("TH 2S BJ 7")
    >>> str(c), c.display()
    ('TH 2S BJ 7', '10\u2665 2\u2660 BJ 7')
    """

    __slots__ = ()

    def display(self) -> str:
        """The tokens with suit symbols (see the class)."""
        out = []
        for token in self.split():
            rank, suit = token[:-1], token[-1:].upper()
            if rank and suit in _SUIT_SYMBOLS and not token.upper().endswith("J"):
                out.append(("10" if rank.upper() == "T" else rank) + _SUIT_SYMBOLS[suit])
            else:
                out.append(token)
        return " ".join(out)


def _field(value: Any, lang: str, shown: bool = True) -> Any:
    """A field's value in ``lang``: as a surface shows it (``shown``), or as the
    English ``str`` of a message holds it (cards in the notation)."""
    if isinstance(value, CardTokens):
        return value.display() if shown else str(value)
    if isinstance(value, Msg):
        return translate(value, lang) if shown else str(value)
    if isinstance(value, Mapping):
        return value.get(lang, value.get("en", ""))
    text = getattr(value, "text", None)
    if callable(text):
        return text(lang)
    return value


class Msg(str):
    """An English text with the template and fields it was made from.

    ``Msg(template, **fields)`` equals ``template.format(**fields)`` with every
    field in English; :func:`translate` renders it in another language.
    """

    template: str
    fields: Mapping[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> Msg:
        text = template.format(**{k: _field(v, "en", False) for k, v in fields.items()})
        self = super().__new__(cls, text)
        self.template = template
        self.fields = fields
        return self

    def __reduce__(self) -> Any:  # pickles as a message, not as a plain string
        return (_rebuild, (self.template, dict(self.fields)))

    def text(self, lang: str) -> str:
        """This message in ``lang`` (:func:`translate`)."""
        return translate(self, lang)


def _rebuild(template: str, fields: dict[str, Any]) -> Msg:
    return Msg(template, **fields)


def translate(text: str, lang: str) -> str:
    """``text`` in ``lang``: a :class:`Msg` through its template, a plain string
    looked up whole; English (or the text as it is) when no translation exists."""
    if isinstance(text, Msg):
        template = translation(text.template, lang) or text.template
        return template.format(**{k: _field(v, lang) for k, v in text.fields.items()})
    if lang == "en":
        return str(text)
    return translation(text, lang) or str(text)


def error_text(exc: BaseException, lang: str) -> str:
    """An exception's message in ``lang``: its first argument when that is a
    :class:`Msg` (``ChupaiError(Msg(...))``), else its ``str``."""
    said = exc.args[0] if exc.args else None
    return translate(said, lang) if isinstance(said, Msg) else str(exc)


def tr(lang: str, template: str, /, **fields: Any) -> str:
    """``Msg(template, **fields)`` in ``lang``: the one call interface code makes.

    >>> add_translations({"Example seat {n}": ("示例 {n} 号座", "例 {n} 番席")})
    >>> tr("ja", "Example seat {n}", n=3)
    '例 3 番席'
    """
    return translate(Msg(template, **fields), lang)


def plural(count: int, one: str, other: str, /, **fields: Any) -> Msg:
    """The English singular template ``one`` when ``count`` is 1, else ``other``;
    ``count`` is the field ``n``.

    >>> plural(1, "{n} deal", "{n} deals"), plural(3, "{n} deal", "{n} deals")
    ('1 deal', '3 deals')
    """
    return Msg(one if count == 1 else other, n=count, **fields)
