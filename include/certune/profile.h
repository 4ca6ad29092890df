/* profile: analyses as files (docs/scale.md, format "certune-profile 2"), so
   that shards of an instance set analyzed apart (job arrays, MPI ranks) can be
   merged exactly into the analysis of the whole. */
#ifndef CERTUNE_PROFILE_H
#define CERTUNE_PROFILE_H

#include <stdio.h>
#include "certune/analysis.h"

#define CT_PROFILE_VERSION 2

/* An analysis with what a merge must check: the score mode (1: all nodes),
   the instances' names (A.ninst of them, malloc'ed), and which shards of
   which set it holds: the set of set_size instances was cut into shard_k
   shards (shard i: every shard_k-th instance from i), of which it holds the
   nshards shards[] (increasing). A run over a whole set holds shard 0 of 1. */
typedef struct {
    ct_analysis_struct A;
    int score_all;
    char **names;
    slong shard_k, set_size, nshards;
    slong *shards;
    /* Per instance its index in the whole set (malloc'ed), or NULL when the
       profile holds one shard in order: then instance j is shards[0] + j
       shard_k (ct_profile_set_index). */
    slong *set_index;
} ct_profile_struct;
typedef ct_profile_struct ct_profile_t[1];

/* Writes P to f. Returns 0, or -1 when writing fails. */
int ct_profile_write(FILE *f, const ct_profile_t P);

/* Reads the profile file path into P (initialized either way; clear it).
   Returns 0, or -1 with "path:line: message" in err when the file is
   unreadable, malformed, not canonical or inconsistent (counts, costs out of
   range, breakpoints out of order, certificates that do not change sign). */
int ct_profile_read(ct_profile_t P, const char *path, char *err, size_t errlen);

/* The same from the open stream f (not closed), named path in messages. */
int ct_profile_read_stream(ct_profile_t P, FILE *f, const char *path, char *err,
                           size_t errlen);

/* R = the union of the disjoint A and B (A's instances first; names copied).
   Returns 0 (R undecided when a comparison is), or -1 with err set when they
   differ in family, c, tie rule, score mode or shard layout, or share a shard
   or an instance name; R is initialized either way. A and B may be refined. */
int ct_profile_merge(ct_profile_t R, ct_profile_t A, ct_profile_t B, char *err,
                     size_t errlen);

/* Moves the analysis A into P (A must not be cleared afterwards), with copies
   of the names; P holds shard shard_i of shard_k of a set of set_size. */
void ct_profile_init_move(ct_profile_t P, ct_analysis_t A, int score_all,
                          const char *const *names, slong shard_i, slong shard_k,
                          slong set_size);

void ct_profile_clear(ct_profile_t P);

/* Instance t's index in the whole set. */
slong ct_profile_set_index(const ct_profile_t P, slong t);

/* Puts P's instances in the order of the set (increasing set index), as one
   run over the set orders them: names, per-instance arrays, events (within a
   place by instance). The losses do not change. */
void ct_profile_sort_instances(ct_profile_t P);

#endif
