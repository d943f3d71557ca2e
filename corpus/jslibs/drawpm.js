// Typesets the pdfmake documents of corpus/jslibs (run by corpus.jslibs.build: `node
// drawpm.js JOB.json`), the same job format as draw.js: documents of blocks (heading,
// prose, unit line, table, note), every table drawn by pdfmake in one style of STYLES, in
// Roboto (English) or WenQuanYi Micro Hei (Korean, Chinese; a TrueType collection read by
// PostScript name).
//
// Truth: pdfmake has no per-cell hook, but its table processor draws each cell's
// background as a rectangle over the cell's box (x from its column lines, y from its row's
// top and bottom lines), for every row a cell covers. Every cell (and every slot a row span
// covers) gets an `overlayPattern` naming it; just before pdfmake renders its laid-out
// pages, those rectangles are read (page, box) and taken out, so the PDF holds only what
// the style draws. Prints {pdf: {tid: [[page index, row, column, x0, y0, x1, y1], ...]}}.
'use strict';
const fs = require('fs');
const pdfmake = require('pdfmake');
const Renderer = require('pdfmake/js/Renderer').default;

const MARGIN = 56;
const WQY = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const ROBOTO = require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf').replace(/Roboto-Regular\.ttf$/, '');
const BANDS = ['#1f4e79', '#404040', '#375623', '#c0504d', '#2e75b6'];
const ZEBRA = ['#f2f2f2', '#eaf1fb', '#f5f5f5'];
const MARK = 'cell|';
const SPANS = []; // [tid, row, column, rows] of each cell spanning rows

// Each style's pdfmake table layout (the library's own layouts first, then styles seen in
// use); `fill`: the header row's fill, if any.
const STYLES = {
  grid: () => ({}),
  light: () => ({ layout: 'lightHorizontalLines' }),
  noborders: () => ({ layout: 'noBorders' }),
  headeronly: () => ({ layout: 'headerLineOnly' }),
  header_fill: (pick) => ({ layout: pick(['noBorders', 'lightHorizontalLines', undefined]), fill: pick(BANDS) }),
  zebra: (pick) => {
    const shade = pick(ZEBRA);
    return { layout: { fillColor: (r, node) => (r >= node.table.headerRows && (r - node.table.headerRows) % 2 ? shade : null),
                       hLineWidth: () => 0, vLineWidth: () => 0 } };
  },
  spans: (pick) => ({ layout: pick([undefined, 'lightHorizontalLines']) }),
  row_groups: (pick) => ({ layout: pick([undefined, 'lightHorizontalLines']) }),
  wrapped: (pick) => ({ layout: pick([undefined, 'lightHorizontalLines', 'headerLineOnly']) }),
  continued: (pick) => ({ layout: pick([undefined, 'lightHorizontalLines', 'noBorders']) }),
  totals: (pick) => ({ layout: pick(['noBorders', 'headerLineOnly']) }),
};

function rng(seed) { // mulberry32, as draw.js: the style's small choices, seeded per table by the job
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The table's body as pdfmake wants it: every row n_cols long, `{}` in the slots a span
// covers; each cell and covered slot marked with the cell it belongs to.
function body(t, style) {
  const rows = t.head.concat(t.body);
  const n = t.widths.length;
  const grid = rows.map(() => new Array(n).fill(null));
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (grid[r][c]) c += 1;
      const mark = `${MARK}${t.tid}|${r}|${c}`;
      const head = r < t.head.length;
      const out = { text: cell.content, overlayPattern: mark, bold: head || cell.bold,
                    alignment: t.numeric[c] && cell.colSpan === 1 && !head ? 'right' : (head && cell.colSpan > 1 ? 'center' : 'left') };
      if (cell.colSpan > 1) out.colSpan = cell.colSpan;
      if (cell.rowSpan > 1) {
        out.rowSpan = cell.rowSpan;
        SPANS.push([t.tid, r, c, cell.rowSpan]);
      }
      if (head && style.fill) Object.assign(out, { fillColor: style.fill, color: '#ffffff' });
      for (let dr = 0; dr < cell.rowSpan; dr++) {
        for (let dc = 0; dc < cell.colSpan; dc++) grid[r + dr][c + dc] = dr || dc ? { text: '', overlayPattern: mark } : out;
      }
      c += cell.colSpan;
    }
  });
  return grid;
}

function tableNode(t) {
  const random = rng(t.seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const style = STYLES[t.style](pick);
  const node = {
    table: { headerRows: t.head.length, dontBreakRows: true, widths: t.widths.map((w) => Math.max(w - 9, 12)),
             body: body(t, style) },
    fontSize: pick([8.5, 9, 9.5]),
  };
  if (style.layout) node.layout = style.layout;
  return node;
}

function blockNodes(b) {
  const out = [
    { text: b.title, bold: true, fontSize: 11.5, margin: [0, 8, 0, 3] },
    { text: b.prose, fontSize: 9, margin: [0, 0, 0, 3] },
  ];
  if (b.unit) out.push({ text: b.unit, fontSize: 8, alignment: 'right', margin: [0, 0, 0, 2] });
  const table = tableNode(b.table);
  if (b.side) {
    const tw = b.table.widths.reduce((a, c) => a + c, 0);
    out.push({ columns: [{ width: tw, stack: [table] }, { width: '*', text: b.side, fontSize: 9 }], columnGap: 16 });
  } else if (b.table.style === 'totals') {
    const tw = b.table.widths.reduce((a, c) => a + c, 0);
    out.push({ columns: [{ width: '*', text: '' }, { width: tw, stack: [table] }] });
  } else {
    out.push(table);
  }
  if (b.note) out.push({ text: b.note, fontSize: 7.5, margin: [0, 4, 0, 0] });
  const font = b.lang === 'en' ? 'Roboto' : 'WQY';
  // A table that is not continued stays on one page with its heading.
  return { stack: out, font, unbreakable: b.table.style !== 'continued', margin: [0, 0, 0, 6] };
}

// A cell spanning rows: pdfmake draws its background in its first row only; its box goes
// down to the bottom of the last row it spans (rows do not break over pages here).
function extend(cells) {
  for (const [tid, r, c, rs] of SPANS.splice(0)) {
    const byKey = cells[tid] || {};
    for (const [key, box] of Object.entries(byKey)) {
      const [p, kr, kc] = key.split('|').map(Number);
      if (kr !== r || kc !== c) continue;
      const last = Object.entries(byKey).filter(([k]) => k.startsWith(`${p}|${r + rs - 1}|`)).map(([, b]) => b[3]);
      if (!last.length) throw new Error(`${tid}: no row ${r + rs - 1} under the cell spanning rows at ${r},${c}`);
      box[3] = Math.max(...last);
    }
  }
}

// Reads the marked cell rectangles off the laid-out pages and takes them out.
function collect(pages, cells) {
  pages.forEach((page, p) => {
    page.items = page.items.filter((it) => {
      const v = it.type === 'vector' ? it.item : null;
      if (!v || typeof v.color !== 'string' || !v.color.startsWith(MARK)) return true;
      const [, tid, r, c] = v.color.split('|');
      const key = `${p}|${r}|${c}`;
      const box = (cells[tid] = cells[tid] || {})[key];
      const rect = [v.x, v.y, v.x + v.w, v.y + v.h];
      cells[tid][key] = box ? [Math.min(box[0], rect[0]), Math.min(box[1], rect[1]), Math.max(box[2], rect[2]),
                               Math.max(box[3], rect[3])] : rect;
      return false;
    });
  });
}

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  pdfmake.setFonts({
    Roboto: { normal: `${ROBOTO}Roboto-Regular.ttf`, bold: `${ROBOTO}Roboto-Medium.ttf`,
              italics: `${ROBOTO}Roboto-Italic.ttf`, bolditalics: `${ROBOTO}Roboto-MediumItalic.ttf` },
    WQY: { normal: [WQY, 'WenQuanYiMicroHei'], bold: [WQY, 'WenQuanYiMicroHei'],
           italics: [WQY, 'WenQuanYiMicroHei'], bolditalics: [WQY, 'WenQuanYiMicroHei'] },
  });
  pdfmake.setLocalAccessPolicy(() => true);
  pdfmake.setUrlAccessPolicy(() => false);
  const render = Renderer.prototype.renderPages;
  let cells = {};
  Renderer.prototype.renderPages = function (pages) {
    collect(pages, cells);
    extend(cells);
    return render.call(this, pages);
  };
  const out = {};
  for (const d of job.documents) {
    cells = {};
    const dd = { pageSize: 'A4', pageMargins: MARGIN, content: d.blocks.map(blockNodes),
                 defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
                 info: { creationDate: new Date(Date.UTC(2026, 0, 1)) } };
    const buffer = await pdfmake.createPdf(dd).getBuffer();
    fs.writeFileSync(d.pdf, buffer);
    const boxes = {};
    for (const [tid, byKey] of Object.entries(cells)) {
      boxes[tid] = Object.entries(byKey).map(([key, box]) => key.split('|').map(Number).concat(box));
    }
    out[d.pdf] = boxes;
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((e) => { process.stderr.write(`${e.stack}\n`); process.exit(1); });
