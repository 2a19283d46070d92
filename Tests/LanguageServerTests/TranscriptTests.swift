import Foundation
import TestSupport
import XCTest

/// Every `Tests/Fixtures/lsp/*.transcript`, run in process.
final class TranscriptTests: XCTestCase {
  func testTranscripts() throws {
    let files = fixtureFiles(in: fixturesDirectory("lsp"), extensions: ["transcript"])
    XCTAssertFalse(files.isEmpty, "no transcripts found")
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let transcript: Transcript
      do {
        transcript = try Transcript(text)
      } catch {
        XCTFail("\(file.lastPathComponent): \(error)")
        continue
      }
      runTranscript(transcript, name: file.lastPathComponent)
    }
  }
}
