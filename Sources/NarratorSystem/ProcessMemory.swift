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

    /// Resident file-backed memory (RssFile: code of the executable and libraries, mapped files) of
    /// process `pid`, or of this process when nil.
    public static func fileBackedKiB(of pid: pid_t?) -> Int { field("RssFile:", of: pid.map(String.init) ?? "self") }

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

extension ProcessMemory {
    /// Drops this process's mappings of its own executable's code pages, so that only code that
    /// runs from now on is mapped again; returns the size of the code mappings in KiB (0 when none
    /// was found).
    ///
    /// Resident code of a statically linked Swift program is mostly what its start-up touched:
    /// the kernel maps 64 KB around every page fault, and argument parsing, table loading and
    /// bootstrap reach into most of the runtime, Foundation and NIO. A daemon calls this once it
    /// is ready. Only unmodified read-only code (`r-xp`) is dropped: the pages stay in the page
    /// cache, and a later fault maps them again from there, exactly as after the kernel's own
    /// reclaim. Relocated data (`r--p` after RELRO) is left alone: dropping it would lose the
    /// relocations.
    @discardableResult
    public static func releaseExecutableCode() -> Int {
        var pathBuffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &pathBuffer, pathBuffer.count - 1)
        guard length > 0 else { return 0 }
        let executable = String(decoding: pathBuffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let file = fopen("/proc/self/maps", "r") else { return 0 }
        var ranges: [(low: UInt, high: UInt)] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(
                decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // address perms offset device inode path
            let parts = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard parts.count == 6, parts[1] == "r-xp",
                parts[5].trimmingPrefix(while: { $0 == " " }) == executable
            else { continue }
            let bounds = parts[0].split(separator: "-")
            guard bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16)
            else { continue }
            ranges.append((low, high))
        }
        fclose(file)
        var released = 0
        for range in ranges
        where madvise(UnsafeMutableRawPointer(bitPattern: range.low), Int(range.high - range.low), MADV_DONTNEED) == 0 {
            released += Int(range.high - range.low) / 1024
        }
        return released
    }
}
