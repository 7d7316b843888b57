import FlipbookScene

/// SwiftUI's `ContentMode`, for ``Image/aspectRatio(contentMode:)``.
public typealias ContentMode = FlipbookScene.ContentMode

/// A view that shows a PNG file: SwiftUI's `Image`, exported as an `image` node.
///
/// SwiftUI finds an image by asset name in a bundle; here the name is a PNG file's path,
/// relative to the current directory when the movie is rendered (or absolute), or to the
/// scene file's folder once the movie is exported as JSON and rendered from there. Like
/// SwiftUI's, an image has its own size (the file's pixels ÷ `scale`) until it is made
/// ``resizable()``; ``aspectRatio(contentMode:)`` (or ``scaledToFit()`` and
/// ``scaledToFill()``) then keeps its proportions. The file is read when the movie is
/// compiled; a missing or bad file is an error naming it.
public struct Image: View, PrimitiveView {
  var node: ImageNode

  /// The PNG file at `file`, with `scale` pixels per point (2 for an @2x asset).
  public init(_ file: String, scale: Double = 1) { node = ImageNode(file: file, imageScale: scale) }

  /// SwiftUI's image that accessibility ignores; drawn exactly as ``init(_:scale:)``.
  public init(decorative file: String, scale: Double = 1) { self.init(file, scale: scale) }

  public var body: Never { primitiveBody() }

  /// The image stretched to the size proposed to it instead of keeping its own.
  public func resizable() -> Image {
    var i = self
    i.node.resizable = true
    return i
  }

  /// A resizable image kept at its aspect ratio, fitting inside or filling the proposal.
  /// (SwiftUI's modifier applies to any view; here it is the image's own, as the format
  /// keeps it on the `image` node.) On an image that is not resizable it changes nothing,
  /// as in SwiftUI.
  public func aspectRatio(contentMode: ContentMode) -> Image {
    var i = self
    i.node.contentMode = contentMode
    return i
  }

  /// `aspectRatio(contentMode: .fit)`.
  public func scaledToFit() -> Image { aspectRatio(contentMode: .fit) }

  /// `aspectRatio(contentMode: .fill)`.
  public func scaledToFill() -> Image { aspectRatio(contentMode: .fill) }

  var piece: Piece {
    var node = self.node
    // The format refuses a content mode on an image that is not resizable; SwiftUI ignores it.
    if !node.resizable { node.contentMode = nil }
    return .leaf(Leaf(kind: .image(node), values: []))
  }
}
