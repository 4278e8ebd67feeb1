import NarratorJSON

extension CatalogDecoder {
    mutating func localization(_ member: JSONMember, key: String) throws(CatalogError) -> CatalogLocalization {
        let context = "\"\(key)\" (\(member.key))"
        let fields = try members(member.value, context)
        var substitutions: [String: CatalogSubstitution] = [:]
        if let list = fields["substitutions"] {
            for item in try orderedMembers(list.value, "the substitutions of \(context)") {
                substitutions[item.key] = try substitution(item, context: context)
            }
        }
        return CatalogLocalization(
            language: member.key, position: member.keyPosition, value: try value(fields, member.value, context),
            substitutions: substitutions)
    }

    /// A `stringUnit` or `variations` member of `fields` (one of the two, not both).
    mutating func value(
        _ fields: [String: JSONMember], _ node: JSONNode, _ context: String
    ) throws(CatalogError) -> CatalogValue? {
        let unit = fields["stringUnit"]
        let variations = fields["variations"]
        if unit != nil && variations != nil {
            throw failure(node, "\(context) has both \"stringUnit\" and \"variations\": keep only one of them")
        }
        if let unit { return .unit(try stringUnit(unit, context)) }
        guard let variations else { return nil }
        let kinds = try members(variations.value, "the variations of \(context)")
        if let plural = kinds["plural"] {
            guard kinds["device"] == nil else {
                throw failure(variations.value, "\(context) varies by plural and device at once: nest one in the other")
            }
            return .plural(try self.variations(plural, "the plural forms of \(context)"))
        }
        if let device = kinds["device"] {
            return .device(try self.variations(device, "the device forms of \(context)"))
        }
        throw failure(variations.value, "the variations of \(context) need a \"plural\" or \"device\" object")
    }

    mutating func variations(_ member: JSONMember, _ context: String) throws(CatalogError) -> CatalogVariations {
        var cases: [CatalogVariations.Case] = []
        for item in try orderedMembers(member.value, context) {
            let caseContext = "\"\(item.key)\" of \(context)"
            let fields = try members(item.value, caseContext)
            guard let value = try value(fields, item.value, caseContext) else {
                throw failure(item.value, "\(caseContext) needs a \"stringUnit\"")
            }
            cases.append(CatalogVariations.Case(name: item.key, position: item.keyPosition, value: value))
        }
        return CatalogVariations(position: member.keyPosition, cases: cases)
    }

    mutating func stringUnit(_ member: JSONMember, _ context: String) throws(CatalogError) -> StringUnit {
        let unitContext = "the stringUnit of \(context)"
        let fields = try members(member.value, unitContext)
        guard let valueMember = fields["value"] else {
            // A unit without a value is reported by lint as an empty value, not as unreadable.
            return StringUnit(
                state: try string(fields["state"], unitContext), value: "", position: member.value.position)
        }
        return StringUnit(
            state: try string(fields["state"], unitContext), value: try string(valueMember, unitContext) ?? "",
            position: valueMember.value.position)
    }

    mutating func substitution(_ member: JSONMember, context: String) throws(CatalogError) -> CatalogSubstitution {
        let subContext = "the substitution \"\(member.key)\" of \(context)"
        let fields = try members(member.value, subContext)
        var argNum: Int?
        if let number = fields["argNum"] {
            guard case .number(let text) = number.value.value, let value = Int(text) else {
                throw failure(number.value, "\"argNum\" of \(subContext) must be a whole number")
            }
            argNum = value
        }
        var plural: CatalogVariations?
        if let variations = fields["variations"] {
            let kinds = try members(variations.value, "the variations of \(subContext)")
            if let forms = kinds["plural"] { plural = try self.variations(forms, "the plural forms of \(subContext)") }
        }
        return CatalogSubstitution(
            name: member.key, position: member.keyPosition, argNum: argNum,
            formatSpecifier: try string(fields["formatSpecifier"], subContext), plural: plural)
    }
}
