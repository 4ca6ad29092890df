/* cli_progress: "certune: analyze: 12/300 instances, 3.2 s" on stderr during
   long runs, when stderr is a terminal or with --progress, and inside a chunk
   (one large instance) the phase its analysis reports last: "certune:
   analyze: 0/1 instances, 41.0 s, component rows 758/915". On a terminal
   without --progress a run shorter than a second prints nothing. The hooks
   are called from the analysis's threads and only record the state (printing
   it when a line is due); a ticker thread prints a state that was held back,
   so that a phase reported just before a long silent step (one large
   component's solve) is still shown, one interval later. Everything is done
   under p->lock. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "certune/cli.h"

static double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The interval between two lines: CT_CLI_PROGRESS_ENV, else 0.2 s on a
   terminal and 1 s in a file. */
static double cli_interval(int tty)
{
    const char *e = getenv(CT_CLI_PROGRESS_ENV);
    char *end;
    double v = e != NULL && *e != '\0' ? strtod(e, &end) : -1.0;
    if (e != NULL && *e != '\0' && *end == '\0' && v >= 0.0 && v <= 3600.0)
        return v;
    return tty ? 0.2 : 1.0;
}

/* Prints one line (under the lock): on a terminal it replaces the line shown
   (its rest blanked) and ends it only when end; in a file it is a line. */
static void cli_line(ct_cli_progress_struct *p, const char *text, int end)
{
    int len = (int)strlen(text);
    if (p->tty)
        fprintf(stderr, "%s%s%*s%s", p->shown == 1 ? "\r" : "", text,
                p->shown == 1 && p->width > len ? p->width - len : 0, "",
                end ? "\n" : "");
    else
        fprintf(stderr, "%s\n", text);
    p->width = end ? 0 : len;
    fflush(stderr);
}

/* Whether a line is due now (under the lock). */
static int cli_due(ct_cli_progress_struct *p, double now)
{
    return p->on && now - p->last >= p->interval && (p->forced || now - p->start >= 1.0);
}

/* Prints the state (under the lock): the instances, the time, the phase. */
static void cli_show(ct_cli_progress_struct *p, double now)
{
    char text[256];
    int k = snprintf(text, sizeof(text), "certune: %s: ", p->what);
    if (p->total > 0)
        k += snprintf(text + k, sizeof(text) - k, "%ld/%ld instances, ", (long)p->done,
                      (long)p->total);
    k += snprintf(text + k, sizeof(text) - k, "%.1f s", now - p->start);
    if (p->phase[0] != '\0')
        snprintf(text + k, sizeof(text) - k, ", %s", p->phase);
    p->last = now;
    p->dirty = 0;
    cli_line(p, text, 0);
    p->shown = 1;
}

/* A file gets the unchanged state again after this many seconds of silence
   (one long step: the log shows the time going on). */
#define CLI_HEARTBEAT 30.0

/* The ticker: every interval (at least 50 ms), a state held back is printed
   when due; on a terminal an open line's time is refreshed too, in a file
   after CLI_HEARTBEAT seconds without a line. */
static void *cli_ticker(void *arg)
{
    ct_cli_progress_struct *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stop) {
        double wait = p->interval > 0.05 ? p->interval : 0.05, at;
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        at = (double)t.tv_sec + 1e-9 * (double)t.tv_nsec + wait;
        t.tv_sec = (time_t)at;
        t.tv_nsec = (long)((at - (double)t.tv_sec) * 1e9);
        int rc = 0;
        while (!p->stop && rc != ETIMEDOUT)
            rc = pthread_cond_timedwait(&p->wake, &p->lock, &t);
        double now = cli_now();
        int again = p->shown == 1 && (p->tty || now - p->last >= CLI_HEARTBEAT);
        if (!p->stop && (p->dirty || again) && cli_due(p, now))
            cli_show(p, now);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

void ct_cli_progress_init(ct_cli_progress_struct *p, int forced, const char *what,
                          const char *after)
{
    p->after = after;
    p->tty = isatty(STDERR_FILENO);
    p->forced = forced;
    p->on = forced || p->tty;
    p->what = what;
    p->start = cli_now();
    p->last = p->start;
    p->interval = cli_interval(p->tty);
    p->shown = 0;
    p->done = p->total = 0;
    p->phase[0] = '\0';
    p->width = 0;
    p->dirty = p->stop = 0;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    p->ticking = p->on && pthread_create(&p->ticker, NULL, cli_ticker, p) == 0;
}

void ct_cli_progress_update(void *arg, slong done, slong total)
{
    ct_cli_progress_struct *p = arg;
    char text[256];
    pthread_mutex_lock(&p->lock);
    double now = cli_now();
    p->done = done, p->total = total;
    p->phase[0] = '\0'; /* that chunk's phases are over */
    if (p->on && done == total && (p->forced || p->shown)) {
        /* The per-instance stage is over; what follows is p->after. */
        snprintf(text, sizeof(text), "certune: %s: %ld/%ld instances, %.1f s, %s",
                 p->what, (long)done, (long)total, now - p->start, p->after);
        cli_line(p, text, 1);
        p->shown = 2; /* the line is finished */
        p->dirty = 0;
    } else if (cli_due(p, now)) {
        cli_show(p, now);
    } else {
        p->dirty = p->on;
    }
    pthread_mutex_unlock(&p->lock);
}

void ct_cli_progress_phase(void *arg, const char *name, slong done, slong total)
{
    ct_cli_progress_struct *p = arg;
    pthread_mutex_lock(&p->lock);
    snprintf(p->phase, sizeof(p->phase), "%s %ld/%ld", name, (long)done, (long)total);
    double now = cli_now();
    if (cli_due(p, now))
        cli_show(p, now);
    else
        p->dirty = p->on;
    pthread_mutex_unlock(&p->lock);
}

void ct_cli_progress_finish(ct_cli_progress_struct *p, slong done, slong total)
{
    char text[256];
    if (p->ticking) {
        pthread_mutex_lock(&p->lock);
        p->stop = 1;
        pthread_cond_signal(&p->wake);
        pthread_mutex_unlock(&p->lock);
        pthread_join(p->ticker, NULL);
    }
    if (p->forced || p->shown) {
        snprintf(text, sizeof(text), "certune: %s: %ld/%ld instances, %.1f s, %s",
                 p->what, (long)done, (long)total, cli_now() - p->start,
                 done == total ? "done" : "stopped");
        cli_line(p, text, 1);
    }
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
}
