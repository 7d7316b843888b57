/// A preview that cannot start: the address is taken or not an address, or the scene file
/// cannot be read at all. The description is one sentence for the user.
public struct PreviewError: Error, Sendable, CustomStringConvertible {
  public var description: String
  /// True when another program listens on the port already.
  public var addressInUse = false

  init(_ description: String, addressInUse: Bool = false) {
    self.description = description
    self.addressInUse = addressInUse
  }
}
