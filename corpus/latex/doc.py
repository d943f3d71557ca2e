"""A LaTeX document of blocks: a section heading, prose, the table in the way ``tex``'s
style puts it (a float with its caption above or below, a threeparttable with notes, a
longtable in the text, a key-value tabular inline, a table or ``table*`` in a two-column
article), more prose.
"""

from __future__ import annotations

import random

from ..producers.layout import Spec
from ..styles.content import prose
from .tex import FONTS, LUA_FONTS, PRELUDE, esc, look, table_tex

ZEBRA = ("gray!12", "blue!6", "green!8")


def paragraph(rng: random.Random, n: int) -> str:
    return prose(rng, "en", n) + "\n\n"


def caption(spec: Spec) -> str:
    unit = f" ({esc(spec.tab.unit)})" if spec.tab.unit else ""
    return f"\\caption{{{esc(spec.tab.title)}{unit}}}"


def float_tex(spec: Spec, tid: str, rng: random.Random) -> str:
    """The table in a ``table`` float (``table*`` for ``wide``), captioned above, or below for
    ``caption_below``; ``notes`` in a threeparttable with its notes under the table."""
    lk = look(spec, rng)
    inner = table_tex(spec, lk, tid, rng)
    if spec.style == "zebra":
        inner = f"\\rowcolors{{{spec.table.header_rows + 1}}}{{{rng.choice(ZEBRA)}}}{{white}}\n" + inner
    cap = caption(spec)
    if spec.style == "caption_below":
        cap = cap[:-1] + ". " + esc(spec.tab.note) + "}"
    env = "table*" if spec.style == "wide" else "table"
    out = [f"\\begin{{{env}}}[{'t' if env == 'table*' else 'htbp'}]", "\\centering", lk.size,
           f"\\renewcommand\\arraystretch{{{lk.stretch}}}"]
    if spec.style == "notes":
        out += ["\\begin{threeparttable}", cap, inner, "\\begin{tablenotes}\\footnotesize",
                f"\\item[a] {esc(spec.tab.note)}", "\\end{tablenotes}", "\\end{threeparttable}"]
    elif spec.style == "caption_below":
        out += [inner, cap]
    else:
        out += [cap, inner]
    return "\n".join([*out, f"\\end{{{env}}}"]) + "\n\n"


def block_tex(spec: Spec, tid: str, rng: random.Random, twocol: bool) -> str:
    """Heading, prose, the table, prose."""
    out = [f"\\section{{{esc(spec.tab.title)}}}\n", paragraph(rng, rng.randint(2, 6 if twocol else 4))]
    lk = look(spec, rng)
    if spec.style == "longtable":
        out.append("{" + lk.size + f"\\renewcommand\\arraystretch{{{lk.stretch}}}\n" + table_tex(spec, lk, tid, rng) + "}\n\n")
    elif spec.style == "keyvalue":
        out.append(f"\\begin{{flushright}}{lk.size}\n" + table_tex(spec, lk, tid, rng) + "\n\\end{flushright}\n\n")
    else:
        out.append(float_tex(spec, tid, rng))
    out.append(paragraph(rng, rng.randint(3, 8 if twocol else 4)))
    return "".join(out)


def document(specs: list[Spec], rng: random.Random, twocol: bool, lua: bool = False) -> str:
    """The whole source: a prelude (font and margins drawn: Type 1 for pdfTeX, OpenType for
    LuaTeX), the blocks, ``\\end{document}``."""
    fonts = LUA_FONTS if lua else FONTS
    font = rng.choice(tuple(fonts))
    margin = rng.choice(("2cm", "2.5cm", "1in")) if not twocol else "1.8cm"
    head = PRELUDE % (",twocolumn" if twocol else "", margin, fonts[font])
    blocks = [block_tex(s, f"t{k + 1}", random.Random(rng.random()), twocol) for k, s in enumerate(specs)]
    return head + "".join(blocks) + "\\end{document}\n"
