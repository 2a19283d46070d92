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
/// - `cycle`: `vI+1.width == vI.width + 1` around a cycle: one required conflict of N members.
///
/// With `--scaling` it runs N and 10 × N and reports the ratio of the times (linear: about 10).
enum CliffBenchmark {
  enum Shape: String, CaseIterable {
    case labels, fixed, chain, leading, cycle
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
