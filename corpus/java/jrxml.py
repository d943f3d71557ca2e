"""JasperReports report designs (JRXML) as a report designer writes them: one text field per
cell, each with its own box (border pen and padding), bands of fields, styles with a
conditional fill for alternate rows, groups, a crosstab.

Every field that is a table cell carries the property ``ti.cell`` = ``"TID|ROW|COL"`` as an
expression evaluated at fill time (a detail row's row index comes from its data), so the
engine's print model tells which cell each printed box is (``ReportMaker.java``).
Coordinates are points from the band's top-left; sizes in points; fonts in points.
"""

from __future__ import annotations

from dataclasses import dataclass

HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<jasperReport xmlns="http://jasperreports.sourceforge.net/'
        'jasperreports" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://'
        'jasperreports.sourceforge.net/jasperreports http://jasperreports.sourceforge.net/xsd/jasperreport.xsd" '
        'name="{name}" language="java" pageWidth="595" pageHeight="842" columnWidth="{cw}" leftMargin="{m}" '
        'rightMargin="{m}" topMargin="{top}" bottomMargin="{top}" whenNoDataType="AllSectionsNoDetail">\n')


@dataclass(frozen=True)
class Look:
    """A report's look: font family and size (pt), border pen (pt, colour), fills (#RRGGBB);
    ``borders`` how a cell's field draws its box: "box" (every side), "bottom" (a rule under
    each field only) or "none" (fills alone)."""

    font: str
    size: float
    pen: float
    line: str
    head_fill: str
    head_text: str
    zebra: str  # the alternate rows' fill ("" none)
    group_fill: str
    borders: str = "box"


def cdata(expr: str) -> str:
    return f"<![CDATA[{expr}]]>"


def java_str(text: str) -> str:
    """``text`` as a Java string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def field(x: float, y: float, w: float, h: float, expr: str, look: Look, *, cell: str = "", static: bool = False,
          bold: bool = False, align: str = "Left", fill: str = "", color: str = "#000000", border: bool = True,
          stretch: bool = False, pattern: str = "", style: str = "", size: float = 0, when: str = "") -> str:
    """One text field (``static``: a static text of ``expr``'s literal) with its own box.
    ``cell`` is the ``ti.cell`` expression; ``stretch`` lets the text wrap and grow the band;
    ``when`` is an evaluation time (``Report`` for page totals)."""
    x, y, w, h = (round(v) for v in (x, y, w, h))  # the engine places on whole points
    mode = ' mode="Opaque"' if fill else ""
    back = f' backcolor="{fill}"' if fill else ""
    st = f' style="{style}"' if style else ""
    grow = ' stretchType="ContainerHeight"' if cell else ""
    prop = f'<propertyExpression name="ti.cell">{cdata(cell)}</propertyExpression>' if cell else ""
    elem = (f'<reportElement{st}{mode} x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{grow} forecolor="{color}"'
            f'{back}>{prop}</reportElement>')
    sides = {"box": "pen", "bottom": "bottomPen"}.get(look.borders) if border else None
    pen = f'<{sides} lineWidth="{look.pen:g}" lineColor="{look.line}"/>' if sides else ""
    box = f'<box topPadding="2" leftPadding="3" bottomPadding="2" rightPadding="3">{pen}</box>'
    font = f'<font fontName="{look.font}" size="{size or look.size:g}" isBold="{str(bold).lower()}"/>'
    text_el = f'<textElement textAlignment="{align}" verticalAlignment="Middle">{font}</textElement>'
    if static:
        return f"<staticText>{elem}{box}{text_el}<text>{cdata(expr)}</text></staticText>\n"
    adj = ' textAdjust="StretchHeight"' if stretch else ""
    pat = f' pattern="{pattern}"' if pattern else ""
    ev = f' evaluationTime="{when}"' if when else ""
    return (f'<textField{adj}{pat}{ev} isBlankWhenNull="true">'
            f"{elem}{box}{text_el}<textFieldExpression>{cdata(expr)}"
            f"</textFieldExpression></textField>\n")


def line(x: float, y: float, w: float, pen: float, color: str) -> str:
    """A horizontal rule ``w`` wide at ``(x, y)``."""
    return (f'<line><reportElement x="{round(x)}" y="{round(y)}" width="{round(w)}" height="1" forecolor="{color}"/>'
            f'<graphicElement><pen lineWidth="{pen:g}"/></graphicElement></line>\n')


def band(height: float, body: str, split: str = "Stretch") -> str:
    return f'<band height="{round(height)}" splitType="{split}">\n{body}</band>'


def zebra_style(look: Look) -> str:
    """The detail rows' style: alternate rows filled (``REPORT_COUNT`` even)."""
    if not look.zebra:
        return '<style name="Row" mode="Transparent"/>\n'
    return ('<style name="Row" mode="Transparent"><conditionalStyle><conditionExpression>'
            f'{cdata("$V{REPORT_COUNT} % 2 == 0")}</conditionExpression>'
            f'<style mode="Opaque" backcolor="{look.zebra}"/></conditionalStyle></style>\n')


def fields(names: list[str], numbers: tuple[str, ...] = ()) -> str:
    """The data fields: strings, and ``numbers`` as doubles."""
    out = []
    for n in names:
        cls = "java.lang.Double" if n in numbers else "java.lang.String"
        out.append(f'<field name="{n}" class="{cls}"><fieldDescription>{cdata(n)}</fieldDescription></field>\n')
    return "".join(out)


def sums(group: str, names: list[str]) -> str:
    """A variable ``sum_NAME`` per field: its sum over ``group`` (``""``: the whole report)."""
    reset = f'resetType="Group" resetGroup="{group}"' if group else 'resetType="Report"'
    return "".join(f'<variable name="sum_{n}" class="java.lang.Double" {reset} calculation="Sum">'
                   f'<variableExpression>{cdata("$F{" + n + "}")}</variableExpression></variable>\n' for n in names)


def report(name: str, margin: float, top: float, parts: dict[str, str]) -> str:
    """The design: ``parts`` keyed by section (styles, fields, variables, groups, title,
    pageHeader, columnHeader, detail, pageFooter, summary) in the schema's order."""
    out = [HEAD.format(name=name, cw=f"{595 - 2 * margin:g}", m=f"{margin:g}", top=f"{top:g}")]
    out += [parts.get(k, "") for k in ("styles", "fields", "variables", "groups")]
    for k in ("title", "pageHeader", "columnHeader", "detail", "columnFooter", "pageFooter", "summary"):
        if parts.get(k):
            out.append(f"<{k}>{parts[k]}</{k}>\n")
    out.append("</jasperReport>\n")
    return "".join(out)


def text(x: float, y: float, w: float, h: float, words: str, look: Look, **kw: object) -> str:
    """A static text without a border (titles, notes)."""
    return field(x, y, w, h, words, look, static=True, border=False, **kw)  # type: ignore[arg-type]
