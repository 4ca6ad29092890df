/* graphin_edges: nodes by id and edges by pair as the files are read: a
   node per new id, a pair per new unordered pair (in order of first
   appearance), and the spec's rules for self-loops, zero weights and a pair
   given again (docs/formats.md, "Your own graph"). */
#include <stdint.h>
#include <string.h>
#include "certune/qparse.h"
#include "certune/text.h"
#include "graphin_internal.h"

int _ct_graphin_fail(_ct_graphin_state *T, slong line, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (T->entries)
        snprintf(T->err, T->errlen, "%s: entry %ld: %s", T->path, (long)line, msg);
    else
        snprintf(T->err, T->errlen, "%s:%ld: %s", T->path, (long)line, msg);
    return -1;
}

const char *_ct_graphin_show_node(char *out, const _ct_graphin_state *T, slong i)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    if (T->fixed)
        snprintf(out, _CT_GRAPHIN_SHOW, "%ld", (long)(i + T->G->id_base));
    else
        snprintf(out, _CT_GRAPHIN_SHOW, "'%s'", ct_text_show_token(show, T->id[i]));
    return out;
}

/* A matrix's id: decimal digits without leading zeros, in base..base+n-1. */
static slong node_fixed(_ct_graphin_state *T, const char *s, slong line)
{
    slong v = 0, base = T->G->id_base;
    int ok = s[0] >= '0' && s[0] <= '9' && !(s[0] == '0' && s[1] != '\0');
    for (const char *p = s; ok && *p != '\0'; p++) {
        ok = *p >= '0' && *p <= '9' && v <= (WORD_MAX - 9) / 10;
        v = 10 * v + (*p - '0');
    }
    if (ok && v >= base && v - base < T->n)
        return v - base;
    char show[CT_TEXT_SHOW_LEN + 4];
    _ct_graphin_fail(T, line, "unknown id '%s' (the nodes of %s are %ld..%ld)",
                     ct_text_show_token(show, s), T->S->edges, (long)base,
                     (long)(base + T->n - 1));
    return -1;
}

slong _ct_graphin_node(_ct_graphin_state *T, const char *s, slong line, int from_labels)
{
    if (T->fixed)
        return node_fixed(T, s, line);
    slong v = _ct_graphin_map_find(&T->ids, s);
    if (v >= 0)
        return v;
    if (s[0] == '\0')
        return _ct_graphin_fail(T, line, "empty id");
    if (strlen(s) > CT_GRAPHIN_MAX_NAME)
        return _ct_graphin_fail(T, line, "id longer than %d bytes", CT_GRAPHIN_MAX_NAME);
    if (T->n == CT_INSTANCE_MAX_NODES)
        return _ct_graphin_fail(T, line, "more than %d nodes (the .gssl limit)",
                                CT_INSTANCE_MAX_NODES);
    if (T->n == T->idcap) {
        T->idcap = FLINT_MAX(64, 2 * T->idcap);
        T->id = flint_realloc(T->id, (size_t)T->idcap * sizeof(char *));
    }
    T->id[T->n] = _ct_graphin_map_add(&T->ids, s, T->n);
    T->G->named_only += from_labels;
    return T->n++;
}

void _ct_graphin_nodes_fit(_ct_graphin_state *T)
{
    if (T->n <= T->nodecap)
        return;
    slong old = T->nodecap, cap = FLINT_MAX(T->n, 2 * T->nodecap);
    slong **arrays[5] = {&T->lab, &T->tru, &T->labline, &T->truline, &T->scored};
    for (int k = 0; k < 5; k++) {
        *arrays[k] = flint_realloc(*arrays[k], (size_t)cap * sizeof(slong));
        for (slong i = old; i < cap; i++)
            (*arrays[k])[i] = k < 2 ? -1 : 0;
    }
    T->nodecap = cap;
}

int _ct_graphin_weight(_ct_graphin_state *T, fmpq_t w, const char *tok, slong line)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    if (ct_qparse_fmpq(w, tok))
        return _ct_graphin_fail(T, line, "malformed weight '%s'",
                                ct_text_show_token(show, tok));
    if (fmpq_sgn(w) < 0)
        return _ct_graphin_fail(T, line, "negative weight '%s'",
                                ct_text_show_token(show, tok));
    return 0;
}

/* The slot of pair {u, v} in the pair table (empty or holding it). */
static slong pair_slot(const _ct_graphin_state *T, slong u, slong v)
{
    slong a = FLINT_MIN(u, v), b = FLINT_MAX(u, v);
    uint64_t h = ((uint64_t)a * UINT64_C(0x9E3779B97F4A7C15)) ^
                 ((uint64_t)b * UINT64_C(0xC2B2AE3D27D4EB4F));
    slong i = (slong)((h ^ (h >> 29)) & (uint64_t)(T->pcap - 1));
    for (; T->pslot[i] != 0; i = (i + 1) & (T->pcap - 1)) {
        slong e = T->pslot[i] - 1;
        if (FLINT_MIN(T->eu[e], T->ev[e]) == a && FLINT_MAX(T->eu[e], T->ev[e]) == b)
            break;
    }
    return i;
}

static void pairs_grow(_ct_graphin_state *T)
{
    slong old = T->pcap, *slots = T->pslot;
    T->pcap = old ? 2 * old : 256;
    T->pslot = flint_calloc((size_t)T->pcap, sizeof(slong));
    for (slong i = 0; i < old; i++)
        if (slots[i] != 0) {
            slong e = slots[i] - 1;
            T->pslot[pair_slot(T, T->eu[e], T->ev[e])] = slots[i];
        }
    flint_free(slots);
}

static void edge_push(_ct_graphin_state *T, slong slot, slong u, slong v, const fmpq_t w,
                      slong line)
{
    if (T->m == T->mcap) {
        slong cap = FLINT_MAX(64, 2 * T->mcap);
        T->eu = flint_realloc(T->eu, (size_t)cap * sizeof(slong));
        T->ev = flint_realloc(T->ev, (size_t)cap * sizeof(slong));
        T->eline = flint_realloc(T->eline, (size_t)cap * sizeof(slong));
        T->ew = flint_realloc(T->ew, (size_t)cap * sizeof(fmpq));
        T->mcap = cap;
    }
    T->eu[T->m] = u, T->ev[T->m] = v, T->eline[T->m] = line;
    fmpq_init(T->ew + T->m);
    fmpq_set(T->ew + T->m, w);
    T->pslot[slot] = ++T->m;
}

/* Pair e given again at line as u-v: the spec's --directed rule. */
static int edge_again(_ct_graphin_state *T, slong e, slong u, const fmpq_t w, slong line)
{
    char a[_CT_GRAPHIN_SHOW], b[_CT_GRAPHIN_SHOW];
    if (T->S->directed == CT_GRAPHIN_DIRECTED_ERROR)
        return _ct_graphin_fail(
            T, line,
            "edge %s-%s appears %s (first %s %ld); --directed sum or max merges "
            "them",
            _ct_graphin_show_node(a, T, T->eu[e]), _ct_graphin_show_node(b, T, T->ev[e]),
            T->eu[e] == u ? "twice" : "in both directions",
            T->entries ? "as entry" : "on line", (long)T->eline[e]);
    if (T->S->directed == CT_GRAPHIN_DIRECTED_SUM)
        fmpq_add(T->ew + e, T->ew + e, w);
    else if (fmpq_cmp(w, T->ew + e) > 0)
        fmpq_set(T->ew + e, w);
    T->G->combined++;
    return 0;
}

int _ct_graphin_edge_add(_ct_graphin_state *T, slong u, slong v, const fmpq_t w,
                         slong line)
{
    char a[_CT_GRAPHIN_SHOW];
    T->G->entries++;
    if (u == v && T->S->loops == CT_GRAPHIN_LOOPS_DROP)
        return T->G->loops++, 0;
    if (u == v)
        return _ct_graphin_fail(T, line,
                                "self-loop on node %s (a .gssl graph has none; "
                                "--self-loops drop drops them)",
                                _ct_graphin_show_node(a, T, u));
    if (fmpq_is_zero(w))
        return T->G->zero++, 0;
    if (2 * (T->m + 1) > T->pcap)
        pairs_grow(T);
    slong slot = pair_slot(T, u, v);
    if (T->pslot[slot] != 0)
        return edge_again(T, T->pslot[slot] - 1, u, w, line);
    edge_push(T, slot, u, v, w, line);
    return 0;
}
