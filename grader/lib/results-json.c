/*
 * results-json.c: Gradescope's results.json from a grade's results file.
 *
 *   results-json RUBRIC_TSV SCORED > results.json
 *
 * RUBRIC_TSV: lab, suite::test, points, visibility, description, tab
 * separated (awk -f grader/lib/rubric.awk grader/labs/NN-name/rubric.txt ...).
 * SCORED: lab, suite::test, earned, max, pass|partial|fail|skip|notgraded,
 * message: the verdicts of grader/lib/scoreboard.awk, which alone
 * decides points (thread orders, performance credit and its gate). Lines
 * of a message are joined by the byte 0x1f. A test that was not graded
 * (performance under the emulator) is listed with max_score 0, so it
 * shows without counting. Tests that did not run are left out. Written
 * with cJSON.
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
    double earned, max;
    int ran;
    char verdict[16], message[MAX_LINE];
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

/* The rubric's tests (RUBRIC_TSV: lab, test, points, visibility, description). */
static void read_rubric(FILE *rubric)
{
    static char line[MAX_LINE];
    char *field[5];
    while (fgets(line, sizeof line, rubric) && test_count < MAX_TESTS) {
        if (split(line, field, 5) < 5) continue;
        struct test *t = &tests[test_count++];
        copy(t->lab, sizeof t->lab, field[0]);
        copy(t->name, sizeof t->name, field[1]);
        copy(t->visibility, sizeof t->visibility, field[3]);
        copy(t->description, sizeof t->description, field[4]);
    }
}

/* What each test earned (SCORED: lab, test, earned, max, verdict, message). */
static void read_scored(FILE *results)
{
    static char line[MAX_LINE];
    char *field[6];
    while (fgets(line, sizeof line, results)) {
        if (split(line, field, 6) < 6) continue;
        for (int i = 0; i < test_count; i++) {
            struct test *t = &tests[i];
            if (strcmp(t->lab, field[0]) || strcmp(t->name, field[1])) continue;
            t->ran = 1;
            t->earned = atof(field[2]);
            t->max = atof(field[3]);
            copy(t->verdict, sizeof t->verdict, field[4]);
            copy(t->message, sizeof t->message, field[5]);
            for (char *p = t->message; *p; p++)
                if (*p == '\037') *p = '\n';
        }
    }
}

/* One test as Gradescope's tests[] entry. */
static cJSON *test_item(const struct test *t)
{
    char name[sizeof t->lab + sizeof t->name + 2], output[sizeof t->description + sizeof t->message + 16];
    snprintf(name, sizeof name, "%s %s", t->lab, t->name);
    if (!strcmp(t->verdict, "pass") && t->message[0] == '\0')
        snprintf(output, sizeof output, "passed: %s", t->description);
    else
        snprintf(output, sizeof output, "%s%s\n%s", strcmp(t->verdict, "skip") ? "" : "skipped: ",
                 t->description, t->message);
    cJSON *item = cJSON_CreateObject();
    cJSON_AddStringToObject(item, "name", name);
    cJSON_AddNumberToObject(item, "score", t->earned);
    cJSON_AddNumberToObject(item, "max_score", t->max);
    if (!strcmp(t->verdict, "pass") || !strcmp(t->verdict, "fail") || !strcmp(t->verdict, "skip"))
        cJSON_AddStringToObject(item, "status", !strcmp(t->verdict, "pass") ? "passed" : "failed");
    cJSON_AddStringToObject(item, "output", output);
    cJSON_AddStringToObject(item, "visibility", t->visibility);
    return item;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: results-json RUBRIC_TSV SCORED\n");
        return 2;
    }
    FILE *rubric = fopen(argv[1], "r"), *results = fopen(argv[2], "r");
    if (!rubric || !results) {
        fprintf(stderr, "results-json: cannot read %s\n", rubric ? argv[2] : argv[1]);
        return 2;
    }
    read_rubric(rubric);
    read_scored(results);
    cJSON *root = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(root, "tests");
    double score = 0;
    for (int i = 0; i < test_count; i++) {
        if (!tests[i].ran) continue;
        score += tests[i].earned;
        cJSON_AddItemToArray(list, test_item(&tests[i]));
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
