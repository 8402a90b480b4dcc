/* Proves emu.h stands alone. */
#include "emu.h"
#include "emu.h"
int main(void)
{
	return 0;
}
