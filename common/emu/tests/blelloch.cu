/* A correct Blelloch tile scan passes in every thread order and under
 * both sanitizers, at 256 and 1024 threads a block. */
#include "blelloch.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:5
//! run race pass
//! run memory pass

static void launch(unsigned tiles, unsigned threads, int *d_data)
{
    blelloch_tile_scan<<<tiles, threads>>>(d_data);
}

int main(void)
{
    return run_blelloch(launch, 3, 256) || run_blelloch(launch, 2, 1024);
}
