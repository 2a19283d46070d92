/// The help texts of the command line.
enum Help {
  static let commands = ["check", "frames", "render", "constraints", "fmt", "explain", "lsp", "help"]

  static let overview = """
    plumb \(plumbVersion): Auto Layout's checks for any editor and any CI.

    Usage: plumb COMMAND [OPTIONS]

    Commands:
      check [PATH…]        check layout, Interface Builder and source files; print every diagnostic
      frames FILE          print the solved frame of every view, in every canvas and direction
      render FILE          draw the solved layout and its findings as SVG
      constraints FILE     list every constraint a file lowers to
      fmt [PATH…]          format layout files in place (--check lists those it would change)
      explain [FILE]       explain UIKit's "Unable to simultaneously satisfy constraints" log
      lsp                  run the language server on standard input and output
      help [COMMAND]       show help for a command

    Options:
      --version            print the version
      --help               show this help

    Files: .layout (the layout language), .vfl (Visual Format strings, one per line),
    .storyboard and .xib (Interface Builder), .swift, .m and .mm (their Visual Format strings).
    Run 'plumb help COMMAND' for a command's options.

    """

  static func text(for topic: String) -> String? {
    switch topic {
    case "check": check
    case "frames": frames
    case "render": render
    case "constraints": constraints
    case "fmt": fmt
    case "explain": explain
    case "lsp": lsp
    case "help": overview
    default: nil
    }
  }

  static let check = """
    Usage: plumb check [PATH…] [--format FORMAT] [-o FILE] [--color WHEN] [--strict] [--canvas NAME]
                       [--ignore CODE[,CODE…]]… [--config FILE]
                       [--baseline FILE] [--write-baseline FILE] [--quiet] [--watch]
                       [--vfl-function NAME[:OPTIONS]]… [--shard I/N]

    Checks .layout and .vfl files, Interface Builder .storyboard and .xib files, and the
    Visual Format strings of Swift and Objective-C code (.swift, .m, .mm). A directory is
    searched recursively, skipping hidden folders; '-' reads one .layout document from
    standard input. With no path, the current directory is checked. Each file's
    configuration is the nearest .plumb.json above it (docs/configuration.md); by default
    it leaves out Pods, Carthage, .build and DerivedData.

    Options:
      --format FORMAT   text (default; compiler style 'path:line:col: error: message [code]'),
                        json (the shape in docs/cli.md), sarif (SARIF 2.1.0), github
                        (workflow commands), gitlab (Code Quality), junit, checkstyle or
                        html (one page with the findings and pictures of the layouts that
                        have them, docs/render.md)
      -o, --output FILE write the report to FILE instead of standard output
      --color WHEN      auto (default: on a terminal, unless NO_COLOR is set or TERM=dumb),
                        always or never
      --strict          warnings fail the check too
      --canvas NAME     only report findings in the canvas NAME (and those about the text)
      --ignore CODES    leave out the findings of these codes (comma-separated, repeatable;
                        e.g. --ignore xcode-marker); they do not count for the exit status
      --config FILE     read the configuration from FILE instead of the .plumb.json files
      --baseline FILE   leave out the findings FILE records (matched by file, code and
                        subject, not by line)
      --write-baseline FILE
                        record this run's findings in FILE, and print nothing else
      --quiet           no summary line, and no messages about the run on standard error
      --watch           check again the files that change, until interrupted
      --vfl-function NAME[:views=LABEL][,positional=PREFIX]
                        a function of the project whose first argument is a Visual Format
                        string, checked as UIKit's method (repeatable): its views dictionary
                        is labelled 'views' (or LABEL); with positional=PREFIX the views
                        follow that label, named PREFIX0, PREFIX1, … (docs/vfl-in-code.md)
      --shard I/N       check only the I-th of N parts of the files (split by a hash of
                        each path relative to the current directory; the N parts together
                        are one run)
      --help            show this help

    Exit status: 0 no errors, 1 some file has an error (or a warning, with --strict),
    2 a usage error or a file that cannot be read.

    """

  static let frames = """
    Usage: plumb frames FILE [--canvas NAME] [--direction ltr|rtl] [--format text|json]

    Solves FILE and prints every view's frame, as UIKit describes frames: relative to the
    superview, 'frame = (x y; w h)'. There is one layout per canvas and writing direction
    the file checks; ambiguous views are marked with the axes that are not determined and
    the values their open parts can take ('AMBIGUOUS horizontal (x from 16 to 359)').

    Options:
      --canvas NAME     only the canvas NAME
      --direction DIR   only left-to-right (ltr) or right-to-left (rtl)
      --format FORMAT   text (default) or json (the shape in docs/cli.md)
      --help            show this help

    Exit status: 0, or 1 when the file has errors (the frames are still printed: a
    statement with an error contributes no constraint), 2 for a usage error or a file that
    cannot be read.

    """

  static let render = """
    Usage: plumb render FILE [--canvas NAME] [--direction ltr|rtl] [-o OUT.svg] [--constraints]
                        [--config FILE]

    Solves FILE and draws it as SVG: one panel per canvas and writing direction (every
    scene of a storyboard or xib), each view's frame to scale with its name. Views with
    findings carry the finding's code as a class and are drawn apart: conflicts in
    vermilion with the broken constraint crossed out, ambiguous views dashed with another
    frame they could have and the stretch they can take shaded, a misplaced view's saved
    frame dotted, views outside their superview pointed to from the canvas's edge
    (docs/render.md).

    Options:
      --canvas NAME     only the canvas NAME
      --direction DIR   only left-to-right (ltr) or right-to-left (rtl)
      -o, --output FILE write the SVG to FILE instead of standard output
      --constraints     draw every constraint the file writes, with its constant
      --config FILE     read the configuration from FILE instead of the .plumb.json above
                        FILE (the findings drawn are those check reports)
      --help            show this help

    Exit status: 0, or 1 when the file has errors (the picture is still drawn: a
    statement with an error contributes no constraint), 2 for a usage error or a file
    that cannot be read or written.

    """

  static let lsp = """
    Usage: plumb lsp

    Runs the language server: JSON-RPC with Content-Length framing on standard input and
    output, as every LSP client expects. Standard output carries only protocol messages;
    logs go to standard error. Protocol/README.md lists what the server offers, its
    settings and its custom requests.

    Exit status: 0 after 'shutdown' and 'exit', 1 when the client exits or closes the
    input without 'shutdown'.

    """

  static let fmt = """
    Usage: plumb fmt [PATH…] [--check]

    Formats .layout and .vfl files in place, as the language server formats them: each line
    indented by two spaces per enclosing view body, no spaces or tabs at the end of a line,
    lines of only white space emptied. Line endings are kept and nothing else changes, so the
    constraints a file means stay the same. A directory is searched recursively; '-' formats
    standard input (a .layout document) to standard output. With no path, the current
    directory is formatted.

    A file with syntax errors is left as it is, and its errors go to standard error.
    Interface Builder files (.storyboard, .xib) are skipped: their XML is Xcode's to write.

    Options:
      --check           write nothing; list the files formatting would change, one per line
      --help            show this help

    Exit status: 0 when every file is formatted, 1 when some file is not (with --check) or
    has syntax errors, 2 for a usage error or a file that cannot be read or written.

    """

  static let explain = """
    Usage: plumb explain [FILE|-] [--format text|json] [--emit-layout FILE] [--conflict N]

    Reads console output with UIKit's (or AppKit's) "Unable to simultaneously satisfy
    constraints" reports, as pasted: one or many, among other log lines, with log
    prefixes, indentation or Markdown quoting, or cut short. Each listed constraint is read
    as an equation and the list is solved again: the minimal set of constraints that cannot
    hold together, the arithmetic of the clash, whether the constraint UIKit broke is in
    that set, the likely cause and the fix. With no FILE (or '-'), reads standard input.

    Options:
      --format FORMAT     text (default) or json (the shape in docs/explain.md)
      --emit-layout FILE  write the conflict as a .layout file that 'plumb check' reports
                          as the same conflict ('-' writes it to standard output instead
                          of the explanation); the first conflict found, or --conflict N
      --conflict N        only the N-th report of the log (from 1)
      --help              show this help

    Exit status: 0 when the input holds a conflict report (whatever it shows), 1 when it
    holds none (empty, not text, or no report), 2 for a usage error or a file that cannot
    be read or written.

    """

  static let constraints = """
    Usage: plumb constraints FILE [--format text|json] [--implicit]

    Lists every constraint FILE lowers to, in order, in NSLayoutConstraint's own terms:
    Visual Format strings in UIKit's item and emission order, explicit constraints, and the
    hugging and compression-resistance constraints of intrinsic sizes.

    Options:
      --format FORMAT   text (default; reads like UIKit's constraint descriptions) or json
      --implicit        also list what the layout generates that the file does not write:
                        stack views' constraints (with UIKit's UISV- identifiers), sizes
                        >= 0, the root fixed to each canvas, and where stack views' layout
                        guides rest
      --help            show this help

    Exit status: 0 when the file has no error, 1 when it has (the constraints that could be
    lowered are still listed; the errors go to standard error), 2 for a usage error or a
    file that cannot be read.

    """
}
