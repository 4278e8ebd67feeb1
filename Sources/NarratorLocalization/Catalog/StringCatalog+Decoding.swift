import NarratorJSON

extension StringCatalog {
    /// Reads a String Catalog from its UTF-8 bytes. `name` (usually the path) is used in messages.
    ///
    /// Unknown members are ignored, as Xcode adds new ones over time; members of the wrong type
    /// are errors that name the member and its line.
    public init(name: String, bytes: [UInt8]) throws(CatalogError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw CatalogError(table: name, position: error.position, message: error.description, isSyntaxError: true)
        }
        var decoder = CatalogDecoder(table: name)
        self = try decoder.catalog(root)
    }

    /// Reads a String Catalog from text.
    public init(name: String, text: String) throws(CatalogError) {
        try self.init(name: name, bytes: Array(text.utf8))
    }
}

/// Turns parsed JSON into the catalog model, collecting duplicate keys on the way.
struct CatalogDecoder {
    let table: String
    var duplicates: [DuplicateKey] = []

    init(table: String) { self.table = table }

    func failure(_ node: JSONNode, _ message: String) -> CatalogError {
        CatalogError(table: table, position: node.position, message: message)
    }

    /// The members of an object by key (the last of duplicates wins; duplicates are recorded).
    mutating func members(_ node: JSONNode, _ context: String) throws(CatalogError) -> [String: JSONMember] {
        guard case .object(let list) = node.value else {
            throw failure(node, "\(context) must be an object, not \(node.value.kindDescription)")
        }
        var byKey: [String: JSONMember] = [:]
        for member in list {
            if let first = byKey[member.key] {
                duplicates.append(
                    DuplicateKey(
                        key: member.key, position: member.keyPosition, firstPosition: first.keyPosition,
                        context: context))
            }
            byKey[member.key] = member
        }
        return byKey
    }

    /// Members in file order, for objects whose keys are names chosen by the table's author.
    mutating func orderedMembers(_ node: JSONNode, _ context: String) throws(CatalogError) -> [JSONMember] {
        let byKey = try members(node, context)
        guard case .object(let list) = node.value else { return [] }
        var seen = Set<String>()
        return list.reversed().filter { seen.insert($0.key).inserted && byKey[$0.key] != nil }.reversed()
    }

    func string(_ member: JSONMember?, _ context: String) throws(CatalogError) -> String? {
        guard let member else { return nil }
        guard case .string(let text) = member.value.value else {
            throw failure(member.value, "\"\(member.key)\" in \(context) must be a string")
        }
        return text
    }

    mutating func catalog(_ root: JSONNode) throws(CatalogError) -> StringCatalog {
        let top = try members(root, "the table")
        guard let source = try string(top["sourceLanguage"], "the table") else {
            throw failure(root, "a String Catalog needs \"sourceLanguage\" (for example \"en\") at the top level")
        }
        guard let strings = top["strings"] else {
            throw failure(root, "a String Catalog needs a \"strings\" object at the top level")
        }
        var entries: [CatalogEntry] = []
        for member in try orderedMembers(strings.value, "\"strings\"") {
            entries.append(try entry(member))
        }
        return StringCatalog(
            name: table, sourceLanguage: source, version: try string(top["version"], "the table"),
            entries: entries, duplicates: duplicates)
    }

    mutating func entry(_ member: JSONMember) throws(CatalogError) -> CatalogEntry {
        let context = "the entry \"\(member.key)\""
        let fields = try members(member.value, context)
        var shouldTranslate = true
        if let flag = fields["shouldTranslate"] {
            guard case .bool(let value) = flag.value.value else {
                throw failure(flag.value, "\"shouldTranslate\" in \(context) must be true or false")
            }
            shouldTranslate = value
        }
        var localizations: [String: CatalogLocalization] = [:]
        if let list = fields["localizations"] {
            for language in try orderedMembers(list.value, "the localizations of \"\(member.key)\"") {
                localizations[language.key] = try localization(language, key: member.key)
            }
        }
        return CatalogEntry(
            key: member.key, position: member.keyPosition, comment: try string(fields["comment"], context),
            shouldTranslate: shouldTranslate, extractionState: try string(fields["extractionState"], context),
            localizations: localizations)
    }
}
