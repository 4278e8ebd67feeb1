/* The door file: where the narrator's Wine door listens and the secret it wants (N2).
 *
 * The daemon writes `narrator-wine 1 PORT SECRET\n` (/work/notes/wine-door-spec.md) into
 * its 0700 socket folder, new at each start; the bridge reads it before every connection
 * attempt, so a restarted narrator (new port, new secret) is found again. The file is a
 * Unix path: Windows code under Wine reaches it through kernel32's
 * wine_get_dos_file_name when present, else through the Z: drive that maps "/". */
#include "bridge.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef WCHAR *(CDECL *dos_name_fn)(const char *unix_path);

/* Opens a Unix path for reading; INVALID_HANDLE_VALUE if it is not there. */
static HANDLE open_unix(const char *path)
{
    static dos_name_fn dos_name;
    static BOOL looked;
    WCHAR wpath[MAX_PATH + 8];
    HANDLE h;
    if (!looked) {
        dos_name = (dos_name_fn)(void (*)(void))GetProcAddress(GetModuleHandleW(L"kernel32.dll"),
                                                              "wine_get_dos_file_name");
        looked = TRUE;
    }
    if (dos_name) {
        WCHAR *w = dos_name(path);
        if (w) {
            h = CreateFileW(w, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                            NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
            HeapFree(GetProcessHeap(), 0, w);
            return h;
        }
    }
    {
        int n = MultiByteToWideChar(CP_UTF8, 0, path, -1, wpath + 2, MAX_PATH);
        int i;
        if (n <= 0)
            return INVALID_HANDLE_VALUE;
        wpath[0] = L'Z', wpath[1] = L':';
        for (i = 2; wpath[i]; i++)
            if (wpath[i] == L'/')
                wpath[i] = L'\\';
        return CreateFileW(wpath, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                           NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    }
}

static DWORD read_unix(const char *path, char *buf, DWORD cap)
{
    DWORD got = 0;
    HANDLE h = open_unix(path);
    if (h == INVALID_HANDLE_VALUE)
        return 0;
    if (!ReadFile(h, buf, cap - 1, &got, NULL))
        got = 0;
    CloseHandle(h);
    buf[got] = 0;
    return got;
}

/* The Unix uid, from the `Uid:` line of /proc/self/status (Wine's process is the user's). */
static BOOL unix_uid(unsigned long *uid)
{
    char buf[4096];
    char *p;
    if (!read_unix("/proc/self/status", buf, sizeof buf))
        return FALSE;
    p = strstr(buf, "\nUid:");
    if (!p)
        return FALSE;
    *uid = strtoul(p + 5, NULL, 10);
    return TRUE;
}

/* `narrator-wine 1 PORT SECRET\n`, nothing else: any other shape is not a door we know. */
static BOOL parse(const char *s, unsigned short *port, char secret[65])
{
    static const char head[] = "narrator-wine 1 ";
    unsigned long p = 0;
    int digits = 0, i;
    if (strncmp(s, head, sizeof head - 1) != 0)
        return FALSE;
    s += sizeof head - 1;
    for (; *s >= '0' && *s <= '9' && digits < 6; s++, digits++)
        p = p * 10 + (unsigned long)(*s - '0');
    if (digits == 0 || p == 0 || p > 65535 || *s++ != ' ')
        return FALSE;
    for (i = 0; i < 64; i++, s++) {
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
            return FALSE;
        secret[i] = *s;
    }
    secret[64] = 0;
    if (*s != '\n' || s[1] != 0)
        return FALSE;
    *port = (unsigned short)p;
    return TRUE;
}

/* An environment variable as the UTF-8 a Unix path is (the A functions would give the ANSI
 * code page); 0 if unset, empty or too long. */
static DWORD env_utf8(const WCHAR *name, char *out, DWORD cap)
{
    WCHAR w[1024];
    DWORD n = GetEnvironmentVariableW(name, w, 1024);
    int k;
    if (n == 0 || n >= 1024)
        return 0;
    k = WideCharToMultiByte(CP_UTF8, 0, w, -1, out, (int)cap, NULL, NULL);
    return k > 1 ? (DWORD)k - 1 : 0;
}

/* The fields of a /proc/net/tcp line the check needs: local address and port (hex), state
 * (hex) and uid (decimal), the 2nd, 4th and 8th words. By hand: sscanf would bring mingw's whole
 * scanf into the DLL (34 KB). */
static BOOL listener_line(char *line, unsigned long *ip, unsigned long *port, unsigned long *st,
                          unsigned long *uid)
{
    char *word[8], *end;
    int n;
    for (n = 0; n < 8; n++) {
        while (*line == ' ')
            line++;
        if (!*line)
            return FALSE;
        word[n] = line;
        while (*line && *line != ' ')
            line++;
    }
    *ip = strtoul(word[1], &end, 16);
    if (*end != ':')
        return FALSE;
    *port = strtoul(end + 1, NULL, 16);
    *st = strtoul(word[3], NULL, 16);
    *uid = strtoul(word[7], &end, 10);
    return end != word[7];
}

/* Whether the socket listening on 127.0.0.1:port belongs to this user, as /proc/net/tcp says.
 * Native clients check the daemon's user with SO_PEERCRED; Windows code cannot, and Wine shows
 * it no file owners either, so a door file planted by another user (in a /tmp/narrator-UID they
 * made first) would lead the game's speech, and the secret, to their port. Unreadable: no. */
BOOL nw_door_listener_is_ours(unsigned short port)
{
    static char buf[64 * 1024 + 1];
    unsigned long me, ip, p, st, uid;
    size_t have = 0;
    DWORD got;
    BOOL ours = FALSE, found = FALSE;
    HANDLE h;
    if (!unix_uid(&me) || (h = open_unix("/proc/net/tcp")) == INVALID_HANDLE_VALUE)
        return FALSE;
    while (!found && ReadFile(h, buf + have, (DWORD)(sizeof buf - 1 - have), &got, NULL) && got > 0) {
        char *line = buf, *nl;
        have += got;
        buf[have] = 0;
        while (!found && (nl = strchr(line, '\n')) != NULL) {
            *nl = 0;
            /* "  N: 0100007F:9E15 00000000:0000 0A 00000000:00000000 00:00000000 00000000  UID ..." */
            if (listener_line(line, &ip, &p, &st, &uid) && ip == 0x0100007FUL && p == port && st == 0x0A) {
                found = TRUE;
                ours = uid == me;
            }
            line = nl + 1;
        }
        have = (size_t)(buf + have - line);
        memmove(buf, line, have);
        if (have == sizeof buf - 1)
            have = 0; /* a line longer than any /proc/net/tcp writes: drop it */
    }
    CloseHandle(h);
    return ours;
}

BOOL nw_door_read(unsigned short *port, char secret[65])
{
    char path[1024], buf[256];
    DWORD n;
    unsigned long uid;
    /* 1. NARRATOR_WINE_DOOR, 2. $XDG_RUNTIME_DIR/narrator/wine-door, 3. /tmp/narrator-UID/. */
    n = env_utf8(L"NARRATOR_WINE_DOOR", path, sizeof path);
    if (n == 0) {
        n = env_utf8(L"XDG_RUNTIME_DIR", path, sizeof path - 32);
        if (n > 0)
            strcat(path, "/narrator/wine-door");
        else if (unix_uid(&uid))
            snprintf(path, sizeof path, "/tmp/narrator-%lu/wine-door", uid);
        else
            return FALSE;
    }
    if (!read_unix(path, buf, sizeof buf))
        return FALSE;
    return parse(buf, port, secret);
}
