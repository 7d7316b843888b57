/// A namespace for ``View/matchedGeometryEffect(id:in:isSource:)`` ids: SwiftUI's
/// `@Namespace`.
///
/// A view struct is re-created for every state, so a namespace cannot live in view storage as
/// in SwiftUI; it is named by where it is declared instead. Every `@Namespace var ns` line is
/// one namespace, shared by all instances of that view.
@propertyWrapper
public struct Namespace: Hashable, Sendable {
  /// The identity of a namespace.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    let name: String
    public var description: String { name }
  }

  public let wrappedValue: ID

  /// A namespace named after the place it is declared.
  public init(fileID: String = #fileID, line: Int = #line, column: Int = #column) {
    wrappedValue = ID(name: "\(fileID):\(line):\(column)")
  }

  /// A namespace with an explicit name, for namespaces shared between files.
  public init(_ name: String) { wrappedValue = ID(name: name) }
}
