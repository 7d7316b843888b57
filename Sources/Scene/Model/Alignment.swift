/// A point in a view's frame in unit coordinates: (0, 0) top leading, (1, 1) bottom trailing.
public typealias UnitPoint = SIMD2<Double>

/// SwiftUI's nine alignments (and anchors), by the names the scene format uses.
public enum Alignment: String, CaseIterable, Hashable, Sendable {
  case center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing

  /// Where the alignment sits in a frame, in unit coordinates.
  public var unitPoint: UnitPoint {
    switch self {
    case .center: return [0.5, 0.5]
    case .leading: return [0, 0.5]
    case .trailing: return [1, 0.5]
    case .top: return [0.5, 0]
    case .bottom: return [0.5, 1]
    case .topLeading: return [0, 0]
    case .topTrailing: return [1, 0]
    case .bottomLeading: return [0, 1]
    case .bottomTrailing: return [1, 1]
    }
  }
}

/// An edge, for `move` and `push` transitions.
public enum Edge: String, CaseIterable, Hashable, Sendable {
  case top, leading, bottom, trailing
}
