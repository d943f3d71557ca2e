// Typesets the documents of corpus/jslibs with jsPDF + jspdf-autotable (run by
// corpus.jslibs.build: `node draw.js JOB.json`). The job lists documents, each a list of
// blocks (heading, prose, unit line, table, note); every table is drawn by autotable in one
// style of STYLES. Prints, as JSON, where autotable put every cell (its own didDrawCell
// hook: x, y, width, height in points, top-left origin, page, section, row and column):
// {pdf: {tid: [[page index, row, column, x0, y0, x1, y1], ...]}}, header rows first, a
// header repeated on a new page reported again on that page.
'use strict';
const fs = require('fs');
const { jsPDF } = require('jspdf');
const { autoTable } = require('jspdf-autotable');

const MARGIN = 56;
const BANDS = [[31, 78, 121], [64, 64, 64], [55, 86, 35], [192, 80, 77]];

// Each style's autotable options (the library's own themes first, then styles seen in use).
const STYLES = {
  striped: () => ({ theme: 'striped' }),
  grid: () => ({ theme: 'grid' }),
  plain: () => ({ theme: 'plain' }),
  header_band: (t, pick) => ({
    theme: 'plain',
    headStyles: { fillColor: pick(BANDS), textColor: 255, fontStyle: 'bold' },
    bodyStyles: { lineWidth: { bottom: 0.5 }, lineColor: 170 },
  }),
  hairline: () => ({ theme: 'plain', styles: { lineWidth: 0.1, lineColor: 60 }, headStyles: { fontStyle: 'bold' } }),
  horizontal: () => ({
    theme: 'plain',
    styles: { lineWidth: { top: 0.5, bottom: 0.5 }, lineColor: 0 },
    headStyles: { fontStyle: 'bold', lineWidth: { top: 1.2, bottom: 0.8 } },
  }),
  spans: () => ({ theme: 'grid', headStyles: { halign: 'center', valign: 'middle' } }),
  wrapped: (t, pick) => ({ theme: pick(['grid', 'striped']) }),
  numbers: () => ({
    theme: 'plain',
    headStyles: { fontStyle: 'bold', lineWidth: { bottom: 0.6 }, lineColor: 0 },
  }),
  continued: (t, pick) => ({ theme: pick(['striped', 'grid']), showHead: 'everyPage', pageBreak: 'auto' }),
  beside: (t, pick) => ({ theme: pick(['grid', 'striped', 'plain']) }),
  totals: () => ({ theme: 'plain', styles: { cellPadding: { top: 2, bottom: 2, left: 6, right: 6 } } }),
  row_groups: (t, pick) => ({ theme: pick(['grid', 'striped']) }),
  sections: (t, pick) => ({ theme: pick(['striped', 'plain', 'grid']) }),
  tight: (t, pick) => ({
    theme: pick(['plain', 'striped']),
    styles: { fontSize: 8, cellPadding: { top: 1, bottom: 1, left: 2, right: 2 } },
  }),
};

function rng(seed) { // mulberry32: the style's small choices, seeded per table by the job
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paragraph(doc, text, x, y, width, size, style) {
  doc.setFont('helvetica', style || 'normal');
  doc.setFontSize(size);
  const lines = doc.splitTextToSize(text, width);
  doc.text(lines, x, y, { baseline: 'top', lineHeightFactor: 1.25 });
  return y + lines.length * size * 1.25;
}

function table(doc, t, y, cells) {
  const random = rng(t.seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const columnStyles = {};
  t.widths.forEach((w, c) => { columnStyles[c] = { cellWidth: w, halign: t.numeric[c] ? 'right' : 'left' }; });
  const section = { fontStyle: 'bold', halign: 'left', fillColor: pick([false, 235]) };
  const cell = (c) => {
    const out = { content: c.content, colSpan: c.colSpan, rowSpan: c.rowSpan, styles: {} };
    if (c.colSpan === t.widths.length && c.colSpan > 1) out.styles = section;
    else if (c.bold && t.style === 'numbers') out.styles = { fontStyle: 'bold', lineWidth: { top: 0.6 }, lineColor: 0 };
    else if (c.bold) out.styles = { fontStyle: 'bold' };
    if (c.rowSpan > 1) out.styles = { ...out.styles, valign: 'middle' };
    return out;
  };
  const head = t.head.map((row) => row.map(cell));
  const body = t.body.map((row) => row.map(cell));
  const opts = {
    startY: y,
    margin: { left: t.left, right: MARGIN, top: MARGIN, bottom: MARGIN },
    tableWidth: t.widths.reduce((a, b) => a + b, 0),
    head,
    body,
    columnStyles,
    pageBreak: 'avoid',
    rowPageBreak: 'avoid',
    styles: { fontSize: 9, cellPadding: pick([3, 4, 5]) },
    didDrawCell: (d) => {
      const page = d.doc.internal.getCurrentPageInfo().pageNumber - 1;
      const r = d.section === 'head' ? d.row.index : t.head.length + d.row.index;
      const c = d.cell;
      cells.push([page, r, d.column.index, c.x, c.y, c.x + c.width, c.y + c.height]);
    },
  };
  const style = STYLES[t.style](t, pick);
  const merged = { ...opts, ...style, styles: { ...opts.styles, ...(style.styles || {}) } };
  if (t.head.length) merged.headStyles = { ...(merged.headStyles || {}), fontStyle: 'bold' };
  if (t.style === 'totals') merged.margin.left = doc.internal.pageSize.getWidth() - MARGIN - merged.tableWidth;
  autoTable(doc, merged);
  return doc.lastAutoTable.finalY;
}

function block(doc, b, y, out) {
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  if (y + b.height > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y = paragraph(doc, b.title, MARGIN, y + 8, width, 11.5, 'bold') + 3;
  y = paragraph(doc, b.prose, MARGIN, y, width, 9) + 3;
  if (b.unit) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.text(b.unit, MARGIN + width, y, { baseline: 'top', align: 'right' });
    y += 12;
  }
  const cells = [];
  out[b.table.tid] = cells;
  b.table.left = MARGIN;
  const end = table(doc, b.table, y, cells);
  if (b.side) {
    const tw = b.table.widths.reduce((a, c) => a + c, 0);
    const start = cells.length ? cells[0][4] : y;
    y = Math.max(end, paragraph(doc, b.side, MARGIN + tw + 16, start + 2, width - tw - 16, 9));
  } else {
    y = end;
  }
  if (b.note) y = paragraph(doc, b.note, MARGIN, y + 4, width, 7.5);
  return y + 6;
}

function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const out = {};
  for (const d of job.documents) {
    const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
    doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
    doc.setFileId('00000000000000000000000000000000');
    const boxes = {};
    let y = MARGIN;
    for (const b of d.blocks) y = block(doc, b, y, boxes);
    fs.writeFileSync(d.pdf, Buffer.from(doc.output('arraybuffer')));
    out[d.pdf] = boxes;
  }
  process.stdout.write(JSON.stringify(out));
}

main();
