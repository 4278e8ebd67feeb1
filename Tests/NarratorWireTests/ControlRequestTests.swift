import NarratorWire
import Testing

/// `cancel`, `pause` and `resume` aimed at one other client by its number, and `cancel` of only the
/// announcement being heard.
@Suite("Control requests")
struct ControlRequestTests {
    private func parse(_ line: String) throws(ProtocolError) -> Request {
        try Request.parse(Array(line.utf8))
    }

    @Test("client names one client by its number; speaking takes only what is heard")
    func parsesTargets() throws {
        #expect(
            try parse(#"{"type":"cancel","client":7}"#) == .cancel(scope: nil, allClients: false, client: 7))
        #expect(
            try parse(#"{"type":"cancel","speaking":true,"all_clients":true}"#)
                == .cancel(scope: nil, allClients: true, speaking: true))
        #expect(
            try parse(#"{"type":"cancel","speaking":true,"client":3}"#)
                == .cancel(scope: nil, allClients: false, speaking: true, client: 3))
        #expect(
            try parse(#"{"type":"cancel","scope":"help","client":3}"#)
                == .cancel(scope: "help", allClients: false, client: 3))
        #expect(try parse(#"{"type":"cancel","speaking":false}"#) == .cancel(scope: nil, allClients: false))
        // An announcement by the id its reply gave, a string of digits, or the same as a number.
        #expect(try parse(#"{"type":"cancel","id":"12"}"#) == .cancel(scope: nil, allClients: false, id: 12))
        #expect(try parse(#"{"type":"cancel","id":12}"#) == .cancel(scope: nil, allClients: false, id: 12))
        #expect(
            try parse(#"{"type":"cancel","id":"12","client":3}"#)
                == .cancel(scope: nil, allClients: false, client: 3, id: 12))
        #expect(
            try parse(#"{"type":"cancel","id":"12","all_clients":true}"#)
                == .cancel(scope: nil, allClients: true, id: 12))
        #expect(try parse(#"{"type":"cancel","id":null}"#) == .cancel(scope: nil, allClients: false))
        #expect(Request.cancel(scope: nil, allClients: false, id: 12).line == #"{"type":"cancel","id":"12"}"#)
        #expect(try parse(#"{"type":"pause","client":7}"#) == .pause(allClients: false, client: 7))
        #expect(try parse(#"{"type":"resume","client":7}"#) == .resume(allClients: false, client: 7))
    }

    @Test(
        "A client that is not a number, both a client and all clients, speaking within a scope: invalid_field",
        arguments: [
            (#"{"type":"cancel","client":"client 7"}"#, "must be a whole number"),
            (#"{"type":"pause","client":0}"#, "1 or more"),
            (#"{"type":"resume","client":-2}"#, "1 or more"),
            (#"{"type":"cancel","client":1.5}"#, "whole number"),
            (#"{"type":"pause","client":2,"all_clients":true}"#, "give one of them"),
            (#"{"type":"cancel","speaking":true,"scope":"help"}"#, "whatever its scope"),
            (#"{"type":"cancel","speaking":"yes"}"#, "true or false"),
            (#"{"type":"cancel","id":"12","scope":"help"}"#, "leave out \"scope\" or \"id\""),
            (#"{"type":"cancel","id":"12","speaking":true}"#, "leave out \"speaking\" or \"id\""),
            (#"{"type":"cancel","id":"0"}"#, "announcement's id"),
            (##"{"type":"cancel","id":"#12"}"##, "announcement's id"),
            (#"{"type":"cancel","id":-3}"#, "announcement's id"),
            (#"{"type":"cancel","id":1.5}"#, "announcement's id"),
            (#"{"type":"cancel","id":"99999999999999999999"}"#, "announcement's id"),
            (#"{"type":"cancel","id":true}"#, "announcement's id"),
        ])
    func rejects(line: String, message: String) {
        do {
            let request = try parse(line)
            Issue.record("\(line) parsed as \(request)")
        } catch {
            #expect(error.code == "invalid_field")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("narrator send's --client is a number in cancel, pause and resume, and a name in hello")
    func commandLine() throws {
        #expect(
            try CommandLineRequest.line(from: ["cancel", "--client", "7", "--speaking", "true"])
                == #"{"type":"cancel","client":7,"speaking":true}"#)
        #expect(try CommandLineRequest.line(from: ["pause", "--client", "7"]) == #"{"type":"pause","client":7}"#)
        #expect(try CommandLineRequest.line(from: ["cancel", "--id", "12"]) == #"{"type":"cancel","id":12}"#)
        #expect(
            try Request.parse(Array(CommandLineRequest.line(from: ["cancel", "--id", "12"]).utf8))
                == .cancel(scope: nil, allClients: false, id: 12))
        #expect(
            try CommandLineRequest.line(from: ["hello", "--client", "7"]) == #"{"type":"hello","client":"7"}"#)
    }
}
