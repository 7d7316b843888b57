/// What `render --version` prints: this release of Flipbook, and the scene format version it
/// reads (the scene file's `"version"`).
///
/// Raise the release with every change users can see; a farm's machines compare it to know
/// they render the same pixels.
let renderVersion = "flipbook 0.17.0 (scene format version 1)"
