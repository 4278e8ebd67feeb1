/* The seven functions of NVDA's controller client, as a game calls them (N4 to N14).
 *
 * Signatures follow nvaccess/nvda nvdaHelper/interfaces/nvdaController/nvdaController.idl:
 * __stdcall, returning error_status_t (an unsigned long; 0 is success, otherwise a Windows
 * error code). The names are exported undecorated on both word sizes (nvdaControllerClient.def
 * and --kill-at). Each export checks its arguments, builds its whole JSON line on the calling
 * thread, queues it and returns: none waits on the network, except a synchronous speakSsml,
 * whose wait the bridge thread always ends (outcome, lost connection, or a daemon silent for
 * 3 s). */
#include "bridge.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long error_status_t;
#define EXPORT error_status_t __stdcall

HINSTANCE nw_module;

BOOL WINAPI DllMain(HINSTANCE inst, DWORD reason, LPVOID reserved)
{
    HMODULE self;
    (void)reserved;
    if (reason != DLL_PROCESS_ATTACH)
        return TRUE; /* at process exit the threads are gone already: nothing to undo */
    nw_module = inst;
    DisableThreadLibraryCalls(inst);
    /* Pinned: the bridge and window threads run this module's code for the life of the
     * process, so a FreeLibrary must never unmap it under them. */
    GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_PIN,
                       (LPCWSTR)(void *)nw_window_start, &self);
    nw_queue_init();
    /* Thread creation only: no Winsock, no waiting, under the loader lock (N1). */
    nw_conn_start();
    nw_window_start(inst);
    return TRUE;
}

/* Calls are taken while the narrator is connected, or while the first connection after load
 * is being made (so a game that speaks right after loading is heard); otherwise NVDA's "not
 * running" at once, also while a lost connection is being made again. */
static BOOL reachable(void) { return nw_conn_state() == NW_READY || !nw_conn_first_settled(); }

static BOOL blank(const wchar_t *s)
{
    for (; *s; s++)
        if (*s > L' ')
            return FALSE;
    return TRUE;
}

/* Builds and queues one `say`. On failure the waiter (if any) is untouched. */
static unsigned long say(const wchar_t *text, const char *priority, BOOL ssml, int punctuation,
                         struct nw_waiter *w)
{
    static const char head[] = "{\"type\":\"say\",\"text\":\"";
    char tail[96];
    size_t esc, utf8, tl, len;
    struct nw_job *job;
    /* Every UTF-16 unit is at least one UTF-8 byte: a longer text cannot fit, and a 1 MB
     * string is refused without walking all of it twice. */
    if (wcsnlen(text, NW_TEXT_LIMIT + 1) > NW_TEXT_LIMIT)
        return NW_INVALID_PARAMETER;
    esc = nw_json_escape(NULL, text, &utf8);
    /* resume: what NOW (high) cuts continues afterwards, as in NVDA (P18). */
    tl = (size_t)snprintf(tail, sizeof tail, "\",\"priority\":\"%s\",\"resume\":true%s}\n", priority,
                          ssml ? ",\"ssml\":true" : "");
    len = sizeof head - 1 + esc + tl;
    /* The daemon's limits: 65,536 bytes of text, and of the line without its newline. */
    if (utf8 > NW_TEXT_LIMIT || len - 1 > NW_TEXT_LIMIT)
        return NW_INVALID_PARAMETER;
    job = calloc(1, sizeof *job);
    if (!job || !(job->line = malloc(len))) {
        free(job);
        return NW_SERVER_TOO_BUSY;
    }
    memcpy(job->line, head, sizeof head - 1);
    nw_json_escape(job->line + sizeof head - 1, text, NULL);
    memcpy(job->line + sizeof head - 1 + esc, tail, tl);
    job->len = len;
    job->kind = NW_JOB_SAY;
    job->punctuation = punctuation;
    job->waiter = w;
    if (nw_queue_push(job) != NW_OK) {
        nw_job_free(job);
        return NW_SERVER_TOO_BUSY;
    }
    return NW_OK;
}

EXPORT nvdaController_testIfRunning(void)
{
    /* From the thread's state alone, without waiting even for a first attempt under way:
     * that attempt takes tens of milliseconds under Wine (docs/WINE.md, N4), so a short
     * wait never changed the answer and only cost the game its time. */
    return nw_conn_state() == NW_READY ? NW_OK : NW_SERVER_UNAVAILABLE;
}

EXPORT nvdaController_speakText(const wchar_t *text)
{
    if (!text)
        return NW_INVALID_PARAMETER;
    if (!reachable())
        return NW_SERVER_UNAVAILABLE;
    if (blank(text))
        return NW_OK; /* NVDA says nothing and succeeds; the daemon would refuse it */
    /* low: waits behind the game's earlier lines and never cuts them, as NVDA queues. */
    return say(text, "low", FALSE, -1, NULL);
}

EXPORT nvdaController_cancelSpeech(void)
{
    static const char line[] = "{\"type\":\"cancel\"}\n";
    struct nw_job *job;
    if (!reachable())
        return NW_SERVER_UNAVAILABLE;
    job = calloc(1, sizeof *job);
    if (!job || !(job->line = malloc(sizeof line))) {
        free(job);
        return NW_SERVER_TOO_BUSY;
    }
    memcpy(job->line, line, sizeof line);
    job->len = sizeof line - 1;
    job->kind = NW_JOB_CANCEL;
    if (nw_queue_push(job) != NW_OK) {
        nw_job_free(job);
        return NW_SERVER_TOO_BUSY;
    }
    return NW_OK;
}

EXPORT nvdaController_brailleMessage(const wchar_t *message)
{
    /* No braille display: Tolk sends every line to speech and braille both, so speaking
     * this too would say every line twice. */
    if (!message)
        return NW_INVALID_PARAMETER;
    return reachable() ? NW_OK : NW_SERVER_UNAVAILABLE;
}

EXPORT nvdaController_getProcessId(unsigned long *pid)
{
    if (!pid)
        return NW_INVALID_PARAMETER;
    if (nw_conn_state() != NW_READY)
        return NW_SERVER_UNAVAILABLE;
    *pid = nw_conn_daemon_pid(); /* status's pid (a Unix pid) when the daemon gives one, else 0 */
    return NW_OK;
}

EXPORT nvdaController_speakSsml(const wchar_t *ssml, int symbolLevel, int priority, unsigned char asynchronous)
{
    static const char *const priorities[] = {"low", "default", "high"}; /* NORMAL, NEXT, NOW */
    const wchar_t *p;
    struct nw_waiter *w = NULL;
    unsigned long rc;
    int punctuation = symbolLevel < 0 ? -1 : symbolLevel < 100 ? 0 : symbolLevel < 200 ? 1
                                           : symbolLevel < 300 ? 2 : 3;
    if (!ssml || priority < 0 || priority > 2)
        return NW_INVALID_PARAMETER;
    if (!reachable())
        return NW_SERVER_UNAVAILABLE;
    if (blank(ssml))
        return NW_OK;
    /* An asynchronous call's mark callback runs on the bridge thread, which would have to
     * report this end. */
    if (!asynchronous && nw_conn_on_bridge_thread())
        return NW_POSSIBLE_DEADLOCK;
    if (!asynchronous && !(w = nw_waiter_new()))
        return NW_SERVER_TOO_BUSY;
    for (p = ssml; *p && *p <= L' '; p++)
        ;
    /* Text that is not markup at all goes as plain text: there is nothing to interpret. */
    rc = say(ssml, priorities[priority], *p == L'<', punctuation, w);
    if (rc != NW_OK || !w) {
        if (w) {
            nw_waiter_release(w);
            nw_waiter_release(w);
        }
        return rc;
    }
    rc = nw_waiter_wait(w);
    nw_waiter_release(w);
    return rc;
}

EXPORT nvdaController_setOnSsmlMarkReachedCallback(nw_mark_callback callback)
{
    nw_mark_cb = callback; /* NULL removes it */
    return NW_OK;
}
