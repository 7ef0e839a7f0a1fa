#!/usr/bin/python3
"""Writes the Word and PDF versions of tests/data/sla/ledger-storage.md, the
two-column PDF of tests/data/sla/spruce-columns.md, a PDF titled as Word
titles it (provider-word.pdf), and
tests/data/docx/spans.docx, from the XML and PDF syntax below (standard
library only). Run it from the repository root after changing it; the
outputs are committed. Same input, same bytes: zip entries carry a fixed
date."""
import textwrap
import zipfile

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>"""

RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>"""

# Heading styles by name, under ids that say nothing: the level comes from
# styles.xml.
STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles {W}>
<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="KopfA"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="KopfB"><w:name w:val="heading 2"/></w:style>
<w:style w:type="paragraph" w:styleId="Liste"><w:name w:val="List Paragraph"/></w:style>
</w:styles>"""


def p(text, style=None, num=None):
    ppr = ""
    if style or num is not None:
        ppr = "<w:pPr>"
        if style:
            ppr += f'<w:pStyle w:val="{style}"/>'
        if num is not None:
            ppr += f'<w:numPr><w:ilvl w:val="{num}"/><w:numId w:val="1"/></w:numPr>'
        ppr += "</w:pPr>"
    return f"<w:p>{ppr}{text}</w:p>"


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def r(text):
    return f'<w:r><w:t xml:space="preserve">{esc(text)}</w:t></w:r>'


def ins(text):
    return f'<w:ins w:id="1" w:author="Legal" w:date="2026-05-04T10:00:00Z">{r(text)}</w:ins>'


def dele(text, tag="delText"):
    """Word writes deleted runs as w:delText; other writers keep w:t."""
    return (f'<w:del w:id="2" w:author="Legal" w:date="2026-05-04T10:00:00Z">'
            f'<w:r><w:{tag} xml:space="preserve">{text}</w:{tag}></w:r></w:del>')


def tc(text, merge=None, span=None):
    pr = ""
    if merge or span:
        pr = "<w:tcPr>"
        if span:
            pr += f'<w:gridSpan w:val="{span}"/>'
        if merge == "restart":
            pr += '<w:vMerge w:val="restart"/>'
        elif merge == "continue":
            pr += "<w:vMerge/>"
        pr += "</w:tcPr>"
    body = r(text) if text else ""
    return f"<w:tc>{pr}<w:p>{body}</w:p></w:tc>"


def tr(*cells, header=False):
    pr = "<w:trPr><w:tblHeader/></w:trPr>" if header else ""
    return f"<w:tr>{pr}{''.join(cells)}</w:tr>"


def document(body):
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f"<w:document {W}><w:body>{body}<w:sectPr/></w:body></w:document>")


def core(title):
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
            'metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f"<dc:title>{title}</dc:title></cp:coreProperties>")


def write_docx(path, body, title=None):
    parts = [("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", RELS),
             ("word/styles.xml", STYLES), ("word/document.xml", document(body))]
    if title:
        parts.append(("docProps/core.xml", core(title)))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts:
            info = zipfile.ZipInfo(name, date_time=(2026, 5, 4, 10, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


BANDS = [("Less than 99.9% but equal to or greater than 99.0%", "10%"),
         ("Less than 99.0% but equal to or greater than 95.0%", "25%"),
         ("Less than 95.0%", "100%")]

# The draft as legal sent it: the target raised from 99.5 % to 99.9 % and a
# credit cap struck, both as tracked changes; the service cell merged down
# the credit table.
LEDGER = "".join([
    p(r("Ledger Storage Service Level Agreement"), "KopfA"),
    p(r("1. Service Commitment"), "KopfB"),
    p(r("The Provider will make the Ledger Storage service available with a Monthly Uptime "
        "Percentage of at least ") + dele("99.5%") + ins("99.9%") + r(" in each calendar month.")),
    p(r("2. Service Credits"), "KopfB"),
    "<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>"
    + tr(tc("Service"), tc("Monthly Uptime Percentage"), tc("Service Credit"), header=True)
    + "".join(tr(tc("Storage" if i == 0 else "", "restart" if i == 0 else "continue"),
                 tc(band), tc(credit)) for i, (band, credit) in enumerate(BANDS))
    + "</w:tbl>",
    p(dele("Credits for a month are capped at 10% of the monthly fee.", "t")),
    p(r("3. Claims"), "KopfB"),
    p(r("The Customer must submit a claim within 30 days of the end of the month in which the "
        "incident occurred.")),
    p(r("4. Exclusions"), "KopfB"),
    p(r("The Monthly Uptime Percentage does not include unavailability caused by:")),
    p(r("scheduled maintenance announced 48 hours in advance;"), "Liste", 0),
    p(r("factors outside the Provider's reasonable control."), "Liste", 0),
])

SPANS = "".join([
    p(r("Support"), "Heading1"),
    "<w:tbl>"
    + tr(tc("Severity"), tc("Response"), header=True)
    + tr(tc("Severity 1"), tc("1 hour"))
    + tr(tc("Response times apply around the clock", span=2))
    + "</w:tbl>",
])


def pdf_string(s):
    """s in the font's encoding: Windows-1252, with the code 0x81 (unused
    there) for the sign >= (see FONT_ENCODED)."""
    b = s.replace("\u2265", "\x81").encode("cp1252", errors="strict") if "\u2265" not in s \
        else b"".join(b"\x81" if c == "\u2265" else c.encode("cp1252") for c in s)
    b = b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return "(" + b.decode("latin-1") + ")"


FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
FONT_ENCODED = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding "
                b"<< /Type /Encoding /BaseEncoding /WinAnsiEncoding "
                b"/Differences [129 /greaterequal] >> >>")


def write_pdf(path, items, title=None, font=FONT):
    """items: (x, y, size, text) on one US Letter page in Helvetica; title
    goes into the document information dictionary."""
    ops = []
    for x, y, size, text in items:
        ops.append(f"BT /F1 {size} Tf {x} {y} Td {pdf_string(text)} Tj ET")
    stream = "\n".join(ops).encode("latin-1")
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream +
            b"\nendstream",
            font]
    if title:
        objs.append(b"<< /Title " + pdf_string(title).encode("latin-1") + b" >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    info = f" /Info {len(objs)} 0 R" if title else ""
    out += (f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R{info} >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    with open(path, "wb") as f:
        f.write(out)


def ledger_pdf():
    items, y = [], 740
    def line(text, size=10, x=72, gap=13):
        nonlocal y
        items.append((x, y, size, text))
        y -= gap
    def space(h=10):
        nonlocal y
        y -= h
    line("Ledger Storage Service Level Agreement", 18, gap=30)
    line("1. Service Commitment", 14, gap=20)
    line("The Provider will make the Ledger Storage service available with a Monthly Uptime")
    line("Percentage of at least 99.9% in each calendar month.")
    space(12)
    line("2. Service Credits", 14, gap=20)
    for cells in [("Service", "Monthly Uptime Percentage", "Service Credit")] + \
            [("Storage", band, credit) for band, credit in BANDS]:
        for x, text in zip((72, 160, 460), cells):
            items.append((x, y, 10, text))
        y -= 15
    space(12)
    line("3. Claims", 14, gap=20)
    line("The Customer must submit a claim within 30 days of the end of the month in which the")
    line("incident occurred.")
    space(12)
    line("4. Exclusions", 14, gap=20)
    line("The Monthly Uptime Percentage does not include unavailability caused by:")
    space(6)
    line("- scheduled maintenance announced 48 hours in advance;")
    line("- factors outside the Provider's reasonable control.")
    write_pdf("tests/data/sla/ledger-storage.pdf", items)


SPRUCE_LEFT = [
    ("1. Service Commitment", "The Provider will make Spruce Compute available with a Monthly "
     "Uptime Percentage of at least 99.95% in each calendar month of the term."),
    ("2. Measurement", "Availability is measured from one-minute checks made from three regions "
     "and is reported in the console each month."),
]
SPRUCE_RIGHT = [
    ("3. Claims", "The Customer must submit a claim within 45 days of the end of the month in "
     "which the incident occurred, with the affected instance identifiers."),
    ("4. Exclusions", "The Monthly Uptime Percentage does not include scheduled maintenance "
     "announced five days in advance."),
]


def spruce_pdf():
    """A page in two columns, left 72-288 and right 324-540 (a 36 pt gutter),
    whose lines stand level with each other, so that reading across the page
    mixes two sections; below them a credit table across the whole page."""
    items = [(72, 740, 18, "Spruce Compute Service Level Agreement")]
    bottom = 740
    for x, sections in ((72, SPRUCE_LEFT), (324, SPRUCE_RIGHT)):
        y = 705
        for heading, text in sections:
            items.append((x, y, 14, heading))
            y -= 20
            for part in textwrap.wrap(text, 38):
                items.append((x, y, 10, part))
                y -= 13
            y -= 12
        bottom = min(bottom, y)
    y = bottom - 10
    items.append((72, y, 14, "5. Service Credits"))
    y -= 20
    bands = [("Less than 99.95% but equal to or greater than 99.0%", "10%"),
             ("Less than 99.0% but equal to or greater than 95.0%", "25%"),
             ("Less than 95.0%", "100%")]
    for cells in [("Service", "Monthly Uptime Percentage", "Service Credit")] + \
            [("Compute", band, credit) for band, credit in bands]:
        for x, text in zip((72, 160, 460), cells):
            items.append((x, y, 10, text))
        y -= 15
    y -= 12
    items.append((72, y, 10, "Credits for a month are capped at 50% of the monthly fee for the "
                  "affected service."))
    write_pdf("tests/data/sla/spruce-columns.pdf", items)


def table(rows, header=1):
    return ("<w:tbl>" + "".join(tr(*[tc(c) for c in row], header=i < header)
                                for i, row in enumerate(rows)) + "</w:tbl>")


def pdf_page(blocks):
    """blocks: ("h1"|"h2"|"p", text) or ("table", rows, xs), top to bottom."""
    items, y = [], 740
    for b in blocks:
        if b[0] == "table":
            for row in b[1]:
                for x, text in zip(b[2], row):
                    if text:
                        items.append((x, y, 10, text))
                y -= 15
            y -= 12
            continue
        size = {"h1": 18, "h2": 14}.get(b[0], 10)
        for part in textwrap.wrap(b[1], 90) if b[0] == "p" else [b[1]]:
            items.append((72, y, size, part))
            y -= size + 3
        y -= 12
    return items


# notation-and: bands written "≥ 99% and < 99.95%".
AND_ROWS = [("Monthly Uptime", "Credit"), ("\u2265 99% and < 99.95%", "10%"),
            ("\u2265 95% and < 99%", "25%"), ("< 95%", "100%")]
AND = [("h1", "Birch Database SLA"), ("p", "Uptime is measured each calendar month."),
       ("table", AND_ROWS, (72, 300))]

# notation-german: decimal commas, two header rows, empty cells, the title
# as the document's own (front matter in the Markdown); in the DOCX the
# target is a tracked change from 99,9 to 99,95 Prozent.
GERMAN_TITLE = "Service Level Agreement Fichte Cloud"
GERMAN_TARGET = ("Die Fichte GmbH sichert eine Verf\u00fcgbarkeit des Dienstes von mindestens "
                 "99,95 Prozent im monatlichen Durchschnitt zu.")
GERMAN_CLAIM = ("Wird die Verf\u00fcgbarkeit unterschritten, erh\u00e4lt der Kunde eine "
                "Gutschrift nach folgender Tabelle:")
GERMAN_ROWS = [("Verf\u00fcgbarkeit im Monat", "Verf\u00fcgbarkeit im Monat",
                "Gutschrift auf die Monatsrechnung"),
               ("kleiner als", "gleich oder gr\u00f6\u00dfer als", ""),
               ("99,95 %", "99,90 %", "5 %"), ("99,90 %", "99,50 %", "10 %"),
               ("99,50 %", "", "25 %")]
GERMAN = [("h1", "Service Level Agreement"), ("p", GERMAN_TARGET), ("p", GERMAN_CLAIM),
          ("table", GERMAN_ROWS, (72, 230, 400))]


# provider-word: a PDF printed from Word, whose Title is the file it was made
# from; the text names no provider.
WORD_TITLE = "Microsoft Word - sla-final-v2.doc"
WORD = [("h1", "Service Level Agreement"),
        ("p", "We guarantee a Monthly Uptime Percentage of at least 99.9% for the hosted "
              "service. Scheduled maintenance is excluded from the downtime."),
        ("table", [("Monthly Uptime Percentage", "Service Credit"),
                   ("Less than 99.9%", "10%"), ("Less than 99.0%", "25%")], (72, 300))]


def docx_blocks(blocks, header=1):
    out = []
    for b in blocks:
        if b[0] == "table":
            out.append(table(b[1], header))
        else:
            out.append(p(r(b[1]), {"h1": "KopfA", "h2": "KopfB"}.get(b[0])))
    return "".join(out)


def german_docx():
    before, after = GERMAN_TARGET.split("99,95")
    target = p(r(before) + dele("99,9") + ins("99,95") + r(after))
    body = (p(r("Service Level Agreement"), "KopfA") + target + p(r(GERMAN_CLAIM)) +
            table(GERMAN_ROWS, 2))
    write_docx("tests/data/sla/notation-german.docx", body, GERMAN_TITLE)


if __name__ == "__main__":
    write_docx("tests/data/sla/ledger-storage.docx", LEDGER)
    write_docx("tests/data/docx/spans.docx", SPANS)
    ledger_pdf()
    spruce_pdf()
    write_pdf("tests/data/sla/notation-and.pdf", pdf_page(AND), font=FONT_ENCODED)
    write_docx("tests/data/sla/notation-and.docx", docx_blocks(AND))
    write_pdf("tests/data/sla/notation-german.pdf", pdf_page(GERMAN), GERMAN_TITLE,
              FONT_ENCODED)
    german_docx()
    write_pdf("tests/data/sla/provider-word.pdf", pdf_page(WORD), WORD_TITLE)
