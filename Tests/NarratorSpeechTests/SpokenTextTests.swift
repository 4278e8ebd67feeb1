import Testing

@testable import NarratorSpeech

@Suite("Text as espeak-ng is given it")
struct SpokenTextTests {
    @Test("Cantonese 13- to 18-digit numbers become Han numerals; shorter, zero-led and other voices' stay")
    func cantoneseNumbers() {
        #expect(SpokenText("9999999999999", cantonese: true, ssml: false).text == "九兆九千九百九十九億九千九百九十九萬九千九百九十九")
        #expect(SpokenText("1,000,000,000,000", cantonese: true, ssml: false).text == "一兆")
        #expect(SpokenText("1234567890,123", cantonese: true, ssml: false).text.hasPrefix("一兆"))
        for text in [
            "999999999999", "0009999999999", "9999999999999999999", "1,2,3,4,5,6,7,8,9,0,1,2,3", "1234567890,12",
        ] {
            #expect(SpokenText(text, cantonese: true, ssml: false).text == text)
        }
        #expect(SpokenText("9999999999999", cantonese: false, ssml: false).text == "9999999999999")
    }

    @Test("Positions after a rewritten number map back to the text's own; inside it, to its start")
    func positions() {
        let spoken = SpokenText("Go 1234567890123. Next", cantonese: true, ssml: false)
        let next = Array(spoken.text.unicodeScalars).firstIndex(of: "N")!
        #expect(spoken.originalPosition(of: next) == 18)
        #expect(spoken.originalPosition(of: 4) == 3)
        #expect(spoken.originalPosition(of: 1) == 1)
    }

    @Test("In SSML only the words are rewritten, never the markup")
    func ssml() {
        let text = "<speak><mark name=\"1234567890123\"/>1234567890123</speak>"
        let spoken = SpokenText(text, cantonese: true, ssml: true).text
        #expect(spoken.hasPrefix("<speak><mark name=\"1234567890123\"/>"))
        #expect(!spoken.hasSuffix("1234567890123</speak>"))
        #expect(SpokenText.mayChooseCantonese(#"<speak><s xml:lang="zh-HK">1</s></speak>"#))
        #expect(!SpokenText.mayChooseCantonese(#"<speak><s xml:lang="zh-CN">1</s></speak>"#))
    }
}
