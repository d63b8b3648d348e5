/* Planted bug: the Blelloch scan without its down-sweep barrier. Forward
 * order hides it (each level's input comes from a lower thread, which ran
 * first); reverse order shows it; the race check names the racing lines
 * and CUDA threads. */
#define BLELLOCH_PLANTED_BUG
#include "blelloch.h"

//! run none pass
//! run none fail SCANLAB_EMU_ORDER=reverse -- mismatch at index
//! run race fail -- WARNING: ThreadSanitizer: data race
//! run race fail -- blelloch.h:4
//! run race fail -- CUDA block (0,0,0) thread

static void launch(unsigned tiles, unsigned threads, int *d_data)
{
    blelloch_tile_scan<<<tiles, threads>>>(d_data);
}

int main(void)
{
    return run_blelloch(launch, 2, 512);
}
