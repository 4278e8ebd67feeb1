import Foundation
import NarratorClient
import NarratorSystem
import NarratorTestSupport
import Testing

/// The Python client (clients/python) against a real daemon: its own unittest suite runs with the
/// daemon's socket in `NARRATOR_TEST_SOCKET`, and this suite fails with Python's output if it fails.
@Suite("The Python client against narrator serve")
struct PythonClientTests {
    static let package = NarratorExecutable.packageRoot + "/clients/python"
    /// Debian's interpreter, the one `scripts/install-deps.sh --test` installs pip, setuptools and
    /// wheel for; a python3 found earlier on PATH (pyenv, say) may lack them.
    static let interpreter = "/usr/bin/python3"

    @Test("The client's own tests pass against the daemon, none of them skipped")
    func unitTests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-python-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The default path's shape under a runtime folder, so the client's default can be tested too.
        let daemon = try DaemonProcess(socket: folder + "/narrator/narrator.sock")
        defer { _ = daemon.stop() }
        let run = try python(
            ["-m", "unittest", "discover", "--verbose", "--start-directory", "tests", "--top-level-directory", "."],
            environment: ["NARRATOR_TEST_SOCKET": daemon.socket], limit: .seconds(300))
        #expect(run.status == 0, "python3 -m unittest failed:\n\(run.errors)\(run.output)")
        // The test that listens as another user needs root, as CI runs; elsewhere this records it.
        #expect(!run.errors.contains("skipped"), "some Python tests were skipped:\n\(run.errors)")
    }

    @Test(
        "default_socket_path is DaemonSocket.defaultPath",
        arguments: [["XDG_RUNTIME_DIR": "/run/user/1000"], ["XDG_RUNTIME_DIR": ""], [:]]
    )
    func sameDefaultPath(environment: [String: String]) throws {
        let run = try python(
            ["-c", "import narrator_client; print(narrator_client.default_socket_path())"], environment: environment,
            without: ["XDG_RUNTIME_DIR"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == DaemonSocket.defaultPath(environment: environment) + "\n")
    }

    /// Runs Debian's python3 in clients/python with `src` on its path, `environment` on top of this
    /// process's environment less the variables named in `without`.
    private func python(
        _ arguments: [String], environment: [String: String], without: [String] = [],
        limit: Duration = .seconds(60)
    ) throws -> ChildProcess.Finished {
        var variables = ProcessInfo.processInfo.environment
        for name in without { variables[name] = nil }
        variables.merge(environment) { $1 }
        variables["PYTHONPATH"] = "src"
        variables["PYTHONDONTWRITEBYTECODE"] = "1"  // no __pycache__ left in the checkout
        let run = try ChildProcess.run(
            Self.interpreter, arguments, environment: variables, directory: Self.package, limit: limit)
        #expect(!run.timedOut, "python3 \(arguments) was still running after \(limit)")
        return run
    }
}
