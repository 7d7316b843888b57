/// The JSON Schema of each modifier, made from its table row, so that scene.schema.json
/// cannot drift from what the decoder reads (Tests/SchemaTests compares them, and
/// `tools/update-schema` writes this into the file).
extension ModifierSpec {
  /// `$defs.modifier.properties` of scene.schema.json, as compact JSON.
  package static var schemaProperties: String {
    let members: [(String, JSONOutput)] = all.map { spec in (spec.name, spec.schema) }
    return JSONOutput.object(members).compact
  }

  /// The schema of this modifier's value.
  var schema: JSONOutput {
    switch form {
    case .flag: return .object([("const", .bool(true))])
    case .value: return arguments[0].schema
    case .object: return objectSchema
    case .valueOrObject:
      // A bare value that may itself be one of several forms is listed form by form.
      let bare: JSONOutput = arguments[0].schema
      var choices: [JSONOutput] = [bare]
      if case .object(let members) = bare, members.count == 1, members[0].0 == "anyOf",
        case .array(let forms) = members[0].1
      {
        choices = forms
      }
      return .object([("anyOf", .array(choices + [objectSchema]))])
    }
  }

  private var objectSchema: JSONOutput {
    var members: [(String, JSONOutput)] = [("type", .string("object")), ("additionalProperties", .bool(false))]
    let required = arguments.filter { if case .required = $0.presence { true } else { false } }
    if !required.isEmpty { members.append(("required", .array(required.map { .string($0.key) }))) }
    if !exactlyOne.isEmpty {
      let choices: [JSONOutput] = exactlyOne.map { .object([("required", .array([.string($0)]))]) }
      members.append(("oneOf", .array(choices)))
    }
    let properties: [(String, JSONOutput)] = arguments.map { argument in (argument.key, argument.schema) }
    members.append(("properties", .object(properties)))
    return .object(members)
  }
}

extension ArgumentSpec {
  /// The schema of one argument: a reference to the schema's shared definitions.
  var schema: JSONOutput {
    func ref(_ name: String) -> JSONOutput { .object([("$ref", .string("#/$defs/\(name)"))]) }
    switch type {
    case .value(let valueType, let range, let numberAsPoint, _):
      let base: JSONOutput
      switch valueType {
      case .number:
        switch range {
        case .any: base = ref("number")
        case .nonNegative: base = ref("nonNegative")
        case .nonNegativeOrInfinity: base = ref("nonNegativeOrInfinity")
        case .unit: base = ref("unit")
        case .positive: base = ref("positive")
        }
      case .bool: base = ref("bool")
      case .color: base = ref("color")
      case .point: base = ref("point")
      case .string: base = .object([("type", .string("string"))])
      case .strings, .numbers: base = .object([("type", .string("array"))])
      }
      return numberAsPoint ? .object([("anyOf", .array([ref("number"), base]))]) : base
    case .alignment: return ref("alignment")
    case .anchor: return ref("anchor")
    case .node: return ref("node")
    case .animation: return ref("animation")
    case .stateReference: return ref("stateRef")
    case .transition: return ref("transition")
    case .contentTransition:
      let numeric = JSONOutput.object([
        ("type", .string("object")), ("additionalProperties", .bool(false)),
        ("properties", .object([("countsDown", .object([("type", .string("boolean"))]))])),
      ])
      return .object([
        (
          "anyOf",
          .array([
            .object([("enum", .array(ContentTransition.names.map { .string($0) }))]),
            .object([
              ("type", .string("object")), ("required", .array([.string("numericText")])),
              ("additionalProperties", .bool(false)), ("properties", .object([("numericText", numeric)])),
            ]),
          ])
        )
      ])
    case .string: return .object([("type", .string("string"))])
    case .bool: return .object([("type", .string("boolean"))])
    case .clipShape: return ref("clipShape")
    case .paint: return ref("paint")
    case .choice(let names): return .object([("enum", .array(names.map { .string($0) }))])
    case .axis:
      return .object([
        ("type", .string("array")), ("items", .object([("type", .string("number"))])), ("minItems", .number(3)),
        ("maxItems", .number(3)),
      ])
    case .body: return .object([("type", .string("array")), ("items", ref("modifier"))])
    case .numbers:
      return .object([
        ("type", .string("array")), ("items", .object([("type", .string("number")), ("minimum", .number(0))])),
      ])
    }
  }
}
