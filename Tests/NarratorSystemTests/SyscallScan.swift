/// Finds raw system calls in Swift source: a call of a C function that talks to the kernel, made
/// by its bare name (`close(fd)`) or through the C module (`Glibc.close(fd)`), outside comments and
/// string literals (but inside a string's interpolations).
///
/// A call is the C function's only when Swift could resolve it so: no argument labels, and a number
/// of arguments the C function takes. A method of the same name called on `self` without `self.`
/// (`send(line)`, `read(path)`, `connect(server:)`) differs in one or the other, so it is not
/// reported, and no list of such methods is kept.
enum SyscallScan {
    /// The system calls, with the numbers of arguments Swift imports them with; nil for any number.
    static let arities: [String: Set<Int>?] = [
        "read": [3], "write": [3], "close": [1], "open": [2, 3], "openat": [3, 4], "lseek": [3], "pread": [4],
        "pwrite": [4], "readv": [3], "writev": [3], "ftruncate": [2], "truncate": [2], "fsync": [1],
        "socket": [3], "socketpair": [4], "bind": [3], "listen": [2], "connect": [3], "accept": [3], "accept4": [4],
        "shutdown": [2], "send": [4], "recv": [4], "sendto": [6], "recvfrom": [6], "sendmsg": [3], "recvmsg": [3],
        "setsockopt": [5], "getsockopt": [5], "getsockname": [3], "getpeername": [3],
        "poll": [3], "select": [5], "eventfd": [2], "fcntl": [2, 3], "ioctl": [2, 3], "pipe": [1], "pipe2": [2],
        "dup": [1], "dup2": [2], "dup3": [3], "mmap": [6], "munmap": [2], "madvise": [3],
        "kill": [2], "raise": [1], "waitpid": [3], "fork": [0], "execv": [2], "execve": [3], "execvp": [2],
        "execvpe": [3], "fexecve": [3], "signal": [2], "sigaction": [3], "sigprocmask": [3], "pthread_sigmask": [3],
        "sigwait": [2], "prctl": nil, "setpgid": [2], "setsid": [0], "umask": [1],
        "getuid": [0], "geteuid": [0], "getgid": [0], "getegid": [0], "getpid": [0], "getppid": [0],
        "unlink": [1], "rmdir": [1], "mkdir": [2], "rename": [2], "symlink": [2], "readlink": [3], "access": [2],
        "chmod": [2], "fchmod": [2], "chown": [3], "fchown": [3], "stat": [2], "lstat": [2], "fstat": [2],
        "tcgetattr": [2], "tcsetattr": [3], "isatty": [1], "getrandom": [3],
        "clock_gettime": [2], "gettimeofday": [2], "nanosleep": [2], "usleep": [1], "sleep": [1],
    ]

    /// Families reported whatever their arguments: every name that starts with one of these.
    static let families = ["epoll_", "timerfd_", "posix_spawn"]

    /// The C modules a qualified call goes through and is still raw.
    static let cModules: Set<String> = ["Glibc", "SwiftGlibc", "Musl", "Darwin"]

    /// One raw call: its line (from 1) and the function.
    struct Call: Equatable, CustomStringConvertible {
        var line: Int
        var name: String
        var description: String { "\(line): \(name)(" }
    }

    /// The raw calls in `source`, in order.
    static func calls(in source: String) -> [Call] {
        let text = SwiftSourceText.code(of: source)
        var calls: [Call] = []
        var index = 0
        while index < text.count {
            guard text[index].isIdentifierStart, index == 0 || !text[index - 1].isIdentifierByte else {
                index += 1
                continue
            }
            var end = index
            while end < text.count && text[end].isIdentifierByte { end += 1 }
            let name = String(decoding: text[index..<end], as: UTF8.self)
            defer { index = end }
            guard end < text.count, text[end] == UInt8(ascii: "("), isSystemCall(name) else { continue }
            guard !isDeclaration(text, before: index), isUnqualified(text, before: index) else { continue }
            let arguments = SwiftSourceText.arguments(text, openingAt: end)
            guard !arguments.labelled else { continue }
            if let arity = arities[name], let arity {
                let counts = arguments.trailingClosure ? [arguments.count, arguments.count + 1] : [arguments.count]
                guard counts.contains(where: arity.contains) else { continue }
            }
            calls.append(Call(line: text[..<index].count { $0 == UInt8(ascii: "\n") } + 1, name: name))
        }
        return calls
    }

    static func isSystemCall(_ name: String) -> Bool {
        arities[name] != nil || families.contains { name.hasPrefix($0) }
    }

    /// Not a member call: nothing, or only a C module, before a `.` ahead of the name.
    static func isUnqualified(_ text: [UInt8], before index: Int) -> Bool {
        guard index > 0, text[index - 1] == UInt8(ascii: ".") else { return true }
        var start = index - 1
        while start > 0 && text[start - 1].isIdentifierByte { start -= 1 }
        if start > 0 && text[start - 1] == UInt8(ascii: ".") { return false }
        return cModules.contains(String(decoding: text[start..<(index - 1)], as: UTF8.self))
    }

    /// The name is declared here (`func write(`, an enum's `case read(`), not called.
    static func isDeclaration(_ text: [UInt8], before index: Int) -> Bool {
        var end = index
        while end > 0 && (text[end - 1] == UInt8(ascii: " ") || text[end - 1] == UInt8(ascii: "\t")) { end -= 1 }
        var start = end
        while start > 0 && text[start - 1].isIdentifierByte { start -= 1 }
        return ["func", "case"].contains(String(decoding: text[start..<end], as: UTF8.self))
    }
}

extension UInt8 {
    var isIdentifierStart: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || self == UInt8(ascii: "_")
    }

    var isIdentifierByte: Bool { isIdentifierStart || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) }
}
