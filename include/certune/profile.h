/* profile: analyses as files (docs/scale.md, format "certune-profile 3"), so
   that shards of an instance set analyzed apart (job arrays, MPI ranks) can
   be merged exactly into the analysis of the whole. A file ends with the
   SHA-256 of its contents, and records the digest of the whole instance set,
   so a changed byte or shards of different sets are refused, not trusted.

   A ct_profile_t owns its analysis, names, shard list and set index; the
   readers and ct_profile_merge initialize it whatever they return, and
   ct_profile_clear frees it. Writers only read it. Errors return -1 with a
   message in err (ct_profile_write: none); a comparison a merge cannot decide
   is no error: the result is undecided (A.nundecided > 0). */
#ifndef CERTUNE_PROFILE_H
#define CERTUNE_PROFILE_H

#include <stdio.h>
#include "certune/analysis.h"
#include "certune/digest.h"

#define CT_PROFILE_VERSION 3

/* An analysis with what a merge must check: the score mode (1: all nodes),
   the instances' names (A.ninst of them, malloc'ed), and which shards of
   which set it holds: the set of set_size instances was cut into shard_k
   shards (shard i: every shard_k-th instance from i), of which it holds the
   nshards shards[] (increasing). A run over a whole set holds shard 0 of 1.
   set_digest identifies the whole set (ct_profile_set_digest). */
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
    unsigned char set_digest[CT_DIGEST_SIZE];
} ct_profile_struct;
typedef ct_profile_struct ct_profile_t[1];

/* Writes P to f, ending with the digest of what precedes the last line.
   Returns 0, or -1 when writing fails. */
int ct_profile_write(FILE *f, const ct_profile_t P);

/* Writes P to the file path atomically: to a temporary file beside it, then
   renamed over path, so a reader (or a second writer) never sees a partial
   file. Returns 0, or -1 with "path: cannot write the profile: reason" in
   err (the temporary file removed). */
int ct_profile_save(const char *path, const ct_profile_t P, char *err, size_t errlen);

/* out = the digest of a set of n instances from the digests of their files
   (n * CT_DIGEST_SIZE bytes, in the set's order). */
void ct_profile_set_digest(unsigned char out[CT_DIGEST_SIZE], const unsigned char *each,
                           slong n);

/* Reads the profile file path into P. Returns 0, or -1 with "path:line:
   message" in err when the file is unreadable, malformed, not canonical or
   inconsistent (counts, costs out of range, breakpoints out of order,
   certificates that do not change sign, a digest that does not match the
   contents). */
int ct_profile_read(ct_profile_t P, const char *path, char *err, size_t errlen);

/* The same from the open stream f (not closed), named path in messages. */
int ct_profile_read_stream(ct_profile_t P, FILE *f, const char *path, char *err,
                           size_t errlen);

/* 0 when A and B are parts of one analysis that may be merged: the same
   family, c, tie rule, score mode, shard layout and instance set (digest);
   else -1 with what differs in err ("different families: lambda and alpha").
   Their shards may still overlap (ct_profile_merge checks that). */
int ct_profile_check_compatible(const ct_profile_t A, const ct_profile_t B, char *err,
                                size_t errlen);

/* R = the union of the disjoint A and B (A's instances first; names copied).
   Returns 0 (R undecided when a comparison is), or -1 with err set when they
   are not compatible (ct_profile_check_compatible) or share a shard. A and B
   may be refined; when one holds no instance R takes the other's contents and
   leaves it empty (still to be cleared). */
int ct_profile_merge(ct_profile_t R, ct_profile_t A, ct_profile_t B, char *err,
                     size_t errlen);

void ct_profile_clear(ct_profile_t P);

/* Instance t's index in the whole set. */
slong ct_profile_set_index(const ct_profile_t P, slong t);

/* Puts P's instances in the order of the set (increasing set index), as one
   run over the set orders them: names, per-instance arrays, events (within a
   place by instance). The losses do not change. */
void ct_profile_sort_instances(ct_profile_t P);

#endif
