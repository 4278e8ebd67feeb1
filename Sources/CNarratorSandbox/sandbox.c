#define _GNU_SOURCE
#include "narrator_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NARRATOR_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NARRATOR_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the speech child's seccomp filter knows x86_64 and aarch64"
#endif

int narrator_child_prepare(int first) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return -errno;
    // The parent may have died between the spawn and the line above: then nobody would kill us.
    if (getppid() == 1) return -ESRCH;
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return 0;
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    for (int fd = first; fd < (limit > 0 ? limit : 1024); fd++) close(fd);
    return 0;
}

// Landlock's kernel ABI, defined here because Debian 12's headers (Linux 6.1) lack the later
// fields; the kernel accepts the structure size of the ABI it is told about.
struct narrator_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct narrator_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

#define NARRATOR_LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#define NARRATOR_LANDLOCK_RULE_PATH_BENEATH 1
#define NARRATOR_FS_READ_FILE (1ULL << 2)
#define NARRATOR_FS_READ_DIR (1ULL << 3)

int narrator_landlock_abi(void) {
#ifndef SYS_landlock_create_ruleset
    return 0;
#else
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, NARRATOR_LANDLOCK_CREATE_RULESET_VERSION);
    return abi < 1 ? 0 : (int)abi;
#endif
}

int narrator_sandbox_landlock(const char *folder) {
#ifndef SYS_landlock_create_ruleset
    (void)folder;
    return 0;
#else
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, NARRATOR_LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return 0;
    struct narrator_ruleset_attr attr;
    memset(&attr, 0, sizeof attr);
    size_t size = offsetof(struct narrator_ruleset_attr, handled_access_net);
    // ABI 1 knows 13 file rights, 2 adds refer, 3 truncate, 5 ioctl on devices: all handled, so
    // all are denied except the two the rule below grants.
    attr.handled_access_fs = (1ULL << 13) - 1;
    if (abi >= 2) attr.handled_access_fs |= 1ULL << 13;
    if (abi >= 3) attr.handled_access_fs |= 1ULL << 14;
    if (abi >= 5) attr.handled_access_fs |= 1ULL << 15;
    if (abi >= 4) {
        attr.handled_access_net = 3;  // bind and connect TCP
        size = offsetof(struct narrator_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        attr.scoped = 3;  // abstract Unix sockets and signals outside this process's domain
        size = sizeof attr;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) return -errno;
    int result = (int)abi;
    int data = open(folder, O_PATH | O_CLOEXEC);
    if (data < 0) {
        result = -errno;
    } else {
        struct narrator_path_beneath_attr rule = {NARRATOR_FS_READ_FILE | NARRATOR_FS_READ_DIR, data};
        if (syscall(SYS_landlock_add_rule, ruleset, NARRATOR_LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
            result = -errno;
        } else if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
            result = -errno;
        } else if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
            result = -errno;
        }
        close(data);
    }
    close(ruleset);
    return result;
#endif
}

#define DENY(error) BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((error) & SECCOMP_RET_DATA))
#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define LOAD_NR BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define LOAD_ARG(n) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[n]))
// Returns `error` for system call `number`: two instructions.
#define REFUSE(number, error) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (number), 0, 1), DENY(error)

// Refused outright (EPERM): what a process that only turns text into samples never needs.
static const int refused[] = {
    SYS_execve, SYS_execveat, SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_kcmp,
    SYS_pidfd_getfd, SYS_pidfd_send_signal, SYS_tkill, SYS_rt_sigqueueinfo, SYS_rt_tgsigqueueinfo,
    SYS_socket, SYS_socketpair, SYS_connect, SYS_bind, SYS_listen, SYS_accept, SYS_accept4,
    SYS_mknodat, SYS_unlinkat, SYS_renameat, SYS_renameat2, SYS_mkdirat, SYS_linkat, SYS_symlinkat,
    SYS_fchmod, SYS_fchmodat, SYS_fchown, SYS_fchownat, SYS_truncate, SYS_ftruncate,
    SYS_name_to_handle_at, SYS_open_by_handle_at, SYS_mount, SYS_umount2, SYS_pivot_root, SYS_chroot,
    SYS_setns, SYS_unshare, SYS_bpf, SYS_perf_event_open, SYS_userfaultfd, SYS_keyctl, SYS_add_key,
    SYS_request_key, SYS_init_module, SYS_finit_module, SYS_delete_module, SYS_kexec_load, SYS_reboot,
    SYS_swapon, SYS_swapoff, SYS_acct, SYS_quotactl, SYS_syslog, SYS_personality, SYS_fanotify_init,
    SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register, SYS_setuid, SYS_setgid,
    SYS_setreuid, SYS_setregid, SYS_setresuid, SYS_setresgid, SYS_setgroups, SYS_sethostname,
    SYS_setdomainname, SYS_settimeofday, SYS_clock_settime, SYS_adjtimex,
#ifdef SYS_fork
    SYS_fork, SYS_vfork, SYS_mknod, SYS_unlink, SYS_rename, SYS_mkdir, SYS_rmdir, SYS_link,
    SYS_symlink, SYS_chmod, SYS_chown, SYS_lchown, SYS_creat, SYS_uselib, SYS_iopl, SYS_ioperm,
#endif
#ifdef SYS_open_tree
    SYS_open_tree, SYS_move_mount, SYS_fsopen, SYS_fsconfig, SYS_fsmount, SYS_fspick,
#endif
#ifdef SYS_mount_setattr
    SYS_mount_setattr,
#endif
};

#define WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)
#define REFUSED_COUNT (sizeof refused / sizeof refused[0])

int narrator_sandbox_seccomp(void) {
    pid_t self = getpid();
    struct sock_filter filter[8 + 2 * REFUSED_COUNT + 40];
    size_t n = 0;
    // Another architecture's system call numbers mean other calls: such a call kills the process.
    filter[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NARRATOR_AUDIT_ARCH, 1, 0);
    filter[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    filter[n++] = (struct sock_filter)LOAD_NR;
#if defined(__x86_64__)
    // x32 calls share the architecture and set bit 30: none is allowed.
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
    filter[n++] = (struct sock_filter)DENY(EPERM);
#endif
    for (size_t i = 0; i < REFUSED_COUNT; i++) {
        filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)refused[i], 0, 1);
        filter[n++] = (struct sock_filter)DENY(EPERM);
    }
    // clone3 passes its flags in memory the filter cannot read: ENOSYS makes glibc use clone.
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
    filter[n++] = (struct sock_filter)DENY(ENOSYS);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat2, 0, 1);
    filter[n++] = (struct sock_filter)DENY(ENOSYS);
    // clone: threads only (CLONE_THREAD), never a new process.
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4);
    filter[n++] = (struct sock_filter)LOAD_ARG(0);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1);
    filter[n++] = (struct sock_filter)ALLOW;
    filter[n++] = (struct sock_filter)DENY(EPERM);
    // openat (and open): reading only. Paths cannot be checked here; landlock does that.
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 4);
    filter[n++] = (struct sock_filter)LOAD_ARG(2);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, WRITE_FLAGS, 0, 1);
    filter[n++] = (struct sock_filter)DENY(EACCES);
    filter[n++] = (struct sock_filter)ALLOW;
#ifdef SYS_open
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_open, 0, 4);
    filter[n++] = (struct sock_filter)LOAD_ARG(1);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, WRITE_FLAGS, 0, 1);
    filter[n++] = (struct sock_filter)DENY(EACCES);
    filter[n++] = (struct sock_filter)ALLOW;
#endif
    // kill and tgkill: to this process only (abort raises SIGABRT on itself).
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_kill, 1, 0);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_tgkill, 0, 4);
    filter[n++] = (struct sock_filter)LOAD_ARG(0);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)self, 0, 1);
    filter[n++] = (struct sock_filter)ALLOW;
    filter[n++] = (struct sock_filter)DENY(EPERM);
    // ioctl: no typing into the terminal standard error may be.
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_ioctl, 0, 4);
    filter[n++] = (struct sock_filter)LOAD_ARG(1);
    filter[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, TIOCSTI, 0, 1);
    filter[n++] = (struct sock_filter)DENY(EPERM);
    filter[n++] = (struct sock_filter)ALLOW;
    filter[n++] = (struct sock_filter)ALLOW;

    struct sock_fprog program = {(unsigned short)n, filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) return -errno;
    return 0;
}

int narrator_sandbox_try_open(const char *path, int write) {
    int fd = write ? open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600) : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    close(fd);
    return 0;
}
