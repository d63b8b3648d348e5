/*
 * results-json.c: Gradescope's results.json from a grade's results file.
 *
 *   results-json RUBRIC_TSV RESULTS > results.json
 *
 * RUBRIC_TSV: lab, suite::test, points, visibility, description, tab
 * separated (awk -f grader/tools/rubric.awk grader/rubric.txt).
 * RESULTS: lab, order, suite::test, pass|fail|skip, message (grade.sh).
 * A test earns its points only if it passed in every order it ran in;
 * lines of a message are joined by the byte 0x1f in RESULTS. Tests of
 * labs that did not run are left out. Written with cJSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* Long names and messages are cut, on purpose. */
#pragma GCC diagnostic ignored "-Wformat-truncation"

#define MAX_TESTS 1024
#define MAX_LINE 8192

struct test {
    char lab[64], name[128], visibility[32], description[512];
    double points;
    int ran, failed;
    char message[MAX_LINE];
};

static struct test tests[MAX_TESTS];
static int test_count;

/* Split line at tabs into at most max fields; returns the count. */
static int split(char *line, char **field, int max)
{
    int count = 0;
    line[strcspn(line, "\n")] = '\0';
    field[count++] = line;
    for (char *p = line; *p && count < max; p++)
        if (*p == '\t') { *p = '\0'; field[count++] = p + 1; }
    return count;
}

static void copy(char *to, size_t size, const char *from)
{
    snprintf(to, size, "%s", from);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: results-json RUBRIC_TSV RESULTS\n");
        return 2;
    }
    static char line[MAX_LINE];
    char *field[6];
    FILE *rubric = fopen(argv[1], "r"), *results = fopen(argv[2], "r");
    if (!rubric || !results) {
        fprintf(stderr, "results-json: cannot read %s\n", rubric ? argv[2] : argv[1]);
        return 2;
    }
    while (fgets(line, sizeof line, rubric) && test_count < MAX_TESTS) {
        if (split(line, field, 5) < 5) continue;
        struct test *t = &tests[test_count++];
        copy(t->lab, sizeof t->lab, field[0]);
        copy(t->name, sizeof t->name, field[1]);
        t->points = atof(field[2]);
        copy(t->visibility, sizeof t->visibility, field[3]);
        copy(t->description, sizeof t->description, field[4]);
    }
    while (fgets(line, sizeof line, results)) {
        if (split(line, field, 5) < 4) continue;
        for (int i = 0; i < test_count; i++) {
            struct test *t = &tests[i];
            if (strcmp(t->lab, field[0]) || strcmp(t->name, field[2])) continue;
            t->ran = 1;
            if (strcmp(field[3], "pass") && !t->failed) {
                t->failed = 1;
                const char *order = field[1];
                int shown = !strcmp(order, "reverse") || !strncmp(order, "random", 6);
                snprintf(t->message, sizeof t->message, "%s%s%s%s%s",
                         strcmp(field[3], "skip") ? "" : "skipped: ",
                         shown ? "(in " : "", shown ? order : "",
                         shown ? " thread order) " : "", field[4] ? field[4] : "");
                for (char *p = t->message; *p; p++)
                    if (*p == '\037') *p = '\n';
            }
        }
    }
    cJSON *root = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(root, "tests");
    double score = 0;
    for (int i = 0; i < test_count; i++) {
        struct test *t = &tests[i];
        if (!t->ran) continue;
        double got = t->failed ? 0 : t->points;
        score += got;
        char name[sizeof t->lab + sizeof t->name + 2], output[sizeof t->description + sizeof t->message + 16];
        snprintf(name, sizeof name, "%s %s", t->lab, t->name);
        if (!t->failed)
            snprintf(output, sizeof output, "passed: %s", t->description);
        else
            snprintf(output, sizeof output, "%s\n%s", t->description, t->message);
        cJSON *item = cJSON_CreateObject();
        cJSON_AddStringToObject(item, "name", name);
        cJSON_AddNumberToObject(item, "score", got);
        cJSON_AddNumberToObject(item, "max_score", t->points);
        cJSON_AddStringToObject(item, "status", t->failed ? "failed" : "passed");
        cJSON_AddStringToObject(item, "output", output);
        cJSON_AddStringToObject(item, "visibility", t->visibility);
        cJSON_AddItemToArray(list, item);
    }
    cJSON_AddNumberToObject(root, "score", score);
    cJSON_AddStringToObject(root, "visibility", "visible");
    cJSON_AddStringToObject(root, "stdout_visibility", "hidden");
    char *text = cJSON_Print(root);
    if (!text) return 1;
    puts(text);
    cJSON_free(text);
    cJSON_Delete(root);
    return 0;
}
