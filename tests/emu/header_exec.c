/* Proves exec.h stands alone. */
#include "exec.h"
#include "exec.h"
int main(void)
{
	return 0;
}
