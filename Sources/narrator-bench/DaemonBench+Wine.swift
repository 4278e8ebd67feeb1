import FoundationEssentials
import NarratorSystem
import NarratorTestSupport
import NarratorWire

/// What the Wine bridge adds: a line said by a Windows game through the NVDA controller client DLL
/// (clients/wine) to its first audible sample on the private PulseAudio's monitor, against the same
/// line said by a native client on the Unix socket, alternately, in one run on one daemon.
///
/// The game is clients/wine's tester in its `lines` mode: it says each line of its standard input
/// with `speakText` as soon as it reads it, so both times start on this process's clock, at the
/// write. The bridge's figure also holds the pipe to the tester and Wine's read of it: an upper bound.
extension DaemonBench.Measurement {
    /// Lines that start loud (a vowel): one that starts with a quiet consonant (`Score`, `Speed`)
    /// reaches the audible threshold tens of milliseconds after its first sample, whichever way it came.
    static let wineLines = ["Another lap.", "Out of lives.", "Eleven points."]

    func wine() async throws {
        let tester = NarratorExecutable.packageRoot + "/clients/wine/build/x86_64/tolk_like.exe"
        guard FileSystem.isAccessible(tester, .readable) else {
            throw DaemonBench.BenchFailure("\(tester) is missing: build it with make -C clients/wine")
        }
        let prefix = try PrivateWinePrefix.make()
        let count = count
        let (bridge, native) = try await withDaemonOnPulse(wine: true) { socket, recorder, _ in
            let door =
                socket.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/") + "/" + WineDoorLine.fileName
            let environment = ProcessInfo.processInfo.environment.merging(prefix.environment(door: door)) { $1 }
            let (game, input) = try ChildProcess.withInput(
                executable: prefix.wine64, arguments: [tester, "lines"], environment: environment)
            defer {
                FileDescriptor.close(input)
                game.stop()
            }
            guard game.read(until: "step listening", within: .seconds(60)).found else {
                throw DaemonBench.BenchFailure("the tester under Wine did not reach the narrator's door")
            }
            let client = try DaemonBench.Client(socket: socket, subscribe: false)
            var bridge: [Double] = []
            var native: [Double] = []
            for index in 0..<count {
                let text = Self.wineLines[index % Self.wineLines.count]
                if let before = recorder.afterSilence() {
                    // As the DLL says a speakText line (docs/WINE.md, N6).
                    let request = #"{"type":"say","text":"\#(text)","priority":"low","resume":true}"#
                    let (_, written, _) = try client.request(request)
                    if let heard = recorder.firstSound(after: before) {
                        native.append((heard.arrival - written).milliseconds)
                    }
                }
                if let before = recorder.afterSilence() {
                    let written = ContinuousClock.now
                    guard FileDescriptor.writeAll(input, text + "\n") else {
                        throw DaemonBench.BenchFailure("the tester under Wine stopped reading")
                    }
                    if let heard = recorder.firstSound(after: before) {
                        bridge.append((heard.arrival - written).milliseconds)
                    }
                }
            }
            return (bridge, native)
        }
        print("speakText through the DLL under Wine -> first audible: \(Distribution(bridge).millisecondsSummary())")
        print("the same line from a native client -> first audible: \(Distribution(native).millisecondsSummary())")
        let added = Distribution(bridge).median - Distribution(native).median
        print("the bridge adds, at the median: \((added * 100).rounded() / 100) ms")
    }
}
