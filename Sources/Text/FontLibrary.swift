import CFontconfig
import Synchronization

/// The installed fonts, found through fontconfig as every Linux desktop finds them, and the
/// faces opened so far: one process-wide library, so that a face is read once however many
/// scenes and frames use it.
public final class FontLibrary: Sendable {
  /// The library of the system's fonts.
  public static let shared = FontLibrary()

  private let state: Mutex<State>

  private struct State: @unchecked Sendable {
    var config: OpaquePointer?
    var faces: [FontRequest: FontFace] = [:]
    var byFile: [String: FontFace] = [:]
    /// Per primary face (by file) and character: the face that draws it, or nil for none.
    var fallbacks: [String: [UInt32: FontFace?]] = [:]
    /// Per primary face (by file): fontconfig's sorted list of fonts for its family, made
    /// once (sorting every installed font per character would make a string of many
    /// different missing characters take minutes).
    var fallbackLists: [String: UnsafeMutablePointer<FcFontSet>?] = [:]
    var families: [String]?
  }

  init() {
    state = Mutex(State(config: FcInitLoadConfigAndFonts()))
  }

  /// The face fontconfig chooses for `request`, opened once. Throws when no installed
  /// family has the requested name (fontconfig would silently substitute another) or when
  /// the file it names cannot be read as a scalable font.
  public func face(_ request: FontRequest) throws(FontLookupError) -> FontFace {
    let result: Result<FontFace, FontLookupError> = state.withLock { s in
      if let face = s.faces[request] { return .success(face) }
      guard let config = s.config, let pattern = FcPatternCreate() else {
        return .failure(.unknownFamily(request.family, nearMatches: []))
      }
      defer { FcPatternDestroy(pattern) }
      FcPatternAddString(pattern, CFONTCONFIG_FAMILY, request.family)
      FcPatternAddInteger(pattern, CFONTCONFIG_WEIGHT, FcWeightFromOpenType(Int32(request.weight)))
      FcPatternAddInteger(pattern, CFONTCONFIG_SLANT, Int32(FC_SLANT_ROMAN))
      FcPatternAddBool(pattern, CFONTCONFIG_OUTLINE, FcBool(FcTrue))
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var matchResult = FcResultNoMatch
      guard let match = FcFontMatch(config, pattern, &matchResult) else {
        return .failure(.unknownFamily(request.family, nearMatches: []))
      }
      defer { FcPatternDestroy(match) }
      let names = Self.strings(match, CFONTCONFIG_FAMILY)
      guard names.contains(where: { $0.lowercased() == request.family.lowercased() }) else {
        return .failure(.unknownFamily(request.family, nearMatches: Self.near(request.family, in: Self.families(&s))))
      }
      guard let file = Self.strings(match, CFONTCONFIG_FILE).first else {
        return .failure(.unreadable(family: request.family, file: "?"))
      }
      var index: Int32 = 0
      FcPatternGetInteger(match, CFONTCONFIG_INDEX, 0, &index)
      guard let face = Self.open(&s, file: file, index: Int(index), family: names[0]) else {
        return .failure(.unreadable(family: request.family, file: file))
      }
      s.faces[request] = face
      return .success(face)
    }
    return try result.get()
  }

  /// A face that has a glyph for `scalar` when `primary` has none: the first of
  /// fontconfig's sorted list for the primary's family that covers it; nil when no installed
  /// font does.
  public func fallback(for scalar: Unicode.Scalar, after primary: FontFace) -> FontFace? {
    state.withLock { s in
      if let known = s.fallbacks[primary.file]?[scalar.value] { return known }
      var found: FontFace?
      if s.fallbackLists.index(forKey: primary.file) == nil, let config = s.config, let pattern = FcPatternCreate() {
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, CFONTCONFIG_FAMILY, primary.family)
        FcPatternAddBool(pattern, CFONTCONFIG_OUTLINE, FcBool(FcTrue))
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        s.fallbackLists.updateValue(FcFontSort(config, pattern, FcBool(FcTrue), nil, &result), forKey: primary.file)
      }
      if let list = s.fallbackLists[primary.file], let set = list {
        for k in 0..<Int(set.pointee.nfont) {
          guard let font = set.pointee.fonts[k] else { continue }
          var charset: OpaquePointer?
          guard FcPatternGetCharSet(font, CFONTCONFIG_CHARSET, 0, &charset) == FcResultMatch,
            FcCharSetHasChar(charset, scalar.value) != 0,
            let file = Self.strings(font, CFONTCONFIG_FILE).first
          else { continue }
          var index: Int32 = 0
          FcPatternGetInteger(font, CFONTCONFIG_INDEX, 0, &index)
          let family = Self.strings(font, CFONTCONFIG_FAMILY).first ?? file
          if let face = Self.open(&s, file: file, index: Int(index), family: family), face.glyph(for: scalar) != 0 {
            found = face
            break
          }
        }
      }
      s.fallbacks[primary.file, default: [:]][scalar.value] = .some(found)
      return found
    }
  }

  /// Every installed family with outlines, sorted.
  public func families() -> [String] { state.withLock { Self.families(&$0) } }

  private static func families(_ s: inout State) -> [String] {
    if let known = s.families { return known }
    var names: Set<String> = []
    if let config = s.config, let pattern = FcPatternCreate() {
      defer { FcPatternDestroy(pattern) }
      FcPatternAddBool(pattern, CFONTCONFIG_OUTLINE, FcBool(FcTrue))
      let objects = FcObjectSetCreate()!
      defer { FcObjectSetDestroy(objects) }
      FcObjectSetAdd(objects, CFONTCONFIG_FAMILY)
      if let set = FcFontList(config, pattern, objects) {
        defer { FcFontSetDestroy(set) }
        for k in 0..<Int(set.pointee.nfont) {
          if let font = set.pointee.fonts[k] { names.formUnion(strings(font, CFONTCONFIG_FAMILY)) }
        }
      }
    }
    s.families = names.sorted()
    return s.families!
  }

  private static func open(_ s: inout State, file: String, index: Int, family: String) -> FontFace? {
    let key = "\(index):\(file)"
    if let face = s.byFile[key] { return face }
    guard let face = FontFace(file: file, index: index, family: family) else { return nil }
    s.byFile[key] = face
    return face
  }

  private static func strings(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>) -> [String] {
    var result: [String] = []
    var n: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
      result.append(String(cString: value))
      n += 1
    }
    return result
  }

  /// Up to five families that look like `name`: those that contain it or that it contains,
  /// then those that start with its first three letters (case-insensitive).
  static func near(_ name: String, in families: [String]) -> [String] {
    let key = name.lowercased().filter { $0 != " " }
    guard !key.isEmpty else { return [] }
    let squeezed = families.map { ($0, $0.lowercased().filter { $0 != " " }) }
    let containing = squeezed.filter { $0.1.contains(key) || key.contains($0.1) }.map(\.0)
    let prefixed = squeezed.filter { $0.1.hasPrefix(key.prefix(3)) }.map(\.0)
    var seen: Set<String> = []
    return (containing + prefixed).filter { seen.insert($0).inserted }.prefix(5).map { $0 }
  }
}

/// A face to look up: a family name and a weight on the CSS / OpenType scale (100 thin …
/// 400 regular … 900 black).
public struct FontRequest: Hashable, Sendable {
  public var family: String
  public var weight: Int
  public init(family: String, weight: Int) { self.family = family; self.weight = weight }
}

/// Why a font could not be found or opened.
public enum FontLookupError: Error, Equatable, CustomStringConvertible {
  /// No installed font has this family name; `nearMatches` are installed families like it.
  case unknownFamily(String, nearMatches: [String])
  /// fontconfig names a file that FreeType cannot read as a scalable font.
  case unreadable(family: String, file: String)

  public var description: String {
    switch self {
    case .unknownFamily(let name, let near):
      let hint = near.isEmpty ? "" : "; installed families like it: " + near.map { "\"\($0)\"" }.joined(separator: ", ")
      return "no installed font family is named \"\(name)\"\(hint)"
    case .unreadable(let family, let file):
      return "the font file \(file) for family \"\(family)\" cannot be read as a scalable font"
    }
  }
}
