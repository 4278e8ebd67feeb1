import CNarratorSandbox

#if canImport(Glibc)
    import Glibc
#endif

/// The synthesis child's confinement, entered once espeak-ng has read its data (docs/SPEECH.md).
enum Sandbox {
    /// Applies landlock (reading beneath `dataFolder` only) where the kernel has it, then the seccomp
    /// filter; returns what holds, for the daemon's log (`landlock 7, seccomp`). A part that fails is
    /// named with its error: the child still runs, with what did apply.
    static func enter(dataFolder: String) -> String {
        // For telling a crash of libespeak-ng's own from one the sandbox causes; never set in use.
        if let setting = getenv("NARRATOR_SYNTHESIZER_SANDBOX"), String(cString: setting) == "off" {
            return "none (NARRATOR_SYNTHESIZER_SANDBOX=off)"
        }
        var parts: [String] = []
        let landlock = narrator_sandbox_landlock(dataFolder)
        if landlock > 0 {
            parts.append("landlock \(landlock)")
        } else if landlock == 0 {
            parts.append("no landlock")
        } else {
            parts.append("landlock failed: \(String(cString: strerror(-landlock)))")
        }
        let seccomp = narrator_sandbox_seccomp()
        parts.append(seccomp == 0 ? "seccomp" : "seccomp failed: \(String(cString: strerror(-seccomp)))")
        return parts.joined(separator: ", ")
    }
}
