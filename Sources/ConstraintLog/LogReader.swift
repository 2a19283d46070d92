import Foundation

/// Console output read for conflict reports: every block, and what kept the reader from
/// finding one.
public struct ParsedLog: Sendable {
  public var blocks: [ConflictBlock]
  /// Why nothing could be explained, when that is so.
  public var problem: InputProblem?
}

/// What is wrong with input that holds no conflict report.
public enum InputProblem: Equatable, Sendable {
  /// The input is empty or only white space.
  case empty
  /// More bytes than the reader takes.
  case tooLarge(bytes: Int, limit: Int)
  /// Mostly bytes that are not text.
  case binary
  /// Text, but no "Unable to simultaneously satisfy constraints" and no constraint entry.
  case noConflictLog
}

/// Finds the conflict reports in console output as people paste it: among other log lines,
/// with system-log prefixes, extra indentation, Markdown quoting and escaping, several
/// blocks back to back, and cut short anywhere.
public enum LogReader {
  /// The most bytes read (64 MiB); more is refused with a message rather than read.
  public static let byteLimit = 64 << 20

  public static func read(_ bytes: [UInt8], limit: Int = byteLimit) -> ParsedLog {
    if bytes.count > limit { return ParsedLog(blocks: [], problem: .tooLarge(bytes: bytes.count, limit: limit)) }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return ParsedLog(blocks: [], problem: .empty)
    }
    if looksBinary(bytes) { return ParsedLog(blocks: [], problem: .binary) }
    var reader = BlockBuilder()
    var lineNumber = 0
    var start = 0
    let count = bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      while start <= count {
        var end = start
        while end < count, buffer[end] != 0x0A { end += 1 }
        if end > start || end < count {
          reader.take(line: buffer, from: start, to: end, number: lineNumber)
        }
        lineNumber += 1
        start = end + 1
      }
    }
    reader.finish()
    // Entries are read after the blocks are found, on every core: each is read on its own.
    let pending = reader.pending
    let entries = parallelMap(count: pending.count, chunk: 128) { index in
      let entry = pending[index]
      return bytes.withUnsafeBufferPointer { BlockBuilder.entry($0, entry.start, entry.end, entry.line) }
    }
    var blocks = reader.blocks
    for (index, entry) in pending.enumerated() {
      if entry.isBroken {
        blocks[entry.block].broken = entries[index]
      } else {
        blocks[entry.block].entries.append(entries[index])
      }
    }
    return ParsedLog(blocks: blocks, problem: blocks.isEmpty ? .noConflictLog : nil)
  }

  public static func read(_ text: String) -> ParsedLog { read(Array(text.utf8)) }

  /// NUL bytes, or many bytes that are neither text nor UTF-8, in the first 64 KiB.
  static func looksBinary(_ bytes: [UInt8]) -> Bool {
    let sample = bytes.prefix(65_536)
    if sample.contains(0) { return true }
    let controls = sample.filter { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) || $0 == 0x7F }.count
    return controls * 10 > sample.count
  }

  /// A line made ready for reading: Markdown quote markers and escapes removed.
  static func clean(_ line: Substring) -> Substring {
    var text = line
    // Markdown quotes: `> ` (possibly repeated), then indentation.
    while true {
      text = text.drop { $0 == " " || $0 == "\t" }
      if text.hasPrefix(">"), !text.hasPrefix(">=") {
        text = text.dropFirst()
      } else {
        break
      }
    }
    guard text.utf8.contains(0x5C) else { return text }
    // Markdown escapes: a backslash before ASCII punctuation (`\<`, `\>`, `\_`, `\*`).
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previousBackslash = false
    for character in text {
      if previousBackslash {
        previousBackslash = false
        if let ascii = character.asciiValue, (0x21...0x2F).contains(ascii) || (0x3A...0x40).contains(ascii)
          || (0x5B...0x60).contains(ascii) || (0x7B...0x7E).contains(ascii)
        {
          result.append(character)
          continue
        }
        result.append("\\")
      }
      if character == "\\" {
        previousBackslash = true
      } else {
        result.append(character)
      }
    }
    if previousBackslash { result.append("\\") }
    return Substring(result)
  }
}

/// The state of reading lines into blocks.
struct BlockBuilder {
  var blocks: [ConflictBlock] = []
  var current: ConflictBlock?
  var expectingBroken = false
  /// Entries found and not read yet: the block (its index in `blocks` once closed), whether it
  /// is the broken constraint, and the bytes of its line.
  var pending: [(block: Int, isBroken: Bool, start: Int, end: Int, line: Int)] = []
  /// The entries of the current block so far (they are read later), to tell an empty list.
  var currentEntries = 0

  /// Records an entry of the current block, read later.
  mutating func note(_ start: Int, _ end: Int, _ line: Int, isBroken: Bool) {
    pending.append((block: blocks.count, isBroken: isBroken, start: start, end: end, line: line))
    if isBroken {
      current?.hasBroken = true
    } else {
      currentEntries += 1
    }
  }

  static let header = Array("Unable to simultaneously satisfy constraints".utf8)
  static let recovery = Array("Will attempt to recover by breaking constraint".utf8)

  mutating func take(line buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, number: Int) {
    // Most lines of a big log are neither headers nor entries: look at bytes first.
    let hasHeader = contains(buffer, start, end, Self.header)
    let hasRecovery = !hasHeader && contains(buffer, start, end, Self.recovery)
    let entryStart = findEntry(buffer, start, end)
    let hasPrivate = contains(buffer, start, end, Array("<private>".utf8))
    var trimmed = true
    var hasParen = false
    for index in start..<end {
      let byte = buffer[index]
      if byte == 0x28 || byte == 0x29 { hasParen = true }
      if byte != 0x20, byte != 0x09, byte != 0x0D, byte != 0x3E, byte != 0x28, byte != 0x29, byte != 0x22, byte != 0x60 {
        trimmed = false
      }
    }
    if hasHeader {
      close()
      var block = ConflictBlock(line: number)
      block.hasHeader = true
      let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
      block.isAppKit = text.contains("satisfy constraints:")
      current = block
      expectingBroken = false
      return
    }
    if hasRecovery {
      if current == nil || current?.sawRecoveryLine == true {
        close()
        current = ConflictBlock(line: number)
      }
      current?.sawRecoveryLine = true
      expectingBroken = true
      if let entryStart {
        note(entryStart, end, number, isBroken: true)
        expectingBroken = false
      } else if hasPrivate {
        current?.isRedacted = true
        expectingBroken = false
      }
      return
    }
    if hasPrivate, entryStart == nil {
      if current == nil { current = ConflictBlock(line: number) }
      current?.isRedacted = true
      expectingBroken = false
      return
    }
    if let entryStart {
      if expectingBroken {
        note(entryStart, end, number, isBroken: true)
        expectingBroken = false
        return
      }
      if current == nil || current?.sawRecoveryLine == true || current?.listClosed == true {
        close()
        current = ConflictBlock(line: number)
      }
      note(entryStart, end, number, isBroken: false)
      return
    }
    // `(` and `)` around the list (possibly with quote markers or indentation).
    if trimmed, hasParen, current != nil {
      var opens = false
      var closes = false
      for index in start..<end {
        if buffer[index] == 0x28 { opens = true }
        if buffer[index] == 0x29 { closes = true }
      }
      if opens, currentEntries == 0 { current?.listOpened = true }
      if closes, current?.listOpened == true || currentEntries > 0 { current?.listClosed = true }
    }
  }

  static func entry(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ number: Int) -> LogEntry {
    let raw = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    let cleaned = LogReader.clean(Substring(raw))
    guard let open = cleaned.firstIndex(of: "<") else {
      return .unreadable(line: number, text: String(cleaned), reason: "no '<' starts the entry")
    }
    return EntryParser.parse(cleaned[open...], line: number)
  }

  mutating func close() {
    if let current { blocks.append(current) }
    current = nil
    currentEntries = 0
    expectingBroken = false
  }

  mutating func finish() { close() }

  func contains(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ needle: [UInt8]) -> Bool {
    guard end - start >= needle.count, let first = needle.first else { return false }
    var index = start
    let last = end - needle.count
    while index <= last {
      if buffer[index] == first {
        var matched = true
        for offset in 1..<needle.count where buffer[index + offset] != needle[offset] {
          matched = false
          break
        }
        if matched { return true }
      }
      index += 1
    }
    return false
  }

  /// Where an entry starts: `<` (or `\<`), a class name, `:`, an optional space and `0x`.
  func findEntry(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
    var index = start
    while index < end {
      if buffer[index] == 0x3C {
        var cursor = index + 1
        while cursor < end, isNameByte(buffer[cursor]) { cursor += 1 }
        if cursor > index + 1, cursor < end, buffer[cursor] == 0x3A {
          cursor += 1
          if cursor < end, buffer[cursor] == 0x20 { cursor += 1 }
          if cursor + 1 < end, buffer[cursor] == 0x30, buffer[cursor + 1] == 0x78 {
            // Include a Markdown escape's backslash so that the cleaned line still starts the entry.
            return index > start && buffer[index - 1] == 0x5C ? index - 1 : index
          }
        }
      }
      index += 1
    }
    return nil
  }

  func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
      || byte == 0x2E || byte == 0x24
  }
}
