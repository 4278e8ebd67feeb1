#ifndef NARRATOR_SANDBOX_H
#define NARRATOR_SANDBOX_H
// The speech child's confinement (docs/SPEECH.md): what Swift cannot call itself (prctl is
// variadic) and the seccomp and landlock structures, which are kernel ABI.

/// Dies with the parent (PR_SET_PDEATHSIG) and closes every descriptor from `first` up, so a
/// child started from a daemon holding sockets keeps none of them. Returns 0, or -errno.
int narrator_child_prepare(int first);

/// Limits file access to reading files and listing folders beneath `folder` (landlock), and
/// forbids TCP, abstract Unix sockets and signals outside the process where the kernel can.
/// Returns the landlock ABI version applied (1 or more), 0 when the kernel has no landlock,
/// or -errno when it has it and the rules could not be applied.
int narrator_sandbox_landlock(const char *folder);

/// The landlock ABI version this kernel offers (1 or more), or 0 when it has none (not built in,
/// or not among the enabled security modules).
int narrator_landlock_abi(void);

/// Installs the seccomp filter: no program started, no process created (threads are), no
/// tracing or reading other processes, no socket made or connected, no file opened for writing,
/// nothing created, renamed or removed, no signal to another process, no io_uring, no kernel
/// administration. Returns 0, or -errno.
int narrator_sandbox_seccomp(void);

/// The error number of opening `path` (read-only, or for writing when `write` is non-zero);
/// 0 when it opened (and was closed again). For the test that proves the sandbox holds.
int narrator_sandbox_try_open(const char *path, int write);

#endif
