/// An `image` node: a PNG file shown as a view, SwiftUI's `Image`.
public struct ImageNode: Hashable, Sendable {
  /// The PNG's path as the scene writes it: relative to the scene file's folder (`..` and
  /// absolute paths allowed), or to the current directory for a scene without a folder.
  public var file: String
  /// `resizable()`: the image fills the proposed size instead of keeping its own.
  public var resizable: Bool
  /// `aspectRatio(contentMode:)` on a resizable image: keep the file's aspect ratio, fitting
  /// inside the proposal or filling it (and overflowing it, as SwiftUI does unless clipped).
  public var contentMode: ContentMode?
  /// Pixels of the file per point (an @2x asset has 2).
  public var imageScale: Double
  /// Where `file` is written in the scene, for messages about the file.
  public var location: SourceLocation

  public init(
    file: String, resizable: Bool = false, contentMode: ContentMode? = nil, imageScale: Double = 1,
    location: SourceLocation = SourceLocation(line: 1, column: 1)
  ) {
    self.file = file; self.resizable = resizable; self.contentMode = contentMode; self.imageScale = imageScale
    self.location = location
  }
}

/// SwiftUI's `ContentMode`.
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
  case fit, fill
}
