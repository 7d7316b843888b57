import Foundation

/// The page's files, compiled into the binary (SwiftPM's `embedInCode`): the only files the
/// server sends. A request names one of these exactly or gets 404, so no part of a URL ever
/// becomes a file-system path (`/../../etc/passwd` is just another unknown name).
enum PageResources {
  static let files: [String: (type: String, bytes: Data)] = [
    "/": ("text/html; charset=utf-8", Data(PackageResources.index_html)),
    "/preview.css": ("text/css; charset=utf-8", Data(PackageResources.preview_css)),
    "/preview.js": ("text/javascript; charset=utf-8", Data(PackageResources.preview_js)),
  ]
}
