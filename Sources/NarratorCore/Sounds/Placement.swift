import NarratorJSON
import NarratorLocalization
import NarratorWire

/// Where a part of a sound is placed (`pan` in a sound book, docs/SOUNDS.md): a fixed place, or
/// one an event field chooses.
enum Placement: Sendable, Hashable {
    /// -1 (left) to 1 (right).
    case fixed(Pan)
    /// The event field `field` chooses: with `places`, its whole number (or `false` 0, `true` 1)
    /// picks one of them (a lane number, 0 the first); without, the field is the place itself.
    case field(String, places: [Pan]?)

    /// The most places one `pan` may list.
    static let maximumPlaces = 16

    /// The field it reads, if any.
    var field: String? {
        if case .field(let name, _) = self { return name }
        return nil
    }

    /// What the field it reads must hold, for messages.
    var expected: String {
        switch self {
        case .fixed, .field(_, nil): "a number from -1 (left) to 1 (right)"
        case .field(_, let places?):
            "a whole number from 0 to \(places.count - 1)" + (places.count == 2 ? " (or false, true)" : "")
        }
    }

    /// The place for these event fields: nil when the field is absent (the part is then where the
    /// sound around it is: a game that does not place it is not refused), or the field and what it
    /// held when that is no place.
    func resolve(_ arguments: [String: JSONValue]) -> Result<Pan?, PlaceProblem> {
        switch self {
        case .fixed(let pan):
            return .success(pan)
        case .field(let name, let places):
            guard let value = arguments[name] else { return .success(nil) }
            guard let places else {
                guard case .number(let text) = value, let number = JSONNumber.decimal(text), let pan = Pan(number)
                else { return .failure(PlaceProblem(field: name, value: value)) }
                return .success(pan)
            }
            let index: Int?
            switch value {
            case .bool(let flag): index = flag ? 1 : 0
            case .number(let text): index = JSONNumber.integer(text)
            default: index = nil
            }
            guard let index, places.indices.contains(index) else {
                return .failure(PlaceProblem(field: name, value: value))
            }
            return .success(places[index])
        }
    }

    /// A field that gives no place, holding what `value` is.
    struct PlaceProblem: Error, Hashable {
        var field: String
        var value: JSONValue
    }

    /// `"pan": -1`, or `"pan": {"field": "lane", "places": [-1, 0, 1]}`, or `"pan": {"field": "x"}`.
    static func decode(_ node: JSONNode, sound: String?) throws(SoundBookError) -> Placement {
        if case .number(let text) = node.value {
            guard let value = JSONNumber.decimal(text), let pan = Pan(value) else {
                throw SoundBookError(
                    at: node.position, sound: sound, "\"pan\" must be -1 (left) to 1 (right), 0 the centre, not \(text)"
                )
            }
            return .fixed(pan)
        }
        guard case .object = node.value else {
            throw SoundBookError(
                at: node.position, sound: sound,
                "\"pan\" must be a number from -1 (left) to 1 (right), or {\"field\": NAME, \"places\": [...]}, "
                    + "not \(JSONNumber.describe(node.value))")
        }
        let object = try SoundObject(node, sound: sound, what: "a place from a field")
        try object.allow(["field", "places"], in: "a place from a field")
        guard let (name, position) = try object.string("field") else {
            throw object.error(at: object.position, "a place from a field needs \"field\": the event field to read")
        }
        guard FieldTemplate.isName(name) else {
            throw object.error(at: position, "\"field\" names a field of the event: letters, digits, _ and -")
        }
        guard let list = object["places"] else { return .field(name, places: nil) }
        guard case .array(let elements) = list.value, (1...maximumPlaces).contains(elements.count) else {
            throw object.error(
                at: list.position, "\"places\" must be an array of 1 to \(maximumPlaces) places, each -1 to 1")
        }
        var places: [Pan] = []
        for element in elements {
            guard case .number(let text) = element.value, let value = JSONNumber.decimal(text), let pan = Pan(value)
            else {
                throw object.error(
                    at: element.position,
                    "a place must be a number from -1 (left) to 1 (right), not \(JSONNumber.describe(element.value))")
            }
            places.append(pan)
        }
        return .field(name, places: places)
    }
}
