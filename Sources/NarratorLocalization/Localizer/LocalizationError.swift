/// Why a table could not be loaded or a key could not be rendered. Each message names the table,
/// key and language involved and says how to fix it.
public enum LocalizationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A table's bytes are not a readable String Catalog.
    case unreadableTable(CatalogError)
    /// Two loaded tables define the same key, so which text to speak would be a guess.
    case keyInTwoTables(key: String, first: String, second: String)
    /// The text of `key` in `locale` does not fit the arguments given (or is itself broken).
    case format(key: String, locale: String, table: String, FormatError)

    public var description: String {
        switch self {
        case .unreadableTable(let error):
            "cannot read the table \(error.description); check it with `narrator lint \(error.table)`"
        case .keyInTwoTables(let key, let first, let second):
            "the key \"\(key)\" is defined in both \(first) and \(second): keep it in one table"
        case .format(let key, let locale, let table, let error):
            "\"\(key)\" (\(locale)) in \(table): \(error.description)"
        }
    }
}
