import EditorFeatures
import JSONRPC
import LayoutSyntax

/// The JSON of a solved layout's frames: the one encoder of `plumb frames --format json` and
/// of the server's `plumb/frames`, which have the same shape (docs/cli.md, Protocol/README.md).
public enum FramesJSON {
  /// The version of the shape: fields may be added, but none is renamed or removed without a
  /// new version.
  public static let version = 1

  /// `{version, file, documentVersion?, layouts: [{canvas, width, height, traits, direction, views}]}`,
  /// each view `{name, superview, frame, alignment, ambiguous, guide?, ranges?}`. `documentVersion` is the
  /// server's, left out when nil.
  public static func encode(_ frames: LayoutFrames, file: String, documentVersion: Int? = nil) -> JSONValue {
    let layouts: [JSONValue] = frames.places.map { place in
      .object([
        ("canvas", .string(place.place.canvas.name)),
        ("width", .number(place.place.canvas.width)),
        ("height", .number(place.place.canvas.height)),
        ("traits", .string(place.place.canvas.traits.description)),
        ("direction", .string(place.place.direction.rawValue)),
        ("views", .array(place.views.map(view))),
      ])
    }
    var members: [(String, JSONValue)] = [("version", .int(version)), ("file", .string(file))]
    if let documentVersion { members.append(("documentVersion", .int(documentVersion))) }
    members.append(("layouts", .array(layouts)))
    return .object(members)
  }

  private static func view(_ view: ViewFrame) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(view.name)),
      ("superview", .string(view.superview)),
      ("frame", rect(view.frame)),
      ("alignment", rect(view.alignment)),
      ("ambiguous", .array(view.ambiguousAxisNames.map { .string($0) })),
    ]
    // Added in version 1, only for an ambiguous view whose ranges the solver found: the
    // values each open part of the frame can take, `{min, max}`, null for an unbounded end.
    // Added in version 1, only for a layout guide: `"guide": true`.
    if view.isLayoutGuide { members.append(("guide", .bool(true))) }
    let ranges = view.ambiguousRanges
    if !ranges.isEmpty { members.append(("ranges", .object(ranges.map { ($0.field, value($0.range)) }))) }
    return .object(members)
  }

  private static func value(_ range: FrameRange) -> JSONValue {
    .object([
      ("min", range.lowest.map { .number(rounded($0)) } ?? .null),
      ("max", range.highest.map { .number(rounded($0)) } ?? .null),
    ])
  }

  private static func rect(_ rect: Rect) -> JSONValue {
    .object([
      ("x", .number(rounded(rect.x))), ("y", .number(rounded(rect.y))), ("width", .number(rounded(rect.width))),
      ("height", .number(rounded(rect.height))),
    ])
  }

  /// Values to a millionth of a point, so rounding noise (1e-13) does not show; never -0.
  /// JSON carries no infinity or NaN, and a frame value is never null: an infinite value
  /// (the layout's numbers overflowed) becomes the largest finite double of its sign and NaN
  /// becomes 0, and the layout's `inaccurate` finding says that the view's frame is not
  /// finite (docs/cli.md).
  static func rounded(_ value: Double) -> Double {
    guard value.isFinite else {
      return value.isNaN ? 0 : value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }
    // Beyond 1e9 a double holds no millionths to round away (and `value * 1e6` could overflow).
    guard abs(value) < 1e9 else { return value }
    let result = (value * 1_000_000).rounded() / 1_000_000
    return result == 0 ? 0 : result
  }
}
