"""How the window behaves on big documents and dense pages, in one run (prints figures).

    python benchmarks/bench_gui.py [--pages 1000] [--drag-seconds 4] [--startup-runs 5]

1. builds a PDF of ``--pages`` pages from corpus pages (cycled);
2. start-up: a fresh process runs `table-inspector gui PDF`; time from process start to the first page painted
   (picture only) and to the first page painted with its overlays, median of several runs;
3. paging: the same process-kind visits every page (each painted), printing peak memory;
4. dragging: on the densest corpus page (most words), a parameter slider is moved every
   16 ms while a 2 ms precise heartbeat timer measures the longest event-loop stall.
Targets (issue 3): first page < 1 s, memory < 400 MiB, no stall over 50 ms.
Each measurement runs in its own process so one does not warm the next.
Not a test: these machines are shared and timings are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()
sys.path.insert(0, str(ROOT))


def corpus_pdfs() -> list[Path]:
    return sorted((CORPUS / "pdfs").rglob("*.pdf"))


def build_big_pdf(out: Path, pages: int) -> int:
    """Concatenate corpus pages (cycling) into ``out``; returns how many source files were used."""
    import pymupdf
    big = pymupdf.open()
    used = 0
    while big.page_count < pages:
        for path in corpus_pdfs():
            try:
                src = pymupdf.open(path)
            except Exception:  # noqa: BLE001 - a damaged corpus file is simply skipped
                continue
            if src.needs_pass:
                continue
            take = min(src.page_count, pages - big.page_count)
            big.insert_pdf(src, to_page=take - 1)
            src.close()
            used += 1
            if big.page_count >= pages:
                break
    big.save(out, garbage=3, deflate=True)
    big.close()
    return used


def densest_page() -> tuple[Path, int, int]:
    """(pdf, 0-based page, word count) of the corpus page with the most words."""
    import pymupdf
    best = (Path(), 0, -1)
    for path in corpus_pdfs():
        try:
            doc = pymupdf.open(path)
        except Exception:  # noqa: BLE001 - a damaged or locked corpus file is left out
            continue
        if doc.needs_pass:
            continue
        for i in range(doc.page_count):
            n = len(doc[i].get_text("words"))
            if n > best[2]:
                best = (path, i, n)
        doc.close()
    return best


def dense_page(out: Path, rows: int = 100, cols: int = 30) -> Path:
    """A one-page PDF with ``rows`` x ``cols`` words in a ruled grid (3,000 by default)."""
    import pymupdf
    doc = pymupdf.open()
    page = doc.new_page(width=842, height=1190)  # A3
    x0, y0, cw, rh = 20.0, 40.0, 26.7, 11.2
    for r in range(rows + 1):
        page.draw_line((x0, y0 + r * rh), (x0 + cols * cw, y0 + r * rh), width=0.3)
    for c in range(cols + 1):
        page.draw_line((x0 + c * cw, y0), (x0 + c * cw, y0 + rows * rh), width=0.3)
    for r in range(rows):
        for c in range(cols):
            page.insert_text((x0 + c * cw + 2, y0 + r * rh + 8), f"{(r * 37 + c * 11) % 9973}", fontsize=6)
    doc.save(out)
    doc.close()
    return out


def rss_mib() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------------------------------
# child processes
# ---------------------------------------------------------------------------------------
def _window():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from inspector.gui.main_window import MainWindow
    app = QApplication.instance() or QApplication([])
    settings_file = Path(tempfile.mkdtemp()) / "bench.ini"
    from PySide6.QtCore import QSettings
    win = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    win.resize(1400, 900)
    return app, win


class PaintWatch:
    """Counts paint events of a widget (the page view's viewport)."""

    def __init__(self, widget) -> None:
        from PySide6.QtCore import QEvent, QObject

        class _Filter(QObject):
            def eventFilter(inner, obj, event) -> bool:
                if event.type() == QEvent.Type.Paint:
                    self.on_paint()
                return False
        self.count = 0
        self.callbacks: list = []
        self._filter = _Filter()
        widget.installEventFilter(self._filter)

    def on_paint(self) -> None:
        self.count += 1
        for cb in list(self.callbacks):
            cb()


def child_startup(pdf: str, t0: float) -> dict:
    """The real entry point, ``table-inspector gui PDF``, watched from inside: the paint watch is
    put on the window as it is made; settings go to a throwaway folder."""
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="bench_gui_cfg_")
    from inspector.startup import pause_gc_for_startup
    pause_gc_for_startup()  # as the entry point does before its imports; this one comes first here
    import inspector.gui.main_window as mw
    from inspector.cli import main as cli_main
    times: dict[str, float] = {}
    made: list = []
    init = mw.MainWindow.__init__

    def watched_init(win, *args, **kwargs) -> None:
        init(win, *args, **kwargs)
        made.append((win, PaintWatch(win.view.viewport())))
        made[0][1].callbacks.append(lambda: painted(win))

    def painted(win) -> None:
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        now = time.time()
        if "picture" not in times and win.view.page_scene.picture_dpi:
            times["picture"] = now - t0
            ru = resource.getrusage(resource.RUSAGE_SELF)
            times["cpu"] = ru.ru_utime + ru.ru_stime
        if "overlays" not in times and win.session.result is not None:
            times["overlays"] = now - t0
            times["pages"] = win.session.page_count
            QTimer.singleShot(0, QApplication.instance().quit)

    mw.MainWindow.__init__ = watched_init  # type: ignore[method-assign]
    code = cli_main(["gui", pdf])
    return {"first_picture_s": times.get("picture"), "first_overlays_s": times.get("overlays"),
            "cpu_s_at_first_picture": times.get("cpu"), "pages": times.get("pages"), "exit_code": code}


def child_floor(pdf: str, t0: float) -> dict:
    """The least any PySide6 + PyMuPDF program can do: import both, open the PDF, render its first
    page at 100 dpi into a label of a bare window, and paint it. Start-up is compared with this."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import pymupdf
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QImage, QPixmap
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
    app = QApplication([])
    win = QMainWindow()
    label = QLabel()
    win.setCentralWidget(label)
    win.resize(1400, 900)
    win.show()
    doc = pymupdf.open(pdf)
    pix = doc[0].get_pixmap(dpi=100)
    label.setPixmap(QPixmap.fromImage(QImage(pix.samples, pix.width, pix.height, pix.stride,
                                             QImage.Format.Format_RGB888).copy()))
    times: dict[str, float] = {}
    watch = PaintWatch(label)

    def painted() -> None:
        if "picture" not in times:
            times["picture"] = time.time() - t0
            QTimer.singleShot(0, app.quit)
    watch.callbacks.append(painted)
    app.exec()
    return {"first_picture_s": times.get("picture")}


def child_paging(pdf: str) -> dict:
    app, win = _window()
    win.show()
    win.open_file(pdf, interactive=False)
    app.processEvents()
    n = win.session.page_count
    samples = []
    t0 = time.perf_counter()
    for i in range(n):
        win.session.set_page(i)
        win.view.viewport().repaint()  # paint now, as a user looking at each page would see it
        app.processEvents()
        if i % 100 == 0:
            samples.append(round(rss_mib()))
    elapsed = time.perf_counter() - t0
    from inspector.gui.app import wait_for_result
    wait_for_result(app, win.session)
    out = {"pages": n, "seconds": round(elapsed, 1), "peak_rss_mib": round(peak_mib(), 1),
           "rss_every_100_pages_mib": samples, "render_cache_mib": round(win.view.cache.bytes / 2**20, 1),
           "thumbnails_held": win.thumbnails.thumbs.rendered()}
    win.session.close()
    return out


def child_drag(pdf: str, page: int, key: str, seconds: float) -> dict:
    from PySide6.QtCore import Qt, QTimer

    from inspector.gui.app import wait_for_result
    app, win = _window()
    win.show()
    win.open_file(pdf, interactive=False)
    win.session.set_page(page)
    wait_for_result(app, win.session)
    for _ in range(20):
        app.processEvents()
    ed = win.params.editors[key]
    results = [0]
    win.session.resultChanged.connect(lambda: results.__setitem__(0, results[0] + 1))
    gaps: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        gaps.append((now - last[0]) * 1000)
        last[0] = now
    heart = QTimer()
    heart.setTimerType(Qt.TimerType.PreciseTimer)
    heart.setInterval(2)
    heart.timeout.connect(beat)
    lo, hi = ed.slider.minimum(), ed.slider.maximum()
    state = {"pos": ed.slider.value(), "dir": 1, "moves": 0}

    def move() -> None:
        pos = state["pos"] + state["dir"]
        if not lo <= pos <= hi:
            state["dir"] *= -1
            pos = state["pos"] + state["dir"]
        state["pos"] = pos
        state["moves"] += 1
        ed.slider.setValue(pos)
    drag = QTimer()
    drag.setInterval(16)
    drag.timeout.connect(move)
    heart.start()
    drag.start()
    QTimer.singleShot(int(seconds * 1000), lambda: (drag.stop(), QTimer.singleShot(1500, app.quit)))
    app.exec()
    heart.stop()
    gaps.sort()
    out = {"param": key, "words": len(win.session.result.words) if win.session.result else None,
           "slider_moves": state["moves"], "results_shown": results[0],
           "max_stall_ms": round(gaps[-1] - 2, 1) if gaps else None,
           "p99_gap_ms": round(gaps[int(0.99 * (len(gaps) - 1))], 1) if gaps else None,
           "ticks": len(gaps)}
    win.session.close()
    return out


# ---------------------------------------------------------------------------------------
def run_child(*args: str) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    t0 = time.time()
    done = subprocess.run([sys.executable, __file__, "--child", *args, "--t0", repr(t0)], env=env,
                          capture_output=True, text=True, timeout=1800)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode or not lines:
        raise SystemExit(f"child {args[0]} failed ({done.returncode}): {done.stderr.strip()[-800:]}")
    return json.loads(lines[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--drag-seconds", type=float, default=4.0)
    ap.add_argument("--pdf", help="reuse a PDF built before instead of building one")
    ap.add_argument("--parts", default="startup,paging,drag", help="which measurements to run")
    ap.add_argument("--startup-runs", type=int, default=5, help="start-up is measured this many times")
    ap.add_argument("--child", nargs="*")
    ap.add_argument("--t0", type=float, default=0.0)
    args = ap.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind == "startup":
            out = child_startup(rest[0], args.t0)
        elif kind == "floor":
            out = child_floor(rest[0], args.t0)
        elif kind == "paging":
            out = child_paging(rest[0])
        else:
            out = child_drag(rest[0], int(rest[1]), rest[2], float(rest[3]))
        print(json.dumps(out))
        return
    if not CORPUS.is_dir():
        raise SystemExit(f"corpus not found at {CORPUS}")
    tmp = Path(tempfile.mkdtemp(prefix="bench_gui_"))
    parts = set(args.parts.split(","))
    big = Path(args.pdf) if args.pdf else tmp / f"corpus_{args.pages}.pdf"
    if not args.pdf and parts & {"startup", "paging"}:
        t = time.perf_counter()
        used = build_big_pdf(big, args.pages)
        print(f"built {big} ({args.pages} pages from {used} corpus files, {big.stat().st_size / 2**20:.1f} MiB) "
              f"in {time.perf_counter() - t:.1f} s")
    if "startup" in parts:
        startup(big, args.startup_runs)
    if "paging" in parts:
        paging(big)
    if "drag" in parts:
        drag(args.drag_seconds)


def startup(big: Path, runs: int) -> None:
    """``runs`` fresh processes of the app and of the floor, interleaved: this machine's timings
    swing, so the medians, and their ratio measured in the same run, are the figures."""
    got, floor = [], []
    for _ in range(runs):
        got.append(run_child("startup", str(big)))
        floor.append(run_child("floor", str(big))["first_picture_s"])
    pic = sorted(s["first_picture_s"] for s in got)
    ovl = sorted(s["first_overlays_s"] for s in got)
    cpu = statistics.median(s["cpu_s_at_first_picture"] for s in got)
    med, fmed = statistics.median(pic), statistics.median(floor)
    print(f"start-up over {runs} runs: first page painted after {med:.2f} s median ({pic[0]:.2f}-{pic[-1]:.2f}) "
          f"from process start (target < 1 s); with overlays {statistics.median(ovl):.2f} s "
          f"({ovl[0]:.2f}-{ovl[-1]:.2f}); CPU time by the first page {cpu:.2f} s")
    print(f"  floor (import PySide6 + PyMuPDF, render and paint page 1 in a bare window): {fmed:.2f} s median "
          f"({min(floor):.2f}-{max(floor):.2f}); app / floor = {med / fmed:.2f}; "
          f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def paging(big: Path) -> None:
    p = run_child("paging", str(big))
    print(f"paging through {p['pages']} pages in {p['seconds']} s: peak RSS {p['peak_rss_mib']} MiB "
          f"(target < 400 MiB); RSS every 100 pages {p['rss_every_100_pages_mib']}; "
          f"render cache {p['render_cache_mib']} MiB, thumbnails held {p['thumbnails_held']}")


def drag(seconds: float) -> None:
    pdf, page, n = densest_page()
    synthetic = dense_page(Path(tempfile.mkdtemp(prefix="bench_gui_")) / "dense3000.pdf")
    for label, path, index in ((f"densest corpus page {pdf.relative_to(CORPUS)} p{page + 1} ({n} words)", pdf, page),
                               ("built page of 3,000 words in a ruled grid", synthetic, 0)):
        print(label)
        for key in ("columns.min_gap", "raster.paper_fraction"):
            d = run_child("drag", str(path), str(index), key, str(seconds))
            print(f"  dragging {key}: {d['slider_moves']} slider moves, {d['results_shown']} results shown, "
                  f"longest stall {d['max_stall_ms']} ms, p99 heartbeat gap {d['p99_gap_ms']} ms "
                  f"over {d['ticks']} ticks (target: no stall over 50 ms)")


if __name__ == "__main__":
    main()
