/*
 * todo.h: how an unwritten skeleton function says so.
 *
 * Every function a student must write starts life as a stub that calls
 * TODO_STUDENT(). The call records the function's name and file; the grader
 * checks the record after each call and reports
 *
 *     not implemented: scan_inclusive_naive (labs/02-naive-scan/naive_scan.cu)
 *
 * instead of comparing whatever the stub left in the output. Delete the
 * TODO_STUDENT() line when you write the function.
 */
#ifndef SCANLAB_TODO_H
#define SCANLAB_TODO_H

#ifdef __cplusplus
extern "C" {
#endif

#define TODO_STUDENT() scanlab_todo(__func__, __FILE__)

void scanlab_todo(const char *function, const char *file);

/* The first unwritten function called in this process, or NULL. */
const char *scanlab_todo_function(void);
const char *scanlab_todo_file(void);

/* Forget the record, so the next call is judged on its own. */
void scanlab_todo_clear(void);

#ifdef __cplusplus
}
#endif

#endif
