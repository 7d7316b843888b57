/// A parsed JSON value that remembers where it was written, so that every error can point
/// at the file, line and column the user has to edit.
public struct JSONValue: Sendable {
  public enum Kind: Sendable {
    case null
    case bool(Bool)
    /// The number as written is kept too, for messages such as "1e400 is out of range".
    case number(Double, text: String)
    case string(String)
    case array([JSONValue])
    /// Members in file order (duplicates are rejected by the parser).
    case object([Member])
  }

  public struct Member: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONValue
  }

  public var kind: Kind
  public var location: SourceLocation

  public init(_ kind: Kind, at location: SourceLocation) {
    self.kind = kind
    self.location = location
  }

  /// A short name of the JSON type, for "expected a number, found a string" messages.
  public var typeName: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  public var members: [Member]? {
    if case .object(let m) = kind { return m }
    return nil
  }
}
