#if canImport(Glibc)
    public import Glibc
#endif

/// Resident memory of this process (or another one, by PID), from /proc/PID/status, in KiB.
public enum ProcessMemory {
    /// Peak resident set size (VmHWM).
    public static var peakKiB: Int { field("VmHWM:", of: "self") }
    /// Current resident set size (VmRSS).
    public static var residentKiB: Int { field("VmRSS:", of: "self") }

    /// Peak resident set size of process `pid`, or of this process when nil.
    public static func peakKiB(of pid: pid_t?) -> Int { field("VmHWM:", of: pid.map(String.init) ?? "self") }
    /// Current resident set size of process `pid`, or of this process when nil.
    public static func residentKiB(of pid: pid_t?) -> Int { field("VmRSS:", of: pid.map(String.init) ?? "self") }

    /// Resident anonymous memory (RssAnon: heap, stacks) of process `pid`, or of this process when nil;
    /// the rest of VmRSS is file pages (the executable's and libraries' code, mapped data files).
    public static func anonymousKiB(of pid: pid_t?) -> Int { field("RssAnon:", of: pid.map(String.init) ?? "self") }

    private static func field(_ name: String, of process: String) -> Int {
        guard let file = fopen("/proc/\(process)/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) { return Int(text.dropFirst(name.count).filter(\.isNumber)) ?? -1 }
        }
        return -1
    }
}
