/// A negative number given as an option's value (`--time -1`), found before the arguments are
/// parsed.
///
/// swift-argument-parser reads `-1` as an option of its own and says `Missing value for
/// '--time <T>'`, which hides the mistake. No option of `render` takes a negative number and
/// no option's name starts with a digit, so a value `-<digit>` or `-.<digit>` after an
/// option is always a negative number, and is explained as one.
enum NegativeValue {
  /// The message for the first option in `arguments` followed by a negative number, or nil.
  static func message(in arguments: [String]) -> String? {
    for (option, value) in zip(arguments, arguments.dropFirst())
    where option.hasPrefix("--") && !option.contains("=") && isNegativeNumber(value) {
      return "\(option) \(value): the value must be ≥ 0"
    }
    return nil
  }

  /// `-1`, `-0.5`, `-.5`, `-1e3`: a minus sign, maybe a point, then a digit.
  private static func isNegativeNumber(_ text: String) -> Bool {
    let bytes = Array(text.utf8.prefix(3))
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
    let digit = bytes[1] == UInt8(ascii: ".") && bytes.count == 3 ? bytes[2] : bytes[1]
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit)
  }
}
