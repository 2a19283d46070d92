import Foundation
import JSONRPC
import LayoutSyntax

/// `plumb-bench lsp --views N [--edits K] [--cycles C] [--plumb PATH]`: a real `plumb lsp`
/// process driven through its standard input and output, as an editor drives it.
///
/// It opens the generated layout of `plumb-bench check`, then types: each edit changes one
/// view's height in the middle of the file (one character, incremental sync) and waits for
/// the diagnostics of that version. Between edits it hovers a view. It reports the latency
/// from sending a keystroke to receiving its `publishDiagnostics`, the hover latency, the
/// latency of opening the same text as a new document (a full analysis) against an edit,
/// and the server's resident memory before and after the edits. With `--cycles C`, it then
/// opens and closes C more documents of the same text, one after the other, each analysed
/// before it is closed, and reports the memory after each quarter of them: a server that
/// frees what a closed document held stays flat.
enum LanguageServerBenchmark {
  /// A client on the server's pipes.
  final class Client {
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private var framer = MessageFramer()
    private var pending: [JSONValue] = []
    private var nextID = 1

    init(plumb: String) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: plumb)
      process.arguments = ["lsp"]
      let stdin = Pipe()
      let stdout = Pipe()
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = FileHandle.nullDevice
      try process.run()
      input = stdin.fileHandleForWriting
      output = stdout.fileHandleForReading
    }

    var processIdentifier: Int32 { process.processIdentifier }

    func send(_ message: JSONValue) {
      let body = Array(message.compactText.utf8)
      input.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + Data(body))
    }

    /// Sends a request and returns its id.
    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> Int {
      let id = nextID
      nextID += 1
      send(.object([("jsonrpc", "2.0"), ("id", .int(id)), ("method", .string(method)), ("params", params)]))
      return id
    }

    func notify(_ method: String, _ params: JSONValue) {
      send(.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]))
    }

    /// The next message that satisfies `predicate`, reading as needed; nil if the server ends.
    func wait(for predicate: (JSONValue) -> Bool) -> JSONValue? {
      while true {
        if let index = pending.firstIndex(where: predicate) {
          return pending.remove(at: index)
        }
        let data = output.availableData
        if data.isEmpty { return nil }
        for event in framer.append([UInt8](data)) {
          if case .body(let body) = event, let message = try? JSONValue.parse(body) {
            pending.append(message)
          }
        }
        // Drop what nobody will wait for, so the queue stays small.
        if pending.count > 64 { pending.removeFirst(pending.count - 64) }
      }
    }

    func response(to id: Int) -> JSONValue? {
      wait { $0["id"]?.intValue == id && $0["method"] == nil }
    }

    func diagnostics(uri: String, version: Int) -> JSONValue? {
      wait {
        $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
          && $0["params"]?["version"]?.intValue == version
      }
    }

    func finish() {
      let id = request("shutdown", .null)
      _ = response(to: id)
      notify("exit", .null)
      try? input.close()
      process.waitUntilExit()
    }
  }

  /// The resident memory of a process in MiB, from /proc (0 where /proc is missing).
  static func residentMemory(of pid: Int32) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let digits = line.filter(\.isNumber)
      return (Double(String(digits)) ?? 0) / 1024
    }
    return 0
  }

  static func run(
    views: Int, edits: Int, plumb: String, place: KeystrokePlace = .constraint, cycles: Int = 0,
    directions: WritingDirections = .both
  ) -> String {
    let text = CheckBenchmark.generate(views: views, directions: directions)
    // Where the keystrokes go: typing 5 there, then deleting it, so the text after the edit
    // moves by a byte each time.
    let (target, offset) = place.target(views: views)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let line = lines.firstIndex(where: { $0.contains(target) }),
      let range = lines[line].range(of: target)
    else { return "{\"error\":\"no target line\"}" }
    let column = lines[line].distance(from: lines[line].startIndex, to: range.lowerBound) + offset - 1
    // Hover on the view's name in its declaration, `label vN …`.
    let hoverLine = 3 + views / 2

    do {
      let client = try Client(plumb: plumb)
      let initialize = client.request(
        "initialize",
        .object([
          ("processId", .null), ("rootUri", .null),
          ("capabilities", .object([("textDocument", .object([("publishDiagnostics", .object([("versionSupport", true)]))]))])),
        ]))
      guard client.response(to: initialize) != nil else { return "{\"error\":\"no answer to initialize\"}" }
      client.notify("initialized", .object([]))
      let uri = "file:///bench/generated.layout"
      let openStart = DispatchTime.now().uptimeNanoseconds
      client.notify(
        "textDocument/didOpen",
        .object([
          ("textDocument", .object([("uri", .string(uri)), ("languageId", "layout"), ("version", 1), ("text", .string(text))]))
        ]))
      guard client.diagnostics(uri: uri, version: 1) != nil else { return "{\"error\":\"no diagnostics after open\"}" }
      let openTime = Double(DispatchTime.now().uptimeNanoseconds - openStart) / 1e6
      let memoryBefore = residentMemory(of: client.processIdentifier)

      var diagnosticTimes: [Double] = []
      var hoverTimes: [Double] = []
      for edit in 0..<max(edits, 1) {
        let version = edit + 2
        let start = DispatchTime.now().uptimeNanoseconds
        client.notify(
          "textDocument/didChange",
          .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
            (
              "contentChanges",
              .array([
                .object([
                  (
                    "range",
                    .object([
                      ("start", .object([("line", .int(line)), ("character", .int(column + 1))])),
                      ("end", .object([("line", .int(line)), ("character", .int(column + 1 + edit % 2))])),
                    ])
                  ),
                  ("text", .string(edit % 2 == 0 ? "5" : "")),
                ])
              ])
            ),
          ]))
        guard client.diagnostics(uri: uri, version: version) != nil else {
          return "{\"error\":\"no diagnostics for version \(version)\"}"
        }
        diagnosticTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)

        let hoverStart = DispatchTime.now().uptimeNanoseconds
        let hover = client.request(
          "textDocument/hover",
          .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", .object([("line", .int(hoverLine)), ("character", 7)])),
          ]))
        guard client.response(to: hover) != nil else { return "{\"error\":\"no hover answer\"}" }
        hoverTimes.append(Double(DispatchTime.now().uptimeNanoseconds - hoverStart) / 1e6)
      }
      let memoryAfter = residentMemory(of: client.processIdentifier)

      // Documents opened and closed: the memory after each quarter of them.
      var cycleMemory: [Double] = []
      var cycleTimes: [Double] = []
      for cycle in 0..<cycles {
        let cycleURI = "file:///bench/cycle\(cycle).layout"
        let start = DispatchTime.now().uptimeNanoseconds
        client.notify(
          "textDocument/didOpen",
          .object([
            ("textDocument", .object([("uri", .string(cycleURI)), ("languageId", "layout"), ("version", 1), ("text", .string(text))]))
          ]))
        guard client.diagnostics(uri: cycleURI, version: 1) != nil else { return "{\"error\":\"no diagnostics for \(cycleURI)\"}" }
        cycleTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(cycleURI))]))]))
        if (cycle + 1) % max(cycles / 4, 1) == 0 || cycle == cycles - 1 {
          // A request answered after the close was handled.
          let id = client.request(
            "textDocument/hover",
            .object([("textDocument", .object([("uri", .string(uri))])), ("position", .object([("line", .int(hoverLine)), ("character", 7)]))]))
          _ = client.response(to: id)
          cycleMemory.append(residentMemory(of: client.processIdentifier))
        }
      }

      // A full analysis of the same text: open it as a second document.
      let fullStart = DispatchTime.now().uptimeNanoseconds
      let secondURI = "file:///bench/second.layout"
      client.notify(
        "textDocument/didOpen",
        .object([
          ("textDocument", .object([("uri", .string(secondURI)), ("languageId", "layout"), ("version", 1), ("text", .string(text))]))
        ]))
      _ = client.diagnostics(uri: secondURI, version: 1)
      let fullTime = Double(DispatchTime.now().uptimeNanoseconds - fullStart) / 1e6
      client.finish()

      func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
      }
      func number(_ value: Double) -> String { String(format: "%.3f", value) }
      func latencies(_ values: [Double]) -> String {
        "{\"p50\":\(number(percentile(values, 0.5))),\"p95\":\(number(percentile(values, 0.95))),\"p99\":\(number(percentile(values, 0.99)))}"
      }
      let median = percentile(diagnosticTimes, 0.5)
      return "{\"views\":\(views),\"keystrokes_in\":\"\(place.rawValue)\",\"edits\":\(diagnosticTimes.count),\"open_ms\":\(number(openTime)),"
        + "\"diagnostics_ms\":\(latencies(diagnosticTimes)),\"hover_ms\":\(latencies(hoverTimes)),"
        + "\"full_analysis_ms\":\(number(fullTime)),\"speedup\":\(number(median > 0 ? fullTime / median : 0)),"
        + "\"rss_mb_before\":\(number(memoryBefore)),\"rss_mb_after\":\(number(memoryAfter))"
        + (cycles > 0
          ? ",\"cycles\":\(cycles),\"cycle_open_ms\":\(latencies(cycleTimes)),\"rss_mb_after_cycles\":["
            + cycleMemory.map(number).joined(separator: ",") + "]"
          : "") + "}"
    } catch {
      return "{\"error\":\"cannot start \(plumb): \(error)\"}"
    }
  }
}

/// Where the benchmarks type: in a constraint (a Visual Format string's height: `[v500(44)]`
/// becomes `[v500(445)]`), in a view declaration (`intrinsic 60x21` becomes `605x21`, which
/// changes what the view declares) or in the comment above the canvas declaration (`1000 views`
/// becomes `10005 views`, which moves every statement of the file, the canvas's included).
enum KeystrokePlace: String {
  case constraint
  case declaration
  case comment

  /// The text to find and the offset in it where the digit is typed.
  func target(views: Int) -> (text: String, offset: Int) {
    switch self {
    case .constraint:
      let text = "[v\(views / 2)(44)]"
      return (text, text.count - 2)
    case .declaration:
      let head = "label v\(views / 2) intrinsic 60"
      return (head + "x21", head.count)
    case .comment:
      let head = "# Generated by plumb-bench: \(views)"
      return (head + " views", head.count)
    }
  }
}
