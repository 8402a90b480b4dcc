/* Proves run.h stands alone. */
#include "run.h"
#include "run.h"
int main(void)
{
	return 0;
}
