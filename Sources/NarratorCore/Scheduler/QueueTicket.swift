import NarratorWire

/// A waiting announcement's place in line: the fields the scheduler scans, and where its entry is stored.
///
/// Trivially copyable (no strings), so scanning, shifting and reordering a line of 64 costs no reference
/// counting; the entry itself is only touched when it leaves the queue or a key might match.
struct QueueTicket: Sendable {
    let id: AnnouncementID
    let client: ClientID
    let priority: Priority
    let hasStarted: Bool
    let deadline: Duration?
    /// A hash of client and superseding key, 0 without a key: a cheap first test before comparing keys.
    let supersedeTag: Int
    /// Index of the entry in the queue's store.
    let slot: Int

    init(_ entry: QueueEntry, slot: Int) {
        id = entry.id
        client = entry.client
        priority = entry.priority
        hasStarted = entry.hasStarted
        deadline = entry.deadline
        supersedeTag = entry.supersedeTag
        self.slot = slot
    }

    /// FNV-1a over the client and the key's bytes: keys are a few bytes long, and equal tags are confirmed
    /// by comparing the keys, so a cheap hash beats the standard library's seeded one here.
    static func tag(client: ClientID, key: String?) -> Int {
        guard let key else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ client.rawValue
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash == 0 ? 1 : Int(truncatingIfNeeded: hash)
    }
}
