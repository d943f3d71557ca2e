// Runs in the page (screen layout, the same widths as the print's content box): breaks the
// flow into pages the way the print will (forced breaks where a block or a row would cross the
// page's foot; the print follows them and adds none of its own), then writes every cell's box
// per page, in points from the page's corner, into <script id="boxes">.
(function () {
  const PX = 0.75, M = MARGIN_PT, H = PAGE_H_PT / PX - 2 * M / PX;  // content height (px)
  const wrap = document.getElementById("wrap");
  const units = [];  // [element, repeating thead or null]
  for (const el of wrap.children) {
    const long = el.tagName === "TABLE" && el.dataset.long ? el : null;
    if (!long) { units.push([el, null]); continue; }
    const rows = long.tBodies[0].rows;
    units.push([long, null]);  // the table's start (caption, thead) goes with its first row
    for (let i = 1; i < rows.length; i++) units.push([rows[i], long.tHead]);
  }
  const top = (el) => el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).marginTop || 0);
  const bottom = (el) => el.tagName === "TABLE" && el.dataset.long
      ? el.tBodies[0].rows[0].getBoundingClientRect().bottom : el.getBoundingClientRect().bottom;
  const pages = [{start: 0, head: null}];
  for (const [el, head] of units) {
    const page = pages[pages.length - 1];
    const room = H - (page.head ? page.head.getBoundingClientRect().height : 0);
    if (bottom(el) - page.start > room - 2 && top(el) > page.start + 1) {
      el.style.breakBefore = "page";
      if (el.tagName !== "TR") el.style.marginTop = "0";
      pages.push({start: top(el), head: head});
    }
  }
  const out = [];
  const pageOf = (y) => { let k = 0; while (k + 1 < pages.length && pages[k + 1].start <= y + 0.01) k++; return k; };
  const put = (cell, k, dy) => {
    const r = cell.getBoundingClientRect();
    out.push([cell.dataset.c, k, M + r.left * PX, M + (r.top + dy) * PX, M + r.right * PX, M + (r.bottom + dy) * PX]);
  };
  for (const cell of document.querySelectorAll("[data-c]")) {
    const y = cell.getBoundingClientRect().top, k = pageOf(y);
    const p = pages[k];
    put(cell, k, -p.start + (p.head ? p.head.getBoundingClientRect().height : 0));
  }
  pages.forEach((p, k) => { if (p.head) for (const cell of p.head.querySelectorAll("[data-c]"))
    put(cell, k, -p.head.getBoundingClientRect().top); });
  const s = document.createElement("script");
  s.id = "boxes"; s.type = "application/json"; s.textContent = JSON.stringify(out);
  document.body.appendChild(s);
})();
