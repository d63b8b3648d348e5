/*
 * case_record.h: the case a test is running now, kept where the grader
 * finds it when the test ends without a word of its own: a crash, a
 * timeout, a kernel the emulator stopped. grade.sh then names the case
 * as a mismatch does:
 *
 *   crashed in compact_scatter at n = 1 (one element), FILL=random SEED=0x92bad9f3: unexpected signal ...
 *     reproduce: make run LAB=04 N=1 SEED=0x92bad9f3 FILL=random
 *
 * Contract: record_running_case(head, hint) overwrites the file that
 * SCANLAB_CASE_FILE names with two lines, the case's description and its
 * reproduce line, worded as for a failure (fail_described in check.h);
 * without SCANLAB_CASE_FILE it does nothing. Each kind of case records
 * itself where it is made for a run (test_case_for, cascade_case_of, the
 * pack checks' oracle_case), before any of the student's code runs for it;
 * the last line pair written is the case that was running.
 *
 * One file is one test: grade.sh gives each Criterion run (one test, in
 * its own process) a file of its own, and none to the one-process run,
 * whose failures it runs again alone (one_process.c).
 */
#ifndef GRADER_CASE_RECORD_H
#define GRADER_CASE_RECORD_H

void record_running_case(const char *head, const char *hint);

#endif
