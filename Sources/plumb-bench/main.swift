import CassowarySolver
import Foundation
import LayoutSyntax

// plumb-bench: the project's benchmarks.
//
//   plumb-bench solver --variant rows|grid --n N [--edits K] [--stats] [--dump]
//   plumb-bench check --views N [--runs K] [--layout form|ambiguous]
//   plumb-bench mutate PATH… [--function SPEC]   (errors put into real formats: reported where?)
//   plumb-bench sources --files N [--runs K] [--percent P]
//   plumb-bench tree --files N [--runs K] [--format F] [--plumb PATH] [--tree DIR]   (plumb check of a mixed tree: time, peak memory)
//   plumb-bench scan PATH… [--function SPEC]   (the Visual Format calls of real source files, and their findings)
//   plumb-bench cliff --shape labels|fixed|chain|leading|cycle|nested|canvases|stack|grid --views N [--runs K] [--scaling]
//   plumb-bench explain [--megabytes N] [--runs K]   (plumb explain on a generated log of N MB)
//
// runs the reference workload of solver.md §2 and prints one JSON line. Times are wall
// clock, in milliseconds; `edit` and `re-add` are medians over K runs (default 10).

/// `--direction ltr|rtl|both`: the writing directions a generated form is checked in.
func parseDirections(_ argument: String) -> WritingDirections {
  guard let directions = WritingDirections(rawValue: argument) else { fail("--direction takes ltr, rtl or both") }
  return directions
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func jsonNumber(_ value: Double) -> String {
  value.isFinite ? String(format: "%.6g", value) : "null"
}

func runSolverBenchmark(_ arguments: [String]) {
  var variant = SolverWorkload.Variant.rows
  var count = 1000
  var edits = 10
  var printsStatistics = false
  var dumpsTableau = false
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    let next = index + 1 < arguments.count ? arguments[index + 1] : nil
    switch argument {
    case "--variant":
      guard let next, let parsed = SolverWorkload.Variant(rawValue: next) else {
        fail("--variant takes rows or grid")
      }
      variant = parsed
      index += 2
    case "--n":
      guard let next, let parsed = Int(next), parsed > 0 else { fail("--n takes a positive count") }
      count = parsed
      index += 2
    case "--edits":
      guard let next, let parsed = Int(next), parsed > 0 else { fail("--edits takes a positive count") }
      edits = parsed
      index += 2
    case "--stats":
      printsStatistics = true
      index += 1
    case "--dump":
      dumpsTableau = true
      index += 1
    default:
      fail("unknown argument \(argument)")
    }
  }

  var workload = SolverWorkload(variant: variant, count: count)
  var checksum = 0.0
  do {
    let addTime = try milliseconds { try workload.build() }
    let updateTime = milliseconds { checksum += workload.readAll() }
    var maximumError = workload.maximumError(width: 1200)
    var editTimes: [Double] = []
    for edit in 0..<edits {
      let target: Double = edit % 2 == 0 ? 800 : 1200
      editTimes.append(
        try milliseconds {
          try workload.solver.suggestValue(target, for: workload.superWidth)
          checksum += workload.readAll()
        })
      if dumpsTableau && edit == 0 {
        FileHandle.standardError.write(Data(workload.solver.dump().utf8))
      }
      if printsStatistics {
        FileHandle.standardError.write(Data("edit pivots \(workload.solver.lastPivotCount) cells \(workload.solver.statistics.cells)\n".utf8))
      }
      maximumError = max(maximumError, workload.maximumError(width: target))
    }
    var readdTimes: [Double] = []
    if let constraint = workload.middleEqualWidth {
      for _ in 0..<edits {
        readdTimes.append(
          try milliseconds {
            try workload.solver.remove(constraint)
            try workload.solver.add(constraint)
            checksum += workload.readAll()
          })
      }
    }
    let finalWidth: Double = edits % 2 == 1 ? 800 : 1200
    maximumError = max(maximumError, workload.maximumError(width: finalWidth))
    if printsStatistics {
      let variables = workload.allVariables
      var ambiguousCount = 0
      let ambiguityTime = milliseconds {
        ambiguousCount = workload.solver.ambiguousVariables(among: variables).count
      }
      FileHandle.standardError.write(
        Data("ambiguousVariables over \(variables.count) variables: \(ambiguousCount) in \(jsonNumber(ambiguityTime)) ms\n".utf8))
      let statistics = workload.solver.statistics
      FileHandle.standardError.write(
        Data(
          ("rows \(statistics.rows) cells \(statistics.cells) widest \(statistics.widestRow) "
            + "objective \(statistics.objectiveTerms) symbols \(statistics.symbols) "
            + "checksum \(checksum)\n").utf8))
    }
    print(
      "{\"variant\":\"\(variant.rawValue)\",\"n\":\(count),\"constraints\":\(workload.constraintCount),"
        + "\"add_ms\":\(jsonNumber(addTime)),\"update_ms\":\(jsonNumber(updateTime)),"
        + "\"edit_ms_median\":\(jsonNumber(median(editTimes))),"
        + "\"readd_ms_median\":\(jsonNumber(median(readdTimes))),"
        + "\"max_error\":\(jsonNumber(maximumError))}")
  } catch {
    fail("solver error: \(error)")
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
  fail("usage: plumb-bench solver --variant rows|grid --n N [--edits K] [--stats] [--dump]\n       plumb-bench check --views N [--runs K] [--layout form|ambiguous]\n       plumb-bench sources --files N [--runs K] [--percent P]\n       plumb-bench tree --files N [--runs K] [--format F] [--plumb PATH] [--tree DIR]\n       plumb-bench cliff --shape labels|fixed|chain|leading|cycle|nested|canvases|stack|grid --views N [--runs K] [--scaling]\n       plumb-bench explain [--megabytes N] [--runs K]\n       plumb-bench mirror --views N [--runs K]\n       plumb-bench live --views N [--edits K] [--in constraint|declaration|comment] [--direction ltr|rtl|both]\n       plumb-bench lsp --views N [--edits K] [--in constraint|declaration|comment] [--cycles C] [--plumb PATH] [--direction ltr|rtl|both]")
}
switch command {
case "solver":
  runSolverBenchmark(Array(arguments.dropFirst()))
case "check":
  var views = 1000
  var runs = 5
  var ambiguous = false
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--views": views = Int(rest[1]) ?? views
    case "--runs": runs = Int(rest[1]) ?? runs
    case "--layout":
      guard rest[1] == "form" || rest[1] == "ambiguous" else { fail("--layout takes form or ambiguous") }
      ambiguous = rest[1] == "ambiguous"
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(CheckBenchmark.run(views: views, runs: runs, ambiguous: ambiguous))
case "mutate":
  print(SourceMutation.run(Array(arguments.dropFirst())))
case "scan":
  print(SourceScan.run(Array(arguments.dropFirst())))
case "sources":
  var files = 10_000
  var runs = 3
  var percent = 5
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--files": files = Int(rest[1]) ?? files
    case "--runs": runs = Int(rest[1]) ?? runs
    case "--percent": percent = min(max(Int(rest[1]) ?? percent, 0), 100)
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(SourceTreeBenchmark.run(files: files, runs: runs, percent: percent))
case "tree":
  var files = 6000
  var runs = 1
  var format = "text"
  var plumb = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("plumb").path
  var tree: String?
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--files": files = Int(rest[1]) ?? files
    case "--runs": runs = Int(rest[1]) ?? runs
    case "--format": format = rest[1]
    case "--plumb": plumb = rest[1]
    case "--tree": tree = rest[1]
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(TreeBenchmark.run(files: files, runs: runs, format: format, plumb: plumb, tree: tree))
case "cliff":
  var shape = CliffBenchmark.Shape.chain
  var views = 100
  var runs = 3
  var scaling = false
  var rest = Array(arguments.dropFirst())
  while let first = rest.first {
    if first == "--scaling" {
      scaling = true
      rest.removeFirst()
      continue
    }
    guard rest.count >= 2 else { fail("\(first) takes a value") }
    switch first {
    case "--shape":
      guard let parsed = CliffBenchmark.Shape(rawValue: rest[1]) else {
        fail("--shape takes one of: " + CliffBenchmark.Shape.allCases.map(\.rawValue).joined(separator: ", "))
      }
      shape = parsed
    case "--views":
      guard let parsed = Int(rest[1]), parsed > 1 else { fail("--views takes a count above 1") }
      views = parsed
    case "--runs":
      guard let parsed = Int(rest[1]), parsed > 0 else { fail("--runs takes a positive count") }
      runs = parsed
    default: fail("unknown argument \(first)")
    }
    rest.removeFirst(2)
  }
  print(CliffBenchmark.run(shape, views: views, runs: runs, scaling: scaling))
case "explain":
  var megabytes = 10.0
  var runs = 3
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--megabytes": megabytes = Double(rest[1]) ?? megabytes
    case "--runs": runs = Int(rest[1]) ?? runs
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(ExplainBenchmark.run(megabytes: megabytes, runs: runs))
case "mirror":
  var views = 10000
  var runs = 5
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--views": views = Int(rest[1]) ?? views
    case "--runs": runs = Int(rest[1]) ?? runs
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(MirrorBenchmark.run(views: views, runs: runs))
case "live":
  var views = 1000
  var edits = 50
  var place = KeystrokePlace.constraint
  var directions = WritingDirections.both
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--views": views = Int(rest[1]) ?? views
    case "--edits": edits = Int(rest[1]) ?? edits
    case "--in": place = KeystrokePlace(rawValue: rest[1]) ?? place
    case "--direction": directions = parseDirections(rest[1])
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(LiveBenchmark.run(views: views, edits: edits, place: place, directions: directions))
case "lsp":
  var views = 1000
  var edits = 100
  var place = KeystrokePlace.constraint
  var cycles = 0
  var directions = WritingDirections.both
  // The plumb executable next to this one, unless told otherwise.
  var plumb = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("plumb").path
  var rest = Array(arguments.dropFirst())
  while rest.count >= 2 {
    switch rest[0] {
    case "--views": views = Int(rest[1]) ?? views
    case "--edits": edits = Int(rest[1]) ?? edits
    case "--plumb": plumb = rest[1]
    case "--in": place = KeystrokePlace(rawValue: rest[1]) ?? place
    case "--cycles": cycles = max(Int(rest[1]) ?? cycles, 0)
    case "--direction": directions = parseDirections(rest[1])
    default: fail("unknown argument \(rest[0])")
    }
    rest.removeFirst(2)
  }
  if !rest.isEmpty { fail("unknown argument \(rest[0])") }
  print(
    LanguageServerBenchmark.run(
      views: views, edits: edits, plumb: plumb, place: place, cycles: cycles, directions: directions))
default:
  fail("unknown benchmark \(command); try: plumb-bench solver --variant rows --n 1000")
}
