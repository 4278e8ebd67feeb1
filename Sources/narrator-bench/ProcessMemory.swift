#if canImport(Glibc)
    import Glibc
#endif

/// Resident memory of this process, from /proc/self/status, in KiB.
enum ProcessMemory {
    /// Peak resident set size (VmHWM).
    static var peakKiB: Int { field("VmHWM:") }
    /// Current resident set size (VmRSS).
    static var residentKiB: Int { field("VmRSS:") }

    private static func field(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) { return Int(text.dropFirst(name.count).filter(\.isNumber)) ?? -1 }
        }
        return -1
    }
}
