/* tolk_like: does to the bridge what Tolk (and SRAL) do, and prints one line per step:
 *   step NAME rc=RC ms=MS ok|FAIL [key=value ...]
 * Exit status: 0 all ok; 10+N the first failed step (N its number below); 2 the DLL did not
 * load; 3 the watchdog fired (a call hung). Modes (docs/WINE.md, "The tester"):
 *   tolk_like full          the narrator (or tests/fake_door.py) runs
 *   tolk_like absent        nothing listens: every call says 1722 at once
 *   tolk_like window        only the window's delay, in a process that has a window already
 *   tolk_like rtt [N]       N synchronous speakSsml calls of "x" at NOW: the round trip (native_rtt.py)
 *   tolk_like oneway [N]    N speakText calls, each with its performance counter (fake_door's log)
 *   tolk_like ready         only whether a narrator is found (run.sh: the door file's default place)
 *   tolk_like lines         each line of standard input said with speakText at once (narrator-bench)
 *   tolk_like stop FLAG     the caller SIGSTOPs the narrator once "step ready" is printed and
 *                           creates FLAG (a Windows path); SIGCONT once "step stopped" is printed
 *   tolk_like restart FLAG  the caller restarts the narrator, then creates FLAG */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long(__stdcall *fn_void)(void);
typedef unsigned long(__stdcall *fn_text)(const wchar_t *);
typedef unsigned long(__stdcall *fn_pid)(unsigned long *);
typedef unsigned long(__stdcall *fn_ssml)(const wchar_t *, int, int, unsigned char);
typedef unsigned long(__stdcall *fn_mark)(const wchar_t *);
typedef unsigned long(__stdcall *fn_setcb)(fn_mark);
static struct { fn_void test, cancel; fn_text speak, braille; fn_pid pid; fn_ssml ssml; fn_setcb setcb; } nv;

#ifdef _WIN64
#define SUFFIXED L"nvdaControllerClient64.dll"
#else
#define SUFFIXED L"nvdaControllerClient32.dll"
#endif
#define LONG_LINE L"This is a long line that the game says first, and it goes on for a while, " \
                  L"long enough to be cut in the middle by whatever comes next in this test."
enum { NORMAL, NEXT, NOW };
/* The longest a synchronous step may take: what waits ahead of it is spoken in real time on a
 * sound server (the daemon's tests), on a machine that may be busy. */
#define SPOKEN_MS 30000

static LARGE_INTEGER freq;
static int number, first_fail;
static double loaded; /* when LoadLibrary of the first name returned */
static double now_ms(void)
{
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart * 1000.0 / (double)freq.QuadPart;
}
static void step(const char *name, unsigned long rc, double ms, BOOL ok, const char *extra)
{
    number++;
    printf("step %s rc=%lu ms=%.3f %s%s%s\n", name, rc, ms, ok ? "ok" : "FAIL", extra ? " " : "", extra ? extra : "");
    fflush(stdout);
    if (!ok && !first_fail)
        first_fail = 10 + number;
}
/* One call, timed; ok when it returns `want` within `bound` ms. */
#define CALL(name, want, bound, expr) do { double t_ = now_ms(); unsigned long rc_ = (expr); \
    double ms_ = now_ms() - t_; step(name, rc_, ms_, rc_ == (want) && ms_ <= (bound), NULL); } while (0)

static DWORD WINAPI watchdog(LPVOID seconds)
{
    Sleep((DWORD)(size_t)seconds * 1000);
    printf("step watchdog rc=0 ms=0 FAIL the test hung\n");
    fflush(stdout);
    TerminateProcess(GetCurrentProcess(), 3);
    return 0;
}

static HMODULE load(const wchar_t *name, const char *label)
{
    char extra[64];
    double t = now_ms();
    HMODULE m = LoadLibraryW(name);
    double ms = now_ms() - t;
    BOOL all = m && GetProcAddress(m, "nvdaController_testIfRunning") && GetProcAddress(m, "nvdaController_speakText") &&
               GetProcAddress(m, "nvdaController_cancelSpeech") && GetProcAddress(m, "nvdaController_brailleMessage") &&
               GetProcAddress(m, "nvdaController_getProcessId") && GetProcAddress(m, "nvdaController_speakSsml") &&
               GetProcAddress(m, "nvdaController_setOnSsmlMarkReachedCallback");
    snprintf(extra, sizeof extra, "exports=%s", all ? "7" : "missing");
    step(label, m ? 0 : GetLastError(), ms, all, extra);
    return all ? m : NULL;
}

static BOOL detect(void) /* Tolk's IsActive, and SRAL's */
{
    return FindWindowW(L"wxWindowClassNR", L"NVDA") && nv.test() == 0;
}

static void wait_ready(const char *name, DWORD ms)
{
    double t = now_ms();
    unsigned long rc;
    while ((rc = nv.test()) != 0 && now_ms() - t < ms)
        Sleep(5);
    step(name, rc, now_ms() - t, rc == 0, NULL);
}

static void wait_file(const wchar_t *path)
{
    while (GetFileAttributesW(path) == INVALID_FILE_ATTRIBUTES)
        Sleep(10);
}

/* --- marks --- */
static CRITICAL_SECTION marks_lock;
static char marks[256];
static DWORD main_thread;
static unsigned long sync_in_callback = 999, async_in_callback = 999;
static unsigned long __stdcall on_mark(const wchar_t *name)
{
    EnterCriticalSection(&marks_lock);
    if (strlen(marks) < 200) {
        if (marks[0])
            strcat(marks, ",");
        WideCharToMultiByte(CP_UTF8, 0, name, -1, marks + strlen(marks), 40, NULL, NULL);
        strcat(marks, GetCurrentThreadId() == main_thread ? "@caller" : "@other");
    }
    LeaveCriticalSection(&marks_lock);
    /* A synchronous call from the callback: allowed on the caller's thread (the synchronous
     * case, as with NVDA), refused on the bridge thread (the asynchronous case). */
    if (wcscmp(name, L"m2") == 0)
        sync_in_callback = nv.ssml(L"<speak>From the callback.</speak>", -1, NORMAL, 0);
    if (wcscmp(name, L"m4") == 0)
        async_in_callback = nv.ssml(L"<speak>From the callback.</speak>", -1, NORMAL, 0);
    return 0;
}

/* --- a synchronous speakSsml on another thread, to be cancelled --- */
static unsigned long sync_rc;
static DWORD WINAPI sync_waiting(LPVOID unused)
{
    (void)unused;
    sync_rc = nv.ssml(L"<speak>Waiting behind a very long line.</speak>", -1, NORMAL, 0);
    return 0;
}

/* Text that takes seconds to say even where speech runs faster than real time (--output null). */
static wchar_t *very_long(void)
{
    static wchar_t text[20001];
    size_t i, n = wcslen(LONG_LINE L" ");
    for (i = 0; i + n < 20000; i += n)
        wcscpy(text + i, LONG_LINE L" ");
    return text;
}

/* --- the flood: many threads, many calls --- */
#define FLOOD_THREADS 8
#define FLOOD_CALLS 2500
static volatile LONG flood_ok, flood_busy, flood_other, flood_over_1ms, flood_over_10ms;
static double flood_max[FLOOD_THREADS];
static DWORD WINAPI flood(LPVOID index)
{
    int i, k = (int)(size_t)index;
    for (i = 0; i < FLOOD_CALLS; i++) {
        double t = now_ms();
        unsigned long rc = nv.speak(L"Flood line");
        double ms = now_ms() - t;
        if (ms > flood_max[k])
            flood_max[k] = ms;
        if (ms > 1)
            InterlockedIncrement(ms > 10 ? &flood_over_10ms : &flood_over_1ms);
        InterlockedIncrement(rc == 0 ? &flood_ok : rc == 1723 ? &flood_busy : &flood_other);
    }
    return 0;
}

static void full(void)
{
    char extra[200];
    double t;
    HANDLE th[FLOOD_THREADS];
    int i;
    unsigned long pid = 0, rc;
    wchar_t *big;
    wait_ready("ready", 5000);
    {
        char since[48];
        snprintf(since, sizeof since, "ms_since_load=%.3f", now_ms() - loaded);
        step("ready_after_load", 0, 0, TRUE, since);
    }
    t = now_ms();
    step("detect", 0, now_ms() - t, detect(), NULL);
    step("load_other", 0, 0, load(L"nvdaControllerClient.dll", "load_unsuffixed") != NULL, NULL);
    CALL("speak", 0, 20, nv.speak(L"Hello from Wine."));
    Sleep(400);
    CALL("speak_long", 0, 20, nv.speak(very_long()));
    Sleep(300); /* the long line is being heard when Tolk interrupts: Silence() then Speak() */
    t = now_ms();
    rc = nv.cancel() | nv.speak(L"Interrupted.");
    step("interrupt", rc, now_ms() - t, rc == 0 && now_ms() - t < 20, NULL);
    CALL("sync", 0, SPOKEN_MS, nv.ssml(L"<speak>Synchronous line.</speak>", -1, NORMAL, 0));
    /* A synchronous call waiting its turn behind a long line is cancelled with it: 1223. */
    CALL("very_long", 0, 20, nv.speak(very_long()));
    th[0] = CreateThread(NULL, 0, sync_waiting, NULL, 0, NULL);
    Sleep(300);
    t = now_ms();
    nv.cancel();
    WaitForSingleObject(th[0], INFINITE);
    step("sync_cancelled", sync_rc, now_ms() - t, sync_rc == 1223 && now_ms() - t < 2000, NULL);
    CloseHandle(th[0]);
    CALL("now_long_line", 0, 20, nv.speak(very_long()));
    Sleep(200);
    CALL("now_over_long", 0, SPOKEN_MS, nv.ssml(L"<speak>Now!</speak>", -1, NOW, 0));
    CALL("now_cleanup", 0, 20, nv.cancel());
    InitializeCriticalSection(&marks_lock);
    CALL("set_callback", 0, 20, nv.setcb(on_mark));
    main_thread = GetCurrentThreadId();
    CALL("marks", 0, SPOKEN_MS, nv.ssml(L"<speak>One <mark name=\"m1\"/> two <mark name=\"m2\"/> three.</speak>", -1, NORMAL, 0));
    snprintf(extra, sizeof extra, "marks=%s in_callback_rc=%lu", marks, sync_in_callback);
    step("marks_seen", 0, 0, !strcmp(marks, "m1@caller,m2@caller") && sync_in_callback == 0, extra);
    marks[0] = 0;
    CALL("marks_async", 0, 20, nv.ssml(L"<speak>Three <mark name=\"m3\"/> four <mark name=\"m4\"/> five.</speak>", -1, NORMAL, 1));
    t = now_ms();
    while (async_in_callback == 999 && now_ms() - t < SPOKEN_MS)
        Sleep(5);
    snprintf(extra, sizeof extra, "marks=%s in_callback_rc=%lu", marks, async_in_callback);
    step("marks_async_seen", 0, now_ms() - t, !strcmp(marks, "m3@other,m4@other") && async_in_callback == 1131, extra);
    CALL("unset_callback", 0, 20, nv.setcb(NULL));
    CALL("next", 0, 20, nv.ssml(L"<speak>Next.</speak>", -1, NEXT, 1));
    CALL("symbols_all", 0, 20, nv.ssml(L"<speak>Symbols: #1, $2.</speak>", 300, NORMAL, 1));
    CALL("plain_as_ssml", 0, SPOKEN_MS, nv.ssml(L"Plain text, no markup & no root.", -1, NORMAL, 0));
    CALL("braille", 0, 20, nv.braille(L"Braille goes nowhere."));
    rc = nv.pid(&pid);
    snprintf(extra, sizeof extra, "pid=%lu", pid);
    step("pid", rc, 0, rc == 0, extra);
    CALL("null_speak", 87, 20, nv.speak(NULL));
    CALL("null_braille", 87, 20, nv.braille(NULL));
    CALL("null_ssml", 87, 20, nv.ssml(NULL, -1, NORMAL, 1));
    CALL("null_pid", 87, 20, nv.pid(NULL));
    CALL("bad_priority", 87, 20, nv.ssml(L"<speak>x</speak>", -1, 7, 1));
    CALL("empty", 0, 20, nv.speak(L""));
    CALL("lone_high_surrogate", 0, 20, nv.speak(L"Lone \xD800 high"));
    CALL("lone_low_surrogate", 0, 20, nv.speak(L"Lone \xDC00 low"));
    CALL("pair", 0, 20, nv.speak(L"Pair \xD83D\xDE00 ok"));
    CALL("quotes_controls", 0, 20, nv.speak(L"Quote \" back \\ tab \t bell \x07 end"));
    big = malloc(sizeof(wchar_t) * (1 << 20));
    for (i = 0; i < (1 << 20) - 1; i++)
        big[i] = L'a' + i % 26;
    big[(1 << 20) - 1] = 0;
    CALL("one_megabyte", 87, 50, nv.speak(big));
    big[65537] = 0;
    CALL("over_limit", 87, 50, nv.speak(big));
    big[60000] = 0;
    CALL("under_limit", 0, 50, nv.speak(big));
    free(big);
    /* A barrier: NOW is heard at once and returns when done, so all of the above has reached
     * the narrator before the cancel below (which would drop what is still queued here). */
    CALL("barrier", 0, SPOKEN_MS, nv.ssml(L"<speak>Barrier.</speak>", -1, NOW, 0));
    CALL("cancel_before_flood", 0, 20, nv.cancel());
    t = now_ms();
    for (i = 0; i < FLOOD_THREADS; i++)
        th[i] = CreateThread(NULL, 0, flood, (LPVOID)(size_t)i, 0, NULL);
    WaitForMultipleObjects(FLOOD_THREADS, th, TRUE, INFINITE);
    {
        double total = now_ms() - t, worst = 0;
        for (i = 0; i < FLOOD_THREADS; i++)
            worst = flood_max[i] > worst ? flood_max[i] : worst, CloseHandle(th[i]);
        snprintf(extra, sizeof extra, "calls=%d ok=%ld busy=%ld other=%ld per_s=%.0f max_call_ms=%.3f over_1ms=%ld over_10ms=%ld",
                 FLOOD_THREADS * FLOOD_CALLS, flood_ok, flood_busy, flood_other,
                 FLOOD_THREADS * FLOOD_CALLS * 1000.0 / total, worst, flood_over_1ms + flood_over_10ms, flood_over_10ms);
        /* Bounded, not blocked: on a shared machine any thread may lose its core for a while,
         * so the rule is 99% of calls under 1 ms and none over a second. */
        step("flood", 0, total, flood_other == 0 && worst < 1000 &&
             (flood_over_1ms + flood_over_10ms) * 100 < FLOOD_THREADS * FLOOD_CALLS, extra);
    }
    CALL("cancel_after_flood", 0, 20, nv.cancel());
    CALL("after_flood", 0, SPOKEN_MS, nv.ssml(L"<speak>After the flood.</speak>", -1, NOW, 0));
}

static void absent(void)
{
    unsigned long pid;
    double t = now_ms();
    step("detect_absent", 0, now_ms() - t, !detect(), NULL);
    CALL("test_absent", 1722, 5, nv.test());
    CALL("speak_absent", 1722, 5, nv.speak(L"Nobody hears this."));
    CALL("cancel_absent", 1722, 5, nv.cancel());
    CALL("braille_absent", 1722, 5, nv.braille(L"x"));
    CALL("pid_absent", 1722, 5, nv.pid(&pid));
    CALL("sync_absent", 1722, 5, nv.ssml(L"<speak>x</speak>", -1, NOW, 0));
}

/* The narrator stops answering: calls stay short, a waiting call gives up, it comes back. */
static void stopped(const wchar_t *flag)
{
    double t, worst = 0;
    char extra[96];
    unsigned long rc;
    wait_ready("ready", 5000);
    wait_file(flag);
    t = now_ms();
    while (now_ms() - t < 4500) { /* past the bridge's 3 s patience */
        double c = now_ms();
        nv.speak(L"Into the void.");
        nv.test();
        nv.cancel();
        worst = now_ms() - c > worst ? now_ms() - c : worst;
        Sleep(2);
    }
    snprintf(extra, sizeof extra, "max_call_ms=%.3f", worst);
    /* Never the bridge's 3 s of patience: a call waits on no narrator. The bound is a second, not
     * tens of ms, because the suite shares two cores: a call's brief lock can wait on Wine's one
     * server process while it is off the CPU (473 ms seen once beside a build; 2.8-38 ms typical). */
    step("calls_while_stopped", 0, now_ms() - t, worst < 1000, extra);
    t = now_ms();
    rc = nv.ssml(L"<speak>Waits for nobody.</speak>", -1, NOW, 0);
    step("sync_while_stopped", rc, now_ms() - t, rc != 0 && now_ms() - t < 5000, NULL);
    CALL("test_while_stopped", 1722, 5, nv.test());
    printf("step stopped rc=0 ms=0 ok\n");
    fflush(stdout);
    wait_ready("back", 8000);
    CALL("sync_after_stop", 0, SPOKEN_MS, nv.ssml(L"<speak>Back again.</speak>", -1, NORMAL, 0));
}

static void restarted(const wchar_t *flag)
{
    wait_ready("ready", 5000);
    wait_file(flag);
    wait_ready("reconnected", 5000);
    CALL("speak_after_restart", 0, 20, nv.speak(L"After the restart."));
    CALL("sync_after_restart", 0, SPOKEN_MS, nv.ssml(L"<speak>Heard by the new narrator.</speak>", -1, NORMAL, 0));
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* What the game waits for a short synchronous line: the bridge's round trip plus the speech. */
static void rtt(int count)
{
    static double times[10000];
    char extra[96];
    int i, bad = 0;
    if (count < 1 || count > 10000)
        count = 200;
    wait_ready("ready", 5000);
    for (i = 0; i < count; i++) {
        double t = now_ms();
        bad |= nv.ssml(L"<speak>x</speak>", -1, NOW, 0) != 0;
        times[i] = now_ms() - t;
        Sleep(10);
    }
    qsort(times, (size_t)count, sizeof *times, by_value);
    snprintf(extra, sizeof extra, "n=%d median_ms=%.3f p90_ms=%.3f max_ms=%.3f", count, times[count / 2],
             times[count * 9 / 10], times[count - 1]);
    step("rtt", 0, times[count / 2], !bad, extra);
}

/* Each line of standard input spoken with speakText as soon as it is read, then "said N": the
 * benchmark writes a line and times it to the daemon's first sample (narrator-bench daemon wine),
 * so no clock of Wine's has to meet one of Linux's. Ends at the end of input. */
static void lines(void)
{
    char line[1024];
    wchar_t text[1024];
    int n = 0;
    wait_ready("ready", 5000);
    printf("step listening rc=0 ms=0 ok\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!MultiByteToWideChar(CP_UTF8, 0, line, -1, text, 1024))
            continue;
        nv.speak(text);
        printf("said %d\n", ++n);
        fflush(stdout);
    }
}

/* speakText's one way: the performance counter at each call, for the daemon's log to meet. */
static void oneway(int count)
{
    int i;
    wait_ready("ready", 5000);
    for (i = 0; i < count; i++) {
        wchar_t text[32];
        double t;
        swprintf(text, 32, L"oneway %d", i);
        Sleep(20);
        t = now_ms();
        nv.speak(text);
        printf("oneway %d qpc_ms=%.3f call_ms=%.3f\n", i, t, now_ms() - t);
    }
    fflush(stdout);
    Sleep(100); /* a cancel drops what is still queued in the DLL (N7): let the last one leave */
    nv.cancel();
    Sleep(100);
}

int wmain(int argc, wchar_t **argv)
{
    const wchar_t *mode = argc > 1 ? argv[1] : L"full";
    HMODULE m;
    HWND w = NULL;
    DWORD owner = 0;
    double t;
    char extra[64];
    QueryPerformanceFrequency(&freq);
    if (!wcscmp(mode, L"window")) /* as a game that has its own window before it loads Tolk */
        CreateWindowExW(0, L"STATIC", L"game", WS_POPUP, 0, 0, 10, 10, NULL, NULL, NULL, NULL);
    if (wcscmp(mode, L"lines")) /* lines runs as long as its input: the benchmark ends it */
        CloseHandle(CreateThread(NULL, 0, watchdog, (LPVOID)(size_t)(wcscmp(mode, L"full") ? 40 : 120), 0, NULL));
    if (!(m = load(SUFFIXED, "load")))
        return 2;
    loaded = now_ms();
    nv.test = (fn_void)(void (*)(void))GetProcAddress(m, "nvdaController_testIfRunning");
    t = now_ms();
    {
        unsigned long rc = nv.test(); /* what a game that asks at once is told */
        step("test_at_load", rc, now_ms() - t, now_ms() - t < 5, NULL);
    }
    t = now_ms(); /* how long after LoadLibrary returns Tolk's window check succeeds */
    while (!(w = FindWindowW(L"wxWindowClassNR", L"NVDA")) && now_ms() - t < 2000)
        ;
    if (w)
        GetWindowThreadProcessId(w, &owner);
    snprintf(extra, sizeof extra, "ours=%d", owner == GetCurrentProcessId());
    step("window", 0, now_ms() - t, w && owner == GetCurrentProcessId(), extra);
    nv.test = (fn_void)(void (*)(void))GetProcAddress(m, "nvdaController_testIfRunning");
    nv.cancel = (fn_void)(void (*)(void))GetProcAddress(m, "nvdaController_cancelSpeech");
    nv.speak = (fn_text)(void (*)(void))GetProcAddress(m, "nvdaController_speakText");
    nv.braille = (fn_text)(void (*)(void))GetProcAddress(m, "nvdaController_brailleMessage");
    nv.pid = (fn_pid)(void (*)(void))GetProcAddress(m, "nvdaController_getProcessId");
    nv.ssml = (fn_ssml)(void (*)(void))GetProcAddress(m, "nvdaController_speakSsml");
    nv.setcb = (fn_setcb)(void (*)(void))GetProcAddress(m, "nvdaController_setOnSsmlMarkReachedCallback");
    if (!wcscmp(mode, L"absent"))
        absent();
    else if (!wcscmp(mode, L"window"))
        ;
    else if (!wcscmp(mode, L"ready"))
        wait_ready("ready", 5000);
    else if (!wcscmp(mode, L"lines"))
        lines();
    else if (!wcscmp(mode, L"oneway"))
        oneway(argc > 2 ? _wtoi(argv[2]) : 200);
    else if (!wcscmp(mode, L"rtt"))
        rtt(argc > 2 ? _wtoi(argv[2]) : 200);
    else if (!wcscmp(mode, L"stop") && argc > 2)
        stopped(argv[2]);
    else if (!wcscmp(mode, L"restart") && argc > 2)
        restarted(argv[2]);
    else
        full();
    printf("done exit=%d\n", first_fail);
    fflush(stdout);
    return first_fail;
}
