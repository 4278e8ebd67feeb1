import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// `HISTORY` over the pure conductor: what the narrator's history answers of SSIP's commands, in
/// SSIP's formats (docs/SSIP.md, "History").
@Suite struct SSIPHistoryTests {
    /// Client 1 (SSIP, named), client 2 (SSIP, unnamed, gone), game 3; messages 1-6.
    static func machine() -> SSIPMachine {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SET self CLIENT_NAME ann:reader:main").code == 208)
        m.connect(2)
        _ = m.machine.connect(3, name: "Retro Racing")
        m.speak(1, .message, "Hello world.")
        m.speak(2, .text, "Hello there.")
        #expect(m.send(1, "KEY shift_a").code == 225)
        _ = m.machine.run(.request(ClientID(rawValue: 3), .say(.init(.text("Lap two, world!"), priority: .high))))
        m.speak(1, .important, "Goodbye.")
        #expect(m.send(1, "CHAR x").code == 225)
        _ = m.machine.run(.disconnected(ClientID(rawValue: 2)))
        return m
    }

    static let time = "\"" + SSIPHistory.localTime(SSIPMachine.wallClock) + "\""

    @Test func clientListIdAndLast() {
        var m = Self.machine()
        #expect(
            m.send(1, "HISTORY GET CLIENT_LIST").text
                == "240-1 ann:reader:main 1\r\n240-2 client_2 0\r\n240-3 Retro_Racing 1\r\n240 OK CLIENTS LIST SENT\r\n"
        )
        #expect(m.send(1, "HISTORY GET CLIENT_ID").lines == ["1"])
        #expect(m.send(1, "HISTORY GET LAST").lines == ["6"])
        #expect(m.send(1, "HISTORY GET MESSAGE 4").lines == ["Lap two, world!"])
        #expect(m.send(1, "HISTORY GET MESSAGE 99").code == 406)
        #expect(m.send(1, "HISTORY GET MESSAGE_LIST").code == 514)
    }

    @Test func clientMessagesInSSIPsFormat() {
        var m = Self.machine()
        #expect(
            m.send(1, "HISTORY GET CLIENT_MESSAGES self 1 10").lines == [
                "1 1 ann:reader:main \(Self.time) message \"Hello world.\"",
                "3 1 ann:reader:main \(Self.time) message \"shift_a\"",
                "5 1 ann:reader:main \(Self.time) important \"Goodbye.\"",
                "6 1 ann:reader:main \(Self.time) important \"x\"",
            ])
        #expect(
            m.send(1, "HISTORY GET CLIENT_MESSAGES all 2 3").lines == [
                "2 2 client_2 \(Self.time) text \"Hello there.\"",
                "3 1 ann:reader:main \(Self.time) message \"shift_a\"",
                "4 3 Retro_Racing \(Self.time) important \"Lap two, world!\"",
            ])
        #expect(m.send(1, "HISTORY GET CLIENT_MESSAGES 2 1 9").lines.count == 1)
        #expect(m.send(1, "HISTORY GET CLIENT_MESSAGES 42 1 9").code == 402)
        #expect(m.send(1, "HISTORY GET CLIENT_MESSAGES self 0 9").code == 511)
        #expect(m.send(1, "HISTORY SET SHORT_MESSAGE_LENGTH 3").code == 264)
        #expect(m.send(1, "HISTORY GET CLIENT_MESSAGES self 1 1").lines.first?.hasSuffix("message \"Hel\"") == true)
    }

    @Test func sortOrdersTheListsAndTheCursor() {
        var m = Self.machine()
        func ids(_ line: String) -> [String] { m.send(1, line).lines.map { String($0.prefix { $0 != " " }) } }
        #expect(m.send(1, "HISTORY SORT desc time").code == 247)
        #expect(ids("HISTORY GET CLIENT_MESSAGES all 1 9") == ["6", "5", "4", "3", "2", "1"])
        #expect(m.send(1, "HISTORY SORT asc priority").code == 247)
        #expect(ids("HISTORY GET CLIENT_MESSAGES all 1 9") == ["4", "5", "6", "1", "3", "2"])
        #expect(m.send(1, "HISTORY SET MESSAGE_TYPE_ORDERING \"key char text sound_icon\"").code == 265)
        #expect(m.send(1, "HISTORY SORT asc message_type").code == 247)
        #expect(ids("HISTORY GET CLIENT_MESSAGES self 1 9") == ["3", "6", "1", "5"])
        #expect(m.send(1, "HISTORY SORT desc client_name").code == 247)
        #expect(ids("HISTORY GET CLIENT_MESSAGES all 1 9") == ["1", "3", "5", "6", "2", "4"])
        #expect(m.send(1, "HISTORY SET MESSAGE_TYPE_ORDERING \"text text char key\"").code == 514)
        #expect(m.send(1, "HISTORY SORT asc colour").code == 514)
    }

    @Test func theCursorMovesOverOneClientsMessages() {
        var m = Self.machine()
        #expect(m.send(1, "HISTORY CURSOR GET").code == 403)
        #expect(m.send(1, "HISTORY CURSOR SET self first").code == 220)
        #expect(m.send(1, "HISTORY CURSOR GET").text == "243-1\r\n243 OK CURSOR POSITION RETURNED\r\n")
        #expect(m.send(1, "HISTORY CURSOR FORWARD").code == 223)
        #expect(m.send(1, "HISTORY CURSOR GET").lines == ["3"])
        #expect(m.send(1, "HISTORY CURSOR BACKWARD").code == 224)
        #expect(m.send(1, "HISTORY CURSOR BACKWARD").code == 404)
        #expect(m.send(1, "HISTORY CURSOR SET all last").code == 221)
        #expect(m.send(1, "HISTORY CURSOR FORWARD").code == 405)
        #expect(m.send(1, "HISTORY CURSOR SET 3 pos 1").code == 222)
        #expect(m.send(1, "HISTORY CURSOR GET").lines == ["4"])
        #expect(m.send(1, "HISTORY CURSOR SET self pos 0").code == 404)
        #expect(m.send(1, "HISTORY CURSOR SET self pos 5").code == 405)
        #expect(m.send(1, "HISTORY CURSOR SET 42 first").code == 402)
        #expect(m.send(1, "HISTORY CURSOR SET self middle").code == 514)
    }

    @Test func searchFindsWholeWordsBestFirst() {
        var m = Self.machine()
        func ids(_ line: String) -> [String] { m.send(1, line).lines.map { String($0.prefix { $0 != " " }) } }
        #expect(ids("HISTORY SEARCH all \"hello\"") == ["1", "2"])
        #expect(ids("HISTORY SEARCH all \"(there | world | hello)\"") == ["1", "2", "4"])
        #expect(ids("HISTORY SEARCH self \"(hello & ! world)\"") == [])
        #expect(ids("HISTORY SEARCH all \"(hello & (! world))\"") == ["2"])
        #expect(ids("HISTORY SEARCH all \"Hel*\"") == ["1", "2"])
        #expect(ids("HISTORY SEARCH all \"hel\"") == [])
        #expect(ids("HISTORY SEARCH all \"w?rld\"") == ["1", "4"])
        #expect(ids("HISTORY SEARCH all \"WORLD\"") == [])
        #expect(m.send(1, "HISTORY SEARCH all \"(hello\"").code == 514)
        #expect(m.send(1, "HISTORY SEARCH 42 hello").code == 402)
    }

    @Test func sayQueuesAKeptMessageAgainWithTheCurrentSettings() {
        var m = Self.machine()
        #expect(m.send(1, "SET self PRIORITY text").code == 202)
        #expect(m.send(1, "HISTORY SAY 4").lines == ["7"])
        #expect(m.send(1, "HISTORY SAY 3").lines == ["8"])
        let records = m.machine.conductor.ledger.history(limit: 2, client: nil)
        #expect(records.map(\.text) == ["Lap two, world!", SSIPSession.keySSML("shift_a")])
        #expect(records.map(\.ssml) == [false, true])
        #expect(records.map(\.priority) == [.low, .low])
        #expect(
            m.send(1, "HISTORY GET CLIENT_MESSAGES self 6 1").lines == [
                "8 1 ann:reader:main \(Self.time) text \"shift_a\""
            ])
        #expect(m.send(1, "HISTORY SAY 99").code == 406)
        #expect(m.send(1, "HISTORY FLY").code == 500)
        #expect(m.send(1, "HISTORY").code == 510)
    }

    @Test func searchConditionsParse() throws {
        #expect(try SSIPSearch(parsing: "\"( a & (! b ) )\"") == .all([.word("a"), .not(.word("b"))]))
        #expect(try SSIPSearch(parsing: "(a|b|c)") == .any([.word("a"), .word("b"), .word("c")]))
        for bad in ["", "(a & b | c)", "(a", "a)", "(!)", "&"] {
            #expect(throws: SSIPSearch.Malformed.self, "\(bad)") { try SSIPSearch(parsing: bad) }
        }
        #expect(try SSIPSearch(parsing: "(one | two | x)").score("one two three") == 2)
        #expect(SSIPHistory.localTime(0).count == 19)
    }
}
