import CLibPNG

/// Helpers around libpng's `png_image` control structure, shared by the encoder and decoder.
///
/// The simplified API reports failure as a zero return value plus a NUL-terminated message
/// inside the structure, and never jumps, which is why it is safe to call from Swift.
extension png_image {
  /// A zeroed control structure with the version field set, as libpng requires.
  static func fresh() -> png_image {
    var image = png_image()
    image.version = CLIBPNG_IMAGE_VERSION
    return image
  }

  /// libpng's error or warning text for the last call (empty when there is none).
  var messageText: String {
    var copy = message
    return withUnsafeBytes(of: &copy) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
