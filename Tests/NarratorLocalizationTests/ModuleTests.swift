import Testing

@testable import NarratorLocalization
