# planted: the temporary storage is not cleared before the launch
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: crashed in scan_exclusive_single_pass at n = |mismatch|failed
#
# The grader hands over poisoned storage, as a real caller's may be: the
# tile counter and the status words start as garbage.
/RETURN_IF_CUDA_ERROR(cudaMemsetAsync(d_temp, 0, needed, 0));/d
