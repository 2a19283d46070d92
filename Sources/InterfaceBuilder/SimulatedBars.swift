/// The bars Interface Builder simulates around a scene, and so the safe area of its root view.
///
/// Xcode infers a navigation bar for the root view controller of a navigation controller and
/// for every scene a "show" or "push" segue leads to from there, and a tab bar for the view
/// controllers of a tab bar controller (and the navigation stacks inside them), unless the
/// scene hides it. A scene's own `simulatedTopBarMetrics` and `simulatedBottomBarMetrics`
/// choose bars explicitly. The safe area of the root view then ends below the top bar and
/// above the bottom bar.
struct SimulatedBars: Equatable {
  /// The first build of Interface Builder (Xcode 11) that draws a modal presentation of the
  /// default style as a sheet.
  static let sheetsSince = 14800

  /// A navigation bar's standard height (without large titles).
  static let navigationBarHeight = 44.0
  /// A navigation bar's height with large titles.
  static let largeTitleBarHeight = 96.0
  /// How much taller a navigation item's prompt makes its bar (Xcode 14 and later).
  static let promptHeight = 34.0
  /// A tab bar's standard height.
  static let tabBarHeight = 49.0
  /// A toolbar's standard height.
  static let toolbarHeight = 44.0

  /// The height of a bar as its controller saved it, when the saved frame is a bar's: Xcode
  /// saves the bars of a controller it has not laid out at a placeholder frame (1000 × 1000 in
  /// files of Xcode 8 and later, 0 × 0 in older ones), which says nothing of the bar's height.
  static func barHeight(saved: Double?) -> Double? {
    guard let saved, saved > 0.5, saved < 200 else { return nil }
    return saved
  }

  /// The height of the bottom bar a `simulatedBottomBarMetrics` element simulates, or nil when
  /// it is not a bar.
  static func simulatedBottomBarHeight(_ element: XMLNode) -> Double? {
    guard element.key == "simulatedBottomBarMetrics" else { return nil }
    switch element.name {
    case "simulatedTabBarMetrics": return tabBarHeight
    case "simulatedToolbarMetrics": return toolbarHeight
    default: return nil
    }
  }

  /// The height of the top bar (a navigation bar), below the status bar.
  var top: Double?
  /// The status bar above a navigation bar, as the navigation controller saved its bar's
  /// frame (Xcode 11 and later save it at 0 on devices without a notch).
  var statusBar: Double?
  /// The height of the bottom bar (a tab bar or toolbar), above the home indicator.
  var bottom: Double?
  /// Presented modally as a sheet (a "presentation" segue without a full-screen style):
  /// since Xcode 11 the scene is drawn as a card that sits below the status bar.
  var sheet = false
  /// The scene's own `modalPresentationStyle` is not full screen (a sheet, a popover, or in its
  /// presenter's context): it does not own the status bar.
  var inPresenterContext = false
  /// The scene's root extends under the top bars (`edgesForExtendedLayout` has its top edge, as
  /// by default); when not, the root starts below them.
  var extendsUnderTopBars = true
  /// The scene's simulated metrics show no status bar (`<nil key="simulatedStatusBarMetrics"/>`,
  /// "Status Bar: None"): a device without a notch has nothing above its top bar.
  var hidesStatusBar = false

  /// A navigation controller's bar as its stack shows it: its standard height, and its height
  /// with large titles when it prefers them (`largeTitles="YES"`).
  struct NavigationBar {
    var standard: Double
    var large: Double?
  }

  /// The build of Interface Builder that saved a file: the integer part of the document's
  /// `toolsVersion` (`"9532"`, `"14490.70"`), or, for the placeholder `32700.99.1234` that
  /// Xcode 15 and later may write, the Cocoa Touch plug-in's version.
  static func toolsVersion(tree: XMLTree, root: Int) -> Int? {
    func build(_ text: String?) -> Int? { text?.split(separator: ".").first.flatMap { Int($0) } }
    guard let version = build(tree.node(root)?.attribute("toolsVersion")) else { return nil }
    guard version >= 30000 else { return version }
    if let dependencies = tree.child(of: root, named: "dependencies") {
      for plugIn in tree.children(of: dependencies) {
        guard let node = tree.node(plugIn), node.name == "plugIn",
          node.attribute("identifier") == "com.apple.InterfaceBuilder.IBCocoaTouchPlugin"
        else { continue }
        return build(node.attribute("version")) ?? version
      }
    }
    return version
  }

  /// The scenes' bars, by the element index of their view controller.
  static func infer(tree: XMLTree, root: Int) -> [Int: SimulatedBars] {
    guard let scenes = tree.child(of: root, named: "scenes") else { return [:] }
    // Every view controller of every scene, by id.
    var controllers: [String: Int] = [:]
    for scene in tree.children(of: scenes) {
      guard let objects = tree.child(of: scene, named: "objects") else { continue }
      for object in tree.children(of: objects) {
        guard let node = tree.node(object), let id = node.id, node.attribute("sceneMemberID") == "viewController"
        else { continue }
        controllers[id] = object
      }
    }
    var result: [Int: SimulatedBars] = [:]
    let version = toolsVersion(tree: tree, root: root)

    /// Segues of a controller, wherever in its scene they are (its connections, its
    /// buttons, its cells, its bar button items).
    func segues(from controller: Int) -> [(destination: Int, kind: String, relationship: String?)] {
      var found: [(Int, String, String?)] = []
      var stack = [controller]
      var visited = 0
      while let current = stack.popLast(), visited < 200_000 {
        visited += 1
        guard let node = tree.node(current) else { continue }
        if node.name == "segue", let destination = node.attribute("destination"), let target = controllers[destination] {
          found.append((target, node.attribute("kind") ?? "", node.attribute("relationship")))
          continue
        }
        stack += node.children
      }
      return found
    }

    /// The controllers a controller holds by one of the `relationships` (`viewControllers`,
    /// `rootViewController`…), in the file's order.
    func related(_ controller: Int, by relationships: Set<String>) -> [Int] {
      segues(from: controller).filter { $0.kind == "relationship" && $0.relationship.map(relationships.contains) == true }
        .map(\.destination)
    }

    /// The scenes a controller presented as a sheet draws as one: itself, or a navigation
    /// controller's root.
    func sheetScenes(_ controller: Int) -> [Int] {
      guard tree.node(controller)?.name == "navigationController" else { return [controller] }
      return related(controller, by: ["rootViewController"])
    }

    func frameHeight(_ element: Int?) -> (y: Double, height: Double)? {
      guard let element, let rect = tree.child(of: element, named: "rect", key: "frame"), let node = tree.node(rect),
        let height = Elements.number(node.attribute("height"))
      else { return nil }
      return (Elements.number(node.attribute("y")) ?? 0, height)
    }

    /// Gives a navigation stack's bars to its root and every scene pushed from it.
    ///
    /// A bar that prefers large titles (`largeTitles="YES"`) is large or standard by each
    /// scene's navigation item, as UIKit decides: `largeTitleDisplayMode="never"` shows the
    /// standard bar, `always` the large one, and `automatic` (the default) what the item below
    /// it in the stack shows — the root's, the large one.
    func spread(from start: Int, top: NavigationBar?, status: Double?, bottom: Double?) {
      var queue = [(start, large: top?.large != nil)]
      var seen = Set<Int>()
      while let (current, inheritedLarge) = queue.popLast(), seen.count < 10_000 {
        guard seen.insert(current).inserted, let node = tree.node(current) else { continue }
        // A tab bar controller pushed onto the stack shows its tabs below the stack's bar: each
        // tab that is no navigation controller of its own has it too.
        if node.name == "tabBarController", current != start {
          for tab in related(current, by: ["viewControllers"]) where tree.node(tab)?.name != "navigationController" {
            queue.append((tab, inheritedLarge))
          }
          continue
        }
        if node.name == "navigationController" || node.name == "tabBarController" || node.name == "splitViewController" {
          continue
        }
        let item = tree.child(of: current, key: "navigationItem").flatMap { tree.node($0) }
        let mode = item?.attribute("largeTitleDisplayMode")
        var large = inheritedLarge
        if top?.large != nil {
          if mode == "never" {
            large = false
          } else if mode == "always" {
            large = true
          }
        }
        var bars = result[current] ?? SimulatedBars()
        if let top, bars.top == nil {
          bars.top = large ? top.large ?? top.standard : top.standard
          bars.statusBar = status
          // A prompt above the title makes the bar taller, by 34 pt in the bars of Xcode 14 and
          // later (iOS 16); what earlier versions draw is not known, and left as it was.
          if let text = item?.attribute("prompt"), !text.isEmpty, let version, version >= 21000 {
            bars.top = (bars.top ?? 0) + promptHeight
          }
        }
        let hidesBottom = current != start && node.attribute("hidesBottomBarWhenPushed") == "YES"
        if let bottom, bars.bottom == nil, !hidesBottom { bars.bottom = bottom }
        result[current] = bars
        for segue in segues(from: current) where segue.kind == "show" || segue.kind == "push" {
          queue.append((segue.destination, large))
        }
      }
    }

    func navigation(_ controller: Int, bottom: Double?) {
      guard let node = tree.node(controller), node.name == "navigationController" else { return }
      var top: NavigationBar?
      var status: Double?
      if node.attribute("navigationBarHidden") != "YES" {
        let bar = tree.child(of: controller, key: "navigationBar")
        let saved = frameHeight(bar)
        let savedHeight = barHeight(saved: saved?.height)
        let height = savedHeight ?? navigationBarHeight
        if bar.flatMap({ tree.node($0)?.attribute("largeTitles") }) == "YES" {
          top = NavigationBar(standard: navigationBarHeight, large: max(height, largeTitleBarHeight))
        } else {
          top = NavigationBar(standard: max(height, navigationBarHeight), large: nil)
        }
        // A placeholder frame says nothing of where the status bar ends either.
        status = savedHeight == nil ? nil : saved?.y
      }
      var bottomBar = bottom
      if node.attribute("toolbarHidden") == "NO", bottomBar == nil {
        bottomBar = barHeight(saved: frameHeight(tree.child(of: controller, key: "toolbar"))?.height) ?? toolbarHeight
      }
      // A bottom bar the navigation controller simulates itself (a tab bar controller in
      // another storyboard, or chosen in its Simulated Metrics) is inferred by its stack too.
      if bottomBar == nil {
        for child in tree.children(of: controller) {
          if let height = tree.node(child).flatMap(simulatedBottomBarHeight) { bottomBar = height }
        }
      }
      for scene in related(controller, by: ["rootViewController"]) {
        spread(from: scene, top: top, status: status, bottom: bottomBar)
      }
    }

    for (_, controller) in controllers {
      guard let node = tree.node(controller) else { continue }
      switch node.name {
      case "tabBarController":
        let height = barHeight(saved: frameHeight(tree.child(of: controller, key: "tabBar"))?.height) ?? tabBarHeight
        // A split view controller as a tab shows both its columns above the tab bar.
        let tabs = related(controller, by: ["viewControllers"]).flatMap { tab -> [Int] in
          guard tree.node(tab)?.name == "splitViewController" else { return [tab] }
          return related(tab, by: ["masterViewController", "detailViewController"])
        }
        for tab in tabs {
          if tree.node(tab)?.name == "navigationController" {
            navigation(tab, bottom: height)
          } else {
            spread(from: tab, top: nil, status: nil, bottom: height)
          }
        }
      case "navigationController":
        navigation(controller, bottom: nil)
      default:
        break
      }
    }

    // Scenes presented as sheets, and the navigation stacks inside them.
    let fullScreen: Set<String> = ["fullScreen", "overFullScreen", "currentContext", "overCurrentContext", "custom"]
    for (_, controller) in controllers {
      // A "show" segue from a scene outside a navigation stack presents its destination
      // modally, as UIKit's `show` does without a navigation controller: as a sheet in the
      // files of Xcode 11 and later (iOS 13's default presentation).
      let presentsOnShow =
        (version ?? 0) >= SimulatedBars.sheetsSince && result[controller]?.top == nil
        && tree.node(controller)?.name != "navigationController"
      for segue in segues(from: controller)
      where segue.kind == "presentation"
        || (presentsOnShow && segue.kind == "show" && result[segue.destination]?.top == nil)
      {
        guard let destination = tree.node(segue.destination),
          !fullScreen.contains(destination.attribute("modalPresentationStyle") ?? "")
        else { continue }
        for target in sheetScenes(segue.destination) { result[target, default: SimulatedBars()].sheet = true }
      }
    }
    // A scene whose simulated size is a page or form sheet's (Xcode 11 and later) is drawn as
    // a sheet whatever presents it, and so is the root scene of such a navigation controller (as
    // for a presented one, the scenes pushed onto its stack are not marked).
    let sheetMetrics: Set<String> = ["modalPageSheetSimulatedSizeMetrics", "modalFormSheetSimulatedSizeMetrics"]
    if (version ?? 0) >= SimulatedBars.sheetsSince {
      for (_, controller) in controllers
      where tree.children(of: controller).contains(where: {
        tree.node($0).map { sheetMetrics.contains($0.name) && $0.key == "simulatedDestinationMetrics" } == true
      }) {
        for target in sheetScenes(controller) { result[target, default: SimulatedBars()].sheet = true }
      }
    }
    // A segue's own presentation style wins over its destination's.
    for (_, controller) in controllers {
      var stack = [controller]
      var visited = 0
      while let current = stack.popLast(), visited < 200_000 {
        visited += 1
        guard let node = tree.node(current) else { continue }
        if node.name == "segue", node.attribute("kind") == "presentation", let style = node.attribute("modalPresentationStyle"),
          fullScreen.contains(style), let destination = node.attribute("destination").flatMap({ controllers[$0] })
        {
          result[destination]?.sheet = false
          continue
        }
        stack += node.children
      }
    }

    // How a scene is presented and laid out under the bars, by its own attributes.
    for (_, controller) in controllers {
      guard let node = tree.node(controller) else { continue }
      var bars = result[controller] ?? SimulatedBars()
      if let style = node.attribute("modalPresentationStyle"), style != "fullScreen" { bars.inPresenterContext = true }
      if tree.children(of: controller).contains(where: { tree.node($0)?.name == "nil" && tree.node($0)?.key == "simulatedStatusBarMetrics" }) {
        bars.hidesStatusBar = true
      }
      if let edges = tree.child(of: controller, named: "extendedEdge", key: "edgesForExtendedLayout"),
        tree.node(edges)?.attribute("top") != "YES"
      {
        bars.extendsUnderTopBars = false
      }
      if bars != SimulatedBars() { result[controller] = bars }
    }

    // Bars a scene chooses itself.
    for (_, controller) in controllers {
      for child in tree.children(of: controller) {
        guard let node = tree.node(child) else { continue }
        var bars = result[controller] ?? SimulatedBars()
        if node.key == "simulatedTopBarMetrics", node.name == "simulatedNavigationBarMetrics" {
          // A prompt in the simulated metrics draws the bar 30 pt taller.
          bars.top = navigationBarHeight + (node.attribute("prompted") == "YES" ? 30 : 0)
        } else if let height = simulatedBottomBarHeight(node) {
          bars.bottom = height
        } else {
          continue
        }
        result[controller] = bars
      }
    }

    // A scene that shows or pushes another from below a navigation bar it simulates itself
    // (its stack is elsewhere, a storyboard reference's) passes the bar on.
    for controller in controllers.values.sorted() {
      let simulatesNavigationBar = tree.children(of: controller).contains {
        tree.node($0)?.key == "simulatedTopBarMetrics" && tree.node($0)?.name == "simulatedNavigationBarMetrics"
      }
      guard simulatesNavigationBar else { continue }
      for segue in segues(from: controller) where segue.kind == "show" || segue.kind == "push" {
        spread(from: segue.destination, top: NavigationBar(standard: navigationBarHeight, large: nil), status: nil, bottom: nil)
      }
    }
    return result
  }
}
