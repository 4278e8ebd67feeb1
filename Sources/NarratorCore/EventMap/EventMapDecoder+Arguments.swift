import NarratorJSON
import NarratorLocalization
import NarratorWire

extension EventMapDecoder {
    /// One element of `"arguments"`: a field name, or `{"field"}`, `{"value"}` or `{"localized"}`.
    func decodeArgument(_ node: JSONNode, event: String) throws(EventMapError) -> EventArgument {
        if case .string(let field) = node.value {
            guard !field.isEmpty else { throw EventMapError(at: node.position, event: event, "a field name is empty") }
            return EventArgument(source: .field(field), position: node.position)
        }
        let argument = try MapObject(
            node, event: event, what: "an argument (a field name, or {\"field\"}, {\"value\"} or {\"localized\"})")
        if let (field, _) = try argument.string("field") {
            try argument.allow(["field", "add"], in: "a field argument")
            guard let (add, _) = try argument.integer("add") else {
                return EventArgument(source: .field(field), position: node.position)
            }
            return EventArgument(source: .offset(field: field, add: add), position: node.position)
        }
        if let value = argument["value"] {
            try argument.allow(["value"], in: "a value argument")
            switch value.value {
            case .string(let text):
                return EventArgument(source: .value(.string(text)), position: node.position)
            case .number(let text):
                if let integer = JSONNumber.integer(text) {
                    return EventArgument(source: .value(.integer(integer)), position: node.position)
                }
                if let decimal = JSONNumber.decimal(text) {
                    return EventArgument(source: .value(.decimal(decimal)), position: node.position)
                }
                throw argument.error(at: value.position, "the number \(text) is out of range")
            default:
                throw argument.error(
                    at: value.position, "\"value\" must be a string or a number, not \(value.value.kindDescription)")
            }
        }
        if let localized = try argument.template("localized") {
            try argument.allow(["localized"], in: "a localized argument")
            return EventArgument(source: .localized(localized), position: node.position)
        }
        try argument.allow([], in: "an argument")
        throw argument.error(at: node.position, "an argument needs \"field\", \"value\" or \"localized\"")
    }
}
