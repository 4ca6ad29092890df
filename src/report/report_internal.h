/* Helpers shared by the report module's files (src/report/report*.c) only. */
#ifndef CERTUNE_REPORT_INTERNAL_H
#define CERTUNE_REPORT_INTERNAL_H

#include <stdio.h>
#include "certune/analysis.h"

/* x as a reduced fraction ("2/5"). */
void _ct_report_fmpq(FILE *out, const fmpq_t x);

/* x in decimal after a blank: " = D" when D is x exactly, else " ~ D" (D: x
   rounded to 6 significant digits); nothing when x is an integer. */
void _ct_report_decimal(FILE *out, const fmpq_t x);

/* The double nearest to x (correctly rounded). */
double _ct_report_fmpq_double(const fmpq_t x);

/* The shortest spelling of the double d that reads back as d (a JSON number). */
void _ct_report_double(FILE *out, double d);

/* Name of the domain's right end: "+inf" or "1". */
const char *_ct_report_domain_hi(const ct_analysis_t A);

/* Open piece i as "(b1, b2)", "(0, b1)", "(b5, +inf)". */
void _ct_report_piece_name(FILE *out, const ct_analysis_t A, slong i);

/* The decimal ends of open piece i: the breakpoints' approximations, or the
   domain's ends ("0", "1", "inf" for lambda's right end). */
const char *_ct_report_piece_lo(const ct_analysis_t A, slong i);
const char *_ct_report_piece_hi(const ct_analysis_t A, slong i);

#endif
