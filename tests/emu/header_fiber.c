/* Proves fiber.h stands alone. */
#include "fiber.h"
#include "fiber.h"
int main(void)
{
	return 0;
}
