import LayoutAnalysis
import LayoutSyntax

/// How a picture is written.
public struct PictureStyle: Sendable {
  /// Prefixes every id the SVG defines, so that several pictures can share one HTML page.
  public var idPrefix: String
  /// The SVG's own title (a tooltip, and what a screen reader announces).
  public var title: String?
  /// Whether to write the `<?xml …?>` declaration (a standalone file) or not (inline in HTML).
  public var standalone: Bool
  /// The widest a row of panels may be, in pixels, before the next panel starts a new row.
  public var maximumRowWidth: Double

  public init(idPrefix: String = "plumb", title: String? = nil, standalone: Bool = true, maximumRowWidth: Double = 1600) {
    self.idPrefix = idPrefix
    self.title = title
    self.standalone = standalone
    self.maximumRowWidth = maximumRowWidth
  }
}

extension LayoutPicture {
  /// The picture as SVG text: each panel a labelled group, each view a
  /// `<g class="view CODE…" data-view="NAME">` with a `<title>`, its frame to scale and its
  /// name. The same picture gives the same text, byte for byte.
  public func svg(_ style: PictureStyle = PictureStyle()) -> String {
    var writer = PictureSVGWriter(style: style)
    return writer.write(self)
  }
}

/// The CSS of every picture: a palette that colour-blind readers tell apart (Okabe and Ito's),
/// with line styles that differ too, and its dark variant.
enum PictureCSS {
  static let text = """
    .plumb-layout{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:11px}
    .plumb-layout .background{fill:#ffffff}
    .plumb-layout text{fill:#1b1b1b}
    .plumb-layout .panel-title{font-size:12px;font-weight:600}
    .plumb-layout .panel-note{font-size:10px;fill:#555555}
    .plumb-layout .canvas-edge{fill:none;stroke:#444444;stroke-width:1.5}
    .plumb-layout .outside{fill:#f1f1f1}
    .plumb-layout .view>.frame{fill:#8a96a3;fill-opacity:.08;stroke:#5b6670;stroke-width:1}
    .plumb-layout .view.root>.frame{fill:#fafafa;fill-opacity:1;stroke:none}
    .plumb-layout .view>.alignment{fill:none;stroke:#5b6670;stroke-width:.75;stroke-dasharray:1 2}
    .plumb-layout .view.conflict>.frame,.plumb-layout .view.rtl-conflict>.frame{fill:#d55e00;fill-opacity:.16;stroke:#d55e00;stroke-width:2.5}
    .plumb-layout .view.ambiguous>.frame{fill:#0072b2;fill-opacity:.08;stroke:#0072b2;stroke-width:2;stroke-dasharray:6 3}
    .plumb-layout .view>.ghost{fill:none;stroke:#0072b2;stroke-width:1;stroke-dasharray:2 3;opacity:.7}
    .plumb-layout .view>.range{fill:#56b4e9;fill-opacity:.18;stroke:none}
    .plumb-layout .view.misplaced>.frame{stroke:#e69f00;stroke-width:2}
    .plumb-layout .view>.saved{fill:none;stroke:#e69f00;stroke-width:1.5;stroke-dasharray:1 3;stroke-linecap:round}
    .plumb-layout .view.offscreen>.frame{stroke:#cc79a7;stroke-width:2;stroke-dasharray:8 2 2 2}
    .plumb-layout .view>.pointer{stroke:#cc79a7;stroke-width:2;fill:none}
    .plumb-layout .view.zero-size>.frame{stroke:#009e73;stroke-width:3}
    .plumb-layout .view>.zero-mark{fill:#009e73}
    .plumb-layout .view.unsatisfied>.frame,.plumb-layout .view.content-priority-ambiguity>.frame,.plumb-layout .view.left-right>.frame,.plumb-layout .view.transformed>.frame,.plumb-layout .view.xcode-marker>.frame,.plumb-layout .view.inaccurate>.frame,.plumb-layout .view.extreme-value>.frame{stroke:#e69f00;stroke-width:2;stroke-dasharray:4 2}
    .plumb-layout .view.highlight>.frame{stroke-width:3.5}
    .plumb-layout .name{font-size:11px}
    .plumb-layout .name-bg{fill:#ffffff;fill-opacity:.8}
    .plumb-layout .strut>line{stroke:#0072b2;stroke-width:1}
    .plumb-layout .strut>text{fill:#0072b2;font-size:10px}
    .plumb-layout .strut.conflict-member>line{stroke:#d55e00;stroke-width:1.5}
    .plumb-layout .strut.conflict-member>text{fill:#d55e00}
    .plumb-layout .strut.broken>line{stroke:#d55e00;stroke-width:2.5;stroke-dasharray:5 3}
    .plumb-layout .strut.broken>text{fill:#d55e00;font-weight:700}
    .plumb-layout .strut>.cross{stroke:#d55e00;stroke-width:2.5}
    @media (prefers-color-scheme: dark){
    .plumb-layout .background{fill:#1e1e1e}
    .plumb-layout text{fill:#e8e8e8}
    .plumb-layout .panel-note{fill:#aaaaaa}
    .plumb-layout .canvas-edge{stroke:#bbbbbb}
    .plumb-layout .outside{fill:#2a2a2a}
    .plumb-layout .view>.frame{fill:#c8d0d8;stroke:#a9b3bd}
    .plumb-layout .view.root>.frame{fill:#262626}
    .plumb-layout .view>.alignment{stroke:#a9b3bd}
    .plumb-layout .view.conflict>.frame,.plumb-layout .view.rtl-conflict>.frame{fill:#ff8c42;stroke:#ff8c42}
    .plumb-layout .view.ambiguous>.frame{fill:#56b4e9;stroke:#56b4e9}
    .plumb-layout .view>.ghost{stroke:#56b4e9}
    .plumb-layout .view>.range{fill:#56b4e9;fill-opacity:.22}
    .plumb-layout .view.misplaced>.frame,.plumb-layout .view>.saved{stroke:#f0b840}
    .plumb-layout .view.offscreen>.frame,.plumb-layout .view>.pointer{stroke:#e69ac5}
    .plumb-layout .view.zero-size>.frame{stroke:#2bc49a}
    .plumb-layout .view>.zero-mark{fill:#2bc49a}
    .plumb-layout .name-bg{fill:#1e1e1e}
    .plumb-layout .strut>line{stroke:#56b4e9}
    .plumb-layout .strut>text{fill:#56b4e9}
    .plumb-layout .strut.conflict-member>line,.plumb-layout .strut.broken>line,.plumb-layout .strut>.cross{stroke:#ff8c42}
    .plumb-layout .strut.conflict-member>text,.plumb-layout .strut.broken>text{fill:#ff8c42}
    }
    """
}

/// Text as XML character data or an attribute value (SVG, HTML and the command line's XML
/// reports): markup characters as entities, line breaks and tabs as character references, and
/// the characters XML 1.0 cannot hold at all as U+FFFD.
public func xmlEscape(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&apos;"
    case "\n": result += "&#10;"
    case "\r": result += "&#13;"
    case "\t": result += "&#9;"
    default:
      let value = scalar.value
      if value < 0x20 || (0xFFFE...0xFFFF).contains(value) {
        result += "\u{FFFD}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result
}

/// A coordinate: rounded to hundredths, without trailing zeros.
func pictureNumber(_ value: Double) -> String {
  guard value.isFinite else { return "0" }
  let rounded = (value * 100).rounded() / 100
  return formatNumber(rounded == 0 ? 0 : rounded)
}

/// Labels placed so that none overlaps another: a grid of the boxes placed so far.
struct LabelPlacer {
  private var cells: [Int: [Rect]] = [:]
  private let cell = 64.0

  private func keys(_ box: Rect) -> [Int] {
    let x0 = Int((box.x / cell).rounded(.down)), x1 = Int(((box.x + box.width) / cell).rounded(.down))
    let y0 = Int((box.y / cell).rounded(.down)), y1 = Int(((box.y + box.height) / cell).rounded(.down))
    var result: [Int] = []
    for x in x0...max(x0, x1) {
      for y in y0...max(y0, y1) { result.append(x &* 100_003 &+ y) }
    }
    return result
  }

  func isFree(_ box: Rect) -> Bool {
    for key in keys(box) {
      for other in cells[key] ?? []
      where box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height
        && other.y < box.y + box.height
      {
        return false
      }
    }
    return true
  }

  mutating func take(_ box: Rect) {
    for key in keys(box) { cells[key, default: []].append(box) }
  }

  /// The first free box among `candidates`, taken; nil when every one overlaps a label.
  mutating func place(_ candidates: [Rect]) -> Rect? {
    for box in candidates where box.x.isFinite && box.y.isFinite && isFree(box) {
      take(box)
      return box
    }
    return nil
  }
}

/// Writes a `LayoutPicture` as SVG.
struct PictureSVGWriter {
  let style: PictureStyle
  var output = ""

  static let padding = 16.0
  static let header = 22.0
  static let fontSize = 11.0
  /// The largest a canvas is drawn: points are scaled down to fit, never up.
  static let box = (width: 360.0, height: 640.0)

  init(style: PictureStyle) {
    self.style = style
  }

  /// The width a label takes, estimated from its characters (wide ones count double).
  static func textWidth(_ text: String, size: Double = fontSize) -> Double {
    var units = 0.0
    for scalar in text.unicodeScalars {
      units += scalar.value >= 0x1100 ? 1.0 : (scalar.value < 0x80 && scalar.properties.isUppercase ? 0.68 : 0.56)
    }
    return units * size + 2
  }

  /// The area a panel shows, in canvas points: the canvas and the views around it, up to
  /// half the canvas's size (at least 40 points) beyond each edge.
  static func viewport(_ panel: PicturePanel) -> Rect {
    let reach = max(40, max(panel.width, panel.height) / 2)
    var minX = 0.0, minY = 0.0, maxX = max(panel.width, 1), maxY = max(panel.height, 1)
    for view in panel.views where view.isFinite {
      minX = min(minX, view.frame.x)
      minY = min(minY, view.frame.y)
      maxX = max(maxX, view.frame.x + view.frame.width)
      maxY = max(maxY, view.frame.y + view.frame.height)
      if let saved = view.savedFrame {
        minX = min(minX, saved.x)
        minY = min(minY, saved.y)
        maxX = max(maxX, saved.x + saved.width)
        maxY = max(maxY, saved.y + saved.height)
      }
    }
    minX = max(minX, -reach)
    minY = max(minY, -reach)
    maxX = min(maxX, panel.width + reach)
    maxY = min(maxY, panel.height + reach)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  mutating func write(_ picture: LayoutPicture) -> String {
    // Lay the panels out in rows.
    struct Placed {
      var panel: PicturePanel
      var viewport: Rect
      var scale: Double
      var x: Double
      var y: Double
      var width: Double
      var height: Double
    }
    var placed: [Placed] = []
    var x = 0.0, y = 0.0, rowHeight = 0.0, totalWidth = 0.0
    for panel in picture.panels {
      let viewport = Self.viewport(panel)
      let scale = min(1, Self.box.width / max(panel.width, 1), Self.box.height / max(panel.height, 1))
      let titleWidth = Self.textWidth(panel.title, size: 12)
      let width = max(viewport.width * scale, titleWidth, 120) + 2 * Self.padding
      let height = viewport.height * scale + Self.header + 2 * Self.padding
      if x > 0, x + width > style.maximumRowWidth {
        x = 0
        y += rowHeight
        rowHeight = 0
      }
      placed.append(Placed(panel: panel, viewport: viewport, scale: scale, x: x, y: y, width: width, height: height))
      x += width
      rowHeight = max(rowHeight, height)
      totalWidth = max(totalWidth, x)
    }
    let totalHeight = y + rowHeight
    let width = pictureNumber(max(totalWidth, 200)), height = pictureNumber(max(totalHeight, 40))
    if style.standalone { output += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" }
    output +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plumb-layout\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
    if let title = style.title { output += "<title>\(xmlEscape(title))</title>\n" }
    output += "<style>\n\(PictureCSS.text)\n</style>\n"
    let arrow = "\(style.idPrefix)-arrow"
    output +=
      "<defs><marker id=\"\(arrow)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
      + "orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"#cc79a7\"/></marker></defs>\n"
    output += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\"/>\n"
    if picture.panels.isEmpty {
      output += "<text x=\"16\" y=\"24\">No layout to draw</text>\n"
    }
    for (index, item) in placed.enumerated() {
      writePanel(
        item.panel, index: index, viewport: item.viewport, scale: item.scale, x: item.x, y: item.y, width: item.width,
        height: item.height, arrow: arrow)
    }
    output += "</svg>\n"
    return output
  }

  private mutating func writePanel(
    _ panel: PicturePanel, index: Int, viewport: Rect, scale: Double, x: Double, y: Double, width: Double,
    height: Double, arrow: String
  ) {
    let originX = x + Self.padding, originY = y + Self.padding + Self.header
    // Canvas points to picture pixels.
    func px(_ value: Double) -> Double { originX + (value - viewport.x) * scale }
    func py(_ value: Double) -> Double { originY + (value - viewport.y) * scale }
    func rect(_ r: Rect) -> Rect { Rect(x: px(r.x), y: py(r.y), width: r.width * scale, height: r.height * scale) }
    func attributes(_ r: Rect) -> String {
      // A rectangle with a negative size is drawn where it would be with its sign flipped.
      let x = r.width < 0 ? r.x + r.width : r.x, y = r.height < 0 ? r.y + r.height : r.y
      return "x=\"\(pictureNumber(x))\" y=\"\(pictureNumber(y))\" width=\"\(pictureNumber(abs(r.width)))\" "
        + "height=\"\(pictureNumber(abs(r.height)))\""
    }
    let clip = "\(style.idPrefix)-clip-\(index)"
    let area = Rect(x: originX, y: originY, width: viewport.width * scale, height: viewport.height * scale)
    let canvasRect = rect(Rect(x: 0, y: 0, width: panel.width, height: panel.height))
    output +=
      "<g class=\"panel\" data-canvas=\"\(xmlEscape(panel.canvas))\" data-direction=\"\(panel.direction.rawValue)\">\n"
    output +=
      "<text class=\"panel-title\" x=\"\(pictureNumber(x + Self.padding))\" y=\"\(pictureNumber(y + Self.padding + 12))\">"
      + "\(xmlEscape(panel.title))</text>\n"
    output += "<clipPath id=\"\(clip)\"><rect \(attributes(area))/></clipPath>\n"
    output += "<rect class=\"outside\" \(attributes(area))/>\n"
    output += "<g clip-path=\"url(#\(clip))\">\n"

    var labels = LabelPlacer()
    // A label's box moved inside the panel.
    func inside(_ box: Rect) -> Rect {
      var box = box
      box.x = max(area.x, min(box.x, area.x + area.width - box.width))
      box.y = max(area.y, min(box.y, area.y + area.height - box.height))
      return box
    }
    // Struts' labels are placed after the names, so names win their first choice.
    var unlabelled: [String] = []
    for view in panel.views {
      var classes = ["view"]
      if view.isRoot { classes.append("root") }
      classes += view.codes.map(\.rawValue)
      if !view.isFinite { classes.append("not-finite") }
      var title = "\(view.name): frame = \(view.frame.description)"
      if view.alignment != view.frame { title += ", alignment = \(view.alignment.description)" }
      for ambiguity in view.ambiguities {
        title += "\nambiguous \(ambiguity.axis)" + (ambiguity.text.map { " (\($0))" } ?? "")
          + ", another frame: \(ambiguity.alternative.description)"
      }
      if let saved = view.savedFrame { title += "\nsaved frame = \(saved.description)" }
      for message in view.messages { title += "\n" + message }
      output +=
        "<g class=\"\(classes.joined(separator: " "))\" data-view=\"\(xmlEscape(view.name))\">"
        + "<title>\(xmlEscape(title))</title>"
      guard view.isFinite else {
        output += "</g>\n"
        continue
      }
      for ambiguity in view.ambiguities {
        output += "<rect class=\"range\" \(attributes(rect(ambiguity.range)))/>"
      }
      let frame = rect(view.frame)
      output += "<rect class=\"frame\" \(attributes(frame))/>"
      if view.alignment != view.frame {
        output += "<rect class=\"alignment\" \(attributes(rect(view.alignment)))/>"
      }
      for ambiguity in view.ambiguities {
        output += "<rect class=\"ghost\" \(attributes(rect(ambiguity.alternative)))/>"
      }
      if let saved = view.savedFrame {
        output += "<rect class=\"saved\" \(attributes(rect(saved)))/>"
      }
      if view.codes.contains(.zeroSize) {
        output +=
          "<circle class=\"zero-mark\" cx=\"\(pictureNumber(frame.x + frame.width / 2))\" "
          + "cy=\"\(pictureNumber(frame.y + frame.height / 2))\" r=\"3\"/>"
      }
      if view.isOffscreen {
        // From the nearest point of the canvas's edge toward the view's middle (kept inside
        // the panel).
        let centre = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        let startX = min(max(centre.x, canvasRect.x), canvasRect.x + canvasRect.width)
        let startY = min(max(centre.y, canvasRect.y), canvasRect.y + canvasRect.height)
        let endX = min(max(centre.x, area.x + 4), area.x + area.width - 4)
        let endY = min(max(centre.y, area.y + 4), area.y + area.height - 4)
        if abs(endX - startX) + abs(endY - startY) > 2 {
          output +=
            "<line class=\"pointer\" x1=\"\(pictureNumber(startX))\" y1=\"\(pictureNumber(startY))\" "
            + "x2=\"\(pictureNumber(endX))\" y2=\"\(pictureNumber(endY))\" marker-end=\"url(#\(arrow))\"/>"
        }
      }
      if !view.isRoot {
        let labelWidth = Self.textWidth(view.name)
        let lineHeight = Self.fontSize + 3
        let visible = Rect(
          x: max(frame.x, area.x), y: max(frame.y, area.y),
          width: max(0, min(frame.x + frame.width, area.x + area.width) - max(frame.x, area.x)),
          height: max(0, min(frame.y + frame.height, area.y + area.height) - max(frame.y, area.y)))
        var candidates: [Rect] = []
        // Inside the top-leading corner, then down the frame, then above and below it.
        var top = visible.y + 2
        while top + lineHeight <= visible.y + max(visible.height, lineHeight + 4), candidates.count < 12 {
          candidates.append(Rect(x: visible.x + 3, y: top, width: labelWidth, height: lineHeight))
          top += lineHeight
        }
        candidates.append(Rect(x: visible.x + visible.width - labelWidth - 3, y: visible.y + 2, width: labelWidth, height: lineHeight))
        candidates.append(Rect(x: visible.x, y: visible.y - lineHeight - 1, width: labelWidth, height: lineHeight))
        candidates.append(Rect(x: visible.x, y: visible.y + visible.height + 1, width: labelWidth, height: lineHeight))
        if let box = labels.place(candidates.map(inside)) {
          output +=
            "<rect class=\"name-bg\" \(attributes(box))/>"
            + "<text class=\"name\" x=\"\(pictureNumber(box.x + 1))\" y=\"\(pictureNumber(box.y + Self.fontSize))\">"
            + "\(xmlEscape(view.name))</text>"
        } else {
          unlabelled.append(view.name)
        }
      }
      output += "</g>\n"
    }
    if !panel.struts.isEmpty {
      output += "<g class=\"constraints\">\n"
      for strut in panel.struts {
        let x1 = px(strut.from.x), y1 = py(strut.from.y), x2 = px(strut.to.x), y2 = py(strut.to.y)
        output +=
          "<g class=\"strut \(strut.kind.rawValue)\"><title>\(xmlEscape(strut.title))</title>"
          + "<line x1=\"\(pictureNumber(x1))\" y1=\"\(pictureNumber(y1))\" x2=\"\(pictureNumber(x2))\" y2=\"\(pictureNumber(y2))\"/>"
        let midX = (x1 + x2) / 2, midY = (y1 + y2) / 2
        if strut.kind == .broken {
          output +=
            "<path class=\"cross\" d=\"M\(pictureNumber(midX - 4)),\(pictureNumber(midY - 4))l8,8m0,-8l-8,8\"/>"
        }
        let labelWidth = Self.textWidth(strut.label, size: 10)
        let lineHeight = 12.0
        let candidates = [
          Rect(x: midX + 4, y: midY - lineHeight - 1, width: labelWidth, height: lineHeight),
          Rect(x: midX + 4, y: midY + 1, width: labelWidth, height: lineHeight),
          Rect(x: midX - labelWidth - 4, y: midY - lineHeight - 1, width: labelWidth, height: lineHeight),
          Rect(x: midX - labelWidth - 4, y: midY + 1, width: labelWidth, height: lineHeight),
        ]
        if let box = labels.place(candidates.map(inside)) {
          output +=
            "<text x=\"\(pictureNumber(box.x + 1))\" y=\"\(pictureNumber(box.y + 10))\">\(xmlEscape(strut.label))</text>"
        }
        output += "</g>\n"
      }
      output += "</g>\n"
    }
    output += "</g>\n"
    output += "<rect class=\"canvas-edge\" \(attributes(canvasRect))/>\n"
    if !unlabelled.isEmpty {
      let note = "Not labelled (no room): " + unlabelled.joined(separator: ", ")
      let shown = note.count > 160 ? String(note.prefix(157)) + "…" : note
      output +=
        "<text class=\"panel-note\" x=\"\(pictureNumber(x + Self.padding))\" y=\"\(pictureNumber(y + height - 4))\">"
        + "\(xmlEscape(shown))</text>\n"
    }
    output += "</g>\n"
  }
}
