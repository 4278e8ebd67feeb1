import Testing

@testable import RetroRacingCore
