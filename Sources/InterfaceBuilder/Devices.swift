import LayoutSyntax

/// A design device of Interface Builder's `<device id=…>`: its screen in points, portrait,
/// and its safe-area insets in portrait and landscape.
struct Device {
  var id: String
  var name: String
  var width: Double
  var height: Double
  var portraitInsets: EdgeInsets
  var landscapeInsets: EdgeInsets
  var isPad: Bool

  /// The screen and insets for an orientation.
  func screen(landscape: Bool) -> (width: Double, height: Double, insets: EdgeInsets) {
    let long = max(width, height)
    let short = min(width, height)
    if id == "appleTV" { return (width, height, portraitInsets) }
    return landscape ? (long, short, landscapeInsets) : (short, long, portraitInsets)
  }

  /// The status bar Interface Builder draws on a device without a notch (whose portrait inset
  /// is the status bar's 20 pt) for a file saved by `toolsVersion`: 20 pt, but none in files
  /// saved by Xcode 11 to 13 (`toolsVersion` 14800 to 20999), which draw no status bar there.
  static func statusBar(toolsVersion: Int?) -> Double {
    guard let toolsVersion else { return 20 }
    return (14800..<21000).contains(toolsVersion) ? 0 : 20
  }

  /// The top of the safe area in portrait on notched iPhones whose status bar grew in iOS 16,
  /// which Xcode 14 and later (`toolsVersion` 21000 and above) draw with.
  static let iOS16StatusBars: [String: Double] = ["retina5_9": 50, "retina6_1": 48]

  /// The top of the safe area in portrait that Xcode 13 and earlier draw on every notched iPhone.
  static let notchedStatusBarBeforeXcode14 = 44.0

  /// The safe-area insets of a screen-sized view on this device as Interface Builder draws it
  /// in a file saved by `toolsVersion`: the status bar of devices without a notch by Xcode's
  /// version (`statusBar(toolsVersion:)`), the iOS 16 status bars of notched iPhones from
  /// Xcode 14 on, and their insets counted twice from Xcode 16.3 on.
  func insets(landscape: Bool, toolsVersion: Int?) -> EdgeInsets {
    var insets = screen(landscape: landscape).insets
    if insets.top == 20 { insets.top = Device.statusBar(toolsVersion: toolsVersion) }
    guard !landscape, !isPad, let toolsVersion else { return insets }
    // Before Xcode 14 every notched iPhone is drawn with the 44-pt status bar of the first ones,
    // the iPhone 12's and 12 mini's (47 and 50 on the device) included.
    if toolsVersion < 21000, insets.top > 20 { insets.top = Device.notchedStatusBarBeforeXcode14 }
    if toolsVersion >= 21000, let top = Device.iOS16StatusBars[id] { insets.top = top }
    // From Xcode 16.3 on, a notched iPhone's safe area is inset twice as far from the top and
    // the bottom: by the status bar and the home indicator, and again by the screen's own insets.
    if toolsVersion >= 23700, insets.bottom > 0 {
      insets.top *= 2
      insets.bottom *= 2
    }
    return insets
  }

  /// The system minimum layout margin of a view controller's root view on this device.
  func rootMargin(width: Double) -> Double { isPad || width >= 414 ? 20 : 16 }

  /// The device of a `<simulatedScreenMetrics type=…>` (Xcode 7 and 8): `retina4_7.fullscreen`,
  /// or the older `retina4`, `retina47`, `retina55`, `retina35`.
  static func simulated(_ type: String) -> Device? {
    let id = type.split(separator: ".").first.map(String.init) ?? type
    if let device = all[id] { return device }
    let legacy = ["retina35": "retina3_5", "retina4": "retina4_0", "retina47": "retina4_7", "retina55": "retina5_5"]
    return legacy[id].flatMap { all[$0] }
  }

  /// The devices Xcode writes, by id. Sizes from Apple's device specifications; insets are
  /// UIKit's safe-area insets with the status bar shown (20 pt on devices without a notch,
  /// none in landscape on iPhones).
  static let all: [String: Device] = {
    func classic(_ id: String, _ name: String, _ width: Double, _ height: Double) -> Device {
      Device(
        id: id, name: name, width: width, height: height, portraitInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeInsets: .zero, isPad: false)
    }
    func notched(_ id: String, _ name: String, _ width: Double, _ height: Double, top: Double) -> Device {
      Device(
        id: id, name: name, width: width, height: height, portraitInsets: EdgeInsets(top: top, left: 0, bottom: 34, right: 0),
        landscapeInsets: EdgeInsets(top: 0, left: top, bottom: 21, right: top), isPad: false)
    }
    func pad(_ id: String, _ name: String, _ width: Double, _ height: Double, rounded: Bool = false) -> Device {
      let insets = rounded ? EdgeInsets(top: 24, left: 0, bottom: 20, right: 0) : EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
      return Device(id: id, name: name, width: width, height: height, portraitInsets: insets, landscapeInsets: insets, isPad: true)
    }
    let devices = [
      classic("retina3_5", "iPhone 4s", 320, 480),
      classic("retina4_0", "iPhone SE", 320, 568),
      classic("retina4_7", "iPhone 8", 375, 667),
      classic("retina5_5", "iPhone 8 Plus", 414, 736),
      notched("retina5_9", "iPhone X", 375, 812, top: 44),
      notched("retina6_1", "iPhone 11", 414, 896, top: 44),
      notched("retina6_5", "iPhone 11 Pro Max", 414, 896, top: 44),
      notched("retina5_4", "iPhone 12 mini", 375, 812, top: 50),
      notched("retina6_0", "iPhone 12", 390, 844, top: 47),
      notched("retina6_7", "iPhone 12 Pro Max", 428, 926, top: 47),
      notched("retina6_12", "iPhone 14 Pro", 393, 852, top: 59),
      notched("retina6_72", "iPhone 14 Pro Max", 430, 932, top: 59),
      notched("retina6_3", "iPhone 16 Pro", 402, 874, top: 62),
      notched("retina6_9", "iPhone 16 Pro Max", 440, 956, top: 62),
      pad("ipad9_7", "iPad", 768, 1024),
      pad("ipad7_9", "iPad mini", 768, 1024),
      pad("ipad10_2", "iPad (10.2-inch)", 810, 1080),
      pad("ipad10_5", "iPad Pro (10.5-inch)", 834, 1112),
      pad("ipad11", "iPad Pro (11-inch)", 834, 1194, rounded: true),
      pad("ipad11_0rounded", "iPad Pro (11-inch)", 834, 1194, rounded: true),
      pad("ipad10_9rounded", "iPad Air (10.9-inch)", 820, 1180, rounded: true),
      pad("ipad8_3rounded", "iPad mini (8.3-inch)", 744, 1133, rounded: true),
      pad("ipad12_9", "iPad Pro (12.9-inch)", 1024, 1366),
      pad("ipad12_9rounded", "iPad Pro (12.9-inch)", 1024, 1366, rounded: true),
      Device(
        id: "appleTV", name: "Apple TV", width: 1920, height: 1080, portraitInsets: .zero, landscapeInsets: .zero,
        isPad: true),
    ]
    var table: [String: Device] = [:]
    for device in devices { table[device.id] = device }
    return table
  }()
}
