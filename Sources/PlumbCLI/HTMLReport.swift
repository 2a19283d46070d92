import EditorFeatures
import LayoutAnalysis
import LayoutSyntax

// `plumb check --format html`: one self-contained page (no script, no network, no other
// file) for a CI artifact — a summary, each file's findings by severity with the lines they
// are on, and the picture of each layout that has findings (docs/render.md). The same
// findings give the same page, byte for byte.

private let pageCSS = """
  :root{color-scheme:light dark}
  body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:24px 32px;background:#ffffff;color:#1b1b1b}
  h1{font-size:22px;margin:0 0 4px}
  h2{font-size:17px;margin:32px 0 8px;padding-top:12px;border-top:1px solid #d0d0d0;word-break:break-all}
  h3{font-size:14px;margin:16px 0 6px}
  table.files{border-collapse:collapse;margin:12px 0}
  table.files th,table.files td{padding:3px 12px 3px 0;text-align:left}
  table.files td.count{text-align:right;font-variant-numeric:tabular-nums}
  .summary{margin:4px 0 12px}
  .clean{color:#00735a}
  ul.findings{list-style:none;padding:0;margin:0}
  li.finding{margin:0 0 12px;padding:6px 10px;border-left:4px solid #888888;background:#f6f6f6}
  li.finding.error{border-left-color:#d55e00}
  li.finding.warning{border-left-color:#e69f00}
  li.finding.info{border-left-color:#0072b2}
  .where{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;color:#555555}
  .code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;padding:0 4px;border-radius:3px;background:#e6e6e6}
  .note,.fix{font-size:12.5px;margin:2px 0 0 12px;color:#444444}
  pre.excerpt{margin:6px 0 0;padding:6px 8px;background:#ffffff;border:1px solid #dddddd;overflow-x:auto;font-size:12px;line-height:1.4}
  pre.excerpt .line-number{color:#888888;user-select:none}
  pre.excerpt mark{background:#f5d9a8;color:inherit;border-radius:2px}
  figure.picture{margin:12px 0;overflow-x:auto}
  figure.picture figcaption{font-size:12.5px;color:#555555;margin-bottom:4px}
  .legend span{display:inline-block;margin-right:14px}
  .swatch{display:inline-block;width:14px;height:10px;margin-right:4px;vertical-align:-1px;border:2px solid}
  .swatch.conflict{border-color:#d55e00;background:rgba(213,94,0,.16)}
  .swatch.ambiguous{border-color:#0072b2;border-style:dashed}
  .swatch.misplaced{border-color:#e69f00;border-style:dotted}
  .swatch.offscreen{border-color:#cc79a7}
  .swatch.zero-size{border-color:#009e73}
  footer{margin-top:32px;font-size:12px;color:#777777}
  @media (prefers-color-scheme: dark){
  body{background:#1e1e1e;color:#e8e8e8}
  h2{border-top-color:#444444}
  li.finding{background:#2a2a2a}
  .where,.note,.fix,figure.picture figcaption{color:#b0b0b0}
  .code{background:#3a3a3a}
  pre.excerpt{background:#1b1b1b;border-color:#444444}
  pre.excerpt mark{background:#7a5a20}
  .clean{color:#2bc49a}
  }
  """

/// Text as HTML character data or an attribute value.
func htmlEscape(_ text: String) -> String {
  xmlEscape(text)
}

/// `3 errors`, `1 warning`.
private func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// The lines a range is on (at most three, with one line of context before and after), each
/// numbered, the range's bytes marked.
private func excerpt(_ range: SourceRange, bytes: [UInt8], index: LineIndex) -> String {
  guard index.lineCount > 0 else { return "" }
  let first = index.line(containing: min(range.start, bytes.count))
  let last = index.line(containing: min(max(range.start, range.end - 1), bytes.count))
  let shownFirst = max(0, first - 1)
  var shownLast = min(index.lineCount - 1, min(last, first + 2) + 1)
  // The empty line after the file's last line break is not shown.
  while shownLast > last, index.contentRange(ofLine: shownLast).start >= index.contentRange(ofLine: shownLast).end {
    shownLast -= 1
  }
  let width = String(shownLast + 1).count
  var output = ""
  for line in shownFirst...shownLast {
    let content = index.contentRange(ofLine: line)
    let start = min(max(content.start, 0), bytes.count), end = min(max(content.end, start), bytes.count)
    func text(_ from: Int, _ to: Int) -> String {
      let a = min(max(from, start), end), b = min(max(to, a), end)
      return htmlEscape(String(decoding: bytes[a..<b], as: UTF8.self))
    }
    let number = String(line + 1)
    output += "<span class=\"line-number\">\(String(repeating: " ", count: width - number.count))\(number)  </span>"
    let markStart = max(range.start, start), markEnd = min(range.end, end)
    if markStart < markEnd || (range.start == range.end && range.start >= start && range.start <= end && line == first) {
      output += text(start, markStart) + "<mark>" + text(markStart, markEnd) + "</mark>" + text(markEnd, end)
    } else {
      output += text(start, end)
    }
    output += "\n"
  }
  return output
}

/// The page needs the totals and the list of files with findings before the files' sections,
/// so each file with findings is kept, its section rendered (its picture drawn and its
/// layouts freed), until the end; a file without findings is only counted.
struct HTMLReporter: CheckReporter {
  /// Each file with findings: its number among the files checked, its row of the table and its section.
  private var files: [(row: String, section: String)] = []
  private var number = 0

  func begin() -> String { "" }

  mutating func add(_ report: FileReport) -> String {
    defer { number += 1 }
    guard !report.diagnostics.isEmpty else { return "" }
    let count = { (severity: Severity) in report.diagnostics.filter { $0.severity == severity }.count }
    let row =
      "<tr><td><a href=\"#file-\(number + 1)\">\(htmlEscape(report.path))</a></td>"
      + "<td class=\"count\">\(count(.error))</td><td class=\"count\">\(count(.warning))</td>"
      + "<td class=\"count\">\(count(.info))</td></tr>\n"
    files.append((row, section(report)))
    return ""
  }

  private func section(_ report: FileReport) -> String {
    let index = report.lines
    let bytes = report.lines.bytes
    var output = "<section class=\"file\" id=\"file-\(number + 1)\">\n<h2>\(htmlEscape(report.path))</h2>\n"
    for (severity, heading) in [(Severity.error, "Errors"), (.warning, "Warnings"), (.info, "Infos")] {
      let findings = report.diagnostics.filter { $0.severity == severity }
      guard !findings.isEmpty else { continue }
      output += "<h3>\(heading) (\(findings.count))</h3>\n<ul class=\"findings\">\n"
      for diagnostic in findings {
        let location = textLocation(report.path, diagnostic.range.start, in: index)
        output += "<li class=\"finding \(severity.rawValue)\" data-code=\"\(diagnostic.code)\">"
        output += "<div class=\"where\">\(htmlEscape(location))</div>"
        output +=
          "<div class=\"message\">\(htmlEscape(diagnostic.message)) <span class=\"code\">\(diagnostic.code)</span></div>"
        for related in diagnostic.related {
          output +=
            "<div class=\"note\">\(htmlEscape(textLocation(report.path, related.range.start, in: index))): "
            + "\(htmlEscape(related.message))</div>"
        }
        for fix in diagnostic.fixes {
          output += "<div class=\"fix\">fix: \(htmlEscape(fix.title))</div>"
        }
        output += "<pre class=\"excerpt\">\(excerpt(diagnostic.range, bytes: bytes, index: index))</pre></li>\n"
      }
      output += "</ul>\n"
    }
    // The picture of the places the layout's findings are in.
    if !report.layouts.isEmpty {
      let picture = LayoutPicture(report.layouts, diagnostics: report.diagnostics, onlyPlacesWithFindings: true)
      if !picture.panels.isEmpty {
        output += "<figure class=\"picture\"><figcaption class=\"legend\">"
        output += "<span><i class=\"swatch conflict\"></i>conflict</span>"
        output += "<span><i class=\"swatch ambiguous\"></i>ambiguous (another frame dotted, its range shaded)</span>"
        output += "<span><i class=\"swatch misplaced\"></i>saved frame of a misplaced view</span>"
        output += "<span><i class=\"swatch offscreen\"></i>offscreen</span>"
        output += "<span><i class=\"swatch zero-size\"></i>zero size</span></figcaption>\n"
        output += picture.svg(
          PictureStyle(idPrefix: "file-\(number + 1)", title: report.path, standalone: false, maximumRowWidth: 1200))
        output += "</figure>\n"
      }
    }
    output += "</section>\n"
    return output
  }

  mutating func finish(_ summary: Summary, write: (String) -> Void) {
    var output = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>plumb check</title>
      <style>
      \(pageCSS)
      </style>
      </head>
      <body>
      <h1>plumb check</h1>

      """
    var parts: [String] = []
    if summary.errors > 0 { parts.append(counted(summary.errors, "error")) }
    if summary.warnings > 0 { parts.append(counted(summary.warnings, "warning")) }
    if summary.infos > 0 { parts.append(counted(summary.infos, "info")) }
    let found = parts.isEmpty ? "<span class=\"clean\">no findings</span>" : parts.joined(separator: ", ")
    output += "<p class=\"summary\">\(counted(summary.files, "file")) checked: \(found).</p>\n"

    // The files with findings, in the order checked.
    if !files.isEmpty {
      output += "<table class=\"files\">\n<tr><th>File</th><th>Errors</th><th>Warnings</th><th>Infos</th></tr>\n"
      for file in files { output += file.row }
      output += "</table>\n"
    }
    write(output)
    for file in files { write(file.section) }
    files = []
    write("<footer>plumb \(plumbVersion)</footer>\n</body>\n</html>\n")
  }
}
