import FlipbookScene

/// Where a view sits in a frame or a ``ZStack``: SwiftUI's `Alignment`, the nine named
/// combinations of a ``HorizontalAlignment`` and a ``VerticalAlignment``.
public struct Alignment: Hashable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment

  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal; self.vertical = vertical
  }

  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

  var model: FlipbookScene.Alignment {
    switch (horizontal, vertical) {
    case (.center, .center): return .center
    case (.leading, .center): return .leading
    case (.trailing, .center): return .trailing
    case (.center, .top): return .top
    case (.center, .bottom): return .bottom
    case (.leading, .top): return .topLeading
    case (.trailing, .top): return .topTrailing
    case (.leading, .bottom): return .bottomLeading
    case (.trailing, .bottom): return .bottomTrailing
    }
  }
}

/// How a ``VStack`` aligns its children across its width.
public enum HorizontalAlignment: Hashable, Sendable {
  case leading, center, trailing

  var model: FlipbookScene.Alignment {
    switch self {
    case .leading: return .leading
    case .center: return .center
    case .trailing: return .trailing
    }
  }
}

/// How an ``HStack`` aligns its children across its height.
public enum VerticalAlignment: Hashable, Sendable {
  case top, center, bottom

  var model: FlipbookScene.Alignment {
    switch self {
    case .top: return .top
    case .center: return .center
    case .bottom: return .bottom
    }
  }
}

/// A point in a view's frame in unit coordinates, (0, 0) top leading: the anchor of
/// ``View/scaleEffect(_:anchor:)`` and ``View/rotationEffect(_:anchor:)``.
public struct UnitPoint: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) { self.x = x; self.y = y }

  public static let zero = UnitPoint(x: 0, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let leading = UnitPoint(x: 0, y: 0.5)
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  public static let topLeading = UnitPoint(x: 0, y: 0)
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)

  var model: SIMD2<Double> { SIMD2(x, y) }
}

/// An edge of a view: for ``AnyTransition/move(edge:)``, ``AnyTransition/push(from:)`` and
/// ``View/padding(_:_:)``.
public enum Edge: Hashable, Sendable, CaseIterable {
  case top, leading, bottom, trailing

  /// A set of edges, as SwiftUI's `Edge.Set`.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1)
    public static let leading = Set(rawValue: 2)
    public static let bottom = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let all: Set = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
  }

  var model: FlipbookScene.Edge {
    switch self {
    case .top: return .top
    case .leading: return .leading
    case .bottom: return .bottom
    case .trailing: return .trailing
    }
  }
}

/// An angle, for ``View/rotationEffect(_:anchor:)``: SwiftUI's `Angle`.
public struct Angle: Hashable, Sendable {
  public var degrees: Double
  public var radians: Double { degrees * .pi / 180 }
  public init(degrees: Double) { self.degrees = degrees }
  public init(radians: Double) { self.degrees = radians * 180 / .pi }
  public static let zero = Angle(degrees: 0)
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
}
