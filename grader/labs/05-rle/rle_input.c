/*
 * rle_input.c: rle_input_make of rle_checks.h, apart from the data
 * families, which make bench links without Criterion.
 */
#include <stdio.h>

#include "device.h"
#include "rle_checks.h"

void rle_input_make(struct rle_input *input, const char *function, const struct rle_data_case *data,
                    const struct size_case *size)
{
    snprintf(input->function, sizeof input->function, "%s on %s data (%s)", function, data->name, data->why);
    input->c = test_case_for(data->lab, input->function, size, FILL_RANDOM);
    input->values = host_ints(size->n);
    rle_fill(input->values, size->n, data->data, input->c.seed);
}
