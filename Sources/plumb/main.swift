import Foundation
import PlumbCLI

// A closed pipe must not kill the process: writes fail and the command ends normally.
signal(SIGPIPE, SIG_IGN)
exit(Plumb.run(Array(CommandLine.arguments.dropFirst()), io: .process))
