import Testing

@testable import NarratorCore
