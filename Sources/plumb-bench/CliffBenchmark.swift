import Foundation
import LayoutAnalysis
import LayoutSyntax

/// `plumb-bench cliff --shape S --views N [--runs K] [--scaling]`: inputs whose check time
/// has grown faster than their size (issue #18). Each shape is one connected layout, so
/// every per-view query sees all of it:
///
/// - `labels`: one `H:|-[v0]-[v1]-…-|` row of labels with intrinsic sizes in a canvas with
///   room to spare (every label ties on hugging with its neighbours);
/// - `fixed`: the same row of plain views with fixed widths and a flexible trailing gap (no finding);
/// - `chain`: a `.vfl` file with one line `H:|[v0]-[v1]-…|` (nothing else: every view ambiguous);
/// - `leading`: `vI.leading == vJ.trailing + 1` over consecutive views (every view ambiguous);
/// - `cycle`: `vI+1.width == vI.width + 1` around a cycle: one required conflict of N members;
/// - `nested`: each view inside the one before it, 1 point in from its edges on both axes, the
///   innermost with a fixed size (depth N, no finding);
/// - `canvases`: N canvases of different widths, each laying out the same three views;
/// - `stack`: one horizontal stack view (distribution `fill`) of N views with fixed sizes;
/// - `grid`: rows of 10 views with fixed sizes, each row below the one before it.
///
/// With `--scaling` it runs N and 10 × N and reports the ratio of the times (linear: about 10).
enum CliffBenchmark {
  enum Shape: String, CaseIterable {
    case labels, fixed, chain, leading, cycle, nested, canvases, stack, grid
  }

  static func generate(_ shape: Shape, views n: Int) -> (text: String, kind: FileKind) {
    var lines: [String] = []
    let canvas = "canvas wide \(40 + 68 * n)x100"
    switch shape {
    case .labels:
      lines.append(canvas)
      lines += (0..<n).map { "label v\($0) intrinsic 60x21" }
      lines.append("H:|" + (0..<n).map { "-[v\($0)]" }.joined() + "-|")
      lines += (0..<n).map { "V:|-8-[v\($0)]" }
    case .fixed:
      lines.append(canvas)
      lines += (0..<n).map { "view v\($0)" }
      lines.append("H:|" + (0..<n).map { "-[v\($0)(60)]" }.joined() + "-(>=20)-|")
      lines += (0..<n).map { "V:|-8-[v\($0)(21)]" }
    case .chain:
      lines.append("H:|[v0]" + (1..<max(n, 1)).map { "-[v\($0)]" }.joined() + "|")
      return (lines.joined(separator: "\n") + "\n", .vfl)
    case .leading:
      lines.append(canvas)
      lines += (0..<n).map { "view v\($0)" }
      lines += (1..<max(n, 1)).map { "v\($0).leading == v\($0 - 1).trailing + 1" }
    case .cycle:
      lines.append(canvas)
      lines += (0..<n).map { "view v\($0)" }
      lines += (0..<n).map { "v\(($0 + 1) % n).width == v\($0).width + 1" }
    case .nested:
      lines.append("canvas wide \(40 + 2 * n)x\(40 + 2 * n)")
      for index in 0..<n {
        lines.append("view v\(index) {")
      }
      lines.append("}")
      for index in (0..<n).reversed() {
        if index > 0 {
          lines.append(index == n - 1 ? "H:|-1-[v\(index)(20)]-1-|" : "H:|-1-[v\(index)]-1-|")
          lines.append(index == n - 1 ? "V:|-1-[v\(index)(20)]-1-|" : "V:|-1-[v\(index)]-1-|")
          lines.append("}")
        }
      }
      lines.append("H:|-20-[v0]")
      lines.append("V:|-20-[v0]")
    case .canvases:
      lines += (0..<n).map { "canvas c\($0) \(320 + $0)x480" }
      lines += ["view a", "label b intrinsic 60x21", "view c"]
      lines.append("H:|-[a(40)]-[b]-(>=8)-[c(40)]-|")
      lines += ["V:|-[a(40)]", "V:|-[b]", "V:|-[c(40)]"]
    case .stack:
      lines.append(canvas)
      lines.append("stack row axis horizontal spacing 8 {")
      lines += (0..<n).map { "  view v\($0)" }
      lines += (0..<n).map { "  v\($0).width == 60" }
      lines += (0..<n).map { "  v\($0).height == 21" }
      lines.append("}")
      lines.append("H:|-20-[row]-(>=20)-|")
      lines.append("V:|-20-[row]")
    case .grid:
      let columns = 10
      lines.append("canvas wide \(40 + 68 * columns)x\(40 + 29 * ((n + columns - 1) / columns))")
      lines += (0..<n).map { "view v\($0)" }
      for start in stride(from: 0, to: n, by: columns) {
        let row = start..<min(start + columns, n)
        lines.append("H:|" + row.map { "-[v\($0)(60)]" }.joined())
        for index in row {
          lines.append(start == 0 ? "V:|-8-[v\(index)(21)]" : "V:[v\(index - columns)]-8-[v\(index)(21)]")
        }
      }
    }
    return (lines.joined(separator: "\n") + "\n", .layout)
  }

  /// The median time of a full check (parse, lower, solve, every check) and its finding count.
  static func measure(_ shape: Shape, views: Int, runs: Int) -> (milliseconds: Double, findings: Int) {
    let (text, kind) = generate(shape, views: views)
    let bytes = Array(text.utf8)
    var times: [Double] = []
    var findings = 0
    for _ in 0..<max(runs, 1) {
      let start = DispatchTime.now().uptimeNanoseconds
      let layout = SolvedLayout(document: LayoutDocument(bytes: bytes, kind: kind))
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      findings = layout.diagnostics.count
    }
    return (median(times), findings)
  }

  static func run(_ shape: Shape, views: Int, runs: Int, scaling: Bool) -> String {
    func format(_ value: Double) -> String { String(format: "%.3f", value) }
    let small = measure(shape, views: views, runs: runs)
    var json = "{\"shape\":\"\(shape.rawValue)\",\"views\":\(views),\"total_ms\":\(format(small.milliseconds)),"
      + "\"findings\":\(small.findings),\"runs\":\(max(runs, 1))"
    if scaling {
      let large = measure(shape, views: views * 10, runs: runs)
      let ratio = small.milliseconds > 0 ? large.milliseconds / small.milliseconds : 0
      json += ",\"views_10x\":\(views * 10),\"total_ms_10x\":\(format(large.milliseconds)),"
        + "\"findings_10x\":\(large.findings),\"ratio\":\(format(ratio)),\"linear\":\(ratio <= 12)"
    }
    return json + "}"
  }
}
