// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Narrator",
    products: [
        .executable(name: "narrator", targets: ["narrator"]),
        .library(name: "NarratorLocalization", targets: ["NarratorLocalization"]),
        .library(name: "NarratorCore", targets: ["NarratorCore"]),
        .library(name: "NarratorVoice", targets: ["NarratorVoice"]),
        .library(name: "NarratorAudio", targets: ["NarratorAudio"]),
        .library(name: "NarratorSpeech", targets: ["NarratorSpeech"]),
        .library(name: "NarratorSpeechDispatcher", targets: ["NarratorSpeechDispatcher"]),
        .library(name: "NarratorServer", targets: ["NarratorServer"]),
        .library(name: "NarratorClient", targets: ["NarratorClient"]),
        .executable(name: "retroracing", targets: ["retroracing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // System libraries: a module map and a one-header shim each. The apt providers make a
        // missing package show up by name in the build error.
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CPCAudio",
            providers: [.apt(["libpcaudio-dev"])]
        ),
        // libpulse's .pc file adds -pthread, which SwiftPM warns about: linked from the module map.
        .systemLibrary(
            name: "CPulse",
            providers: [.apt(["libpulse-dev"])]
        ),
        // ICU, for tests only: the independent implementation the spell-out conformance test runs
        // CLDR's rules through.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // glibc's malloc.h (malloc_trim: the daemon gives memory back after a burst of clients).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // libspeechd's .pc file requires glib's, which its header does not need: linked from the module map.
        .systemLibrary(
            name: "CSpeechd",
            providers: [.apt(["libspeechd-dev"])]
        ),

        // The speech child's sandbox: seccomp and landlock, which Swift cannot call itself (prctl is variadic).
        .target(name: "CNarratorSandbox"),

        // Every system call of the package (threads and locks over pthreads, descriptors, sockets, files, the
        // terminal, signals, clocks), with no Foundation, so the runtime path does not need it; SyscallHomeTests
        // keeps other modules from making their own. Edges between the package's modules point down:
        // docs/SERVER.md, "Module edges".
        .target(name: "NarratorSystem"),

        // Pure modules: no NIO, no C, no I/O of their own.
        .target(name: "NarratorLocalization", dependencies: ["NarratorJSON"]),
        .target(name: "NarratorCore", dependencies: ["NarratorJSON", "NarratorWire", "NarratorLocalization"]),

        // The seam between the daemon and speech and sound, and between speech and the mixer (`AudioSink`):
        // protocols and plain types, no C library, and not the scheduler (the ids and outcomes it shares
        // with the daemon are the wire's).
        .target(name: "NarratorVoice", dependencies: ["NarratorWire"]),

        // Audio: the mixer (speech and earcons into one device, on its own writer thread) and the
        // devices it writes to (PulseAudio, ALSA, WAV, null).
        .target(
            name: "NarratorAudio",
            dependencies: [
                "NarratorSystem",
                "NarratorWire",
                "NarratorVoice",
                "CPCAudio",
                "CPulse",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Speech: libespeak-ng on one owned thread (or in a sandboxed child process), writing into an
        // audio sink (the seam's `AudioSink`: the mixer is one, and the speech side does not know it).
        .target(
            name: "NarratorSpeech",
            dependencies: [
                "NarratorSystem",
                "NarratorWire",
                "NarratorVoice",
                "NarratorLocalization",
                "CNarratorSandbox",
                "CEspeakNG",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Speech through the player's own speech-dispatcher (libspeechd), behind the same seam; it does not
        // link espeak-ng (the language tag it chooses voices by is NarratorLocalization's).
        .target(
            name: "NarratorSpeechDispatcher",
            dependencies: [
                "NarratorSystem",
                "NarratorWire",
                "NarratorVoice",
                "NarratorLocalization",
                "CSpeechd",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The daemon: the only module that touches sockets.
        .target(
            name: "NarratorServer",
            dependencies: [
                "CMalloc",
                "NarratorSystem",
                "NarratorJSON",
                "NarratorWire",
                "NarratorLocalization",
                "NarratorCore",
                "NarratorVoice",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // A blocking client for the daemon's socket, for tools, tests and games.
        .target(name: "NarratorClient", dependencies: ["NarratorSystem", "NarratorWire"]),
        // The wire: one JSON reader and writer, one number policy, the requests, replies and
        // notifications read and written in one place, for the daemon, its clients and the game's pure
        // model.
        .target(name: "NarratorWire", dependencies: ["NarratorJSON"]),
        // JSON read with line and column positions and written, one number policy, and the typed scalar a
        // placeholder takes (`FormatArgument`): what the wire, the string tables and the data files are
        // read with; no dependencies.
        .target(name: "NarratorJSON"),

        .executableTarget(
            name: "narrator",
            dependencies: [
                "NarratorSystem",
                "NarratorJSON",
                "NarratorServer",
                "NarratorClient",
                "NarratorLocalization",
                "NarratorCore",
                "NarratorAudio",
                "NarratorSpeech",
                "NarratorSpeechDispatcher",
                "NarratorVoice",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // A private PulseAudio with a null sink and a recorder on its monitor, for playback tests
        // and latency benchmarks; a private speech-dispatcher playing into it. Never touches the
        // user's own sound server or speech service. Also what several test targets share: a seeded
        // random source, and the reading of a doc's rule table against the tests named by its ids.
        .target(name: "NarratorTestSupport", dependencies: ["NarratorSystem"]),

        // The terminal RetroRacing game: a pure model, and the executable that draws it and narrates it.
        .target(name: "RetroRacingCore", dependencies: ["NarratorWire"]),
        .executableTarget(
            name: "retroracing",
            dependencies: [
                "NarratorSystem",
                "RetroRacingCore",
                "NarratorClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Writes a tool's manual page from its argument parser's description (scripts/install).
        .executableTarget(
            name: "narrator-manual",
            dependencies: ["NarratorSystem", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Benchmarks kept in the repo; run in release mode, results in docs/BENCHMARKS.md.
        .executableTarget(
            name: "narrator-bench",
            dependencies: [
                "NarratorSystem",
                "NarratorJSON",
                "NarratorServer",
                "NarratorClient",
                "NarratorLocalization",
                "NarratorCore",
                "NarratorAudio",
                "NarratorSpeech",
                "NarratorSpeechDispatcher",
                "NarratorVoice",
                "NarratorTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The speech memory figure needs a process that holds only speech: the benchmark binary also
        // carries the daemon, whose code pages would count in its RSS.
        .executableTarget(
            name: "narrator-speech-memory",
            dependencies: ["NarratorAudio", "NarratorWire", "NarratorSpeech", "NarratorSystem"]),

        .testTarget(name: "NarratorSystemTests", dependencies: ["NarratorSystem"]),
        .testTarget(
            name: "NarratorAudioTests",
            dependencies: [
                "NarratorAudio", "NarratorVoice", "NarratorTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "NarratorWireTests", dependencies: ["NarratorJSON", "NarratorWire"]),
        .testTarget(
            name: "NarratorLocalizationTests", dependencies: ["NarratorJSON", "NarratorLocalization"],
            exclude: ["Fixtures"]),
        // Apart from the other localization tests because ICU's C headers clash with Foundation's own
        // copy of ICU in a module that imports Foundation: nothing here may import it. (Test support
        // brings only FoundationEssentials, which has no ICU.)
        .testTarget(
            name: "NarratorSpelloutTests", dependencies: ["NarratorLocalization", "CICU", "NarratorTestSupport"]),
        .testTarget(
            name: "NarratorCoreTests",
            dependencies: [
                "NarratorJSON",
                "NarratorCore",
                "NarratorTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NarratorSpeechTests",
            dependencies: [
                "narrator",
                "CNarratorSandbox",
                "NarratorJSON",
                "NarratorLocalization",
                "NarratorAudio",
                "NarratorVoice",
                "NarratorCore",
                "NarratorSpeech",
                "NarratorTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ], exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "NarratorServerTests",
            dependencies: [
                "narrator",
                "NarratorServer",
                "NarratorClient",
                "NarratorVoice",
                "NarratorCore",
                "NarratorTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "NarratorSpeechDispatcherTests",
            dependencies: [
                "narrator",
                "NarratorSpeechDispatcher",
                "NarratorVoice",
                "NarratorCore",
                "NarratorClient",
                "NarratorTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "NarratorCLITests", dependencies: ["narrator", "narrator-manual", "NarratorTestSupport"]),
        .testTarget(name: "RetroRacingCoreTests", dependencies: ["NarratorJSON", "RetroRacingCore"]),
        .testTarget(
            name: "RetroRacingGameTests",
            dependencies: [
                "retroracing", "narrator", "NarratorClient", "NarratorCore", "NarratorJSON", "NarratorLocalization",
                "NarratorSystem", "NarratorTestSupport",
            ]
        ),
    ]
)

// Strict settings on every Swift target, applied in one place.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
