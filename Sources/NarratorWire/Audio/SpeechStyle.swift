/// Which punctuation characters are said by name (`set`'s `punctuation`, SSIP's `PUNCTUATION`):
/// none (the built-in), symbols, symbols and brackets and quotes, or every one.
public enum Punctuation: String, Sendable, Hashable, CaseIterable {
    case none, some, most, all
}

/// How a capital letter is told (`set`'s `capitals`, SSIP's `CAP_LET_RECOGN`): not at all (the
/// built-in), by saying "capital" before it, or by a short sound before it.
public enum CapitalLetters: String, Sendable, Hashable, CaseIterable {
    case none, spell, icon
}
