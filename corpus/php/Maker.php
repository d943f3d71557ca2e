<?php
// Sets one HTML file as PDF with dompdf (Debian's php-dompdf, 2.0): php Maker.php IN.html OUT.pdf PAPER FONTDIR
// PAPER is "a4" or "letter"; FONTDIR a writable folder for dompdf's font metrics cache. Local fonts
// (/usr/share/fonts, @font-face) are allowed; remote ones are not.
require '/usr/share/php/dompdf/autoload.php';

use Dompdf\Dompdf;
use Dompdf\Options;

[$_, $in, $out, $paper, $fonts] = $argv;
$options = new Options();
$options->setIsRemoteEnabled(false);
$options->setChroot([dirname(realpath($in)), '/usr/share/fonts']);
$options->setFontDir($fonts);
$options->setFontCache($fonts);
$options->setDefaultFont('helvetica');
$dompdf = new Dompdf($options);
$dompdf->loadHtml(file_get_contents($in), 'UTF-8');
$dompdf->setPaper($paper);
$dompdf->render();
file_put_contents($out, $dompdf->output(['compress' => 1]));
