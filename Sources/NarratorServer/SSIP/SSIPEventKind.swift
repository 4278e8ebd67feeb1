/// SSIP's asynchronous events (`SET SELF NOTIFICATION NAME on|off`), with their 7xx codes.
enum SSIPEventKind: String, CaseIterable {
    case indexMarks = "INDEX_MARKS"
    case begin = "BEGIN"
    case end = "END"
    case cancel = "CANCEL"
    case pause = "PAUSE"
    case resume = "RESUME"

    var code: Int {
        switch self {
        case .indexMarks: 700
        case .begin: 701
        case .end: 702
        case .cancel: 703
        case .pause: 704
        case .resume: 705
        }
    }

    /// The last line of the event.
    var message: String {
        switch self {
        case .indexMarks: "INDEX MARK"
        case .begin: "BEGIN"
        case .end: "END"
        case .cancel: "CANCELED"
        case .pause: "PAUSED"
        case .resume: "RESUMED"
        }
    }
}
