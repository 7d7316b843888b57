import FlipbookImage

/// SwiftUI's `BlendMode`, for ``View/blendMode(_:)``: the modes of the W3C compositing spec
/// that SwiftUI offers, with `plusDarker` and `plusLighter`.
public typealias BlendMode = FlipbookImage.BlendMode
