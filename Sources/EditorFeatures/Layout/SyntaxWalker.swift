import LayoutAnalysis
import LayoutSyntax

/// A node of the syntax tree, as the walker visits it.
enum SyntaxNode {
  case canvas(CanvasDeclaration)
  case direction(DirectionDeclaration)
  case spacing(SpacingDeclaration)
  case metric(MetricDeclaration)
  /// A view declaration and the name of the view it is declared in.
  case view(ViewDeclaration, superview: String)
  case property(ViewProperty)
  /// A constraint and the view whose body it is in (what `super` means there).
  case constraint(ConstraintStatement, scope: String)
  case attribute(AttributeReference, scope: String)
  case number(NumericTerm)
  case priority(PriorityTerm)
  case format(VisualFormatStatement, scope: String)
  case formatView(VFLView)
  case predicate(VFLPredicate)
  case option(Identifier)
  /// A `when` block; its statements are visited after it, in the enclosing view's scope.
  case when(WhenBlock)
}

/// Visits every node of a syntax tree in source order.
enum SyntaxWalker {
  static func walk(_ file: LayoutFile, _ visit: (SyntaxNode) -> Void) {
    walk(file.statements.array, scope: LayoutModel.rootName, visit)
  }

  /// Visits some of a file's top-level statements.
  static func walk(topLevel statements: [Statement], _ visit: (SyntaxNode) -> Void) {
    walk(statements, scope: LayoutModel.rootName, visit)
  }

  /// The parser bounds nesting, so the recursion is bounded too.
  private static func walk(_ statements: [Statement], scope: String, _ visit: (SyntaxNode) -> Void) {
    for statement in statements {
      switch statement {
      case .canvas(let node): visit(.canvas(node))
      case .direction(let node): visit(.direction(node))
      case .spacing(let node): visit(.spacing(node))
      case .metric(let node): visit(.metric(node))
      case .view(let node):
        visit(.view(node, superview: scope))
        for property in node.properties { visit(.property(property)) }
        walk(node.body, scope: node.name.name, visit)
      case .constraint(let node):
        visit(.constraint(node, scope: scope))
        visit(.attribute(node.first, scope: scope))
        if let multiplier = node.multiplier, node.second == nil || multiplier.range.end <= (node.second?.range.start ?? 0) {
          visit(.number(multiplier))
        }
        if let second = node.second { visit(.attribute(second, scope: scope)) }
        if let multiplier = node.multiplier, let second = node.second, multiplier.range.start >= second.range.end {
          visit(.number(multiplier))
        }
        if let constant = node.constant { visit(.number(constant)) }
        if let priority = node.priority { visit(.priority(priority)) }
      case .visualFormat(let node):
        visit(.format(node, scope: scope))
        if let format = node.format {
          // Views and connections interleave in the text; visit them in order.
          enum Piece {
            case view(VFLView)
            case predicates([VFLPredicate])
          }
          var pieces: [(SourceRange, Piece)] = format.views.map { ($0.range, .view($0)) }
          var connections = format.connections
          if let edge = format.leadingSuperview { connections.append(edge.connection) }
          if let edge = format.trailingSuperview { connections.append(edge.connection) }
          for connection in connections {
            if case .predicates(let predicates) = connection.kind { pieces.append((connection.range, .predicates(predicates))) }
          }
          for (_, piece) in pieces.sorted(by: { $0.0 < $1.0 }) {
            switch piece {
            case .view(let view):
              visit(.formatView(view))
              for predicate in view.predicates { visit(.predicate(predicate)) }
            case .predicates(let predicates):
              for predicate in predicates { visit(.predicate(predicate)) }
            }
          }
        }
        for option in node.options { visit(.option(option)) }
      case .when(let node):
        visit(.when(node))
        walk(node.body, scope: scope, visit)
      }
    }
  }

}

/// What a name in the text stands for.
enum NameKind: Equatable {
  case view
  case metric
}

/// One place a view's or metric's name is written.
struct NameOccurrence: Equatable {
  var kind: NameKind
  var name: String
  var range: SourceRange
  var isDeclaration: Bool
}

/// Every place a view or metric is named in a document, found by binding, not spelling:
/// a name in a Visual Format predicate is a metric when one is declared, else a view, as
/// UIKit looks them up; `super` stands for the enclosing view.
struct NameIndex {
  private(set) var occurrences: [NameOccurrence] = []
  /// `super` in a constraint, with the view it stands for.
  private(set) var superReferences: [(range: SourceRange, view: String)] = []

  /// The names in the top-level statements that contain or touch a byte offset: what a hover
  /// needs, without indexing the whole file. (Whether a `.vfl` name is its view's first use
  /// is not known from these alone.)
  init(syntax: LayoutFile, model: LayoutModel, near offset: Int) {
    let statements = syntax.statements
    // From the first statement that does not end before the offset.
    var near: [Statement] = []
    var index = statements.partitionPoint { $0.range.end < offset }
    while index < statements.count, statements.range(at: index).start <= offset {
      near.append(statements[index])
      index += 1
    }
    self.init(statements: near, model: model)
  }

  /// The names in some of a file's top-level statements (all of them for the whole index).
  init(statements: [Statement], model: LayoutModel) {
    var occurrences: [NameOccurrence] = []
    var supers: [(SourceRange, String)] = []
    // In a .vfl file a view is declared where it is first used.
    var declared = Set<String>()
    func formatView(_ identifier: Identifier) {
      let isFirst = model.kind == .vfl && !declared.contains(identifier.name)
      declared.insert(identifier.name)
      occurrences.append(NameOccurrence(kind: .view, name: identifier.name, range: identifier.range, isDeclaration: isFirst))
    }
    SyntaxWalker.walk(topLevel: statements) { node in
      switch node {
      case .metric(let declaration):
        occurrences.append(
          NameOccurrence(kind: .metric, name: declaration.name.name, range: declaration.name.range, isDeclaration: true))
      case .view(let declaration, _):
        occurrences.append(
          NameOccurrence(kind: .view, name: declaration.name.name, range: declaration.name.range, isDeclaration: true))
      case .attribute(let reference, let scope):
        let item = reference.item.name
        if item.name == "super" {
          supers.append((item.range, scope))
        } else {
          occurrences.append(NameOccurrence(kind: .view, name: item.name, range: item.range, isDeclaration: false))
        }
      case .number(let term):
        if case .metric(let name) = term.value {
          occurrences.append(NameOccurrence(kind: .metric, name: name.name, range: name.range, isDeclaration: false))
        }
      case .priority(let term):
        if case .metric(let name) = term.value {
          occurrences.append(NameOccurrence(kind: .metric, name: name.name, range: name.range, isDeclaration: false))
        }
      case .formatView(let view):
        formatView(view.name)
      case .predicate(let predicate):
        if case .name(let name) = predicate.object {
          let kind: NameKind = model.metrics[name.name] != nil || model.views[name.name] == nil ? .metric : .view
          occurrences.append(NameOccurrence(kind: kind, name: name.name, range: name.range, isDeclaration: false))
        }
        if case .name(let name)? = predicate.priority {
          occurrences.append(NameOccurrence(kind: .metric, name: name.name, range: name.range, isDeclaration: false))
        }
      default:
        break
      }
    }
    self.occurrences = occurrences
    superReferences = supers
  }

  /// The occurrence under a byte offset (touching its end counts, as a cursor after a word).
  func occurrence(at offset: Int) -> NameOccurrence? {
    occurrences.first { $0.range.start <= offset && offset < $0.range.end }
      ?? occurrences.first { $0.range.end == offset }
  }

  /// The view `super` stands for at a byte offset, when a `super` is there.
  func superReference(at offset: Int) -> (range: SourceRange, view: String)? {
    superReferences.first { $0.range.start <= offset && offset <= $0.range.end }
  }

  /// Every occurrence of the same name and kind.
  func occurrences(of kind: NameKind, named name: String) -> [NameOccurrence] {
    occurrences.filter { $0.kind == kind && $0.name == name }
  }
}
