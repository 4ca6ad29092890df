/* Limits and helpers shared by src/instance.c and src/instance_write.c only. */
#ifndef CERTUNE_INSTANCE_INTERNAL_H
#define CERTUNE_INSTANCE_INTERNAL_H

#include <stddef.h>
#include <flint/fmpq.h>

#include "certune/instance.h"
/* So that ct_instance_write can always put an `e` record on a line the reader
   takes back: "e u v " needs at most 2 + 2 * 8 bytes. */
#define CT_INSTANCE_MAX_WEIGHT_DIGITS (CT_INSTANCE_MAX_LINE - 64)

/* Digits of a/b as written, sign and slash aside (an upper bound by one or
   two, which is all the bounds need). */
size_t ct_instance_fmpq_digits(const fmpq_t x);

#endif
