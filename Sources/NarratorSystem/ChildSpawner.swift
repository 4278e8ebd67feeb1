#if canImport(Glibc)
    public import Glibc
#endif

/// Starts a program with posix_spawn, the one way the package starts processes: the speech
/// daemon's synthesis child, and the helpers and tools of tests and benchmarks.
///
/// Every child starts with an empty signal mask (the daemon and the tests block signals on their
/// threads for a waiter thread, and a mask is inherited) and with `resetSignals` at their default
/// dispositions (an ignored signal stays ignored across exec), so SIGTERM, SIGINT and SIGHUP end it
/// whatever its parent did with them. Standard descriptors go where `files` says; every other
/// descriptor the parent opened with close-on-exec stays behind.
public enum ChildSpawner {
    /// What the child's descriptors are made of before it runs.
    public enum FileAction: Sendable {
        /// The parent's `descriptor` becomes the child's `target`.
        case duplicate(_ descriptor: Int32, to: Int32)
        /// `path` is opened with `flags` (and `mode` when it is created) as the child's `target`.
        case open(_ path: String, as: Int32, flags: Int32, mode: mode_t = 0)
    }

    /// Why nothing started: the program, and the system's reason (`strerror` of posix_spawn's result).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let executable: String
        public let reason: String
        public var description: String { "posix_spawn(\(executable)) failed: \(reason)" }
    }

    /// The signals a child gets back at their default disposition.
    public static let resetSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD]

    /// Starts `executable` (a path; PATH is not searched) with `arguments` after its own name and
    /// `environment` as `NAME=value` entries; returns its pid. The caller reaps it.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String], files: [FileAction]
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for file in files {
            switch file {
            case .duplicate(let descriptor, let target):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .open(let path, let target, let flags, let mode):
                posix_spawn_file_actions_addopen(&actions, target, path, flags, mode)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in resetSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(executable: executable, reason: String(cString: strerror(spawned))) }
        return pid
    }

    /// This process's environment as `NAME=value` entries, in its order.
    public static func currentEnvironment() -> [String] {
        var entries: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            entries.append(String(cString: pointer))
            entry += 1
        }
        return entries
    }
}
