import NarratorServer
import NarratorVoice
import NarratorWire
import Testing

/// The daemon's line limit and the speech seam's text limit are one number, the protocol's: a text
/// is never refused for a length a line could have brought.
@Suite("The line limit and the text limit")
struct LineAndTextLimitTests {
    @Test("the daemon reads lines as long as the protocol's, and speech takes texts as long")
    func oneLimit() {
        let service = NarratorService.Configuration(socketPath: "/unused")
        #expect(service.lineLimit == ProtocolLimits.maximumLineBytes)
        #expect(SpeechRequest.maximumTextBytes == ProtocolLimits.maximumTextBytes)
        #expect(ProtocolLimits.maximumTextBytes == ProtocolLimits.maximumLineBytes)
    }

    @Test("a text exactly at the limit crosses the seam, one byte more does not")
    func textAtTheLimit() throws {
        let longest = String(repeating: "a", count: ProtocolLimits.maximumTextBytes)
        try SpeechRequest.validate(text: longest)
        #expect(
            throws: SpeechRequestError.textTooLong(
                bytes: longest.utf8.count + 1, limit: ProtocolLimits.maximumTextBytes)
        ) { try SpeechRequest.validate(text: longest + "a") }
    }
}
