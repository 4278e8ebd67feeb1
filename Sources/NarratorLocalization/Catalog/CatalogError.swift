public import NarratorJSON

/// A table that cannot be read: not JSON, or JSON that is not a String Catalog.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table's name as given by the caller (usually its path).
    public var table: String
    public var position: SourcePosition
    /// What is wrong and how to fix it.
    public var message: String
    /// True when the bytes are not JSON at all (as opposed to JSON of the wrong shape).
    public var isSyntaxError: Bool

    public init(table: String, position: SourcePosition, message: String, isSyntaxError: Bool = false) {
        self.table = table
        self.position = position
        self.message = message
        self.isSyntaxError = isSyntaxError
    }

    public var description: String { "\(table):\(position.line):\(position.column): \(message)" }
}
