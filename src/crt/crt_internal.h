/* crt's helpers shared by the files of src/crt only. */
#ifndef CERTUNE_CRT_INTERNAL_H
#define CERTUNE_CRT_INTERNAL_H

#include "certune/crt.h"

/* out = p[0] ... p[n-1] by a balanced product tree (quasi-linear in n, where a
   running product is quadratic). n >= 0; out = 1 for n = 0. */
void _ct_crt_prod(fmpz_t out, const ulong *p, slong n);

#endif
