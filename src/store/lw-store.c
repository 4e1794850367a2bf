/* lw-store.c — placeholder */
#include "lw-store.h"
