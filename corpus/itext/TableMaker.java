// The iText corpus's writer (corpus/itext, `make corpus-itext`): reads a table description made
// by corpus.itext.spec (one command a line, fields tab-separated) and sets it with PdfPTable.
// Written against iText 5 (com.itextpdf.text); corpus.itext.build compiles a copy for iText 2.1.7
// with the package and the colour class renamed (com.lowagie.text, java.awt.Color): the two
// libraries' PdfPTable, PdfPCell and FontFactory calls used here are the same.
//
//   java -cp itext5.jar:. TableMaker in.txt out.pdf
//
// Commands (lengths in points, colours RRGGBB or "-"):
//   doc W H MARGIN                      the page size and its margins (first line)
//   para SIZE BOLD SPACE TEXT           a paragraph, SPACE points after it
//   table N PERCENT ALIGN HEAD WIDTHS KEEP BEFORE AFTER
//                                       a PdfPTable of N columns; HEAD header rows (repeated on
//                                       each page the table runs onto); WIDTHS relative, a,b,c
//   cell RS CS ALIGN BOLD SIZE FG BG T B L R LINE PAD FONT TEXT
//                                       the next cell: spans, L/C/R, bold 0/1, border widths
//                                       top bottom left right, their colour, padding, font name
//   end                                 the table is done (added to the page, or to the nest)
//   nest N WIDTHS PERCENT               an outer borderless table of N columns (a layout grid)
//   ncell SIZE TEXT                     a text cell of the nest (\n: a line break)
//   endnest                             the nest is done
import com.itextpdf.text.*;
import com.itextpdf.text.pdf.*;

public class TableMaker {
    static BaseColor colour(String hex) {
        int v = Integer.parseInt(hex, 16);
        return new BaseColor((v >> 16) & 255, (v >> 8) & 255, v & 255);
    }

    static float[] floats(String csv) {
        String[] parts = csv.split(",");
        float[] out = new float[parts.length];
        for (int i = 0; i < parts.length; i++) out[i] = Float.parseFloat(parts[i]);
        return out;
    }

    static int align(String a) {
        return a.equals("R") ? Element.ALIGN_RIGHT : a.equals("C") ? Element.ALIGN_CENTER : Element.ALIGN_LEFT;
    }

    static String text(String s) {
        return s.replace("\\n", "\n");
    }

    static PdfPCell cell(String[] f) {
        BaseColor fg = f[6].equals("-") ? BaseColor.BLACK : colour(f[6]);
        Font font = FontFactory.getFont(f[14], Float.parseFloat(f[5]), f[4].equals("1") ? Font.BOLD : Font.NORMAL, fg);
        PdfPCell c = new PdfPCell(new Phrase(text(f.length > 15 ? f[15] : ""), font));
        c.setRowspan(Integer.parseInt(f[1]));
        c.setColspan(Integer.parseInt(f[2]));
        c.setHorizontalAlignment(align(f[3]));
        if (!f[7].equals("-")) c.setBackgroundColor(colour(f[7]));
        c.setBorder(Rectangle.NO_BORDER);
        float t = Float.parseFloat(f[8]), b = Float.parseFloat(f[9]), l = Float.parseFloat(f[10]), r = Float.parseFloat(f[11]);
        // Each width set turns its side on (iText's Rectangle.updateBorderBasedOnWidth).
        if (t > 0) c.setBorderWidthTop(t);
        if (b > 0) c.setBorderWidthBottom(b);
        if (l > 0) c.setBorderWidthLeft(l);
        if (r > 0) c.setBorderWidthRight(r);
        c.setBorderColor(colour(f[12]));
        c.setPadding(Float.parseFloat(f[13]));
        return c;
    }

    static PdfPTable table(String[] f) throws DocumentException {
        PdfPTable t = new PdfPTable(Integer.parseInt(f[1]));
        t.setWidthPercentage(Float.parseFloat(f[2]));
        t.setHorizontalAlignment(align(f[3]));
        t.setHeaderRows(Integer.parseInt(f[4]));
        t.setWidths(floats(f[5]));
        t.setKeepTogether(f[6].equals("1"));
        t.setSpacingBefore(Float.parseFloat(f[7]));
        t.setSpacingAfter(Float.parseFloat(f[8]));
        return t;
    }

    public static void main(String[] args) throws Exception {
        java.util.List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Paths.get(args[0]),
                java.nio.charset.StandardCharsets.UTF_8);
        String[] d = lines.get(0).split("\t", -1);
        float margin = Float.parseFloat(d[3]);
        Document doc = new Document(new Rectangle(Float.parseFloat(d[1]), Float.parseFloat(d[2])),
                margin, margin, margin, margin);
        PdfWriter.getInstance(doc, new java.io.FileOutputStream(args[1]));
        doc.open();
        PdfPTable table = null, nest = null;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "para": {
                    Paragraph p = new Paragraph(text(f[4]), FontFactory.getFont(FontFactory.HELVETICA,
                            Float.parseFloat(f[1]), f[2].equals("1") ? Font.BOLD : Font.NORMAL));
                    p.setSpacingAfter(Float.parseFloat(f[3]));
                    doc.add(p);
                    break;
                }
                case "table": table = table(f); break;
                case "cell": table.addCell(cell(f)); break;
                case "end": {
                    if (nest != null) {
                        PdfPCell holder = new PdfPCell(table);
                        holder.setBorder(Rectangle.NO_BORDER);
                        holder.setPadding(0);
                        nest.addCell(holder);
                    } else {
                        doc.add(table);
                    }
                    table = null;
                    break;
                }
                case "nest": {
                    nest = new PdfPTable(Integer.parseInt(f[1]));
                    nest.setWidths(floats(f[2]));
                    nest.setWidthPercentage(Float.parseFloat(f[3]));
                    nest.setSpacingAfter(12);
                    break;
                }
                case "ncell": {
                    PdfPCell c = new PdfPCell(new Phrase(text(f[2]),
                            FontFactory.getFont(FontFactory.HELVETICA, Float.parseFloat(f[1]))));
                    c.setBorder(Rectangle.NO_BORDER);
                    nest.addCell(c);
                    break;
                }
                case "endnest": doc.add(nest); nest = null; break;
                default: throw new IllegalArgumentException("TableMaker: unknown command " + f[0]);
            }
        }
        doc.close();
    }
}
