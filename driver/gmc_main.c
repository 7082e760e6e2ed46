/* gmc_main.c: the gmc command (command.c). */
#include "command.h"

int main(int argc, char **argv)
{
    return gmc_command(argc, argv);
}
