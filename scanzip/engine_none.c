/*
 * engine_none.c: the GPU engine of the CPU-only scanzip: none. The tool
 * with one links engine_gpu.cu instead (the Makefile's scanzip-gpu).
 */
#include "engine.h"

const struct scanzip_engine *scanzip_gpu_engine(void)
{
    return NULL;
}

const char *scanzip_gpu_missing_reason(void)
{
    return "this build of scanzip has no GPU engine: build scanzip-gpu (make scanzip-gpu; docs/scanzip.md), or use --cpu";
}
