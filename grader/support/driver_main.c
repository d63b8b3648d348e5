/*
 * driver_main.c: the main of every lab's driver (make run LAB=NN), linked
 * into each one: the lab's driver.c defines driver_spec and drive
 * (print.h), and driver_sizes runs drive once per size of N.
 */
#include "print.h"

int main(int argc, char **argv)
{
    return driver_sizes(argc, argv, &driver_spec, drive);
}
