<?php
// The TCPDF corpus's writer (corpus/tcpdf, `make corpus-tcpdf`): reads a document description
// made by corpus.tcpdf.spec (JSON) and sets it with TCPDF (Debian's php-tcpdf).
//
//   php TableMaker.php in.json out.pdf
//
// The description: {"page": [W, H], "margin": M, "items": [...]}, lengths in points, each item
//   {"kind": "para", "text", "font", "size", "after"}   a bold heading line, AFTER points under it
//   {"kind": "html", "html", "font", "size", "keep", "after"}
//                                                       writeHTML of an HTML table (KEEP: on one page)
//   {"kind": "grid", ...}                               a table drawn cell by cell with MultiCell:
//       "x" its left edge's offset from the margin, "widths" its columns, "head" the header rows
//       (drawn again on each page the table runs onto), "rows" the body rows; each row a list of
//       cells {"text", "cs", "border" (TCPDF's "LTRB" letters, "" none), "align", "bold",
//       "fill" (RRGGBB or ""), "fg"}; "pad" the cell padding, "more" the line set over the
//       table's part on a next page ("" none), "repeat" the head drawn again there or not, "close" a rule under the table's last row
//       (for tables whose body cells draw only their sides), "font", "size", "after".
// "header" (optional): {"title", "string", "font"} TCPDF's page head and foot on every page.
require_once('/usr/share/php/tcpdf/tcpdf.php');

function rgb($hex) {
    $v = hexdec($hex);
    return array(($v >> 16) & 255, ($v >> 8) & 255, $v & 255);
}

function span_width($widths, $c, $cs) {
    return array_sum(array_slice($widths, $c, $cs));
}

// Each cell's height at the current font: its text wrapped in its width, the padding included.
function row_height($pdf, $item, $row) {
    $h = 0; $c = 0;
    foreach ($row as $cell) {
        $pdf->SetFont($item['font'], $cell['bold'] ? 'B' : '', $item['size']);
        $w = span_width($item['widths'], $c, $cell['cs']);
        $h = max($h, $pdf->getStringHeight($w, $cell['text'], false, true, '', 0));
        $c += $cell['cs'];
    }
    return $h;
}

function draw_row($pdf, $item, $row, $h) {
    $x = $pdf->getMargins()['left'] + $item['x'];
    $y = $pdf->GetY();
    $c = 0;
    foreach ($row as $cell) {
        $pdf->SetFont($item['font'], $cell['bold'] ? 'B' : '', $item['size']);
        $w = span_width($item['widths'], $c, $cell['cs']);
        if ($cell['fill'] !== '') { $f = rgb($cell['fill']); $pdf->SetFillColor($f[0], $f[1], $f[2]); }
        $t = rgb($cell['fg'] !== '' ? $cell['fg'] : '000000');
        $pdf->SetTextColor($t[0], $t[1], $t[2]);
        $border = $cell['border'] === '' ? 0 : $cell['border'];
        $pdf->MultiCell($w, $h, $cell['text'], $border, $cell['align'], $cell['fill'] !== '', 0, $x, $y,
                        true, 0, false, true, $h, 'M');
        $x += $w; $c += $cell['cs'];
    }
    $pdf->SetY($y + $h);
}

// A grid drawn cell by cell: a row that does not fit goes to a new page under the "more" line
// and the head drawn again; a table not continued goes whole to a new page when it fits there.
function grid($pdf, $item) {
    $pdf->setCellPaddings($item['pad'], $item['pad'], $item['pad'], $item['pad']);
    $pdf->SetLineWidth(0.5);
    $bottom = $pdf->getPageHeight() - $pdf->getBreakMargin();
    $heads = array_map(function ($r) use ($pdf, $item) { return row_height($pdf, $item, $r); }, $item['head']);
    $bodies = array_map(function ($r) use ($pdf, $item) { return row_height($pdf, $item, $r); }, $item['rows']);
    $whole = array_sum($heads) + array_sum($bodies);
    $start = $item['more'] === '' ? $whole : array_sum($heads) + $bodies[0];
    if ($pdf->GetY() + $start > $bottom) $pdf->AddPage();
    // The grid breaks its own pages: TCPDF's automatic break inside MultiCell would move a cell
    // without its row.
    $pdf->SetAutoPageBreak(false, $pdf->getBreakMargin());
    foreach ($item['head'] as $k => $r) draw_row($pdf, $item, $r, $heads[$k]);
    foreach ($item['rows'] as $k => $r) {
        if ($pdf->GetY() + $bodies[$k] > $bottom) {
            $pdf->AddPage();
            $pdf->SetFont($item['font'], '', $item['size']);
            $pdf->SetTextColor(0, 0, 0);
            $pdf->Cell(0, 0, $item['more'], 0, 1, 'L', false, '', 0, false, 'T', 'M');
            $pdf->Ln(4);
            if ($item['repeat']) foreach ($item['head'] as $j => $hr) draw_row($pdf, $item, $hr, $heads[$j]);
        }
        draw_row($pdf, $item, $r, $bodies[$k]);
    }
    if ($item['close']) {
        $pdf->SetX($pdf->getMargins()['left'] + $item['x']);
        $pdf->Cell(array_sum($item['widths']), 0, '', 'T', 1);
    }
    $pdf->SetTextColor(0, 0, 0);
    $pdf->SetAutoPageBreak(true, $pdf->getPageHeight() - $bottom);
}

$spec = json_decode(file_get_contents($argv[1]), true);
$pdf = new TCPDF('P', 'pt', $spec['page'], true, 'UTF-8', false);
// TCPDF's own page head (a title, a line of text, a rule under them) and foot (a rule, the page
// number) when "header" is given: most documents made with TCPDF keep them.
$top = $spec['margin'];
if (isset($spec['header'])) {
    $pdf->setHeaderFont(array($spec['header']['font'], '', 9));
    $pdf->setFooterFont(array($spec['header']['font'], '', 8));
    $pdf->setHeaderData('', 0, $spec['header']['title'], $spec['header']['string']);
    $pdf->setHeaderMargin(20);
    $pdf->setFooterMargin(24);
    $top += 24;
} else {
    $pdf->setPrintHeader(false);
    $pdf->setPrintFooter(false);
}
$pdf->SetMargins($spec['margin'], $top, $spec['margin']);
$pdf->SetAutoPageBreak(true, $spec['margin'] + (isset($spec['header']) ? 12 : 0));
$pdf->setDocCreationTimestamp(1767225600);  // 2026-01-01: a rebuilt corpus is the same bytes
$pdf->setDocModificationTimestamp(1767225600);
$pdf->SetCreator('corpus.tcpdf');
$pdf->AddPage();
foreach ($spec['items'] as $item) {
    if ($item['kind'] === 'para') {
        $pdf->SetFont($item['font'], 'B', $item['size']);
        $pdf->setCellPaddings(0, 0, 0, 0);
        $pdf->Cell(0, 0, $item['text'], 0, 1, 'L');
    } elseif ($item['kind'] === 'html') {
        $pdf->SetFont($item['font'], '', $item['size']);
        // A table kept on one page: set, and set again on a new page when it ran over. (TCPDF's
        // own nobr="true" rolls back in place and loses its font buffer with CID fonts.)
        // A thead table TCPDF moves to the next page at once has its head set twice there: a
        // continued table starts on a new page unless 100 pt are left.
        if (!$item['keep'] && $pdf->GetY() > $pdf->getPageHeight() - $pdf->getBreakMargin() - 100) $pdf->AddPage();
        $page = $pdf->getPage();
        if ($item['keep']) $pdf->startTransaction();
        $pdf->writeHTML($item['html'], true, false, false, false, '');
        // (A table whose head holds a rowspan never breaks: it runs off the page's foot.)
        $over = $pdf->GetY() > $pdf->getPageHeight() - $pdf->getBreakMargin();
        if ($item['keep'] && ($pdf->getPage() != $page || $over)) {
            $pdf = $pdf->rollbackTransaction();
            $pdf->AddPage();
            $pdf->SetFont($item['font'], '', $item['size']);
            $pdf->writeHTML($item['html'], true, false, false, false, '');
        } elseif ($item['keep']) {
            $pdf->commitTransaction();
        }
    } else {
        grid($pdf, $item);
    }
    $pdf->Ln($item['after']);
}
$pdf->Output($argv[2], 'F');
