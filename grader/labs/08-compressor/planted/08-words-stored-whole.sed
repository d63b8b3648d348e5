# planted: the payload's words are stored as whole 4-byte words
# lab: 08-compressor
# check: memory
# caught-by: check::memory
# message: runtime error: store to misaligned address .*cudaErrorMisalignedAddress
#
# A stream's words follow its width bytes, one a frame: they start at any
# address. A 4-byte store there works on a CPU, so every test passes under
# the emulator, and stops a GPU with cudaErrorMisalignedAddress. The
# memory check's alignment sanitizer sees it at the first odd address.
/^            for (unsigned b = 0; b < 4; b++)$/{
N
s/.*/            *(uint32_t *)at = word;/
}
