import Foundation
import NarratorTestSupport
import Testing

/// `--espeak-data DIR` is checked before espeak-ng starts: espeak-ng itself would silently use its
/// default data for a folder that does not exist, and start without voices or dictionaries from a
/// folder that lacks them.
@Suite("--espeak-data")
struct EspeakDataCLITests {
    /// The data folder the installed espeak-ng uses (`espeak-ng --version` says "Data at: PATH").
    static func installedData() throws -> String {
        let espeak = try #require(PrivatePulseAudio.findExecutable("espeak-ng"), "the espeak-ng command is needed")
        let run = try ChildProcess.run(espeak.path, ["--version"])
        let path = try #require(run.output.components(separatedBy: "Data at: ").last)
        return path.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A data folder built of links to some of the installed files, as an incomplete copy would be.
    static func partialCopy(in folder: String, of names: [String]) throws -> String {
        let data = try installedData()
        let copy = folder + "/partial"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        for name in names {
            try FileManager.default.createSymbolicLink(
                atPath: copy + "/" + name, withDestinationPath: data + "/" + name)
        }
        return copy
    }

    static let phonemeFiles = ["phontab", "phondata", "phonindex", "intonations"]

    /// A broken data folder, and what the refusal must say about it.
    enum Broken: String, CaseIterable, Sendable {
        case missing, file, onlyPhonemes, noDictionary

        func make(in folder: String) throws -> (path: String, reason: String) {
            switch self {
            case .missing:
                return (folder + "/nowhere", "it does not exist")
            case .file:
                try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
                return (folder + "/file", "it is not a folder")
            case .onlyPhonemes:
                let copy = try partialCopy(in: folder, of: phonemeFiles)
                return (copy, "it holds no espeak-ng voice data (missing: lang (the voices), a dictionary (xx_dict))")
            case .noDictionary:
                let copy = try partialCopy(in: folder, of: phonemeFiles + ["lang"])
                return (copy, "it holds no espeak-ng voice data (missing: a dictionary (xx_dict))")
            }
        }
    }

    /// The commands that take --espeak-data, with what each needs besides.
    static let commands: [[String]] = [
        ["say", "hi", "--output", "null"], ["voices"], ["serve", "--output", "null"],
    ]

    @Test(
        "A folder that does not exist or holds no voice data is refused at start", arguments: commands, Broken.allCases)
    func refused(command: [String], broken: Broken) throws {
        try withTemporaryFolder { folder in
            let (path, reason) = try broken.make(in: folder)
            var arguments = command + ["--espeak-data", path]
            if command[0] == "serve" { arguments += ["--socket", folder + "/run/narrator.sock"] }
            // A daemon that starts anyway would run for ever: the limit ends it, and the test fails.
            let run = try ChildProcess.run(try NarratorBinary.url().path, arguments, limit: .seconds(20))
            #expect(!run.timedOut, "narrator \(command[0]) started with \(path):\n\(run.errors)")
            #expect(run.status == 1, "\(run.transcript)")
            #expect(
                run.errors.contains("Error: The espeak-ng data folder \(path) cannot be used: \(reason)."),
                "\(run.transcript)")
        }
    }

    @Test("A folder holding espeak-ng-data, or the data folder itself, speaks")
    func accepted() throws {
        let data = try Self.installedData()
        try withTemporaryFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/espeak-ng-data", withDestinationPath: data)
            for given in [folder, data] {
                let wav = folder + "/say.wav"
                let run = try NarratorBinary.run(
                    ["say", SayCLITests.phrase, "--output", "wav:\(wav)", "--espeak-data", given])
                #expect(run.status == 0, "\(run.transcript)")
                try WAVFile.expectSpeech(at: wav, seconds: 0.7...2.0)
            }
        }
    }
}
