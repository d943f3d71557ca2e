# Sets the tables of one document with Prawn and prawn-table, as a Rails app's invoice or report
# would, and writes where prawn-table put each cell (corpus/prawn/build.py reads both).
#
#   ruby table_maker.rb description.json out.pdf cells.json
#
# The description (JSON): "page" [width, height] and "margin" in points, "font" (a base-14
# name) and "blocks", each one of
#   {"t": "para", "text", "size", "bold", "gap"}           a paragraph, then "gap" points
#   {"t": "table", ...}                                   a table (below)
#   {"t": "side", "gap", "left": table, "right": table}   two tables side by side, each in a
#                                                         bounding box of its table's "box" width
#   {"t": "beside", "prose", "size", "side", "gap", "table"}  a table in a column ("box" wide),
#                                                         prose in the rest of the line
# A table is {"id", "data" (rows of cell hashes: "content", "colspan", "rowspan", ...),
# "opts" (make_table's options) and "ops" ([selector, args, attribute, value]: what users write
# in its block, `row(0).font_style = :bold` is ["row", [0], "font_style", ":bold"])}.
# Strings starting with ":" are symbols; {"range": [a, b]} is a..b.
#
# Each cell drawn (its repeated header copies included) is recorded with the table's id, the
# row and column prawn-table gave it when made, the page, and its box in PDF points (x, top,
# width, height; origin bottom left): prawn-table's own cell positions after layout.
require "json"
require "prawn"
require "prawn/table"

Prawn::Fonts::AFM.hide_m17n_warning = true if defined?(Prawn::Fonts::AFM.hide_m17n_warning)
RECORDS = []

module Prawn
  class Table
    class Cell
      class << self
        alias_method :unmeasured_draw_cells, :draw_cells

        def draw_cells(cells)
          cells.each do |cell, pt|
            tag = cell.instance_variable_get(:@truth)
            next if tag.nil? || cell.is_a?(SpanDummy)
            pdf = cell.instance_variable_get(:@pdf)
            RECORDS << { "tid" => tag[0], "r" => tag[1], "c" => tag[2], "page" => pdf.page_number,
                         "x" => pdf.bounds.absolute_left + pt[0], "top" => pdf.bounds.absolute_bottom + pt[1],
                         "w" => cell.width, "h" => cell.height }
          end
          unmeasured_draw_cells(cells)
        end
      end
    end
  end
end

def value(v)
  case v
  when String then v.start_with?(":") ? v[1..].to_sym : v
  when Array then v.map { |x| value(x) }
  when Hash then v.key?("range") ? (v["range"][0]..v["range"][1]) : v.to_h { |k, x| [k.to_sym, value(x)] }
  else v
  end
end

def make(pdf, spec)
  data = spec["data"].map { |row| row.map { |cell| value(cell) } }
  # The ops run in make_table's block, as users write them: before prawn-table measures the
  # columns, so a bold head is measured bold.
  t = pdf.make_table(data, value(spec["opts"] || {})) do |made|
    (spec["ops"] || []).each do |sel, args, attr, v|
      made.send(sel, *value(args)).send("#{attr}=", value(v))
    end
  end
  t.cells.each { |cell| cell.instance_variable_set(:@truth, [spec["id"], cell.row, cell.column]) }
  t
end

def side(pdf, block)
  top, heights = pdf.cursor, []
  x = 0
  [block["left"], block["right"]].each do |spec|
    pdf.bounding_box([x, top], width: spec["box"]) do
      make(pdf, spec).draw
      heights << top - pdf.cursor
    end
    x += spec["box"] + block["gap"]
  end
  pdf.move_cursor_to(top - heights.max)
end

def beside(pdf, block)
  top, spec = pdf.cursor, block["table"]
  rest = pdf.bounds.width - spec["box"] - block["gap"]
  tx, px = block["side"] == "left" ? [0, spec["box"] + block["gap"]] : [rest + block["gap"], 0]
  heights = []
  pdf.bounding_box([tx, top], width: spec["box"]) do
    make(pdf, spec).draw
    heights << top - pdf.cursor
  end
  pdf.bounding_box([px, top], width: rest) do
    pdf.text block["prose"], size: block["size"], leading: 2
    heights << top - pdf.cursor
  end
  pdf.move_cursor_to(top - heights.max)
end

desc = JSON.parse(File.read(ARGV[0]))
Prawn::Document.generate(ARGV[1], page_size: desc["page"], margin: desc["margin"],
                                  info: { Creator: "Prawn", Producer: "Prawn" }) do |pdf|
  pdf.font desc["font"]
  desc["blocks"].each do |block|
    case block["t"]
    when "para"
      pdf.text block["text"], size: block["size"], style: block["bold"] ? :bold : :normal
      pdf.move_down block["gap"]
    when "table" then make(pdf, block).draw
    when "side" then side(pdf, block)
    when "beside" then beside(pdf, block)
    end
    pdf.move_down block["after"] || 0
  end
end
File.write(ARGV[2], JSON.generate(RECORDS))
