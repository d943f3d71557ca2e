import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import net.sf.jasperreports.engine.JRPrintElement;
import net.sf.jasperreports.engine.JRPrintFrame;
import net.sf.jasperreports.engine.JRPrintPage;
import net.sf.jasperreports.engine.JRPrintText;
import net.sf.jasperreports.engine.JasperCompileManager;
import net.sf.jasperreports.engine.JasperFillManager;
import net.sf.jasperreports.engine.JasperPrint;
import net.sf.jasperreports.engine.JasperReport;
import net.sf.jasperreports.engine.data.JsonDataSource;
import net.sf.jasperreports.engine.export.JRPdfExporter;
import net.sf.jasperreports.export.SimpleExporterInput;
import net.sf.jasperreports.export.SimpleOutputStreamExporterOutput;

/**
 * Fills each report design NAME.jrxml in a folder with the rows of NAME.json ("rows" array),
 * exports NAME.pdf with JasperReports' PDF exporter and writes NAME.cells.tsv: every text
 * element of the print model (the engine's own layout) with its page, absolute box (points,
 * from the page's top-left), its "ti.cell" property (which table cell it is, set by the
 * design's property expressions) and its text.
 *
 *   java -cp JARS:FONTDIR ReportMaker DIR
 */
public final class ReportMaker {
    private ReportMaker() {
    }

    public static void main(String[] args) throws Exception {
        File dir = new File(args[0]);
        File[] designs = dir.listFiles((d, n) -> n.endsWith(".jrxml"));
        java.util.Arrays.sort(designs);
        for (File design : designs) {
            String base = design.getPath().substring(0, design.getPath().length() - 6);
            JasperReport report = JasperCompileManager.compileReport(design.getPath());
            JsonDataSource data = new JsonDataSource(new File(base + ".json"), "rows");
            JasperPrint print = JasperFillManager.fillReport(report, new java.util.HashMap<>(), data);
            JRPdfExporter exporter = new JRPdfExporter();
            exporter.setExporterInput(new SimpleExporterInput(print));
            exporter.setExporterOutput(new SimpleOutputStreamExporterOutput(base + ".pdf"));
            exporter.exportReport();
            try (PrintWriter out = new PrintWriter(new OutputStreamWriter(
                    new FileOutputStream(base + ".cells.tsv"), StandardCharsets.UTF_8))) {
                List<JRPrintPage> pages = print.getPages();
                for (int p = 0; p < pages.size(); p++) {
                    dump(out, p, pages.get(p).getElements(), 0, 0);
                }
            }
        }
    }

    /** Every text element of ``elements``, frames' children shifted by the frame's content origin. */
    private static void dump(PrintWriter out, int page, List<JRPrintElement> elements, int dx, int dy) {
        for (JRPrintElement e : elements) {
            if (e instanceof JRPrintFrame) {
                JRPrintFrame f = (JRPrintFrame) e;
                dump(out, page, f.getElements(), dx + f.getX() + f.getLineBox().getLeftPadding(),
                        dy + f.getY() + f.getLineBox().getTopPadding());
            } else if (e instanceof JRPrintText) {
                JRPrintText t = (JRPrintText) e;
                String cell = t.getPropertiesMap().getProperty("ti.cell");
                String text = t.getFullText() == null ? "" : t.getFullText();
                out.println(page + "\t" + (dx + t.getX()) + "\t" + (dy + t.getY()) + "\t" + t.getWidth() + "\t"
                        + t.getHeight() + "\t" + (cell == null ? "" : cell) + "\t"
                        + text.replace('\t', ' ').replace('\n', ' '));
            }
        }
    }
}
