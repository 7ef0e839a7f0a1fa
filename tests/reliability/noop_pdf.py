#!/usr/bin/env python3
"""Writes a PDF of 40 pages sharing one content stream of 64 MiB of no-op
operators ("q Q"), compressed to about 70 KB: python3 noop_pdf.py OUT.pdf"""
import sys
import zlib

PAGES = 40
content = (b"BT /F1 12 Tf 72 720 Td (Monthly Uptime Percentage of at least 99.9%) Tj ET\n"
           + b"q Q\n" * (64 << 18))
stream = zlib.compress(content, 9)
objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
        ("<< /Type /Pages /Kids [%s] /Count %d >>"
         % (" ".join("%d 0 R" % (3 + i) for i in range(PAGES)), PAGES)).encode()]
shared = 3 + PAGES
for _ in range(PAGES):
    objs.append(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                 "/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>"
                 % (shared + 1, shared)).encode())
objs.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream)
            + stream + b"\nendstream")
objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
out = bytearray(b"%PDF-1.4\n")
offsets = []
for i, body in enumerate(objs):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % (i + 1) + body + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
for o in offsets:
    out += b"%010d 00000 n \n" % o
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
with open(sys.argv[1], "wb") as f:
    f.write(out)
