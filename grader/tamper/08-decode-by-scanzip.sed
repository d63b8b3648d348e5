# lab: 08-compressor
# test: decode::oracle_payloads
# message: policy: .*calls scanzip_decode_payload
# Decodes on the host with scanzip's own CPU codec, which the grader's
# support library holds (lab 08's oracle is checked against it): the
# decode tests would grade scanzip's decoder, not the student's kernels.
/^#include "todo.h"/a #include <stdlib.h>\
extern "C" {\
#include "scanzip/codec.h"\
}\
static cudaError_t decode_on_host(const uint8_t *d_payload, size_t bytes, unsigned w, bool delta, uint8_t *d_raw, size_t n)\
{\
    uint8_t *payload = (uint8_t *)malloc(bytes + 1), *raw = (uint8_t *)malloc(n * w);\
    struct scanzip_why why;\
    cudaMemcpy(payload, d_payload, bytes, cudaMemcpyDeviceToHost);\
    int bad = scanzip_decode_payload(w, SCANZIP_CASCADE, delta ? SCANZIP_FLAG_DELTA : 0, payload, bytes, raw, n * w, &why);\
    if (!bad)\
        cudaMemcpy(d_raw, raw, n * w, cudaMemcpyHostToDevice);\
    free(payload), free(raw);\
    return bad ? CASCADE_INVALID_PAYLOAD : cudaSuccess;\
}
/^cudaError_t cascade_decode(/,/^{/ s/^{/{ if (d_payload \&\& d_raw \&\& n) return decode_on_host(d_payload, payload_bytes, element_bytes, delta, d_raw, n);/
