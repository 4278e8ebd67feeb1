import ArgumentParser
import NarratorWire

/// The lines of a doctor (`narrator doctor`, `narrator wine doctor`): each check, `ok` with what was
/// found, `fix` with what to do, or `--` for a fact that needs nothing; printed one a line, or as JSON.
struct DoctorReport {
    /// One check's verdict.
    enum Verdict: String {
        case ok
        case fix
        /// Nothing to check, or nothing to do: said so the reader knows it was looked at.
        case note = "--"
    }

    struct Line {
        let verdict: Verdict
        let name: String
        let text: String
    }

    private(set) var entries: [Line] = []

    /// Some check needs fixing.
    var failed: Bool { entries.contains { $0.verdict == .fix } }

    /// `ok   sound server: ...`, `fix  sink: ...`, `--   SSIP door: ...`.
    var lines: [String] {
        entries.map {
            $0.verdict.rawValue + String(repeating: " ", count: 5 - $0.verdict.rawValue.count)
                + "\($0.name): \($0.text)"
        }
    }

    /// `{"ok":false,"checks":[{"name":"sink","verdict":"fix","text":"..."}]}`, `ok` when nothing needs fixing.
    var json: String {
        var object = JSONObjectWriter()
        object.add("ok", !failed)
        object.add(
            "checks",
            objects: entries.map { entry in
                var check = JSONObjectWriter()
                check.add("name", entry.name)
                check.add("verdict", entry.verdict == .note ? "note" : entry.verdict.rawValue)
                check.add("text", entry.text)
                return check
            })
        return object.text
    }

    /// Runs one check; `ok` and `describe`'s words, or `fix` and the error. Returns what it found.
    @discardableResult
    mutating func check<Found>(
        _ name: String, _ body: () throws -> Found, describe: (Found) -> String
    ) -> Found? {
        do {
            let found = try body()
            ok(name, describe(found))
            return found
        } catch {
            fix(name, "\(error)")
            return nil
        }
    }

    mutating func ok(_ name: String, _ text: String) { entries.append(Line(verdict: .ok, name: name, text: text)) }

    mutating func fix(_ name: String, _ text: String) { entries.append(Line(verdict: .fix, name: name, text: text)) }

    mutating func note(_ name: String, _ text: String) { entries.append(Line(verdict: .note, name: name, text: text)) }

    /// Prints the lines (or the JSON) and ends with status 1 when something needs fixing.
    func finish(json: Bool = false) throws {
        if json {
            print(self.json)
        } else {
            for line in lines { print(line) }
        }
        if failed { throw ExitCode(1) }
    }
}
