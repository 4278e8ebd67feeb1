import NarratorSystem
import Testing

@Suite("Process memory")
struct ProcessMemoryTests {
    @Test("Releasing the executable's code unmaps its resident pages, and the code still runs")
    func releasesExecutableCode() throws {
        let before = ProcessMemory.fileBackedKiB(of: nil)
        let released = ProcessMemory.releaseExecutableCode()
        let after = ProcessMemory.fileBackedKiB(of: nil)
        // The test bundle's own code is tens of MB; far more of it is resident than this test
        // touches again on its way back.
        #expect(released > 1024, "no code mapping of /proc/self/exe was found")
        #expect(after < before - 1024, "file-backed RSS went from \(before) KiB to \(after) KiB")
        // Code runs again from the page cache: the memory readers, the test library.
        #expect(ProcessMemory.residentKiB > 0)
    }
}
