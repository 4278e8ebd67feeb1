/* The bounded queue between the game's threads and the bridge thread (rules N11, N12).
 *
 * A game may call from any thread, thousands of times a second, and must never wait on
 * the narrator. So a call only takes this lock for a few pointer moves: appending a job
 * that is already built, or refusing it when the queue holds NW_QUEUE_JOBS jobs or
 * NW_QUEUE_BYTES bytes. Those two numbers bound the memory a flood can take while the
 * narrator is slow or stopped. */
#include "bridge.h"
#include <stdlib.h>

#define NW_QUEUE_JOBS 256
#define NW_QUEUE_BYTES (1024 * 1024)

static CRITICAL_SECTION lock;
static struct nw_job *head, *tail;
static size_t count, bytes;
static HANDLE wakeup;

void nw_queue_init(void)
{
    InitializeCriticalSection(&lock);
    wakeup = CreateEventW(NULL, FALSE, FALSE, NULL);
}

HANDLE nw_queue_wakeup(void) { return wakeup; }

void nw_job_free(struct nw_job *job)
{
    free(job->line);
    free(job);
}

/* A job dropped unsent: its synchronous caller (if any) learns why, and the bridge's
 * reference goes with the job. */
void nw_job_drop(struct nw_job *job, unsigned long result)
{
    if (job->waiter) {
        nw_waiter_finish(job->waiter, result);
        nw_waiter_release(job->waiter);
    }
    nw_job_free(job);
}

unsigned long nw_queue_push(struct nw_job *job)
{
    struct nw_job *purged = NULL;
    unsigned long rc = NW_OK;
    BOOL wake = FALSE;
    job->next = NULL;
    EnterCriticalSection(&lock);
    if (job->kind == NW_JOB_CANCEL) {
        /* cancelSpeech: what has not left yet would be cancelled by the daemon anyway, but
         * only after it began to sound; dropping it here keeps the old line silent (N6).
         * Earlier cancels stay, so the order of what is sent is kept. */
        struct nw_job **p = &head;
        tail = NULL;
        while (*p) {
            struct nw_job *j = *p;
            if (j->kind == NW_JOB_SAY) {
                *p = j->next;
                count--;
                bytes -= j->len;
                j->next = purged;
                purged = j;
            } else {
                tail = j;
                p = &j->next;
            }
        }
    }
    if (count >= NW_QUEUE_JOBS || bytes + job->len > NW_QUEUE_BYTES) {
        rc = NW_SERVER_TOO_BUSY;
    } else {
        /* SetEvent is a round trip to Wine's one server process: only the push that finds
         * the queue empty wakes the thread, which then takes everything queued. */
        wake = count == 0;
        if (tail)
            tail->next = job;
        else
            head = job;
        tail = job;
        count++;
        bytes += job->len;
    }
    LeaveCriticalSection(&lock);
    while (purged) {
        struct nw_job *next = purged->next;
        nw_job_drop(purged, NW_CANCELLED);
        purged = next;
    }
    if (wake)
        SetEvent(wakeup);
    return rc;
}

struct nw_job *nw_queue_pop(void)
{
    struct nw_job *job;
    EnterCriticalSection(&lock);
    job = head;
    if (job) {
        head = job->next;
        if (!head)
            tail = NULL;
        count--;
        bytes -= job->len;
    }
    LeaveCriticalSection(&lock);
    return job;
}

void nw_queue_drop_all(unsigned long result)
{
    struct nw_job *job;
    while ((job = nw_queue_pop()) != NULL)
        nw_job_drop(job, result);
}
