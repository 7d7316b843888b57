/// Names from SwiftUI that a scene may use by habit but that Flipbook does not support (yet),
/// so that a message can say so instead of suggesting a look-alike name.
///
/// Only names of SwiftUI's public API belong here; names Flipbook supports are never looked
/// up (they are not unknown). The lists are not exhaustive: they hold the views and modifiers
/// a SwiftUI animation most often uses.
package enum SwiftUINames {
  /// SwiftUI views, as written in Swift (`Button`); compared without regard to case.
  package static let views: Set<String> = [
    "AsyncImage", "Button", "Toggle", "Slider", "Stepper", "Picker", "ProgressView", "Gauge", "Label",
    "Link", "Menu", "Divider", "List", "ScrollView", "Form", "Section", "Grid", "GridRow", "LazyVGrid", "LazyHGrid",
    "LazyVStack", "LazyHStack", "GeometryReader", "Canvas", "TimelineView", "TextField", "SecureField",
    "TextEditor", "NavigationStack", "NavigationView", "TabView", "Group", "ViewThatFits", "ContainerRelativeShape",
    "UnevenRoundedRectangle", "ColorPicker", "DatePicker", "ShareLink", "ContentUnavailableView",
  ]

  /// SwiftUI view modifiers (not those whose names are keys of a node here, such as `font`).
  package static let modifiers: Set<String> = [
    "projectionEffect", "transformEffect", "aspectRatio", "scaledToFit", "scaledToFill",
    "border", "tint", "accentColor", "underline", "strikethrough", "kerning", "tracking", "lineSpacing", "lineLimit",
    "multilineTextAlignment",
    "minimumScaleFactor", "truncationMode", "textCase", "monospacedDigit", "drawingGroup", "luminanceToAlpha",
    "hidden", "disabled", "contentShape", "allowsHitTesting", "ignoresSafeArea", "edgesIgnoringSafeArea",
    "onTapGesture", "onLongPressGesture", "gesture", "onAppear", "onDisappear", "onChange", "onReceive", "task",
    "sheet", "alert", "popover", "toolbar", "navigationTitle", "accessibilityLabel", "symbolEffect",
    "keyframeAnimator", "phaseAnimator", "visualEffect", "geometryGroup", "containerRelativeFrame",
    "safeAreaInset", "redacted", "labelsHidden", "imageScale", "symbolRenderingMode", "environment",
  ]

  /// `"NAME" is SwiftUI's, not supported yet`, or nil when `name` is not a SwiftUI view name.
  package static func viewNote(_ name: String) -> String? {
    views.first { $0.lowercased() == name.lowercased() }.map { "\"\($0)\" is SwiftUI's, not supported yet" }
  }

  /// `"NAME" is SwiftUI's, not supported yet`, or nil when `name` is not a SwiftUI modifier.
  package static func modifierNote(_ name: String) -> String? {
    modifiers.contains(name) ? "\"\(name)\" is SwiftUI's, not supported yet" : nil
  }

  /// Why an argument label of SwiftUI's is not a key of a modifier here (`matchedGeometryEffect`'s
  /// `in:`), or nil.
  package static func argumentNote(modifier: String, key: String) -> String? {
    switch (modifier, key) {
    case ("matchedGeometryEffect", "in"), ("matchedGeometryEffect", "namespace"):
      return "\"\(key)\" is SwiftUI's namespace (@Namespace); a scene is one namespace, so \"id\" alone names "
        + "the group: {\"id\": \"…\", \"isSource\": true}"
    default: return nil
    }
  }
}
