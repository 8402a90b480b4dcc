/* Proves scan.h stands alone. */
#include "scan.h"
#include "scan.h"
int main(void)
{
	return 0;
}
