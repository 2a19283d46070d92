import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `plumb-bench tree --files N [--runs K] [--format FORMAT] [--plumb PATH] [--tree DIR]`:
/// `plumb check` of a generated project of N files of every kind Plumb reads, run as a child
/// process (the real `plumb`, next to this one unless `--plumb` names another), reporting its
/// wall time, its processor time and its peak resident memory (`wait4`'s `ru_maxrss`, the
/// kernel's high-water mark of the child alone).
///
/// The tree mixes, in folders of 100: `.layout` forms of 20–80 views (45%), `.vfl` files of
/// 5–20 lines (25%), `.xib` files of one view with 3–10 rows (15%, 6–20 KB) and `.storyboard`
/// files of 1–4 scenes of 4–12 rows each (15%, 10–120 KB).
/// Every file is fully constrained except one in ten, which has an ambiguous view, and one in
/// thirteen, which has a conflict, so that every format has findings to write. The output's
/// size and an FNV-1a hash of its bytes are printed, so two builds can be compared for the
/// same bytes. `--tree DIR` writes the files there and keeps them.
enum TreeBenchmark {
  enum Kind: CaseIterable {
    case layout, vfl, xib, storyboard
  }

  /// The kind of the file at `index`, by a fixed pattern of 20.
  static func kind(of index: Int) -> Kind {
    switch index % 20 {
    case 0..<9: .layout
    case 9..<14: .vfl
    case 14..<17: .xib
    default: .storyboard
    }
  }

  /// A small deterministic generator, so every run writes the same tree.
  struct Random {
    var state: UInt64
    mutating func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = Int((state >> 33) % UInt64(range.count))
      return range.lowerBound + value
    }
  }

  // MARK: - Layout and Visual Format files

  static func layoutFile(index: Int, random: inout Random) -> String {
    let views = random.next(20...80)
    let rows = (views + 3) / 4
    var text = "# Generated form \(index): \(views) views in rows of four.\n"
    text += "canvas phone 390x\(16 + 48 * rows + 16)\ncanvas wide 844x\(16 + 48 * rows + 16)\n"
    text += "metric gap = 8\nmetric row = 44\n\n"
    for view in 0..<views {
      text += view % 4 == 0 ? "label field\(view) intrinsic 80x21\n" : "view field\(view)\n"
    }
    text += "\n"
    let ambiguous = index % 10 == 3
    let conflicting = index % 13 == 5
    for row in 0..<rows {
      let first = row * 4
      let last = min(first + 4, views) - 1
      var format = "H:|-gap-[field\(first)]"
      if last > first {
        for view in (first + 1)...last {
          let width = ambiguous && row == 0 && view == last ? "" : "(==field\(first + (first + 1 == last ? 0 : 1)))"
          format += view == first + 1 ? "-gap-[field\(view)]" : "-gap-[field\(view)\(width)]"
        }
      }
      format += "-gap-|"
      text += format + "\n"
      for view in first...last {
        text += "V:|-\(16 + 48 * row)-[field\(view)(row)]\n"
      }
    }
    if conflicting { text += "field0.width == 300\nfield0.width == 120\n" }
    return text
  }

  static func vflFile(index: Int, random: inout Random) -> String {
    let lines = random.next(5...20)
    var text = "# Generated Visual Format file \(index).\ncanvas phone 375x\(16 + 40 * lines)\nmetric pad = 12\n"
    for line in 0..<lines {
      let width = index % 10 == 7 && line == 0 ? "" : "(>=40)"
      text += "H:|-pad-[name\(line)(120)]-8-[value\(line)\(width)]-pad-|\n"
      text += "V:|-\(8 + 40 * line)-[name\(line)(32)]\nV:|-\(8 + 40 * line)-[value\(line)(32)]\n"
    }
    if index % 13 == 5 { text += "H:[name0(200)]\n" }
    return text
  }

  // MARK: - Interface Builder files

  /// The `<subviews>` and `<constraints>` of a form of `rows` rows in a `width`-point container
  /// whose id is `root`: a label and a field a row, every frame the one its constraints give.
  static func form(
    prefix: String, root: String, rows: Int, width: Int, indent: String, ambiguous: Bool, conflicting: Bool
  ) -> (subviews: String, constraints: String) {
    var subviews = ""
    var constraints = ""
    var constraintNumber = 0
    func constraint(_ attributes: String) {
      constraintNumber += 1
      constraints += "\(indent)    <constraint \(attributes) id=\"\(prefix)-ct-\(constraintNumber)\"/>\n"
    }
    for row in 0..<rows {
      let label = "\(prefix)-lb-\(row)"
      let field = "\(prefix)-fd-\(row)"
      let y = 20 + 52 * row
      subviews += """
        \(indent)    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" \
        verticalHuggingPriority="251" text="Setting \(row)" textAlignment="natural" lineBreakMode="tailTruncation" \
        baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(label)">
        \(indent)        <rect key="frame" x="20" y="\(y)" width="120" height="21"/>
        \(indent)        <fontDescription key="fontDescription" type="system" pointSize="17"/>
        \(indent)        <nil key="textColor"/>
        \(indent)        <nil key="highlightedColor"/>
        \(indent)    </label>
        \(indent)    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(field)" userLabel="Field \(row)">
        \(indent)        <rect key="frame" x="150" y="\(y - 6)" width="\(width - 170)" height="33"/>
        \(indent)        <color key="backgroundColor" systemColor="secondarySystemBackgroundColor"/>
        \(indent)    </view>

        """
      constraint("firstItem=\"\(label)\" firstAttribute=\"leading\" secondItem=\"\(root)\" secondAttribute=\"leading\" constant=\"20\"")
      constraint("firstItem=\"\(label)\" firstAttribute=\"top\" secondItem=\"\(root)\" secondAttribute=\"top\" constant=\"\(y)\"")
      constraint("firstItem=\"\(label)\" firstAttribute=\"width\" constant=\"120\"")
      constraint("firstItem=\"\(label)\" firstAttribute=\"height\" constant=\"21\"")
      constraint(
        "firstItem=\"\(field)\" firstAttribute=\"leading\" secondItem=\"\(label)\" secondAttribute=\"trailing\" constant=\"10\"")
      constraint("firstAttribute=\"trailing\" secondItem=\"\(field)\" secondAttribute=\"trailing\" constant=\"20\"")
      constraint("firstItem=\"\(field)\" firstAttribute=\"top\" secondItem=\"\(label)\" secondAttribute=\"top\" constant=\"-6\"")
      if !(ambiguous && row == rows / 2) {
        constraint("firstItem=\"\(field)\" firstAttribute=\"height\" constant=\"33\"")
      }
      if conflicting && row == 0 {
        constraint("firstItem=\"\(label)\" firstAttribute=\"width\" constant=\"90\"")
      }
    }
    return (subviews, constraints)
  }

  static func xibFile(index: Int, random: inout Random) -> String {
    let rows = random.next(3...10)
    let prefix = "X\(index)"
    let root = "\(prefix)-rv-0"
    let height = 40 + 52 * rows
    let parts = form(
      prefix: prefix, root: root, rows: rows, width: 375, indent: "            ", ambiguous: index % 10 == 4,
      conflicting: index % 13 == 6)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" \
      targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
      useSafeAreas="YES" colorMatched="YES">
          <device id="retina4_7" orientation="portrait" appearance="light"/>
          <objects>
              <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
              <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
              <view contentMode="scaleToFill" id="\(root)" userLabel="Settings \(index)">
                  <rect key="frame" x="0.0" y="0.0" width="375" height="\(height)"/>
                  <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                  <subviews>
      \(parts.subviews)            </subviews>
                  <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                  <constraints>
      \(parts.constraints)            </constraints>
                  <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
              </view>
          </objects>
      </document>

      """
  }

  static func storyboardFile(index: Int, random: inout Random) -> String {
    let scenes = random.next(1...4)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" \
      targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
      useSafeAreas="YES" colorMatched="YES" initialViewController="S\(index)s0-vc-0">
          <device id="retina6_1" orientation="portrait" appearance="light"/>
          <scenes>

      """
    for scene in 0..<scenes {
      let prefix = "S\(index)s\(scene)"
      let root = "\(prefix)-rv-0"
      let rows = random.next(4...12)
      let parts = form(
        prefix: prefix, root: root, rows: rows, width: 414, indent: "                            ",
        ambiguous: index % 10 == 5 && scene == 1, conflicting: index % 13 == 7 && scene == 0)
      text += """
                <!--Screen \(scene)-->
                <scene sceneID="\(prefix)-sc-0">
                    <objects>
                        <viewController title="Screen \(scene)" id="\(prefix)-vc-0" customClass="Screen\(scene)ViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="\(root)">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
        \(parts.subviews)                            </subviews>
                                <viewLayoutGuide key="safeArea" id="\(prefix)-sa-0"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                <constraints>
        \(parts.constraints)                            </constraints>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="\(prefix)-fr-0" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="\(scene * 500)" y="0.0"/>
                </scene>

        """
    }
    text += """
          </scenes>
          <resources>
              <systemColor name="systemBackgroundColor">
                  <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
              </systemColor>
              <systemColor name="secondarySystemBackgroundColor">
                  <color red="0.94901960784313721" green="0.94901960784313721" blue="0.96862745098039216" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
              </systemColor>
          </resources>
      </document>

      """
    return text
  }

  /// Writes the tree under `root`; returns the bytes written by kind.
  static func write(files: Int, to root: URL) -> [Kind: (files: Int, bytes: Int)] {
    var random = Random(state: 0x5EED)
    var written: [Kind: (files: Int, bytes: Int)] = [:]
    for index in 0..<files {
      let folder = root.appendingPathComponent("Module\(index / 100)")
      if index % 100 == 0 { try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
      let kind = kind(of: index)
      let (name, text): (String, String) =
        switch kind {
        case .layout: ("Form\(index).layout", layoutFile(index: index, random: &random))
        case .vfl: ("Lines\(index).vfl", vflFile(index: index, random: &random))
        case .xib: ("Settings\(index).xib", xibFile(index: index, random: &random))
        case .storyboard: ("Main\(index).storyboard", storyboardFile(index: index, random: &random))
        }
      _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(text.utf8))
      let before = written[kind] ?? (0, 0)
      written[kind] = (before.files + 1, before.bytes + text.utf8.count)
    }
    return written
  }

  /// Runs `plumb` with `arguments`, its standard output to `output`; its exit status, peak
  /// resident memory in KiB, wall time in milliseconds and processor time (user and system,
  /// all threads) in milliseconds, which a busy machine disturbs less than the wall time.
  static func runChild(_ plumb: String, _ arguments: [String], output: String)
    -> (status: Int32, peakKiB: Int, milliseconds: Double, cpuMilliseconds: Double)?
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([plumb] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, plumb, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return (exitStatus, Int(usage.ru_maxrss), elapsed, milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime))
  }

  static func fnv1a(_ bytes: Data) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func run(files: Int, runs: Int, format: String, plumb: String, tree: String?) -> String {
    let root =
      tree.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-tree-\(getpid())")
    defer { if tree == nil { try? FileManager.default.removeItem(at: root) } }
    let written = write(files: files, to: root)
    let output = root.path + ".out"
    defer { try? FileManager.default.removeItem(atPath: output) }
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var peaks: [Int] = []
    var status: Int32 = 0
    for _ in 0..<max(runs, 1) {
      guard let result = runChild(plumb, ["check", root.path, "--format", format], output: output) else {
        return "{\"error\":\"cannot run \(plumb)\"}"
      }
      status = result.status
      times.append(result.milliseconds)
      cpuTimes.append(result.cpuMilliseconds)
      peaks.append(result.peakKiB)
    }
    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
    let inputBytes = written.values.reduce(0) { $0 + $1.bytes }
    let kinds = Kind.allCases.map { kind in
      let entry = written[kind] ?? (0, 0)
      return "\"\(kind)\":{\"files\":\(entry.files),\"megabytes\":\(jsonNumber(Double(entry.bytes) / 1_048_576))}"
    }.joined(separator: ",")
    let peak = Double(peaks.max() ?? 0) / 1024
    return "{\"benchmark\":\"tree\",\"files\":\(files),\"format\":\"\(format)\",\"megabytes\":"
      + "\(jsonNumber(Double(inputBytes) / 1_048_576)),\"kinds\":{\(kinds)},\"status\":\(status),"
      + "\"output_bytes\":\(bytes.count),\"output_fnv1a\":\"\(fnv1a(bytes))\",\"check_ms\":\(jsonNumber(median(times))),"
      + "\"cpu_ms\":\(jsonNumber(median(cpuTimes))),"
      + "\"peak_rss_mb\":\(jsonNumber(peak)),\"peak_rss_mb_runs\":[\(peaks.map { jsonNumber(Double($0) / 1024) }.joined(separator: ","))],"
      + "\"budget_mb\":\(jsonNumber(30 * Double(inputBytes) / 1_048_576 + 50)),\"runs\":\(times.count)}"
  }
}
