import Foundation
import PlumbCLI

/// `plumb-bench sources --files N [--runs K] [--percent P]`: `plumb check` on a generated tree
/// of N source files (Swift and Objective-C, in folders of 100), P percent of them with Visual
/// Format calls (5 by default) and the rest ordinary code of about 3 KB. What it measures is
/// the cost of a source tree to `plumb check .` on a real project: reading every file,
/// scanning it for the selector, and lexing and checking only the few that have calls.
enum SourceTreeBenchmark {
  static func swiftFile(index: Int, withFormats: Bool) -> String {
    var text = "import UIKit\n\n/// Generated file \(index).\nfinal class Screen\(index)ViewController: UIViewController {\n"
    text += "  private let titleLabel = UILabel()\n  private let detailLabel = UILabel()\n  private var items: [String] = []\n\n"
    for method in 0..<12 {
      text += "  func update\(method)(with value: Int) {\n"
      text += "    let text = \"value \\(value) of \(method)\" // a comment with (brackets) and \"quotes\"\n"
      text += "    titleLabel.text = text\n    items.append(text)\n    if items.count > \(method + 10) { items.removeFirst() }\n"
      text += "    detailLabel.text = items.joined(separator: \", \")\n  }\n\n"
    }
    if withFormats {
      text += "  func layOut() {\n    let views = [\"title\": titleLabel, \"detail\": detailLabel]\n"
      text += "    view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: \"H:|-[title]-[detail(>=40)]-|\",\n"
      text += "      options: [.alignAllTop], metrics: nil, views: views))\n"
      text += "    view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: \"V:|-pad-[title]\" + \"-(>=8)-|\",\n"
      text += "      options: [], metrics: [\"pad\": 20], views: views))\n  }\n"
    }
    return text + "}\n"
  }

  static func objectiveCFile(index: Int, withFormats: Bool) -> String {
    var text = "#import <UIKit/UIKit.h>\n\n// Generated file \(index).\n@implementation Screen\(index)\n\n"
    for method in 0..<12 {
      text += "- (void)update\(method):(NSInteger)value {\n"
      text += "    NSString *text = [NSString stringWithFormat:@\"value %ld of \(method)\", (long)value]; /* (brackets) */\n"
      text += "    self.titleLabel.text = text;\n    [self.items addObject:text];\n}\n\n"
    }
    if withFormats {
      text += "- (void)layOut {\n    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@\"H:|-[_title]-[_detail]-|\"\n"
      text += "        options:NSLayoutFormatAlignAllTop metrics:nil views:NSDictionaryOfVariableBindings(_title, _detail)]];\n}\n\n"
    }
    return text + "@end\n"
  }

  static func run(files: Int, runs: Int, percent: Int) -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-sources-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    var bytes = 0
    var withFormats = 0
    for index in 0..<files {
      let folder = root.appendingPathComponent("Module\(index / 100)")
      if index % 100 == 0 { try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
      let formats = percent > 0 && index % max(100 / percent, 1) == 0
      if formats { withFormats += 1 }
      let isSwift = index % 10 < 7
      let text = isSwift ? swiftFile(index: index, withFormats: formats) : objectiveCFile(index: index, withFormats: formats)
      bytes += text.utf8.count
      let name = isSwift ? "Screen\(index).swift" : "Screen\(index).m"
      _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(text.utf8))
    }
    var io = CommandIO.process
    var output = 0
    io.writeOutput = { output += $0.utf8.count }
    io.writeError = { _ in }
    io.outputIsTerminal = false
    var times: [Double] = []
    var status: Int32 = 0
    for _ in 0..<max(runs, 1) {
      times.append(milliseconds { status = Plumb.run(["check", root.path], io: io) })
    }
    return "{\"benchmark\":\"sources\",\"files\":\(files),\"with_formats\":\(withFormats),\"megabytes\":"
      + "\(jsonNumber(Double(bytes) / 1_048_576)),\"status\":\(status),\"output_bytes\":\(output / max(runs, 1)),"
      + "\"check_ms\":\(jsonNumber(median(times))),\"runs\":\(times.count)}"
  }
}
