/* The window Tolk and SRAL look for before they believe NVDA runs (N15).
 *
 * Both test `FindWindowW(L"wxWindowClassNR", L"NVDA")` and then testIfRunning. FindWindow
 * sees top-level windows only (not HWND_MESSAGE ones), so this is a hidden top-level
 * window: never shown, no taskbar entry. It lives on a thread of its own with a message
 * loop, so a program that broadcasts a message to every window (SendMessage with
 * HWND_BROADCAST) gets its answer; a window on a game thread that does not pump messages
 * would hang such a program. The thread is started from DllMain and runs as soon as
 * LoadLibrary returns; docs/WINE.md gives the measured delay. The window stays while the
 * module is loaded (it is pinned), so the truth of "the narrator can speak" is
 * testIfRunning's: Tolk asks both. */
#include "bridge.h"

static LRESULT CALLBACK window_proc(HWND w, UINT msg, WPARAM wp, LPARAM lp)
{
    /* Nobody may close it from outside: Tolk would lose the narrator for the game's life. */
    if (msg == WM_CLOSE)
        return 0;
    return DefWindowProcW(w, msg, wp, lp);
}

static DWORD WINAPI window_main(LPVOID module)
{
    WNDCLASSW wc;
    MSG msg;
    HWND w;
    ZeroMemory(&wc, sizeof wc);
    wc.lpfnWndProc = window_proc;
    wc.hInstance = (HINSTANCE)module;
    wc.lpszClassName = L"wxWindowClassNR";
    /* A class is per module: another copy of the bridge (loaded under another name)
     * registers its own, and both windows answer FindWindow. */
    if (!RegisterClassW(&wc) && GetLastError() != ERROR_CLASS_ALREADY_EXISTS)
        return 1;
    w = CreateWindowExW(WS_EX_TOOLWINDOW, L"wxWindowClassNR", L"NVDA", WS_POPUP, 0, 0, 0, 0, NULL, NULL,
                        (HINSTANCE)module, NULL);
    if (!w)
        return 1;
    while (GetMessageW(&msg, NULL, 0, 0) > 0) {
        TranslateMessage(&msg);
        DispatchMessageW(&msg);
    }
    return 0;
}

void nw_window_start(HINSTANCE module)
{
    CloseHandle(CreateThread(NULL, 0, window_main, module, 0, NULL));
}
