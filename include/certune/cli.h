/* cli: the command-line front shared by every certune subcommand; main.c
   dispatches to the ct_cli_*_main entries, which return the process's exit
   status (base.h). Unlike the library below it, the front reports its own
   errors: unless a function says otherwise, one that fails prints "certune:
   ..." on stderr, returns the exit status (1 usage, 2 invalid input) and
   leaves nothing to free; 0 is success. What a function fills is the caller's
   and is freed by its pair (ct_cli_free_paths, ct_cli_free_instances,
   ct_cli_shard_clear, ct_cli_files_clear, ct_cli_spool_clear,
   ct_profile_clear). */
#ifndef CERTUNE_CLI_H
#define CERTUNE_CLI_H

#include <pthread.h>
#include <stdio.h>
#include "certune/analysis.h"
#include "certune/profile.h"
#include "certune/opt.h"

/* Parses a family name into *family; returns 0 or the usage exit status. */
int ct_cli_parse_family(ct_family_t *family, const char *name);

/* ct_opt_usage_error(fmt, arg) with tail appended to the message (a list
   built at run time, such as the families' names). */
int ct_cli_usage_error2(const char *fmt, const char *arg, const char *tail);

/* 0 when family takes a constant, else the usage error "--c applies only to
   --family NAMES" (the families that take one) and its exit status. */
int ct_cli_check_c(ct_family_t family);

/* Parses delta's constant (an exact rational in (0, 1), such as 99/100 or
   0.99) into c; returns 0 or the usage exit status. */
int ct_cli_parse_c(fmpq_t c, const char *text);

/* Parses --c-range A:B (exact rationals, 0 < A < B < 1) into r[0], r[1];
   returns 0 or the usage exit status. */
int ct_cli_parse_c_range(fmpq *r, const char *text);

/* `analyze --joint c` (cli_joint.c): the joint analysis of the files over
   [A, B] printed as text or JSON, and drawn to plot (an SVG path, or NULL);
   returns the exit status (3 undecided). */
int ct_cli_analyze_joint(ct_family_t f, const fmpq_t A, const fmpq_t B,
                         const char *const *files, slong nfiles, int score_all, int ties,
                         int json, const char *plot);

/* Loads the files (on nthreads threads when there are 64 or more); on error
   prints "certune: file:line: ..." for the first bad file in the given order
   to stderr, frees what was loaded and returns the invalid-input exit status
   (2), else 0. */
int ct_cli_load_instances(ct_instance_struct *insts, const char *const *files, slong n,
                          slong nthreads);

/* Makes the output folder dir (--out) if absent. An existing folder that is
   not empty is refused (usage error, message printed) unless force; returns 0
   or the exit status. */
int ct_cli_prepare_out(const char *dir, int force);

/* Prints the help of subcommand sub to out; -1 (nothing printed) when sub has
   no help of its own. */
int ct_cli_help(FILE *out, const char *sub);

/* Progress of a long run on stderr (cli_progress.c): on when forced
   (--progress) or when stderr is a terminal. A terminal gets one line
   rewritten at most every 0.2 s, a file whole lines at most one a second (and
   the unchanged line again after 30 s of silence); the
   environment variable CT_CLI_PROGRESS_ENV (seconds, >= 0) sets that interval
   for both (0: every report, as the tests use it). */
#define CT_CLI_PROGRESS_ENV "CERTUNE_PROGRESS_INTERVAL"
typedef struct {
    int on, tty, forced, shown;
    const char *what;  /* the subcommand, e.g. "analyze" */
    const char *after; /* what runs once all instances are done */
    double start, last, interval;
    slong done, total; /* instances, as last reported (total 0: not yet) */
    char phase[96];    /* the phase inside a chunk last reported ("" none) */
    int width;         /* the terminal line's length, to blank its rest */
    int dirty;         /* a state was held back by the interval */
    int stop, ticking; /* the ticker thread's stop flag, whether it runs */
    pthread_t ticker;  /* prints a held-back state once due (while on) */
    pthread_cond_t wake;
    pthread_mutex_t lock; /* the hooks are called from several threads */
} ct_cli_progress_struct;

/* Starts p, and when on a ticker thread that prints a state the interval
   held back once it is due (finish p with ct_cli_progress_finish, which
   stops it). */
void ct_cli_progress_init(ct_cli_progress_struct *p, int forced, const char *what,
                          const char *after);

/* "certune: WHAT: done/total instances, T s, NAME k/N": the analysis's phase
   hook (ct_analysis_settings_struct's phase; arg is the ct_cli_progress_struct),
   throttled like the instance lines. p->total may be set after init so that the phase
   lines before the first instance carry it. */
void ct_cli_progress_phase(void *arg, const char *name, slong done, slong total);

/* "certune: WHAT: done/total instances, T s" (throttled; at done == total
   "..., AFTER" on a line of its own); arg is the
   ct_cli_progress_struct, so that it serves as ct_analysis_set_progress's hook. */
void ct_cli_progress_update(void *arg, slong done, slong total);

/* The closing line "certune: WHAT: done/total instances, T s, done" (or
   "stopped" when done < total: an error the caller reports), when forced or
   when a progress line was shown; frees p's lock. */
void ct_cli_progress_finish(ct_cli_progress_struct *p, slong done, slong total);
/* FILE|DIR arguments: a directory stands for every *.gssl inside it, sorted
   by name (strcmp); a file is kept as given. Sets *paths (malloc'ed, free with
   ct_cli_free_paths) and *npaths, or prints "certune: DIR: ..." for an
   unreadable or empty directory and returns the invalid-input status (2). */
int ct_cli_expand_paths(char ***paths, slong *npaths, const char *const *args,
                        slong nargs);
void ct_cli_free_paths(char **paths, slong n);

/* ct_cli_expand_paths then ct_cli_load_instances: *insts (free with
   ct_cli_free_instances) holds *m instances. Returns 0 or 2. */
int ct_cli_load_paths(ct_instance_struct **insts, slong *m, const char *const *args,
                      slong nargs, slong nthreads);
void ct_cli_free_instances(ct_instance_struct *insts, slong m);

/* Parses --ties smallest|expected into *ties (CT_SIGNFN_TIES_*); returns 0
   or the usage exit status. */
int ct_cli_parse_ties(int *ties, const char *text);

/* Parses --ball N (a node count >= 2) or off (WORD_MAX) into *ball, the
   analysis settings' ball_min_nodes; returns 0 or the usage exit status. */
int ct_cli_parse_ball(slong *ball, const char *text);

/* The subcommands; argv[0] is the subcommand's name. Each returns its exit status. */
/* Scale-out options (cli_scale.c): the number of online cores; --threads N
   (1..4096) and --shard i/k (0 <= i < k) parsed, or the usage status 1 with
   the message printed. */
slong ct_cli_default_threads(void);
int ct_cli_parse_threads(slong *n, const char *text);
int ct_cli_parse_shard(slong *i, slong *k, const char *text);

/* The expanded FILE|DIR list (all[0..n), owned) and shard i of k of it: the
   m paths (pointers into all) of every k-th from the i-th; m may be 0 (more
   shards than instances: an empty shard is a valid part of a split). */
typedef struct {
    char **all;
    slong n;
    const char **paths;
    slong m, shard_i, shard_k;
} ct_cli_shard_struct;

/* Fills S from the args; 0 or 2. */
int ct_cli_shard_init(ct_cli_shard_struct *S, const char *const *args, slong nargs,
                      slong i, slong k);
void ct_cli_shard_clear(ct_cli_shard_struct *S);

/* out = the digest of the whole set (ct_profile_set_digest): the shard's own
   files' digests from own (m * CT_DIGEST_SIZE bytes, as read for the
   analysis), every other file read now. Returns 0, or 2 when one cannot be
   read. */
int ct_cli_shard_set_digest(unsigned char *out, const ct_cli_shard_struct *S,
                            const unsigned char *own);

/* .gssl files as a stream source (cli_source.c): src hands out instances read
   chunk by chunk (errors "path:line: message"), each file's node count read
   from its header at init (0 when not seen; the headers are read on nthreads
   threads). paths is borrowed: it must outlive F. Clear with
   ct_cli_files_clear. */
typedef struct {
    ct_analysis_source_struct src;
    const char *const *paths;
    slong *nodes;
    unsigned char *digest; /* per file its SHA-256, set when its chunk is read */
} ct_cli_files_struct;

void ct_cli_files_init(ct_cli_files_struct *F, const char *const *paths, slong m,
                       slong nthreads);
void ct_cli_files_clear(ct_cli_files_struct *F);

/* Writes the profile P to path atomically (ct_profile_save); 0 or 2. */
int ct_cli_save_profile(const char *path, const ct_profile_struct *P);

/* Whether path is a profile file (it begins with "certune-profile "). An
   input readable only once (stdin "-", a FIFO) is spooled (ct_cli_spool). */
int ct_cli_is_profile(const char *path);

/* Inputs readable only once (cli_spool.c): 1 with *data, *len the whole input
   (read on the first call for that path, kept until ct_cli_spool_clear), 0
   for a regular file (not read: open it), -1 with err set when it cannot be
   read or exceeds CT_INSTANCE_MAX_FILE bytes. Not thread-safe: spool while
   one thread runs, read the copies from any. */
int ct_cli_spool(const char *path, const char **data, size_t *len, char *err,
                 size_t errlen);
void ct_cli_spool_clear(void);

/* Reads the profiles files[0..n) and merges them exactly into out, as `merge`
   does: one split of one set, every shard present (else exit 2 naming the
   missing shards, or with keep_going a warning). Returns 0 (clear out) or
   2. */
int ct_cli_merge_profiles(ct_profile_t out, const char *const *files, slong n,
                          int keep_going);

int ct_cli_merge_main(int argc, char **argv);

int ct_cli_analyze_main(int argc, char **argv);
int ct_cli_bounds_main(int argc, char **argv);
int ct_cli_shatter_main(int argc, char **argv);
int ct_cli_verify_shatter_main(int argc, char **argv);
int ct_cli_sample_main(int argc, char **argv);
int ct_cli_instance_main(int argc, char **argv);

/* One line on out naming path and inst's counts, and one more when scored
   nodes lie in components without a labeled node (ct_whole_unreached). */
void ct_cli_instance_summary(FILE *out, const ct_instance_t inst, const char *path);
int ct_cli_eval_main(int argc, char **argv);
int ct_cli_tune_main(int argc, char **argv);

#endif
