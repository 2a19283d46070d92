import ConstraintLog
import Foundation

/// `plumb-bench explain --megabytes N [--runs K]`: reads, explains and writes a generated
/// console log of about N MB (default 10) of conflict reports among other log lines.
enum ExplainBenchmark {
  /// A log of at least `bytes` bytes: reports of the usual shapes (a cell's height against a
  /// chain, an autoresizing mask, a hidden arranged view, margins guides, a cut list), with
  /// other log lines between them and every address distinct.
  static func generate(bytes: Int) -> String {
    var text = ""
    text.reserveCapacity(bytes + 4096)
    var number = 0
    func address(_ offset: Int) -> String { "0x6000" + String(number * 16 + offset, radix: 16) }
    func view(_ offset: Int) -> String { "0x7f8a" + String(number * 16 + offset, radix: 16) }
    let footer = """
      Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
      The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.

      """
    let help = """
      \tProbably at least one of the constraints in the following list is one you don't want. 
      \tTry this: 
      \t\t(1) look at each constraint and try to figure out which you don't expect; 
      \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 

      """
    while text.utf8.count < bytes {
      number += 1
      let prefix = "2026-03-02 10:14:07.\(100_000 + number % 900_000)+0100 App[4120:88213] "
      text += prefix + "[Networking] request \(number) finished in \(number % 97) ms\n"
      text += prefix + "[LayoutConstraints] Unable to simultaneously satisfy constraints.\n" + help + "(\n"
      switch number % 5 {
      case 0:
        text += """
              "<NSLayoutConstraint:\(address(1)) V:|-(8)-[UIImageView:\(view(1))]   (active, names: '|':UITableViewCellContentView:\(view(2)) )>",
              "<NSLayoutConstraint:\(address(2)) UIImageView:\(view(1)).height == \(100 + number % 200)   (active)>",
              "<NSLayoutConstraint:\(address(3)) V:[UIImageView:\(view(1))]-(8)-|   (active, names: '|':UITableViewCellContentView:\(view(2)) )>",
              "<NSLayoutConstraint:\(address(4)) 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:\(view(2)).height == 44   (active)>"
          )

          Will attempt to recover by breaking constraint 
          <NSLayoutConstraint:\(address(2)) UIImageView:\(view(1)).height == \(100 + number % 200)   (active)>


          """
      case 1:
        text += """
              "<NSAutoresizingMaskLayoutConstraint:\(address(1)) h=--& v=--& App.BannerView:\(view(1)).width == 0   (active)>",
              "<NSLayoutConstraint:\(address(2)) H:|-(16)-[UILabel:\(view(2))'Item \(number)']   (active, names: '|':App.BannerView:\(view(1)) )>",
              "<NSLayoutConstraint:\(address(3)) H:[UILabel:\(view(2))'Item \(number)']-(16)-|   (active, names: '|':App.BannerView:\(view(1)) )>"
          )

          Will attempt to recover by breaking constraint 
          <NSLayoutConstraint:\(address(3)) H:[UILabel:\(view(2))'Item \(number)']-(16)-|   (active, names: '|':App.BannerView:\(view(1)) )>


          """
      case 2:
        text += """
              "<NSLayoutConstraint:\(address(1)) App.NoteView:\(view(1)).height == 44   (active)>",
              "<NSLayoutConstraint:\(address(2)) 'UISV-hiding' App.NoteView:\(view(1)).height == 0   (active)>"
          )

          Will attempt to recover by breaking constraint 
          <NSLayoutConstraint:\(address(1)) App.NoteView:\(view(1)).height == 44   (active)>


          """
      case 3:
        text += """
              "<NSLayoutConstraint:\(address(1)) UILabel:\(view(1))'Title'.top == UITableViewCellContentView:\(view(2)).topMargin   (active)>",
              "<NSLayoutConstraint:\(address(2)) V:[UILabel:\(view(1))'Title']-(12)-[UITextView:\(view(3))]   (active)>",
              "<NSLayoutConstraint:\(address(3)) UITextView:\(view(3)).height >= 80   (active)>",
              "<NSLayoutConstraint:\(address(4)) UITableViewCellContentView:\(view(2)).bottomMargin == UITextView:\(view(3)).bottom   (active)>",
              "<NSLayoutConstraint:\(address(5)) 'UIView-bottomMargin-guide-constraint' V:[UILayoutGuide:\(view(4))'UIViewLayoutMarginsGuide']-(11)-|   (active, names: '|':UITableViewCellContentView:\(view(2)) )>",
              "<NSLayoutConstraint:\(address(6)) 'UIView-topMargin-guide-constraint' V:|-(11)-[UILayoutGuide:\(view(4))'UIViewLayoutMarginsGuide']   (active, names: '|':UITableViewCellContentView:\(view(2)) )>",
              "<NSLayoutConstraint:\(address(7)) 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:\(view(2)).height == 100   (active)>"
          )

          Will attempt to recover by breaking constraint 
          <NSLayoutConstraint:\(address(3)) UITextView:\(view(3)).height >= 80   (active)>


          """
      default:
        text += """
              "<NSLayoutConstraint:\(address(1)) UIStackView:\(view(1)).leading == UITableViewCellContentView:\(view(2)).leadingMargin   (active)>",
              "<NSLayoutConstraint:\(address(2)) UIStackView:\(view(1)).trailing == UITableViewCellContentView:\(view(2)).trailingMargin   (active)>",
              "<NSLayoutConstraint:\(address(3)) '_UITemporaryLayoutWidth' UITableViewCellContentView:\(view(2)).width == 0   (active)>",

          """
        continue
      }
      text += footer
    }
    return text
  }

  /// CPU time of the process so far (every thread, user and system), in milliseconds.
  static func cpuMilliseconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
  }

  static func run(megabytes: Double, runs: Int) -> String {
    let bytes = Array(generate(bytes: Int(megabytes * 1_000_000)).utf8)
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var phases: [(read: Double, explain: Double, render: Double)] = []
    var blocks = 0
    var conflicts = 0
    var outputBytes = 0
    for _ in 0..<max(runs, 1) {
      let cpuStart = cpuMilliseconds()
      let start = DispatchTime.now().uptimeNanoseconds
      let log = LogReader.read(bytes)
      let read = DispatchTime.now().uptimeNanoseconds
      let report = Explainer.explain(log)
      let explained = DispatchTime.now().uptimeNanoseconds
      let text = ExplanationText.render(report)
      let end = DispatchTime.now().uptimeNanoseconds
      times.append(Double(end - start) / 1_000_000)
      cpuTimes.append(cpuMilliseconds() - cpuStart)
      phases.append(
        (Double(read - start) / 1_000_000, Double(explained - read) / 1_000_000, Double(end - explained) / 1_000_000))
      blocks = report.explanations.count
      conflicts = report.explanations.filter { $0.outcome == .conflict }.count
      outputBytes = text.utf8.count
    }
    let sorted = times.sorted()
    let median = sorted[sorted.count / 2]
    let phase = phases[times.firstIndex(of: median) ?? 0]
    return
      #"{"benchmark":"explain","bytes":\#(bytes.count),"reports":\#(blocks),"conflicts":\#(conflicts),"outputBytes":\#(outputBytes),"runs":\#(times.count),"medianMs":\#(String(format: "%.1f", median)),"medianCpuMs":\#(String(format: "%.1f", cpuTimes.sorted()[cpuTimes.count / 2])),"minMs":\#(String(format: "%.1f", sorted.first ?? 0)),"readMs":\#(String(format: "%.1f", phase.read)),"solveMs":\#(String(format: "%.1f", phase.explain)),"renderMs":\#(String(format: "%.1f", phase.render))}"#
  }
}
