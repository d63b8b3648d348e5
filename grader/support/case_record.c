/*
 * case_record.c: see case_record.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "case_record.h"

/* The file stays open: a test records hundreds of cases, each with one
 * pwrite and one ftruncate. A write cut short by a kill leaves the new
 * two lines first, which is all grade.sh reads. */
void record_running_case(const char *head, const char *hint)
{
    static int fd = -2; /* -2: not opened yet; -1: no file named, or it cannot be opened */
    if (fd == -2) {
        const char *path = getenv("SCANLAB_CASE_FILE");
        fd = path != NULL && *path != '\0' ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
    }
    if (fd < 0)
        return;
    char text[1024];
    int length = snprintf(text, sizeof text, "%s\n%s\n", head, hint);
    if (length < 0)
        return;
    if ((size_t)length >= sizeof text)
        length = sizeof text - 1;
    if (pwrite(fd, text, (size_t)length, 0) != length || ftruncate(fd, length) != 0)
        return; /* nothing to do: the record helps a message, it decides nothing */
}
