import XCTest

/// The solver's answers through `referenceScenarioDigest` equal those of the solver before its
/// constraint records moved from a `Dictionary` into `RecordTable` and a row's rank from the row
/// to the tableau (commit 1c75bfa, release build): only the solver's own choices may change the
/// number, and no storage should.
final class SolverReferenceDigestTests: XCTestCase {
  func testAnswersEqualTheReferenceRun() {
    let (digest, problems) = referenceScenarioDigest(seeds: 0..<40)
    XCTAssertEqual(problems, [])
    XCTAssertEqual(digest, 15_615_526_495_553_870_335)
  }
}
