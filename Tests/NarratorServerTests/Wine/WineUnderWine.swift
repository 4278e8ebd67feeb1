import Testing

/// The suites that run programs under real Wine: one after the other, never at once. They share one
/// prefix, so one desktop, and Tolk's check finds whichever process's hidden NVDA window comes first:
/// two testers at once would each find the other's and fail their `window` step.
@Suite("Under Wine", .serialized)
enum WineUnderWine {}
