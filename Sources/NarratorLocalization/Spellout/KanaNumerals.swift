/// Japanese numbers in hiragana, read from CLDR's Han numerals (`百五` is ひゃくご).
///
/// espeak-ng's Japanese voice reads kana only (it skips kanji), and its own reading of digits puts
/// いち before 百 and 千 (105 is heard "いちひゃくご"). So Japanese whole numbers are spoken through
/// CLDR's `spellout-cardinal` (Han numerals) and this reading of them, with the sound changes of the
/// counting words: さんびゃく, ろっぴゃく, はっぴゃく, さんぜん, はっせん, いっちょう, じゅっちょう.
enum KanaNumerals {
    private static let digits: [Character: String] = [
        "〇": "ゼロ", "一": "いち", "二": "に", "三": "さん", "四": "よん", "五": "ご", "六": "ろく", "七": "なな",
        "八": "はち", "九": "きゅう",
    ]

    /// The reading of a unit after a digit, where it changes (`三` + `百` is さんびゃく).
    private static let joined: [String: String] = [
        "三百": "さんびゃく", "六百": "ろっぴゃく", "八百": "はっぴゃく", "三千": "さんぜん", "八千": "はっせん",
        "一兆": "いっちょう", "八兆": "はっちょう", "十兆": "じゅっちょう", "一京": "いっけい", "八京": "はっけい",
        "十京": "じゅっけい",
    ]

    private static let units: [Character: String] = [
        "十": "じゅう", "百": "ひゃく", "千": "せん", "万": "まん", "億": "おく", "兆": "ちょう", "京": "けい",
    ]

    /// The hiragana reading of CLDR Japanese `spellout-cardinal` text; other characters are kept.
    static func reading(_ han: String) -> String {
        let characters = Array(han)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if index + 1 < characters.count, let pair = joined[String([character, characters[index + 1]])] {
                output += pair
                index += 2
                continue
            }
            output += digits[character] ?? units[character] ?? String(character)
            index += 1
        }
        return output
    }
}
