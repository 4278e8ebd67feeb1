import NarratorClient
import Testing

@Suite("Reading reply lines")
struct ReplyLineTests {
    @Test("Replies and notifications give their top-level fields, unescaped")
    func readsFields() {
        let reply = ReplyLine(#"{"ok":true,"id":"7","text":"Crash! \"2\" lives\n","locale":"en","priority":"default"}"#)
        #expect(reply.ok == true && reply.id == "7" && reply.text == "Crash! \"2\" lives\n" && reply.event == nil)
        let refused = ReplyLine(#"{"ok":false,"error":{"code":"invalid_json","message":"not JSON"}}"#)
        #expect(refused.ok == false && refused.id == nil)
        let ended = ReplyLine(#"{"event":"superseded","id":"3","client":"c","text":"Score 1","t_ms":12.5,"by":"4"}"#)
        #expect(ended.ok == nil && ended.event == "superseded" && ended.id == "3" && ended.isEnding)
        #expect(!ReplyLine(#"{"event":"started","id":"3","text":"x","t_ms":1.0}"#).isEnding)
    }

    @Test("A status reply's nested speaking object does not lend it an id")
    func ignoresNestedFields() {
        let status = ReplyLine(
            #"{"ok":true,"speaking":{"id":"12","text":"Score 5","client":"g"},"queued":0,"counters":{"finished":3}}"#)
        #expect(status.ok == true && status.id == nil && status.text == nil)
    }
}
